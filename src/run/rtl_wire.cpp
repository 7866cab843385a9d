#include "run/rtl_wire.hpp"

#include "creditflow/core/error.hpp"

namespace creditflow::platform {

namespace {

template <class T>
class TypedWire : public RtlWire {
 public:
  explicit TypedWire(bool output) : RtlWire(output) {}
  std::uint64_t read() const override { return static_cast<std::uint64_t>(signal_.read()); }
  void write(std::uint64_t value) override {
    if (signal_.read() != static_cast<T>(value)) signal_.write(static_cast<T>(value));
  }
  const sc_core::sc_event& changed() const override { return signal_.value_changed_event(); }
  sc_core::sc_signal<T>& signal() { return signal_; }

 private:
  sc_core::sc_signal<T> signal_{sc_core::sc_gen_unique_name("rtl_wire")};
};

template <class T>
std::unique_ptr<RtlWire> try_bind(sc_core::sc_port_base& port) {
  if (auto* in = dynamic_cast<sc_core::sc_in<T>*>(&port)) {
    auto wire = std::make_unique<TypedWire<T>>(false);
    in->bind(wire->signal());
    return wire;
  }
  if (auto* out = dynamic_cast<sc_core::sc_inout<T>*>(&port)) {
    auto wire = std::make_unique<TypedWire<T>>(true);
    out->bind(wire->signal());
    return wire;
  }
  return nullptr;
}

}  // namespace

std::vector<sc_core::sc_port_base*> rtl_ports(sc_core::sc_module& module) {
  std::vector<sc_core::sc_port_base*> ports;
  for (sc_core::sc_object* child : module.get_child_objects())
    if (auto* port = dynamic_cast<sc_core::sc_port_base*>(child)) ports.push_back(port);
  return ports;
}

std::unique_ptr<RtlWire> bind_rtl_port(sc_core::sc_port_base& port, const std::string& where) {
  if (auto wire = try_bind<bool>(port)) return wire;
  if (auto wire = try_bind<std::uint32_t>(port)) return wire;
  if (auto wire = try_bind<std::uint64_t>(port)) return wire;
  throw Error(where + ": RTL port '" + port.basename() + "' is " + port.kind() +
              " of a type wider than 64 bits (allowed 1 to 64 bits: a flit id, a count or a valid)");
}

void bind_rtl_clock(sc_core::sc_port_base& port, sc_core::sc_in<bool>& clock, const std::string& where) {
  auto* in = dynamic_cast<sc_core::sc_in<bool>*>(&port);
  if (!in) throw Error(where + ": RTL port '" + port.basename() + "' is not a 1-bit input (allowed for the clock)");
  in->bind(clock);
}

}  // namespace creditflow::platform
