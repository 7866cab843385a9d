#include "creditflow/core/latency_stats.hpp"

#include <algorithm>
#include <cmath>

namespace creditflow::core {

void LatencyStats::add_new(std::uint64_t cycles) {
  if (cycles < dense_limit) {
    if (cycles >= dense_.size()) dense_.resize(cycles + 1, 0);
    ++dense_[cycles];
  } else {
    ++sparse_[cycles];
  }
  ++count_;
  sum_ += cycles;
}

void LatencyStats::merge(const LatencyStats& other) {
  if (other.dense_.size() > dense_.size()) dense_.resize(other.dense_.size(), 0);
  for (std::size_t v = 0; v < other.dense_.size(); ++v) dense_[v] += other.dense_[v];
  for (const auto& [v, n] : other.sparse_) sparse_[v] += n;
  count_ += other.count_;
  sum_ += other.sum_;
}

void LatencyStats::repeat(const LatencyStats& earlier, std::uint64_t k) {
  for (std::size_t v = 0; v < dense_.size(); ++v)
    dense_[v] += k * (dense_[v] - (v < earlier.dense_.size() ? earlier.dense_[v] : 0));
  for (auto& [v, n] : sparse_) {
    const auto it = earlier.sparse_.find(v);
    n += k * (n - (it == earlier.sparse_.end() ? 0 : it->second));
  }
  count_ += k * (count_ - earlier.count_);
  sum_ += k * (sum_ - earlier.sum_);
}

std::vector<std::pair<std::uint64_t, std::uint64_t>> LatencyStats::histogram() const {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
  for (std::uint64_t v = 0; v < dense_.size(); ++v)
    if (dense_[v]) out.emplace_back(v, dense_[v]);
  for (const auto& [v, n] : sparse_) out.emplace_back(v, n);
  return out;
}

std::uint64_t LatencyStats::max() const {
  if (!sparse_.empty()) return sparse_.rbegin()->first;
  for (std::uint64_t v = dense_.size(); v-- > 0;)
    if (dense_[v]) return v;
  return 0;
}

std::uint64_t LatencyStats::min() const {
  for (std::uint64_t v = 0; v < dense_.size(); ++v)
    if (dense_[v]) return v;
  return sparse_.empty() ? 0 : sparse_.begin()->first;
}

double LatencyStats::mean() const {
  return count_ ? static_cast<double>(sum_) / static_cast<double>(count_) : 0.0;
}

std::uint64_t LatencyStats::percentile(double p) const {
  if (count_ == 0) return 0;
  // Rank of the sample that reaches fraction p, 1-based; integer maths avoid 0.99*100 = 98.99.
  auto rank = static_cast<std::uint64_t>(std::ceil(p * static_cast<double>(count_) - 1e-9));
  rank = std::clamp<std::uint64_t>(rank, 1, count_);
  std::uint64_t seen = 0;
  for (std::uint64_t v = 0; v < dense_.size(); ++v) {
    seen += dense_[v];
    if (seen >= rank) return v;
  }
  for (const auto& [v, n] : sparse_) {
    seen += n;
    if (seen >= rank) return v;
  }
  return max();
}

}  // namespace creditflow::core
