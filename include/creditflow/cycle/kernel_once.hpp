// SystemC elaborates and simulates once per process: a second run would end in the
// kernel's own E113 error halfway through building modules. This says so first, as a
// creditflow::Error naming what was asked and what to do instead.
#pragma once
#include <string>
#include <systemc>

#include "creditflow/core/error.hpp"

namespace creditflow::cycle {

// Throws unless the kernel is still elaborating its first simulation. `what` names the call.
inline void check_kernel_unused(const std::string& what) {
  if (sc_core::sc_get_status() == sc_core::SC_ELABORATION && !sc_core::sc_start_of_simulation_invoked()) return;
  throw Error(what + ": SystemC runs one simulation per process, and this process has run one already; "
              "run each in a process of its own (platform::run_isolated, as creditflow sweep does), or use the "
              "transaction-level view (platform::simulate_tl), which runs any number in one process");
}

}  // namespace creditflow::cycle
