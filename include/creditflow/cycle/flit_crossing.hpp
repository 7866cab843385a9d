// Flits into another clock (kinds/flit_crossing.hpp, which says its timing), wired by
// hand: the cycle shell of its one definition, with its ports and clocks named.
#pragma once
#include <cstdint>
#include <string>

#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/shell.hpp"
#include "creditflow/kinds/flit_crossing.hpp"

namespace creditflow::cycle {

template <class T = core::Flit>
class FlitCrossing : public Shell<kinds::FlitCrossingKind<T>> {
  using Kind = kinds::FlitCrossingKind<T>;

 public:
  sc_core::sc_in<bool>& clk;
  sc_core::sc_in<bool>& to_clk;
  sc_core::sc_in<bool>& in_valid;
  sc_core::sc_in<T>& in_flit;
  sc_core::sc_out<bool>& out_valid;
  sc_core::sc_out<T>& out_flit;

  FlitCrossing(sc_core::sc_module_name name, std::int64_t sync_stages, double uncertainty, std::uint64_t run_seed = 1)
      : Shell<Kind>(name, [&](const std::string& n) { return Kind(sync_stages, uncertainty, run_seed, n); }),
        clk(this->clock(0)),
        to_clk(this->clock(1)),
        in_valid(this->pins(Kind::in).valid_in.required()),
        in_flit(this->pins(Kind::in).flit_in.required()),
        out_valid(this->pins(Kind::out).valid_out.required()),
        out_flit(this->pins(Kind::out).flit_out.required()) {}
};

}  // namespace creditflow::cycle
