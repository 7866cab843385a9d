// Several traffic classes on one link, the receiver's half (kinds/class_receiver.hpp,
// which says its timing), wired by hand: the cycle shell of its one definition.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/named_ports.hpp"
#include "creditflow/kinds/class_receiver.hpp"

namespace creditflow::cycle {

class ClassReceiver : public Shell<kinds::ClassReceiverKind>, public InFlow<core::Flit> {
  using Kind = kinds::ClassReceiverKind;

 public:
  sc_core::sc_in<bool>& clk;
  sc_core::sc_out<core::ClassCredits>& credit_out;

  ClassReceiver(sc_core::sc_module_name name, std::vector<std::string> classes, const core::ClassPoolSpec& pools,
                std::vector<core::DrainSpec> drains, bool bypass, std::uint64_t run_seed = 1)
      : Shell<Kind>(name,
                    [&](const std::string& n) {
                      return Kind(std::move(classes), pools, std::move(drains), bypass, run_seed, n);
                    }),
        InFlow<core::Flit>(pins(Kind::in)),
        clk(clock(0)),
        credit_out(pins(Kind::credit).credits_out.required()) {}

  const core::ClassReceiverCore& core() const { return behaviour().core(); }
  void measure_from(core::Cycle start) { behaviour().core().measure_from(start); }
};

}  // namespace creditflow::cycle
