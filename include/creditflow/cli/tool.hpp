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

// The tool's exit statuses.
inline constexpr int exit_ok = 0;
// It ran and found a problem: a conservation violation, a corrupted payload, a deadlock,
// a class that can never send, a protocol error, a sweep point not ok, a merge missing
// points.
inline constexpr int exit_problem = 1;
// It refused its input before running: a command line, model file, parameter value or
// output path it cannot take (one line on stderr says what, where and what is allowed).
inline constexpr int exit_refused = 2;

// Runs `creditflow run | sweep | size | list | merge`; returns one of the statuses above.
int run_tool(int argc, char* argv[], const platform::Registry& registry);

}  // namespace creditflow::cli
