// Steady-state jumps for transaction-level views. A model whose patterns and drains draw
// no random numbers settles, after a transient, into a cycle of states that repeats
// exactly (shifted in time and flit ids). Every so often the whole state's Shape is
// compared with a snapshot; when they are equal P cycles apart, the next k periods would
// repeat the last one exactly, so every part adds k times what it counted over the period
// (flits, stalls, latency samples) and moves its stored times and ids k periods on, and
// the run continues from there: the same figures, to the cycle, as stepping every cycle.
// Nothing jumps before `from` (the end of the warm-up, when the measurement window
// opens), across a one-off stall window's edge, or past the run's end.
//
// A Model provides: cycle_length() (the period of its patterns and drains, nullopt with
// random draws), next_stall_edge(t), add_shape(Shape&), a copyable Snapshot from
// snapshot(), and repeat(const Snapshot& earlier, Cycle periods, Cycle period).
#pragma once
#include <algorithm>
#include <cstdint>
#include <optional>
#include <utility>

#include "creditflow/core/steady_state.hpp"

namespace creditflow::core {

template <class Model>
class SteadyStateJumps {
 public:
  explicit SteadyStateJumps(Cycle from) : from_(from) {}

  // At the start of cycle t, before it is observed. Returns t, or the cycle a jump of
  // whole periods landed on (at most `end`).
  // The test alone is inline: it runs every stepped cycle, a check once in many.
  Cycle advance(Cycle t, Cycle end, Model& model) { return t < next_check_ ? t : check(t, end, model); }

  std::uint64_t jumps() const { return jumps_; }
  // Steps every cycle from now on (a benchmark's view of the per-cycle cost).
  void disable() { next_check_ = INT64_MAX; }

 private:
  __attribute__((noinline)) Cycle check(Cycle t, Cycle end, Model& model) {
    if (!cycle_) {
      cycle_ = model.cycle_length();
      if (!cycle_) {
        disable();  // random draws never repeat: step every cycle
        return t;
      }
    }
    if (t < from_) {
      next_check_ = (from_ + *cycle_ - 1) / *cycle_ * *cycle_;  // aligned with the pattern
      return t;
    }
    // One buffer for the shape, kept with its capacity: a large state's shape is built at
    // every check, and allocating it afresh each time costs more than building it.
    Shape& shape = scratch_;
    shape.values.clear();
    model.add_shape(shape);
    // Only states a whole number of pattern cycles apart can repeat each other (an idle
    // jump may land between checks).
    if (snapshot_ && (t - snapshot_t_) % *cycle_ == 0 && shape == snapshot_shape_) {
      const Cycle period = t - snapshot_t_;
      // The state a jump lands on holds decisions for that cycle (the next pop), so it
      // must lie before the next stall edge as well as every cycle of the periods.
      const Cycle limit = std::min(end, model.next_stall_edge(snapshot_t_) - 1);
      const Cycle periods = limit > t ? (limit - t) / period : 0;
      if (periods > 0) {
        model.repeat(*snapshot_, periods, period);
        t += periods * period;
        ++jumps_;
      }
      snapshot_.reset();
    }
    if (!snapshot_ || t - snapshot_t_ >= window_) {
      if (snapshot_) window_ = std::min<Cycle>(window_ * 2, Cycle{1} << 20);
      snapshot_t_ = t;
      snapshot_.emplace(model.snapshot());
      std::swap(snapshot_shape_, scratch_);
      // Comparing costs the size of the state: compare less often when it is large; and
      // keep a snapshot for several comparisons, since taking one costs a copy of it all.
      stride_ = *cycle_ * std::max<Cycle>(1, snapshot_shape_.values.size() / (64 * *cycle_));
      window_ = std::max(window_, 4 * stride_);
    }
    next_check_ = t + stride_;
    return t;
  }

  Cycle from_;
  std::optional<Cycle> cycle_;
  Cycle next_check_ = 0;
  Cycle stride_ = 1;
  Cycle window_ = 4096;
  // The state last taken to compare with: when, the model's copy and its shape.
  Cycle snapshot_t_ = 0;
  std::optional<typename Model::Snapshot> snapshot_;
  Shape snapshot_shape_;
  Shape scratch_;  // the shape at the latest check
  std::uint64_t jumps_ = 0;
};

}  // namespace creditflow::core
