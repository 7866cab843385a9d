// The cycles at which a Bernoulli process of probability p a cycle fires, as a fixed
// sequence of the seed whichever cycles are asked about (hence the mutable members: asking
// changes no answer), so the TL view can cross idle stretches and still agree to the bit
// with the cycle view, which asks about every cycle. From p = 1/8 up, cycle t fires when
// the seed's (t + 1)-th number is below p 2^64, each computed directly (SplitMix64 counts):
// those are the firings of a coin a cycle, how these processes were drawn before, and
// crossing n cycles costs nothing. Below 1/8 the gap to the next firing is drawn at once,
// floor(log(V) / log(1 - p)) for V uniform in (0, 1]: a draw per firing.
#pragma once
#include <cstdint>

#include "creditflow/core/seed.hpp"
#include "creditflow/core/types.hpp"

namespace creditflow::core {

class BernoulliTimes {
 public:
  // Never fires at or after this (p = 0, or a gap beyond it).
  static constexpr Cycle kNever = Cycle{1} << 62;

  BernoulliTimes(double p, std::uint64_t seed);

  // Whether it fires in cycle t (for the drawn gaps, t not below that of an earlier call).
  bool fires_at(Cycle t) const {
    switch (mode_) {
      case Mode::coins:
        // A firing looked ahead for (first_from) answers every cycle up to it: no coin twice.
        return t >= ahead_from_ && t <= next_ ? t == next_ : coin(t);
      case Mode::always:
        return true;
      default:
        return first_from(t) == t;
    }
  }
  // The first cycle at or after t in which it fires (the same rule for t).
  Cycle first_from(Cycle t) const {
    switch (mode_) {
      case Mode::coins:
        if (t >= ahead_from_ && t <= next_) return next_;
        ahead_from_ = t;
        while (!coin(t)) ++t;  // 1/p coins on average, 8 at most
        return next_ = t;
      case Mode::always:
        return t;
      default:
        while (next_ < t) next_ = next_ + 1 + gap();
        return next_;
    }
  }

 private:
  enum class Mode : std::uint8_t { gaps, coins, always };
  bool coin(Cycle t) const { return Rng::nth(seed_, t + 1) < threshold_; }
  // Cycles without a firing before the next one, geometric with P(k) = (1 - p)^k p.
  Cycle gap() const;

  Mode mode_;
  std::uint64_t seed_;
  std::uint64_t threshold_;  // coins: p 2^64 (a number below it fires)
  double log_miss_;          // gaps: log(1 - p)
  mutable Rng rng_;          // gaps: their draws
  // Gaps: the next firing at or after the last cycle asked. Coins: the first firing at or
  // after ahead_from_, the last look-ahead (none yet: ahead_from_ > next_).
  mutable Cycle next_ = 0;
  mutable Cycle ahead_from_ = 1;
};

}  // namespace creditflow::core
