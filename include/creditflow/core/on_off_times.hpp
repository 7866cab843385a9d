// The cycles at which a bursty source fires: BookSim2's on_off injection process. Each cycle
// an off source turns on with chance alpha and an on one turns off with chance beta; while
// on it fires with chance rate (alpha + beta) / alpha, so that it offers `rate` a cycle in
// the long run, in bursts of 1 / beta cycles on average. It starts on with the chance it is
// on in the long run, alpha / (alpha + beta). Every draw is the seed's number for its
// cycle (SplitMix64 counts, two a cycle: the switch and the flit), so a cycle's answer is
// the same however the cycles before it were asked (the TL view crosses idle stretches).
#pragma once
#include <cstdint>

#include "creditflow/core/seed.hpp"
#include "creditflow/core/types.hpp"

namespace creditflow::core {

class OnOffTimes {
 public:
  // rate (alpha + beta) / alpha must be at most 1 and alpha above 0: the caller checks.
  OnOffTimes(double rate, double alpha, double beta, std::uint64_t seed)
      : seed_(seed),
        turn_on_(chance(alpha)),
        turn_off_(chance(beta)),
        fire_(chance(alpha > 0 ? rate * (alpha + beta) / alpha : 0.0)),
        on_(below(Rng::nth(seed, 0), chance(alpha + beta > 0 ? alpha / (alpha + beta) : 0.0))) {}

  // Whether it fires in cycle t (t not below that of an earlier call but for a look-ahead's).
  bool fires_at(Cycle t) const {
    if (t >= ahead_from_ && t <= next_) return t == next_;
    advance_to(t);
    return on_ && below(Rng::nth(seed_, 2 * t + 2), fire_);
  }
  // The first cycle at or after t in which it fires.
  Cycle first_from(Cycle t) const {
    if (t >= ahead_from_ && t <= next_) return next_;
    const Cycle from = t;
    while (!fires_at(t)) ++t;
    ahead_from_ = from;
    return next_ = t;
  }

 private:
  static std::uint64_t chance(double p) { return p >= 1.0 ? UINT64_MAX : static_cast<std::uint64_t>(p * 0x1.0p64); }
  static bool below(std::uint64_t draw, std::uint64_t threshold) { return threshold == UINT64_MAX || draw < threshold; }
  // The state in cycle t: each cycle after the first switches first, as BookSim2's does.
  void advance_to(Cycle t) const {
    for (; state_at_ < t; ++state_at_) {
      const std::uint64_t draw = Rng::nth(seed_, 2 * (state_at_ + 1) + 1);
      on_ = on_ ? !below(draw, turn_off_) : below(draw, turn_on_);
    }
  }

  std::uint64_t seed_, turn_on_, turn_off_, fire_;  // chances as thresholds of 2^64
  mutable bool on_;
  mutable Cycle state_at_ = 0;  // the cycle on_ is the state of
  // The first firing at or after ahead_from_, the last look-ahead (none yet: ahead_from_ > next_).
  mutable Cycle next_ = 0;
  mutable Cycle ahead_from_ = 1;
};

}  // namespace creditflow::core
