// Flits into another clock (kinds/flit_crossing.hpp, which says its timing), wired by
// hand: the cycle shell of its one definition, with its ports and clocks named.
#pragma once
#include <cstdint>
#include <string>

#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/named_ports.hpp"
#include "creditflow/kinds/flit_crossing.hpp"

namespace creditflow::cycle {

template <class T = core::Flit>
class FlitCrossing : public Shell<kinds::FlitCrossingKind<T>>, public InFlow<T>, public OutFlow<T> {
  using Kind = kinds::FlitCrossingKind<T>;

 public:
  sc_core::sc_in<bool>& clk;
  sc_core::sc_in<bool>& to_clk;

  FlitCrossing(sc_core::sc_module_name name, std::int64_t sync_stages, double uncertainty, std::uint64_t run_seed = 1)
      : Shell<Kind>(name, [&](const std::string& n) { return Kind(sync_stages, uncertainty, run_seed, n); }),
        InFlow<T>(this->pins(Kind::in)),
        OutFlow<T>(this->pins(Kind::out)),
        clk(this->clock(0)),
        to_clk(this->clock(1)) {}
};

}  // namespace creditflow::cycle
