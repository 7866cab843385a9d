// Ctrl-C (SIGINT) and SIGTERM during a long job: while an InterruptGuard lives, either
// signal only raises a flag, which run_isolated_all() checks to stop its children and
// return what finished. Children are forked with the default handlers back.
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

}  // namespace creditflow::platform
