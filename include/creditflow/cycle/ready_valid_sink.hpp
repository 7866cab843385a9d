// Ready/valid sink (kinds/ready_valid_sink.hpp, which says its timing), wired by hand: the
// cycle shell of its one definition, with its ports named.
#pragma once
#include <cstdint>
#include <string>

#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/named_ports.hpp"
#include "creditflow/kinds/ready_valid_sink.hpp"

namespace creditflow::cycle {

template <class T = core::Flit>
class ReadyValidSink : public Shell<kinds::ReadyValidSinkKind<T>>, public InStream<T>, public OptionalOutFlow<T> {
  using Kind = kinds::ReadyValidSinkKind<T>;

 public:
  sc_core::sc_in<bool>& clk;
  optional_out<bool>& popped;

  ReadyValidSink(sc_core::sc_module_name name, const core::SinkParams& params, std::uint64_t run_seed = 1)
      : Shell<Kind>(name, [&](const std::string& n) { return Kind(params, run_seed, n); }),
        InStream<T>(this->pins(Kind::in)),
        OptionalOutFlow<T>(this->pins(Kind::out)),
        clk(this->clock(0)),
        popped(this->pins(Kind::popped).credit_out.optional()) {}

  const core::SinkCore<T>& core() const { return this->behaviour().core(); }
  void measure_from(core::Cycle start) { this->behaviour().core().measure_from(start); }
  void list_creations(bool on) { this->behaviour().core().list_creations(on); }
};

}  // namespace creditflow::cycle
