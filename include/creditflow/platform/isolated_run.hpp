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

// The `error` of an interrupted item.
inline constexpr const char* kInterruptedRunning = "interrupted while running";
inline constexpr const char* kInterruptedUnstarted = "interrupted before it started";

using Work = std::function<std::string()>;

// `work` runs in a fork()ed child; an exception becomes `error`, as does a crash.
IsolatedResult run_isolated(const Work& work);

// Called in the parent as each item finishes: its index, its result, how many are done.
using OnDone = std::function<void(std::size_t index, const IsolatedResult& result, std::size_t done)>;

// Runs every item in its own child, at most `parallel` at once. Results come back in the
// order of `work` whatever order the children finish in. Under an InterruptGuard, a SIGINT
// or SIGTERM kills the children still running and marks them, and those not started,
// interrupted; children ignore both signals themselves (the parent decides), and die with
// the parent if it is killed outright. A fork or pipe that fails for want of processes,
// files or memory is retried once a running child has finished (or after a pause), not
// counted as the item's failure.
std::vector<IsolatedResult> run_isolated_all(const std::vector<Work>& work, int parallel, const OnDone& on_done = {});

// How many children may run at once here: `wanted`, or fewer when the limits on open
// files (two per child while it starts) or on processes would be reached first.
int parallel_allowed(int wanted);

}  // namespace creditflow::platform
