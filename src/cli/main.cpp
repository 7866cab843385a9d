// The creditflow tool with the built-in kinds.
#include <cstdlib>
#include <systemc>

#include "creditflow/cli/tool.hpp"

// Our own main, so the kernel's banner is off before SystemC prints it (it does so before
// sc_main runs); then the usual SystemC entry.
int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}

int sc_main(int argc, char* argv[]) {
  return creditflow::cli::run_tool(argc, argv, creditflow::platform::builtin_registry());
}
