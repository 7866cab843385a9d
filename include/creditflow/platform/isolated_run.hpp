// Runs pieces of work in child processes and brings back their text results. SystemC can
// elaborate only once per process, so every simulation point of a sweep runs this way.
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace creditflow::platform {

struct IsolatedResult {
  bool ok = false;
  std::string output;  // the work's return value when ok
  std::string error;   // the exception's message, or how the child died, when not ok
  bool interrupted = false;  // stopped or never started because of Ctrl-C (interrupt.hpp)
};

using Work = std::function<std::string()>;

// `work` runs in a fork()ed child; an exception becomes `error`, as does a crash.
IsolatedResult run_isolated(const Work& work);

// Runs every item in its own child, at most `parallel` at once. Results come back in the
// order of `work` whatever order the children finish in; `on_done(done, total)` is called
// in the parent after each one finishes. Under an InterruptGuard, a SIGINT or SIGTERM
// kills the children still running and marks them, and those not started, interrupted.
std::vector<IsolatedResult> run_isolated_all(
    const std::vector<Work>& work, int parallel,
    const std::function<void(std::size_t, std::size_t)>& on_done = {});

}  // namespace creditflow::platform
