// The small interface every credit holder implements so that monitors can sum a loop's
// credits whatever the topology: each adds what it holds of its loop right now.
#pragma once
#include "creditflow/core/loop_state.hpp"

namespace creditflow::monitor {

class LoopParticipant {
 public:
  virtual ~LoopParticipant() = default;
  virtual void contribute(core::LoopState& state) const = 0;
};

}  // namespace creditflow::monitor
