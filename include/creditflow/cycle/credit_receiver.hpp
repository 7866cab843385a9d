// Credit receiver: a buffer of `depth` slots drained by a schedule, one credit returned
// per pop. Timing: credit_out and out_valid/out_flit during t say what is popped in t,
// decided from the occupancy at the start of t, so a flit is never popped in the cycle
// it arrives; the arriving flit is stored at the edge closing t.
#pragma once
#include <cstdint>
#include <systemc>
#include <type_traits>

#include "creditflow/core/receiver_core.hpp"
#include "creditflow/core/seed.hpp"
#include "creditflow/cycle/clocking.hpp"
#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/protocol_errors.hpp"
#include "creditflow/core/loop_terms.hpp"
#include "creditflow/core/report_figures.hpp"
#include "creditflow/monitor/loop_participant.hpp"

namespace creditflow::cycle {

template <class T = core::Flit>
class CreditReceiver : public sc_core::sc_module, public monitor::LoopParticipant {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_in<bool> in_valid{"in_valid"};
  sc_core::sc_in<T> in_flit{"in_flit"};
  sc_core::sc_out<bool> credit_out{"credit_out"};
  optional_out<bool> out_valid{"out_valid"};  // the flit popped this cycle, for whatever consumes it
  optional_out<T> out_flit{"out_flit"};

  SC_HAS_PROCESS(CreditReceiver);
  CreditReceiver(sc_core::sc_module_name name, const core::ReceiverParams& params,
                 std::uint64_t run_seed = 1)
      : sc_core::sc_module(name),
        core_(params, core::derive_seed(run_seed, this->name()), this->name()),
        params_(params) {
    core_.list_creations(true);
    SC_METHOD(on_edge);
    sensitive << clk.pos();
    dont_initialize();
  }

  const core::ReceiverCore<T>& core() const { return core_; }
  void measure_from(core::Cycle start) { core_.measure_from(start); }
  // The sender's clock and this one, when they differ: latencies across both in ps.
  void set_clocks(const core::ClockPair& clocks) { core_.set_clocks(clocks); }
  // Wired by hand, a receiver lists its flits' creation cycles (LoopMonitor::report sizes
  // random traffic by its waits from them); a platform turns it on only for random sources.
  void list_creations(bool on) { core_.list_creations(on); }

  void contribute(core::LoopState& s) const override { core::add_terms(s, core_); }
  void add_figures(core::LinkReport& r) const override {
    core::add_receiver_figures(r, params_.depth, core_, params_.drain, 0.0);
    if constexpr (std::is_same_v<T, core::Flit>) core::add_payload_check(r, core_);
  }

 private:
  void on_edge() {
    if (opening_edge()) return;
    report_protocol_errors([&] { core_.advance(in_valid.read(), in_flit.read()); });
    const bool pop = core_.will_pop();
    credit_out.write(pop);
    write_if_bound(out_valid, pop);
    if (pop) write_if_bound(out_flit, core_.head());
  }

  core::ReceiverCore<T> core_;
  core::ReceiverParams params_;
};

}  // namespace creditflow::cycle
