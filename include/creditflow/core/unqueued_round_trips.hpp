// The round trips of the credits whose flit met no queue at the receiver, from a loop's
// summed state each cycle. A credit's round trip (spend to spendable again) includes the
// time its flit waited behind earlier flits in the receiver; a deeper buffer lets more
// queue there, so the worst round trip grows with the depth, and a depth sized from it
// depends on the depth the run started from. A flit that reached the receiver's side with
// every earlier flit already popped waited for nothing but the loop itself (its pipes, its
// crossings' synchronizers and clock phases, the receiver's own drain): the worst of those
// round trips is what rate x round trip sizes a crossing by.
//
// Single-class loops only: their receivers pop in order, so the k-th credit back is the
// k-th flit's. The memory is what is in flight, at most the loop's credits.
#pragma once
#include <algorithm>
#include <cstdint>

#include "creditflow/core/loop_state.hpp"
#include "creditflow/core/ring_fifo.hpp"
#include "creditflow/core/steady_state.hpp"
#include "creditflow/core/types.hpp"

namespace creditflow::core {

class UnqueuedRoundTrips {
 public:
  explicit UnqueuedRoundTrips(std::int64_t capacity)
      : flights_(static_cast<std::size_t>(std::max<std::int64_t>(capacity, 1))) {}

  // `last` opened cycle t - 1, `now` opens cycle t. Credits counted back at the edge closing
  // t - 1 are spendable in t: their round trip is t minus the cycle they were spent in, as
  // the sender measures it.
  void observe(Cycle t, const LoopState& last, const LoopState& now) {
    const std::uint64_t sends = now.sent - last.sent;
    // Back before this cycle's spend: a credit is never back in the cycle it was spent.
    const std::int64_t back = now.sender_credits - last.sender_credits + static_cast<std::int64_t>(sends);
    for (std::int64_t i = 0; i < back && !flights_.empty(); ++i) {
      const Flight f = flights_.front();
      flights_.pop();
      ++returned_;
      if (f.unqueued) {
        worst_ = std::max(worst_, t - f.spent);
        ++count_;
      }
    }
    for (std::uint64_t i = 0; i < sends && !flights_.full(); ++i) flights_.push({t - 1, false});
    // Flits on the receiver's side: gone, in its buffer, or queued on its side of a crossing
    // behind the one on the crossing's output (which is ahead of them in order; alone there,
    // it is on its way in, and counted once in).
    const std::int64_t waiting = now.forward_waiting > 0 ? now.forward_waiting + 1 : 0;
    const std::uint64_t arrived =
        now.popped + now.dropped + static_cast<std::uint64_t>(std::max<std::int64_t>(0, now.receiver_occupancy + waiting));
    for (; arrived_ < arrived; ++arrived_) {
      // Flit `arrived_` met no queue if every flit before it had left by now.
      if (arrived_ < returned_ || arrived_ - returned_ >= flights_.size()) continue;
      flights_[arrived_ - returned_].unqueued = now.popped + now.dropped >= arrived_;
    }
  }

  // The worst such round trip and how many were seen (0, 0: none).
  Cycle worst() const { return worst_; }
  std::uint64_t count() const { return count_; }

  // Steady-state jumps (steady_state.hpp).
  void add_shape(Shape& s, Cycle now) const {
    s.add(flights_.size());
    s.add(arrived_ - returned_);
    flights_.for_each([&](const Flight& f) {
      s.add(now - f.spent);
      s.add(std::uint64_t{f.unqueued});
    });
  }
  void repeat(const UnqueuedRoundTrips& earlier, const Repeat& r) {
    flights_.for_each([&](Flight& f) { f.spent = r.time(f.spent); });
    arrived_ = r.count(arrived_, earlier.arrived_);
    returned_ = r.count(returned_, earlier.returned_);
    count_ = r.count(count_, earlier.count_);
  }

 private:
  struct Flight {
    Cycle spent;
    bool unqueued;
  };
  RingFifo<Flight> flights_;  // the credits out, oldest first
  std::uint64_t arrived_ = 0;   // flits seen on the receiver's side
  std::uint64_t returned_ = 0;  // credits seen back
  Cycle worst_ = 0;
  std::uint64_t count_ = 0;
};

}  // namespace creditflow::core
