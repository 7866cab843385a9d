// Credit sender (kinds/credit_sender.hpp, which says its timing), wired by hand: the
// cycle shell of its one definition, with its ports named.
#pragma once
#include <cstdint>
#include <string>

#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/named_ports.hpp"
#include "creditflow/kinds/credit_sender.hpp"

namespace creditflow::cycle {

template <class T = core::Flit>
class CreditSender : public Shell<kinds::CreditSenderKind<T>>, public InStream<T>, public OutFlow<T> {
  using Kind = kinds::CreditSenderKind<T>;

 public:
  sc_core::sc_in<bool>& clk;
  sc_core::sc_in<bool>& credit_in;

  CreditSender(sc_core::sc_module_name name, std::int64_t credits)
      : Shell<Kind>(name, [&](const std::string& n) { return Kind(credits, n); }),
        InStream<T>(this->pins(Kind::in)),
        OutFlow<T>(this->pins(Kind::out)),
        clk(this->clock(0)),
        credit_in(this->pins(Kind::credit_in).credit_in.required()) {}

  const core::SenderCore& core() const { return this->behaviour().core(); }
};

}  // namespace creditflow::cycle
