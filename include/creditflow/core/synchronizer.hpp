// N flip-flops in a destination clock domain sampling a value from another domain.
// What enters at one destination edge is visible after N edges. With `uncertainty` p > 0,
// at each edge the first flop takes, with probability p, the value the input had at the
// previous destination edge instead of its value now: a crossing that lands too close to
// the edge resolves one destination cycle later. p = 1 is that worst case every time
// (N + 1 stages); the value seen never runs backwards. Draws come from a seeded generator,
// one per edge.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "creditflow/core/error.hpp"
#include "creditflow/core/seed.hpp"

namespace creditflow::core {

class Synchronizer {
 public:
  Synchronizer(std::int64_t stages, double uncertainty, std::uint64_t seed, const std::string& where)
      : flops_(static_cast<std::size_t>(checked_stages(stages, where)), 0),
        uncertainty_(checked_uncertainty(uncertainty, where)),
        rng_(seed) {}

  // The last flop: what the destination logic sees.
  std::uint64_t output() const { return flops_.back(); }

  // A destination edge: the flops shift, the first samples `input`.
  void sample(std::uint64_t input) {
    for (std::size_t i = flops_.size() - 1; i > 0; --i) flops_[i] = flops_[i - 1];
    const bool late = uncertainty_ > 0.0 && rng_.bernoulli(uncertainty_);
    flops_[0] = late ? previous_input_ : input;
    previous_input_ = input;
  }

  // Every value in the flops, oldest last (for conservation accounting).
  const std::vector<std::uint64_t>& flops() const { return flops_; }

 private:
  static std::int64_t checked_stages(std::int64_t n, const std::string& where) {
    check_range(where, "sync_stages", n, 2, 16);
    return n;
  }
  static double checked_uncertainty(double p, const std::string& where) {
    check_range(where, "uncertainty", p, 0.0, 1.0);
    return p;
  }

  std::vector<std::uint64_t> flops_;
  double uncertainty_;
  Rng rng_;
  std::uint64_t previous_input_ = 0;
};

}  // namespace creditflow::core
