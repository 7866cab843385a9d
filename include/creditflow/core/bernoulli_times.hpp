// The cycles at which a Bernoulli process of probability p a cycle fires, drawn as
// geometric gaps from a seeded generator: a draw per firing, not a coin per cycle, so an
// idle stretch costs nothing to cross. A gap is a logarithm below p = 1/8, and coins (one
// integer comparison each, 1/p of them on average) from there up, where they cost less:
// those are the firings of a coin a cycle, which is how these processes were drawn before. The times are a fixed sequence of the seed, drawn
// as they are asked for (hence the mutable members: asking changes no answer). Asked about
// any cycles in increasing order, it gives the same answers whichever were skipped, which
// is what lets the TL view jump idle stretches and still agree with the cycle view, which
// asks about every cycle, to the bit.
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

  // Whether it fires in cycle t (t not below that of any earlier call).
  bool fires_at(Cycle t) const { return first_from(t) == t; }
  // The first cycle at or after t in which it fires.
  Cycle first_from(Cycle t) const {
    while (next_ < t) next_ = next_ + 1 + gap();
    return next_;
  }

 private:
  // Cycles without a firing before the next one, geometric with P(k) = (1 - p)^k p: the
  // coins failed before one succeeds, or floor(log(V) / log(1 - p)) for V uniform in (0, 1].
  Cycle gap() const {
    if (!by_coins_) return gap_by_log();
    Cycle failed = 0;
    while (rng_.next() >= threshold_) ++failed;
    return failed;
  }
  Cycle gap_by_log() const;

  static constexpr double kCoinsFrom = 0.125;
  bool by_coins_;
  std::uint64_t threshold_;  // coins: p * 2^64 (a draw below it succeeds)
  double log_miss_;          // log(1 - p)
  mutable Rng rng_;
  mutable Cycle next_ = 0;
};

}  // namespace creditflow::core
