// Credit sender (kinds/credit_sender.hpp, which says its timing), wired by hand: the
// cycle shell of its one definition, with its ports named.
#pragma once
#include <cstdint>
#include <string>

#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/shell.hpp"
#include "creditflow/kinds/credit_sender.hpp"

namespace creditflow::cycle {

template <class T = core::Flit>
class CreditSender : public Shell<kinds::CreditSenderKind<T>> {
  using Kind = kinds::CreditSenderKind<T>;

 public:
  sc_core::sc_in<bool>& clk;
  sc_core::sc_in<bool>& in_valid;
  sc_core::sc_in<T>& in_flit;
  sc_core::sc_out<bool>& in_ready;
  sc_core::sc_out<bool>& out_valid;
  sc_core::sc_out<T>& out_flit;
  sc_core::sc_in<bool>& credit_in;

  CreditSender(sc_core::sc_module_name name, std::int64_t credits)
      : Shell<Kind>(name, [&](const std::string& n) { return Kind(credits, n); }),
        clk(this->clock(0)),
        in_valid(this->pins(Kind::in).valid_in.required()),
        in_flit(this->pins(Kind::in).flit_in.required()),
        in_ready(this->pins(Kind::in).ready_out.required()),
        out_valid(this->pins(Kind::out).valid_out.required()),
        out_flit(this->pins(Kind::out).flit_out.required()),
        credit_in(this->pins(Kind::credit_in).credit_in.required()) {}

  const core::SenderCore& core() const { return this->behaviour().core(); }
};

}  // namespace creditflow::cycle
