// Watches links on one clock (for a loop across clocks, its sender's): after every rising
// edge, once every process clocked by that edge has updated its registers and every
// combinational output has settled (no delta cycle left at that time), it sums each loop's credit holders and feeds the kernel-free LoopObserver
// (conservation, window counts, stall classes). Holders on other clocks are read between
// their own edges, so the sum is always of settled registers.
// A conservation violation is a SystemC error naming the link, the cycle and each term.
// With a cycle budget, it stops the simulation after exactly that many cycles.
#pragma once
#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <systemc>
#include <vector>

#include "creditflow/core/diagnosis.hpp"
#include "creditflow/core/loop_observer.hpp"
#include "creditflow/core/report_figures.hpp"
#include "creditflow/cycle/clocking.hpp"
#include "creditflow/monitor/loop_participant.hpp"

namespace creditflow::monitor {

inline constexpr const char* conservation_msg_type = "creditflow/conservation";

// Ends the simulation at the planned last cycle: that stop is not news, so the kernel's
// info line about it is silenced.
inline void stop_at_planned_end() {
  sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  sc_core::sc_stop();
}

// Runs what it is given once nothing more is to happen at the current time: every delta
// cycle of combinational settling done. One process for every monitor, so that two
// monitors waiting at the same time do not keep each other waiting.
class Settled : public sc_core::sc_module {
 public:
  static Settled& instance() {
    static Settled* settled = new Settled("creditflow_settled");  // one per simulation (process)
    return *settled;
  }
  void then(std::function<void()> f) {
    waiting_.push_back(std::move(f));
    go_.notify(sc_core::SC_ZERO_TIME);
  }

 private:
  SC_HAS_PROCESS(Settled);
  explicit Settled(sc_core::sc_module_name name) : sc_core::sc_module(name) {
    SC_METHOD(run);
    sensitive << go_;
    dont_initialize();
  }
  void run() {
    if (sc_core::sc_pending_activity_at_current_time()) {
      next_trigger(sc_core::SC_ZERO_TIME);
      return;
    }
    running_.swap(waiting_);
    for (const auto& f : running_) f();
    running_.clear();
  }
  sc_core::sc_event go_;
  std::vector<std::function<void()>> waiting_, running_;  // two, to keep their capacity
};

class LoopMonitor : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};

  SC_HAS_PROCESS(LoopMonitor);
  // cycles == 0: run until something else stops the simulation. A watchdog > 0 stops it
  // when a watched loop has had work pending and nothing moving for that many cycles
  // (LoopObserver::set_watchdog).
  LoopMonitor(sc_core::sc_module_name name, core::Cycle cycles, core::Cycle warmup = 0, core::Cycle watchdog = 0)
      : sc_core::sc_module(name), cycles_(cycles), warmup_(warmup), watchdog_(watchdog) {
    Settled::instance();  // a module: made during elaboration
    SC_METHOD(on_clock);
    sensitive << clk.pos();  // also runs at initialization, to see cycle 0
  }

  // Watches a loop of `capacity` credits held by `holders`. The reference stays valid.
  // `source`, the part feeding the sender (holding no credit), adds what it offers to the
  // report, so the diagnosis sizes the loop for that load, as the tool's does.
  const core::LoopObserver& watch(const std::string& link, std::int64_t capacity,
                                  std::vector<const LoopParticipant*> holders, const LoopParticipant* source = nullptr) {
    loops_.push_back(Loop{core::LoopObserver(link, capacity, warmup_), std::move(holders), source});
    loops_.back().observer.set_watchdog(watchdog_);
    for (const LoopParticipant* h : loops_.back().holders)
      if (h->crosses_clocks()) loops_.back().observer.time_unqueued_round_trips();
    return loops_.back().observer;
  }
  // The same, with the loop's credits taken from its holders as they are now, before the
  // run: every credit is then at home in the sender.
  const core::LoopObserver& watch(const std::string& link, std::vector<const LoopParticipant*> holders,
                                  const LoopParticipant* source = nullptr) {
    core::LoopState now;
    for (const LoopParticipant* h : holders) h->contribute(now);
    return watch(link, now.total(), std::move(holders), source);
  }

  // After the run: the watched loop's report, its counts from `observer` and every
  // holder's figures, ready for core::diagnose.
  core::LinkReport report(const core::LoopObserver& observer) const {
    core::LinkReport r;
    observer.add_to(r);
    for (const Loop& loop : loops_)
      if (&loop.observer == &observer) {
        if (loop.source) loop.source->add_figures(r);
        for (const LoopParticipant* h : loop.holders) h->add_figures(r);
      }
    core::add_structural_round_trip(r);
    core::add_wait_sizing(r);
    return r;
  }

  core::Cycle cycle() const { return cycle_; }
  // Asked when a loop's watchdog fires: whether the loop is starved by an arbiter that
  // serves others (the run goes on) rather than deadlocked (the run stops).
  void judge_starvation(std::function<bool(const core::LoopObserver&, core::Cycle)> starved) {
    starved_ = std::move(starved);
  }
  // Something else to look at each sampled cycle, after the loops (a platform's accounting).
  void each_cycle(std::function<void(core::Cycle)> also) { also_ = std::move(also); }

 private:
  struct Loop {
    core::LoopObserver observer;
    std::vector<const LoopParticipant*> holders;
    const LoopParticipant* source = nullptr;  // figures only: it holds no credit
  };

  void on_clock() {
    if (!initialized_) {
      initialized_ = true;
      Settled::instance().then([this] { sample(0); });
    } else if (!cycle::opening_edge()) {
      // After every register has been written and every combinational output (a split's
      // ready, through a merge) has settled.
      Settled::instance().then([this] { sample(++cycle_); });
    }
  }

  void sample(core::Cycle t) {
    for (Loop& loop : loops_) {
      core::LoopState state;
      for (const LoopParticipant* holder : loop.holders) holder->contribute(state);
      if (auto violation = loop.observer.observe(t, state))
        SC_REPORT_ERROR(conservation_msg_type, violation->c_str());
      if (loop.observer.deadlocked() && starved_ && starved_(loop.observer, t)) loop.observer.starved(t);
      if (loop.observer.deadlocked()) stop_at_planned_end();  // the dump is the caller's
    }
    if (also_) also_(t);
    if (cycles_ != 0 && t == cycles_) stop_at_planned_end();
  }

  core::Cycle cycles_;
  core::Cycle warmup_;
  core::Cycle watchdog_;
  core::Cycle cycle_ = 0;
  bool initialized_ = false;
  std::deque<Loop> loops_;  // deque: watch() hands out references that must stay valid
  std::function<void(core::Cycle)> also_;
  std::function<bool(const core::LoopObserver&, core::Cycle)> starved_;
};

}  // namespace creditflow::monitor
