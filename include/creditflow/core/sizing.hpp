// Buffer sizing rules of timing.md sections 1 and 2.
#pragma once
#include <cstdint>

namespace creditflow::core {

// Buffer >= bandwidth x RTT (timing.md section 1): 16 GB/s over a 500 ns round trip needs
// 8000 bytes, 500 credits of 16 bytes. Times in picoseconds keep the product exact.
struct BandwidthSizing {
  double exact_bytes = 0;    // bandwidth x RTT before rounding
  double bytes = 0;          // rounded up to whole bytes
  double exact_credits = 0;  // bytes / unit before rounding; 0 without a unit
  std::int64_t credits = 0;  // of `unit_bytes` each, rounded up; 0 without a unit
};
// Throws ParameterError when the product cannot be counted (not finite, or more than 2^53
// bytes or credits: a double would no longer hold it exactly).
BandwidthSizing size_for_bandwidth(double bytes_per_second, double rtt_ps, double unit_bytes);

// Depth that rides out a consumer stall of `stall` cycles with `held` beats already queued
// (timing.md section 2): held + the beats arriving during the stall and at the edge where the
// consumer wakes. At one beat per cycle that is held + stall + 1; a source offering
// `source_rate` per cycle on average brings ceil(source_rate x (stall + 1)) of them at
// worst (a whole beat for any fraction of one).
struct StallSizing {
  double exact_arrivals = 0;     // source_rate x (stall + 1)
  std::int64_t arrivals = 0;     // rounded up
  std::int64_t depth = 0;        // held + arrivals
};
StallSizing depth_for_stall(std::int64_t held, std::int64_t stall, double source_rate = 1.0);

// A consumer taking `drain_rate` beats per cycle on average keeps up with a source
// offering `source_rate` only if drain_rate >= source_rate; otherwise the backlog grows
// without bound and no finite depth suffices (timing.md section 2): say so instead of sizing.
inline bool consumer_keeps_up(double source_rate, double drain_rate) { return drain_rate >= source_rate; }

}  // namespace creditflow::core
