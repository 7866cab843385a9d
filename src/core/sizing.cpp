#include "creditflow/core/sizing.hpp"

#include <cmath>

namespace creditflow::core {

namespace {
// Rounds up, forgiving the last bit of floating-point noise (8000.000000000001 -> 8000).
double ceil_exactish(double x) { return std::ceil(x - std::fabs(x) * 1e-12); }
}  // namespace

BandwidthSizing size_for_bandwidth(double bytes_per_second, double rtt_ps, double unit_bytes) {
  BandwidthSizing s;
  s.bytes = ceil_exactish(bytes_per_second * rtt_ps / 1e12);
  if (unit_bytes > 0) s.credits = static_cast<std::int64_t>(ceil_exactish(s.bytes / unit_bytes));
  return s;
}

std::int64_t depth_for_stall(std::int64_t held, std::int64_t stall) { return held + stall + 1; }

}  // namespace creditflow::core
