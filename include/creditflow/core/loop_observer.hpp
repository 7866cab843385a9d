// Watches one credit loop cycle by cycle: checks conservation, counts sends and pops in
// the measurement window, and classifies every cycle the sender waits for a credit by
// what the receiver was doing (timing.md section 1: empty receiver = loop longer than the
// buffer; receiver holding flits = slow drain).
//
// "Empty" counts the flit being popped in that very cycle as gone: under timing.md's rules
// every flit spends at least one cycle in the buffer, so a receiver that pops every
// cycle always holds one while a stream passes, and an undersized loop would otherwise
// look like a slow drain. A stall is "receiver busy" only when the receiver holds a flit
// it is not popping in that cycle, or flits queue on its side of a clock crossing.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "creditflow/core/link_report.hpp"
#include "creditflow/core/loop_state.hpp"
#include "creditflow/core/steady_state.hpp"
#include "creditflow/core/types.hpp"
#include "creditflow/core/unqueued_round_trips.hpp"

namespace creditflow::core {

// What one credit holder holds, for a deadlock dump: "credits 0, offering a flit" or
// "occupancy 4 (not popping)"; `sender` always shows its credits.
std::string describe_holder(const LoopState& held, bool sender);

class LoopObserver {
 public:
  // capacity == 0: a ready/valid link, with no credits to conserve.
  LoopObserver(std::string link, std::int64_t capacity, Cycle warmup);

  // The state at the start of cycle t, for t = 0, 1, ... in order; the last one observed
  // closes the run (it opens a cycle that is not simulated). Returns a one-line
  // description of a conservation violation, if any (every one is also counted).
  std::optional<std::string> observe(Cycle t, const LoopState& state) {
    if (observe_ok(t, state)) return std::nullopt;
    return violated(t, state);
  }
  // The words of the violation observe_ok(t, state) found, counted (nullopt if none).
  std::optional<std::string> violated(Cycle t, const LoopState& state) { return violation(t, state, conserved(state)); }
  // observe() saying only whether all was well: for a loop stepped in a tight loop, which
  // asks violated() for the words only when this says no. Always inlined: it runs every
  // simulated cycle, and inlined the state it is given need not even be built in memory.
  __attribute__((always_inline)) bool observe_ok(Cycle t, const LoopState& state) {
    // The previous state opened cycle t - 1 and decides its stall; it is classified only
    // now that t - 1 is known to have been simulated (the final state opens no simulated
    // cycle).
    if (t > warmup_) {
      if (last_.sender_has_data && last_.sender_credits == 0) {
        const std::int64_t waiting =
            last_.receiver_occupancy + last_.forward_waiting - (last_.receiver_popping ? 1 : 0);
        ++(waiting <= 0 ? stall_empty_ : stall_busy_);
      }
      if (last_.source_held) ++held_;
    }
    // Stages and crossings always move what they hold on: a flit or credit in one is
    // progress even while no count changes (a 20000-stage wire carrying a credit). The
    // cheap and likely tests first: this runs every cycle.
    const bool moved = state.forward_flits > 0 || state.return_credits > 0 || state.sent != last_.sent ||
                       state.popped != last_.popped || state.dropped != last_.dropped || t == 0;
    if (moved) last_move_ = t;
    if (moved || !(state.sender_has_data || state.source_held || state.receiver_occupancy > 0)) {
      if (starving_) end_starvation(t);
      last_progress_ = t;  // something moved, or nothing is pending
    } else if (watchdog_ != 0 && deadlock_ == 0 && t - last_progress_ >= watchdog_)
      deadlock_ = t;
    last_cycle_ = t;
    if (times_unqueued_ && state.classes.empty()) unqueued_.observe(t, last_, state);
    remember(state);
    if (t == warmup_) at_warmup_ = last_;
    return conserved(state) && state.classes.empty();
  }
  // The same idle `state` opening every cycle of [from, to): what observe() would have
  // counted one cycle at a time. The state must have no sender waiting and no source
  // held (an idle loop).
  std::optional<std::string> observe_idle(Cycle from, Cycle to, const LoopState& state);

  // The watchdog: with work pending (a flit offered or buffered) and for `cycles` cycles
  // nothing sent, popped or dropped and nothing in a stage or crossing, the loop is
  // deadlocked from that cycle on; whoever runs the loop stops the run. 0: no watchdog.
  // The counts are the parts' since reset, so a warm-up hides nothing from it.
  void set_watchdog(Cycle cycles) { watchdog_ = cycles; }
  Cycle watchdog() const { return watchdog_; }
  bool deadlocked() const { return deadlock_ != 0; }
  Cycle deadlock_cycle() const { return deadlock_; }
  // The last cycle something of the loop moved (a flit or credit sent, popped or in flight).
  Cycle last_move() const { return last_move_; }
  // The watchdog fired on a loop that waits for an arbiter which keeps serving others:
  // starvation, not deadlock (platform::MergeStarvation tells them apart). The run goes on,
  // the wait is counted from the loop's last move, and the watchdog is re-armed.
  void starved(Cycle t);
  // The longest such wait (to the last cycle observed if it still waits) and the cycle it
  // began at; 0 and 0 when the loop never starved.
  Cycle starved_cycles() const;
  Cycle starved_since() const;

  const std::string& link() const { return link_; }
  std::int64_t capacity() const { return capacity_; }
  Cycle warmup() const { return warmup_; }
  // Cycles observed so far (the last observed state opens this cycle).
  Cycle cycles() const { return last_cycle_; }
  std::uint64_t window_cycles() const;
  std::uint64_t sent_in_window() const;
  std::uint64_t popped_in_window() const;
  double throughput() const;
  std::uint64_t credit_stall_cycles() const { return stall_empty_ + stall_busy_; }
  std::uint64_t stall_receiver_empty() const { return stall_empty_; }
  std::uint64_t stall_receiver_busy() const { return stall_busy_; }
  std::uint64_t conservation_violations() const { return violations_; }
  std::uint64_t dropped_in_window() const;
  // Cycles a beat was offered and not ready, on a ready/valid link.
  std::uint64_t source_held_cycles() const { return held_; }
  // Times the round trips of credits whose flit met no queue at the receiver
  // (unqueued_round_trips.hpp), from now on: for a loop across clocks, whose round trips
  // follow clock phases and are sized by them. Off by default: it keeps a record per credit
  // in flight, which a single-clock loop, sized by its structure, does not need.
  void time_unqueued_round_trips() { times_unqueued_ = capacity_ > 0; }
  const UnqueuedRoundTrips& unqueued_round_trips() const { return unqueued_; }
  // The message of the first violation, or "" if none.
  const std::string& first_violation() const { return first_violation_; }

  // Fills the report's name, window and the counts observed here (the parts add the rest).
  void add_to(LinkReport& report) const;

  // Steady-state jumps (steady_state.hpp): the last state seen, which decides the next
  // cycle's stall class, and the counts a period adds.
  void add_shape(Shape& s) const;
  void repeat(const LoopObserver& earlier, const Repeat& r);

 private:
  // Whether the four terms add up to the capacity, each a real count: a crossing that
  // mistakes a pointer could keep the sum while one term goes negative.
  bool conserved(const LoopState& state) const {
    return capacity_ == 0 || (state.total() == capacity_ && state.sender_credits >= 0 && state.forward_flits >= 0 &&
                              state.receiver_occupancy >= 0 && state.return_credits >= 0);
  }
  // Only the counts are needed later: the per-class terms are not copied every cycle.
  void remember(const LoopState& state) {
    last_.sender_credits = state.sender_credits;
    last_.forward_flits = state.forward_flits;
    last_.forward_waiting = state.forward_waiting;
    last_.receiver_occupancy = state.receiver_occupancy;
    last_.return_credits = state.return_credits;
    last_.sender_has_data = state.sender_has_data;
    last_.receiver_popping = state.receiver_popping;
    last_.source_held = state.source_held;
    last_.sent = state.sent;
    last_.popped = state.popped;
    last_.dropped = state.dropped;
  }
  // The words of cycle t's violation, counted, if any: of the four terms unless they are
  // `conserved`, else of a class's credits on a multi-class link.
  std::optional<std::string> violation(Cycle t, const LoopState& state, bool conserved);

  std::string link_;
  std::int64_t capacity_;
  Cycle warmup_;
  Cycle last_cycle_ = 0;
  LoopState at_warmup_{};
  LoopState last_{};
  std::uint64_t stall_empty_ = 0;
  std::uint64_t stall_busy_ = 0;
  std::uint64_t held_ = 0;
  std::uint64_t violations_ = 0;
  std::string first_violation_;
  Cycle watchdog_ = 0;
  Cycle last_progress_ = 0;  // the last cycle something moved or nothing was pending
  Cycle last_move_ = 0;
  void end_starvation(Cycle t);
  Cycle deadlock_ = 0;
  bool starving_ = false;
  Cycle starving_since_ = 0;                    // the open wait's start
  Cycle longest_starved_ = 0, longest_since_ = 0;  // the longest closed wait
  bool times_unqueued_ = false;
  UnqueuedRoundTrips unqueued_;
};

}  // namespace creditflow::core
