// Ctrl-C (SIGINT) and SIGTERM during a long job: while an InterruptGuard lives, either
// signal only raises a flag, which run_isolated_all() checks to stop its children and
// return what finished (run_threaded_all(): its workers). Children are forked with the
// default handlers back.
#pragma once

namespace creditflow::platform {

class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
};

// Whether SIGINT or SIGTERM arrived under a guard (and which: 0 if none).
bool interrupted();
int interrupt_signal();

// Throws Error(kInterruptedRunning) if so: a long run on a worker thread looks every few
// thousand cycles, as a child would be killed (threaded_run.hpp).
void stop_if_interrupted();

}  // namespace creditflow::platform
