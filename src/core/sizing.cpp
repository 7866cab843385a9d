#include "creditflow/core/sizing.hpp"

#include <cmath>

#include "creditflow/core/error.hpp"

namespace creditflow::core {

namespace {
// Rounds up, forgiving the last bit of floating-point noise (8000.000000000001 -> 8000).
double ceil_exactish(double x) { return std::ceil(x - std::fabs(x) * 1e-12); }
}  // namespace

BandwidthSizing size_for_bandwidth(double bytes_per_second, double rtt_ps, double unit_bytes) {
  constexpr double countable = 9007199254740992.0;  // 2^53: exact in a double
  BandwidthSizing s;
  s.exact_bytes = bytes_per_second * rtt_ps / 1e12;
  if (!(s.exact_bytes <= countable))  // also NaN and infinity
    throw ParameterError("size: bandwidth x RTT is more than 2^53 bytes (or not a number): no buffer is that large");
  s.bytes = ceil_exactish(s.exact_bytes);
  if (unit_bytes > 0) {
    s.exact_credits = s.bytes / unit_bytes;
    if (!(s.exact_credits <= countable)) throw ParameterError("size: more than 2^53 credits: no buffer is that large");
    s.credits = static_cast<std::int64_t>(ceil_exactish(s.exact_credits));
  }
  return s;
}

StallSizing depth_for_stall(std::int64_t held, std::int64_t stall, double source_rate) {
  StallSizing s;
  s.exact_arrivals = source_rate * static_cast<double>(stall + 1);
  s.arrivals = static_cast<std::int64_t>(ceil_exactish(s.exact_arrivals));
  s.depth = held + s.arrivals;
  return s;
}

}  // namespace creditflow::core
