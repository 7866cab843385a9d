// Fault injection on a wire (kinds/fault_wires.hpp, which says its timing), wired by
// hand: the cycle shells of their definitions, with their ports named.
#pragma once
#include <string>

#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/named_ports.hpp"
#include "creditflow/kinds/fault_wires.hpp"

namespace creditflow::cycle {

class CreditFault : public Shell<kinds::CreditFaultKind> {
  using Kind = kinds::CreditFaultKind;

 public:
  sc_core::sc_in<bool>& clk;
  sc_core::sc_in<bool>& credit_in;
  sc_core::sc_out<bool>& credit_out;

  CreditFault(sc_core::sc_module_name name, core::CreditFaultCore core)
      : Shell<Kind>(name, [&](const std::string&) { return Kind(core); }),
        clk(clock(0)),
        credit_in(pins(Kind::in).credit_in.required()),
        credit_out(pins(Kind::out).credit_out.required()) {}
  const core::CreditFaultCore& core() const { return behaviour().core(); }
};

template <class T = core::Flit>
class FlitFault : public Shell<kinds::FlitFaultKind<T>>, public InFlow<T>, public OutFlow<T> {
  using Kind = kinds::FlitFaultKind<T>;

 public:
  sc_core::sc_in<bool>& clk;

  FlitFault(sc_core::sc_module_name name, core::FlitFaultCore<T> core)
      : Shell<Kind>(name, [&](const std::string&) { return Kind(core); }),
        InFlow<T>(this->pins(Kind::in)),
        OutFlow<T>(this->pins(Kind::out)),
        clk(this->clock(0)) {}
  const core::FlitFaultCore<T>& core() const { return this->behaviour().core(); }
};

}  // namespace creditflow::cycle
