// Basic vocabulary shared by every layer.
#pragma once
#include <cstdint>

namespace creditflow::core {

// A cycle index: cycle 0 is the first cycle after reset. "In cycle t" means the
// combinational decision made from register values at the start of t (timing.md section 1).
using Cycle = std::uint64_t;

}  // namespace creditflow::core
