#include "creditflow/platform/interrupt.hpp"

#include <atomic>
#include <csignal>

#include "creditflow/core/error.hpp"
#include "creditflow/core/stop_request.hpp"
#include "creditflow/platform/isolated_run.hpp"

namespace creditflow::platform {

namespace {
// The core's flag: worker threads read it (threaded_run.hpp), and so does kernel-free work
// that runs long before a first cycle (core/stop_request.hpp).
std::atomic<int>& caught = core::stop_signal();
struct sigaction previous_int, previous_term;

void on_signal(int signal) { caught = signal; }
}  // namespace

InterruptGuard::InterruptGuard() {
  caught = 0;
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: a blocking poll() returns at once with EINTR
  sigaction(SIGINT, &action, &previous_int);
  sigaction(SIGTERM, &action, &previous_term);
}

InterruptGuard::~InterruptGuard() {
  sigaction(SIGINT, &previous_int, nullptr);
  sigaction(SIGTERM, &previous_term, nullptr);
}

bool interrupted() { return caught.load(std::memory_order_relaxed) != 0; }
int interrupt_signal() { return caught.load(std::memory_order_relaxed); }

void stop_if_interrupted() {
  if (interrupted()) throw Error(kInterruptedRunning);
}

}  // namespace creditflow::platform
