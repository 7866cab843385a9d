// What a network measures in its current window (BookSim2's statistics): latencies with
// their spread, hops, and flits sent and accepted per node.
#pragma once
#include <cstdint>
#include <vector>

namespace creditflow::noc {

class Sampled {
 public:
  void add(std::int64_t value);
  void clear() { *this = Sampled(); }
  std::int64_t count() const { return count_; }
  double mean() const { return count_ ? static_cast<double>(sum_) / count_ : 0.0; }
  std::int64_t min() const { return count_ ? min_ : 0; }
  std::int64_t max() const { return count_ ? max_ : 0; }
  std::int64_t sum() const { return sum_; }
  // The smallest value at or above which lies no more than (1 - q) of the samples.
  std::int64_t percentile(double q) const;

 private:
  std::int64_t count_ = 0, sum_ = 0, min_ = 0, max_ = 0;
  std::vector<std::int64_t> histogram_;
};

struct NocStats {
  Sampled packet_latency;   // tail arrival - packet creation (source queueing included)
  Sampled network_latency;  // tail arrival - head injection
  Sampled flit_latency;     // a flit's arrival - its injection
  Sampled hops;             // routers a packet crossed
  std::vector<std::int64_t> sent_flits, sent_packets, accepted_flits, accepted_packets;
  std::int64_t given_flits = 0;  // flits of the packets given by hand (a trace's)
  std::int64_t reset_time = 0;

  void clear(int nodes, std::int64_t now);
  std::int64_t total(const std::vector<std::int64_t>& per_node) const;
};

}  // namespace creditflow::noc
