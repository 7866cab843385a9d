// Multi-class sender (SPEC section 4): one source per class, per-class header and data
// credit counters under the receiver's pool policy, and an arbiter. Timing: out_valid and
// out_flit during t are the packet the arbiter picked from the state at the start of t;
// credits on credit_in during t are counted at the edge closing t, usable from t + 1.
#pragma once
#include <systemc>

#include "creditflow/core/class_link_core.hpp"
#include "creditflow/cycle/class_trace.hpp"
#include "creditflow/cycle/clocking.hpp"
#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/protocol_errors.hpp"
#include "creditflow/core/loop_terms.hpp"
#include "creditflow/monitor/loop_participant.hpp"

namespace creditflow::cycle {

class ClassSender : public sc_core::sc_module, public monitor::LoopParticipant {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_out<bool> out_valid{"out_valid"};
  sc_core::sc_out<core::Flit> out_flit{"out_flit"};
  sc_core::sc_in<core::ClassCredits> credit_in{"credit_in"};

  SC_HAS_PROCESS(ClassSender);
  ClassSender(sc_core::sc_module_name name, std::vector<core::ClassSpec> classes, const core::ClassPoolSpec& pools,
              core::Arbiter arbiter, std::uint64_t run_seed = 1, std::int64_t beat_bytes = 0)
      : sc_core::sc_module(name),
        core_(std::move(classes), pools, std::move(arbiter), run_seed, this->name(), beat_bytes) {
    SC_METHOD(on_edge);
    sensitive << clk.pos();
    dont_initialize();
    out_valid.initialize(core_.out_valid());
    if (core_.out_valid()) out_flit.initialize(core_.out_flit());
  }

  const core::ClassSenderCore& core() const { return core_; }
  void measure_from(core::Cycle start) { core_.measure_from(start); }

  void contribute(core::LoopState& s) const override { core::add_terms(s, core_); }

 private:
  void on_edge() {
    if (opening_edge()) return;
    report_protocol_errors([&] { core_.advance(credit_in.read()); });
    out_valid.write(core_.out_valid());
    if (core_.out_valid()) out_flit.write(core_.out_flit());
  }

  core::ClassSenderCore core_;
};

}  // namespace creditflow::cycle
