// A check of sums made at the start of each cycle (accounting, a channel's per-VC credits),
// whose violations are counted a cycle each.
#pragma once
#include <cstdint>

#include "creditflow/core/types.hpp"

namespace creditflow::platform {

class CycleCheck {
 public:
  virtual ~CycleCheck() = default;
  // After the edge closing cycle t - 1 (the state at the start of t).
  virtual void observe(core::Cycle t) = 0;
  // The state that opened cycle `from` opening every cycle up to `to` (an idle stretch): a
  // violation is one a cycle, as observing each would count it.
  void observe_idle(core::Cycle from, core::Cycle to) {
    const std::uint64_t before = violations_;
    observe(from);
    if (violations_ != before) violations_ += to - from - 1;
  }

 protected:
  std::uint64_t violations_ = 0;
};

}  // namespace creditflow::platform
