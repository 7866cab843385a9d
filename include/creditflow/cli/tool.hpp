// The creditflow command-line tool as a function, so a user can build their own tool
// with their own kinds registered:
//
//   int sc_main(int argc, char* argv[]) {
//     auto registry = creditflow::platform::builtin_registry();
//     registry.add(my_kind());
//     return creditflow::cli::run_tool(argc, argv, registry);
//   }
#pragma once
#include "creditflow/platform/registry.hpp"

namespace creditflow::cli {

// Runs `creditflow run | sweep | size | list | merge`. Returns the exit status: 0 on
// success, 1 when the work failed (bad input, a failed point, a conservation violation),
// 2 for a malformed command line. Errors are one line on stderr.
int run_tool(int argc, char* argv[], const platform::Registry& registry);

}  // namespace creditflow::cli
