// `creditflow size MODEL`: the whole platform's buffers sized by simulation (the command's
// options; the search is platform::size_platform).
#pragma once
#include <string>
#include <vector>

#include "cli/run_text.hpp"
#include "creditflow/platform/registry.hpp"

namespace creditflow::cli {

struct SizePlatformArgs {
  std::string model;
  std::string meet;                                 // "offered" or ""
  std::vector<std::string> targets, vary, costs, sets;
  int seeds = 3;
  int jobs = 1;
  RunText run;
  std::string view = "tl";
  std::string write, pareto, plot;
  bool json = false, force = false;
};

// Sizes, prints the answer (or --json's object; --write, --pareto's table and --plot); the exit
// status: 0 when every target is met, 1 when no values in the ranges meet them.
int size_platform_command(const SizePlatformArgs& args, const platform::Registry& registry);

}  // namespace creditflow::cli
