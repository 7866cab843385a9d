// Upper bounds on parameters: large enough for any real link, small enough that memory
// stays bounded and no arithmetic overflows. Errors quote them as the allowed range.
#pragma once
#include <cstdint>

namespace creditflow::core::limits {

inline constexpr std::int64_t max_depth = 1 << 24;     // buffer slots / credits
inline constexpr std::int64_t max_latency = 1 << 20;   // pipeline stages
inline constexpr std::int64_t max_period = 1 << 30;    // every-k, burst lengths
inline constexpr std::int64_t max_queue = 1 << 24;     // source queue entries
inline constexpr std::int64_t max_packet_flits = 1 << 16;  // flits in one packet
// Slowest over fastest clock period: every edge of every clock is simulated, so a 1 s
// clock beside a 1 ns one (a typo, usually) would take 10^9 edges per cycle counted.
inline constexpr std::int64_t max_clock_ratio = 10000;

}  // namespace creditflow::core::limits
