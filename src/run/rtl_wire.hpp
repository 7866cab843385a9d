// One port of a verilated module, found by its name at run time and bound to a signal of
// the type Verilator gave it (bool for 1 bit, uint32_t up to 32, uint64_t up to 64), read
// and written as a 64-bit value: what lets one adapter take any module's ports by a map.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

namespace creditflow::platform {

class RtlWire {
 public:
  virtual ~RtlWire() = default;
  virtual std::uint64_t read() const = 0;
  virtual void write(std::uint64_t value) = 0;
  virtual const sc_core::sc_event& changed() const = 0;
  bool output() const { return output_; }

 protected:
  explicit RtlWire(bool output) : output_(output) {}

 private:
  bool output_;
};

// The module's ports, by name, in declaration order.
std::vector<sc_core::sc_port_base*> rtl_ports(sc_core::sc_module& module);

// Binds `port` to a new signal of its type; throws Error naming `where` for a type wider
// than 64 bits (sc_bv) or not a signal port.
std::unique_ptr<RtlWire> bind_rtl_port(sc_core::sc_port_base& port, const std::string& where);

// Binds a 1-bit input port to the clock input of the module that holds it.
void bind_rtl_clock(sc_core::sc_port_base& port, sc_core::sc_in<bool>& clock, const std::string& where);

}  // namespace creditflow::platform
