// Credits back across a clock boundary (kinds/credit_crossing.hpp, which says its timing),
// wired by hand: the cycle shell of its one definition, with its ports and clocks named.
#pragma once
#include <cstdint>
#include <string>

#include "creditflow/cycle/shell.hpp"
#include "creditflow/kinds/credit_crossing.hpp"

namespace creditflow::cycle {

class CreditCrossing : public Shell<kinds::CreditCrossingKind> {
  using Kind = kinds::CreditCrossingKind;

 public:
  sc_core::sc_in<bool>& clk;
  sc_core::sc_in<bool>& to_clk;
  sc_core::sc_in<bool>& credit_in;
  sc_core::sc_out<bool>& credit_out;

  CreditCrossing(sc_core::sc_module_name name, const std::string& form, const core::CrossingParams& params,
                 std::uint64_t run_seed = 1)
      : Shell<Kind>(name, [&](const std::string& n) { return Kind(form, params, run_seed, n); }),
        clk(clock(0)),
        to_clk(clock(1)),
        credit_in(pins(Kind::in).credit_in.required()),
        credit_out(pins(Kind::out).credit_out.required()) {}

  const core::CreditCrossing& core() const { return behaviour().core(); }
  // Fault injection (core::CreditCrossing::upset): before the simulation starts.
  void upset(std::uint64_t at, unsigned bit) { behaviour().upset(at, bit); }
};

}  // namespace creditflow::cycle
