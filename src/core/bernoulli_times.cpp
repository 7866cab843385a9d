#include "creditflow/core/bernoulli_times.hpp"

#include <cmath>

namespace creditflow::core {

namespace {
constexpr double kCoinsFrom = 0.125;  // from here up 1/p coins cost less than a logarithm
}

BernoulliTimes::BernoulliTimes(double p, std::uint64_t seed)
    : mode_(p >= 1.0 ? Mode::always : p >= kCoinsFrom ? Mode::coins : Mode::gaps),
      seed_(seed),
      threshold_(mode_ == Mode::coins ? static_cast<std::uint64_t>(p * 0x1.0p64) : 0),
      log_miss_(std::log1p(-p)),
      rng_(seed) {
  if (mode_ == Mode::gaps) next_ = p > 0.0 ? gap() : kNever;  // (NaN, refused by the caller: never)
}

Cycle BernoulliTimes::gap() const {
  const double v = static_cast<double>((rng_.next() >> 11) + 1) * 0x1.0p-53;  // (0, 1]
  const double cycles = std::floor(std::log(v) / log_miss_);
  return cycles < static_cast<double>(kNever) ? static_cast<Cycle>(cycles) : kNever;
}

}  // namespace creditflow::core
