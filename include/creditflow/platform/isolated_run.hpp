// Runs a piece of work in a child process and brings back its text result. SystemC can
// elaborate only once per process, so every simulation point of a sweep runs this way.
#pragma once
#include <functional>
#include <string>

namespace creditflow::platform {

struct IsolatedResult {
  bool ok = false;
  std::string output;  // the work's return value when ok
  std::string error;   // the exception's message, or how the child died, when not ok
};

// `work` runs in a fork()ed child; an exception becomes `error`, as does a crash.
IsolatedResult run_isolated(const std::function<std::string()>& work);

}  // namespace creditflow::platform
