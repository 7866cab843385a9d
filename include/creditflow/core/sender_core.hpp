// A credit sender's behaviour (timing.md section 1, rule 2): it sends in cycle t iff it has
// data and holds a credit, counting credits before this cycle's returned credit. At the
// edge closing t: credits += credit_in - send. It also times each credit from spend to the
// cycle it is spendable again (the measured round trip).
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>

#include "creditflow/core/latency_stats.hpp"
#include "creditflow/core/ring_fifo.hpp"
#include "creditflow/core/steady_state.hpp"
#include "creditflow/core/types.hpp"

namespace creditflow::core {

class SenderCore {
 public:
  // `credits` is both the initial count and the bound (the receiver's depth).
  SenderCore(std::int64_t credits, const std::string& where);

  Cycle now() const { return now_; }
  std::int64_t credits() const { return credits_; }
  const std::int64_t& credits_ref() const { return credits_; }  // the live count, for tracing
  std::int64_t capacity() const { return capacity_; }
  bool can_send() const { return credits_ > 0; }
  bool will_send(bool has_data) const { return has_data && credits_ > 0; }

  // The edge closing the current cycle, with the credits returned during it (a crossing
  // from a faster clock may return several). Returns whether the sender sent.
  // Throws ProtocolError when a returned credit would exceed the bound. Inline: it runs
  // every simulated cycle.
  bool advance(bool has_data, std::int64_t credits_in) {
    const bool send = will_send(has_data);
    if (has_data && !send) ++credit_stall_cycles_;
    // Returned credits are matched before this cycle's spend is recorded: a credit cannot
    // come back in the cycle it is spent, so an empty record means one returned too many.
    for (std::int64_t i = 0; i < credits_in; ++i) {
      if (spends_.empty()) throw_overflow();
      // Counted at this edge, spendable in the next cycle.
      round_trips_.add(now_ + 1 - spends_.front());
      spends_.pop();
    }
    if (send) {
      spends_.push(now_);
      ++sent_;
    }
    credits_ += credits_in - static_cast<std::int64_t>(send);
    ++now_;
    return send;
  }

  // Jumps to cycle t across cycles with nothing to send and nothing returning.
  void skip_to(Cycle t) { now_ = std::max(now_, t); }

  std::uint64_t sent() const { return sent_; }
  std::uint64_t credit_stall_cycles() const { return credit_stall_cycles_; }
  // Spend-to-spendable-again times of every returned credit.
  const LatencyStats& round_trips() const { return round_trips_; }

  // Steady-state jumps (steady_state.hpp).
  void add_shape(Shape& s) const {
    s.add(credits_);
    s.add(spends_.size());
    spends_.for_each([&](Cycle c) { s.add(static_cast<std::int64_t>(c) - static_cast<std::int64_t>(now_)); });
  }
  void repeat(const SenderCore& earlier, const Repeat& r) {
    spends_.for_each([&](Cycle& c) { c = r.time(c); });
    now_ = r.time(now_);
    sent_ = r.count(sent_, earlier.sent_);
    credit_stall_cycles_ = r.count(credit_stall_cycles_, earlier.credit_stall_cycles_);
    round_trips_.repeat(earlier.round_trips_, r.periods);
  }

 private:
  [[noreturn]] void throw_overflow() const;

  std::string where_;
  std::int64_t capacity_;
  std::int64_t credits_;
  RingFifo<Cycle> spends_;  // cycles of the credits in flight, oldest first
  Cycle now_ = 0;
  std::uint64_t sent_ = 0;
  std::uint64_t credit_stall_cycles_ = 0;
  LatencyStats round_trips_;
};

}  // namespace creditflow::core
