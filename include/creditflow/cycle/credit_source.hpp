// Credit-counting source (kinds/credit_source.hpp, which says its timing), wired by hand:
// the cycle shell of its one definition, with its ports named.
#pragma once
#include <cstdint>
#include <string>

#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/shell.hpp"
#include "creditflow/kinds/credit_source.hpp"

namespace creditflow::cycle {

template <class T = core::Flit>
class CreditSource : public Shell<kinds::CreditSourceKind<T>> {
  using Kind = kinds::CreditSourceKind<T>;

 public:
  sc_core::sc_in<bool>& clk;
  sc_core::sc_out<bool>& out_valid;
  sc_core::sc_out<T>& out_flit;
  sc_core::sc_in<bool>& out_ready;  // deliberately never read
  sc_core::sc_in<bool>& credit_in;

  CreditSource(sc_core::sc_module_name name, const core::CreditSourceParams& params, std::uint64_t run_seed = 1)
      : Shell<Kind>(name, [&](const std::string& n) { return Kind(params, run_seed, n); }),
        clk(this->clock(0)),
        out_valid(this->pins(Kind::out).valid_out.required()),
        out_flit(this->pins(Kind::out).flit_out.required()),
        out_ready(this->pins(Kind::out).ready_in.required()),
        credit_in(this->pins(Kind::credit_in).credit_in.required()) {}

  const core::CreditSourceCore<T>& core() const { return this->behaviour().core(); }
};

}  // namespace creditflow::cycle
