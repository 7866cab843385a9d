#include "creditflow/core/bernoulli_times.hpp"

#include <cmath>

namespace creditflow::core {

BernoulliTimes::BernoulliTimes(double p, std::uint64_t seed)
    : by_coins_(p >= kCoinsFrom && p < 1.0),
      threshold_(by_coins_ ? static_cast<std::uint64_t>(p * 0x1.0p64) : 0),
      log_miss_(std::log1p(-p)),
      rng_(seed) {
  next_ = p > 0.0 ? gap() : kNever;
}

Cycle BernoulliTimes::gap_by_log() const {
  if (log_miss_ == -INFINITY) return 0;  // p = 1: every cycle, without a draw
  const double v = static_cast<double>((rng_.next() >> 11) + 1) * 0x1.0p-53;  // (0, 1]
  const double cycles = std::floor(std::log(v) / log_miss_);
  return cycles < static_cast<double>(kNever) ? static_cast<Cycle>(cycles) : kNever;
}

}  // namespace creditflow::core
