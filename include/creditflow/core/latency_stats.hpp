// Exact latency statistics over integer cycle counts: mean, any percentile and max, from a
// histogram, so memory grows with the largest latency seen, not with the number of flits.
#pragma once
#include <algorithm>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

namespace creditflow::core {

class LatencyStats {
 public:
  void add(std::uint64_t cycles) {
    if (cycles < dense_.size()) {
      // The common case, kept inline and short (latencies repeat): min and max are read
      // off the bins when asked, not tracked here.
      ++dense_[cycles];
      ++count_;
      sum_ += cycles;
    } else {
      add_new(cycles);
    }
  }
  // Adds every sample of `other`, as if each had been added here.
  void merge(const LatencyStats& other);
  // Adds k more copies of the samples added since `earlier` (a copy of this taken then):
  // one period of a steady state, repeated.
  void repeat(const LatencyStats& earlier, std::uint64_t k);

  std::uint64_t count() const { return count_; }
  double mean() const;
  // Smallest latency v such that at least p (0 < p <= 1) of the samples are <= v.
  // 0 when there are no samples.
  std::uint64_t percentile(double p) const;
  // The two percentiles every report quotes, named as the JSON names them.
  std::uint64_t p50() const { return percentile(0.5); }
  std::uint64_t p99() const { return percentile(0.99); }
  std::uint64_t max() const;
  std::uint64_t min() const;
  // Every latency seen with how often, ascending.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> histogram() const;

 private:
  void add_new(std::uint64_t cycles);
  // Dense bins for common latencies, a sparse map for the long tail.
  static constexpr std::uint64_t dense_limit = 1 << 16;
  std::vector<std::uint64_t> dense_;
  std::map<std::uint64_t, std::uint64_t> sparse_;
  std::uint64_t count_ = 0;
  std::uint64_t sum_ = 0;  // exact: latencies are whole cycles
};

}  // namespace creditflow::core
