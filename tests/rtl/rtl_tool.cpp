// A user's creditflow tool with their RTL in it: the kinds come from
// creditflow_add_verilated_kind in tests/CMakeLists.txt, registered before main, so the
// main of such a tool is creditflow's own.
#include <cstdlib>
#include <systemc>

#include "creditflow/cli/tool.hpp"

int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}

int sc_main(int argc, char* argv[]) {
  return creditflow::cli::run_tool(argc, argv, creditflow::platform::builtin_registry());
}
