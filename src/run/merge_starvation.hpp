// Starvation at a merge, told apart from deadlock. A link whose receiver feeds a merge
// input waits, with nothing moving, while the merge keeps handing its output the flits of
// its other inputs: a fixed priority whose high input never pauses. The link's watchdog
// fires as for a deadlock, but the platform moves: the run goes on, and the wait is
// reported as starvation (the input, how long it waited, who had the grants). Only a link
// whose merge served no other input over the watchdog's span is deadlocked.
// Both views ask the same object (behaviour lives once).
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "creditflow/core/loop_observer.hpp"
#include "creditflow/platform/platform.hpp"

namespace creditflow::platform {

class MergeStarvation {
 public:
  explicit MergeStarvation(const Platform& platform);
  // Whether loop `i`, caught by its watchdog at `t`, waits at a merge that served another
  // input within the watchdog's span: then it is starved, not deadlocked.
  bool starved(std::size_t i, const std::vector<const core::LoopObserver*>& observers, core::Cycle t) const;
  // The diagnosis of loop `i`'s longest starvation, every figure from its report ("" when it
  // never starved).
  std::string diagnosis(std::size_t i, const core::LinkReport& report) const;

 private:
  struct Input {
    std::string port;
    std::size_t loop;  // the loop whose receiver feeds it
  };
  struct Wait {
    std::string merge, policy, input;
    std::vector<Input> others;  // the merge's other inputs fed by a watched link
  };
  const Platform& platform_;
  core::Cycle watchdog_;
  std::vector<std::optional<Wait>> waits_;  // per loop
};

}  // namespace creditflow::platform
