// A user's creditflow tool: its RTL kinds come from creditflow_add_verilated_kind.
#include <cstdlib>
#include <systemc>

#include <creditflow/cli/tool.hpp>

int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}

int sc_main(int argc, char* argv[]) {
  return creditflow::cli::run_tool(argc, argv, creditflow::platform::builtin_registry());
}
