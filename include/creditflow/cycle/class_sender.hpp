// Several traffic classes on one link, the sender's half (kinds/class_sender.hpp, which
// says its timing), wired by hand: the cycle shell of its one definition, ports named.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/named_ports.hpp"
#include "creditflow/kinds/class_sender.hpp"

namespace creditflow::cycle {

class ClassSender : public Shell<kinds::ClassSenderKind>, public OutFlow<core::Flit> {
  using Kind = kinds::ClassSenderKind;

 public:
  sc_core::sc_in<bool>& clk;
  sc_core::sc_in<core::ClassCredits>& credit_in;

  ClassSender(sc_core::sc_module_name name, std::vector<core::ClassSpec> classes, const core::ClassPoolSpec& pools,
              core::Arbiter arbiter, std::uint64_t run_seed = 1, std::int64_t beat_bytes = 0)
      : Shell<Kind>(name,
                    [&](const std::string& n) {
                      return Kind(std::move(classes), pools, std::move(arbiter), run_seed, n, beat_bytes);
                    }),
        OutFlow<core::Flit>(pins(Kind::out)),
        clk(clock(0)),
        credit_in(pins(Kind::credit_in).credits_in.required()) {}

  const core::ClassSenderCore& core() const { return behaviour().core(); }
  void measure_from(core::Cycle start) { behaviour().core().measure_from(start); }
};

}  // namespace creditflow::cycle
