// Credit-counting source (kinds/credit_source.hpp, which says its timing), wired by hand:
// the cycle shell of its one definition, with its ports named (out_ready is never read).
#pragma once
#include <cstdint>
#include <string>

#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/named_ports.hpp"
#include "creditflow/kinds/credit_source.hpp"

namespace creditflow::cycle {

template <class T = core::Flit>
class CreditSource : public Shell<kinds::CreditSourceKind<T>>, public OutStream<T> {
  using Kind = kinds::CreditSourceKind<T>;

 public:
  sc_core::sc_in<bool>& clk;
  sc_core::sc_in<bool>& credit_in;

  CreditSource(sc_core::sc_module_name name, const core::CreditSourceParams& params, std::uint64_t run_seed = 1)
      : Shell<Kind>(name, [&](const std::string& n) { return Kind(params, run_seed, n); }),
        OutStream<T>(this->pins(Kind::out)),
        clk(this->clock(0)),
        credit_in(this->pins(Kind::credit_in).credit_in.required()) {}

  const core::CreditSourceCore<T>& core() const { return this->behaviour().core(); }
};

}  // namespace creditflow::cycle
