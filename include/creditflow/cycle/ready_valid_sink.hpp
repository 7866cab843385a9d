// Ready/valid sink (kinds/ready_valid_sink.hpp, which says its timing), wired by hand: the
// cycle shell of its one definition, with its ports named.
#pragma once
#include <cstdint>
#include <string>

#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/shell.hpp"
#include "creditflow/kinds/ready_valid_sink.hpp"

namespace creditflow::cycle {

template <class T = core::Flit>
class ReadyValidSink : public Shell<kinds::ReadyValidSinkKind<T>> {
  using Kind = kinds::ReadyValidSinkKind<T>;

 public:
  sc_core::sc_in<bool>& clk;
  sc_core::sc_in<bool>& in_valid;
  sc_core::sc_in<T>& in_flit;
  sc_core::sc_out<bool>& in_ready;
  optional_out<bool>& popped;
  optional_out<bool>& out_valid;  // the beat popped this cycle
  optional_out<T>& out_flit;

  ReadyValidSink(sc_core::sc_module_name name, const core::SinkParams& params, std::uint64_t run_seed = 1)
      : Shell<Kind>(name, [&](const std::string& n) { return Kind(params, run_seed, n); }),
        clk(this->clock(0)),
        in_valid(this->pins(Kind::in).valid_in.required()),
        in_flit(this->pins(Kind::in).flit_in.required()),
        in_ready(this->pins(Kind::in).ready_out.required()),
        popped(this->pins(Kind::popped).credit_out.optional()),
        out_valid(this->pins(Kind::out).valid_out.optional()),
        out_flit(this->pins(Kind::out).flit_out.optional()) {}

  const core::SinkCore<T>& core() const { return this->behaviour().core(); }
  void measure_from(core::Cycle start) { this->behaviour().core().measure_from(start); }
  void list_creations(bool on) { this->behaviour().core().list_creations(on); }
};

}  // namespace creditflow::cycle
