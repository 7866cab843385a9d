// Buffer sizing rules of SPEC sections 1 and 2.
#pragma once
#include <cstdint>

namespace creditflow::core {

// Buffer >= bandwidth x RTT (SPEC section 1): 16 GB/s over a 500 ns round trip needs
// 8000 bytes, 500 credits of 16 bytes. Times in picoseconds keep the product exact.
struct BandwidthSizing {
  double bytes = 0;
  std::int64_t credits = 0;  // of `unit_bytes` each; 0 without a unit
};
BandwidthSizing size_for_bandwidth(double bytes_per_second, double rtt_ps, double unit_bytes);

// Depth that rides out a consumer stall of `stall` cycles at one beat per cycle with
// `held` beats already queued (SPEC section 2): held + stall + 1, the last one arriving
// at the edge where the consumer wakes.
std::int64_t depth_for_stall(std::int64_t held, std::int64_t stall);

// A consumer taking `drain_rate` beats per cycle on average keeps up with a source
// offering `source_rate` only if drain_rate >= source_rate; otherwise the backlog grows
// without bound and no finite depth suffices (SPEC section 2): say so instead of sizing.
inline bool consumer_keeps_up(double source_rate, double drain_rate) { return drain_rate >= source_rate; }

}  // namespace creditflow::core
