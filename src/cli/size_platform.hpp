// `creditflow size MODEL`: the whole platform's buffers sized by simulation (the command's
// options; the search is platform::size_platform).
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/run_text.hpp"
#include "creditflow/platform/registry.hpp"
#include "creditflow/platform/size_platform.hpp"

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

// The search's request from the options (no progress line): checks --meet, -j and --view, splits --vary's
// lists, reads --cost. Throws ParameterError naming the option.
platform::SizeRequest size_request(const SizePlatformArgs& args);

// An answer as the command prints it, and as its --json object.
std::string answer_text(const std::string& model, const platform::SizeAnswer& answer);
nlohmann::ordered_json answer_json(const std::string& model, const platform::SizeAnswer& answer);

// Sizes, prints the answer (or --json's object; --write, --pareto's table and --plot); the exit
// status: 0 when every target is met, 1 when no values in the ranges meet them.
int size_platform_command(const SizePlatformArgs& args, const platform::Registry& registry);

}  // namespace creditflow::cli
