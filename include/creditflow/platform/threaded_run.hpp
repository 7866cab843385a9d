// Runs pieces of work on worker threads of this process, with run_isolated_all()'s results,
// order and Ctrl-C handling (isolated_run.hpp), for work that runs no SystemC kernel (the
// transaction-level view): a point then costs its simulation, not a process. An exception
// is the item's error as in a child; a crash, unlike in a child, ends the whole process.
#pragma once
#include <vector>

#include "creditflow/platform/isolated_run.hpp"

namespace creditflow::platform {

// Every item on one of `threads` worker threads (fewer if the system refuses one; on the
// calling thread for one, or none to be had), `on_done` called on the calling thread as
// each finishes. Under an InterruptGuard, a SIGINT or SIGTERM marks the items not started
// interrupted, and the running ones stop at their next check (stop_if_interrupted()) and
// are marked so too.
std::vector<IsolatedResult> run_threaded_all(const std::vector<Work>& work, int threads, const OnDone& on_done = {});

}  // namespace creditflow::platform
