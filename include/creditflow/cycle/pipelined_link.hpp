// Pipelined link (kinds/pipelined_link.hpp, which says its timing), wired by hand: the
// cycle shell of its one definition, with its ports named. PipelinedLink carries one
// credit per pulse, ClassLink (cycle/class_link.hpp) each cycle's per-class credits.
#pragma once
#include <string>
#include <type_traits>

#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/named_ports.hpp"
#include "creditflow/kinds/pipelined_link.hpp"

namespace creditflow::cycle {

template <class Core, class T, class Credit>
class BasicPipelinedLink : public Shell<kinds::BasicLinkKind<Core, T>>, public InFlow<T>, public OutFlow<T> {
  using Kind = kinds::BasicLinkKind<Core, T>;
  static auto& credit_in_pin(Pins<T>& p) {
    if constexpr (std::is_same_v<Credit, bool>) return p.credit_in.required();
    else return p.credits_in.required();
  }
  static auto& credit_out_pin(Pins<T>& p) {
    if constexpr (std::is_same_v<Credit, bool>) return p.credit_out.required();
    else return p.credits_out.required();
  }

 public:
  sc_core::sc_in<bool>& clk;
  sc_core::sc_in<Credit>& credit_in;    // from the receiver
  sc_core::sc_out<Credit>& credit_out;  // to the sender

  BasicPipelinedLink(sc_core::sc_module_name name, const core::LinkParams& params)
      : Shell<Kind>(name, [&](const std::string& n) { return Kind(params, n); }),
        InFlow<T>(this->pins(Kind::in)),
        OutFlow<T>(this->pins(Kind::out)),
        clk(this->clock(0)),
        credit_in(credit_in_pin(this->pins(Kind::credit_in))),
        credit_out(credit_out_pin(this->pins(Kind::credit_out))) {}

  const Core& core() const { return this->behaviour().core(); }
};

// A credit loop's link: one credit per pulse on credit_in/credit_out.
template <class T = core::Flit>
using PipelinedLink = BasicPipelinedLink<core::LinkCore<T>, T, bool>;

}  // namespace creditflow::cycle
