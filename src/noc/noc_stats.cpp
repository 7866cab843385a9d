#include "creditflow/noc/noc_stats.hpp"

#include <algorithm>
#include <numeric>

namespace creditflow::noc {

void Sampled::add(std::int64_t value) {
  if (count_ == 0 || value < min_) min_ = value;
  if (count_ == 0 || value > max_) max_ = value;
  ++count_;
  sum_ += value;
  const auto at = static_cast<std::size_t>(std::max<std::int64_t>(value, 0));
  if (at >= histogram_.size()) histogram_.resize(std::max(at + 1, histogram_.size() * 2), 0);
  ++histogram_[at];
}

std::int64_t Sampled::percentile(double q) const {
  if (count_ == 0) return 0;
  const auto needed = static_cast<std::int64_t>(q * static_cast<double>(count_) + 0.999999);
  std::int64_t seen = 0;
  for (std::size_t value = 0; value < histogram_.size(); ++value) {
    seen += histogram_[value];
    if (seen >= std::max<std::int64_t>(needed, 1)) return static_cast<std::int64_t>(value);
  }
  return max_;
}

void NocStats::clear(int nodes, std::int64_t now) {
  packet_latency.clear();
  network_latency.clear();
  flit_latency.clear();
  hops.clear();
  sent_flits.assign(nodes, 0);
  sent_packets.assign(nodes, 0);
  accepted_flits.assign(nodes, 0);
  accepted_packets.assign(nodes, 0);
  given_flits = 0;
  reset_time = now;
}

std::int64_t NocStats::total(const std::vector<std::int64_t>& per_node) const {
  return std::accumulate(per_node.begin(), per_node.end(), std::int64_t{0});
}

}  // namespace creditflow::noc
