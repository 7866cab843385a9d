#include "creditflow/platform/interrupt.hpp"

#include <csignal>

namespace creditflow::platform {

namespace {
volatile std::sig_atomic_t caught = 0;
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

bool interrupted() { return caught != 0; }
int interrupt_signal() { return caught; }

}  // namespace creditflow::platform
