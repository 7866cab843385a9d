// A request to stop long work: Ctrl-C or SIGTERM while platform::InterruptGuard lives sets
// it. Kernel-free work that can take long before a first cycle is simulated (an anynet's
// routing tables) looks at it, so a stop is not kept waiting.
#pragma once
#include <atomic>

namespace creditflow::core {

// The signal that asked to stop (0: none). Atomic and lock-free: a signal handler writes
// it, worker threads read it.
std::atomic<int>& stop_signal();
inline bool stop_requested() { return stop_signal().load(std::memory_order_relaxed) != 0; }

}  // namespace creditflow::core
