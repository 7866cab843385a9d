// Upper bounds on parameters: large enough for any real link, small enough that memory
// stays bounded and no arithmetic overflows. Errors quote them as the allowed range.
#pragma once
#include <cstdint>

namespace creditflow::core::limits {

inline constexpr std::int64_t max_depth = 1 << 24;     // buffer slots / credits
inline constexpr std::int64_t max_latency = 1 << 20;   // pipeline stages
inline constexpr std::int64_t max_period = 1 << 30;    // every-k, burst lengths
inline constexpr std::int64_t max_queue = 1 << 24;     // source queue entries

}  // namespace creditflow::core::limits
