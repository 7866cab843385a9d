// Transaction-level view of timing.md section 1's credit loop: the same kernel-free loop as
// cycle::CreditLoop (core::CreditLoopCore), stepped `quantum` cycles per entry into the
// kernel (temporal decoupling, as TLM-2.0 loosely timed models do): no process wakes per
// cycle, and no signal changes. The observer sees the state at the start of every cycle,
// as the cycle view's monitor does, so the figures are identical; simulated time advances
// a quantum at a time. Idle stretches are jumped (CreditLoopCore::next_busy), and so are
// whole periods of a steady state once the loop repeats itself (SteadyStateJumps).
#pragma once
#include <algorithm>
#include <string>
#include <systemc>

#include "creditflow/core/credit_loop_core.hpp"
#include "creditflow/core/flit.hpp"
#include "creditflow/core/steady_state_jumps.hpp"
#include "creditflow/cycle/protocol_errors.hpp"
#include "creditflow/monitor/loop_monitor.hpp"

namespace creditflow::tl {

template <class T = core::Flit>
class CreditLoopTL : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(CreditLoopTL);
  // The parts are named as the cycle view's are (`name`.src, .tx, .link, .rx), so the
  // seeds they derive, and hence every random choice, are the same.
  CreditLoopTL(sc_core::sc_module_name name, const core::CreditLoopParams& p, core::Cycle cycles, core::Cycle warmup,
               const std::string& link = "link", sc_core::sc_time period = sc_core::sc_time(1, sc_core::SC_NS),
               core::Cycle quantum = 4096)
      : sc_core::sc_module(name),
        loop_(p, this->name()),
        observer_(link, p.receiver.depth, warmup),
        jumps_(warmup + 1),
        cycles_(cycles),
        period_(period),
        quantum_(std::max<core::Cycle>(1, quantum)) {
    loop_.measure_from(warmup);
    SC_THREAD(run);
  }

  const core::CreditLoopCore<T>& core() const { return loop_; }
  const core::LoopObserver& observer() const { return observer_; }
  // Steady-state jumps taken (core/loop_fast_forward.hpp); 0 with random traffic or drains.
  std::uint64_t jumps() const { return jumps_.jumps(); }
  // Cycles crossed as idle stretches without a step (random traffic and drains too).
  core::Cycle idle_cycles_skipped() const { return skipped_; }
  // Before the run: step every cycle even through a steady state (same figures, slower).
  void disable_jumps() { jumps_.disable(); }
  core::LinkReport report() const { return loop_.report(observer_); }

 private:
  // What SteadyStateJumps needs: the loop and its observer are the state.
  friend class core::SteadyStateJumps<CreditLoopTL>;
  struct Snapshot {
    core::CreditLoopCore<T> loop;
    core::LoopObserver observer;
  };
  std::optional<core::Cycle> cycle_length() const { return loop_.cycle_length(); }
  core::Cycle next_stall_edge(core::Cycle t) const { return loop_.next_stall_edge(t); }
  void add_shape(core::Shape& s) const {
    loop_.add_shape(s);
    observer_.add_shape(s);
  }
  Snapshot snapshot() const { return {loop_, observer_}; }
  void repeat(const Snapshot& earlier, core::Cycle periods, core::Cycle period) {
    const core::Repeat r{periods, period, loop_.source().created() - earlier.loop.source().created()};
    loop_.repeat(earlier.loop, r);
    observer_.repeat(earlier.observer, r);
  }

  void report_violation(const std::optional<std::string>& violation) {
    if (violation) SC_REPORT_ERROR(monitor::conservation_msg_type, violation->c_str());
  }

  void run() {
    for (core::Cycle t = 0; t < cycles_;) {
      const core::Cycle start = t, end = std::min(t + quantum_, cycles_);
      cycle::report_protocol_errors([&] {
        while (t < end) {
          const core::Cycle landed = jumps_.advance(t, cycles_, *this);
          if (landed != t) {
            t = landed;  // whole periods of a steady state, counted at once
            break;
          }
          const core::Cycle next = std::min(loop_.next_busy(t), end);
          if (next > t + 1) {
            // Idle from t to next: nothing moves, so those cycles are accounted at once.
            report_violation(observer_.observe_idle(t, next, loop_.state()));
            loop_.skip_to(next);
            skipped_ += next - t;
            t = next;
            continue;
          }
          const core::LoopState state = loop_.state();
          if (!observer_.observe_ok(t, state)) report_violation(observer_.violated(t, state));
          loop_.step();
          ++t;
        }
      });
      wait(period_ * static_cast<double>(t - start));
    }
    report_violation(observer_.observe(cycles_, loop_.state()));
  }

  core::CreditLoopCore<T> loop_;
  core::LoopObserver observer_;
  core::SteadyStateJumps<CreditLoopTL> jumps_;
  core::Cycle cycles_;
  sc_core::sc_time period_;
  core::Cycle quantum_;
  core::Cycle skipped_ = 0;
};

}  // namespace creditflow::tl
