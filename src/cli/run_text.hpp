// The settings run, sweep and compare share, as given on the command line (without CLI11,
// which only the files that add a command need: it is most of a file's build time).
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "creditflow/platform/platform.hpp"

namespace creditflow::cli {

// Shared by run and sweep: --set values and the run settings as given (empty: not given).
std::vector<platform::Override> parse_sets(const std::vector<std::string>& sets);
struct RunText {
  std::string cycles, warmup, seed, watchdog, wait_percentile, accepted_wait;
  // Each setting with its option's name, in one order for every use.
  std::vector<std::pair<const char*, std::string*>> fields() {
    return {{"--cycles", &cycles},   {"--warmup", &warmup},
            {"--seed", &seed},       {"--watchdog", &watchdog},
            {"--wait-percentile", &wait_percentile}, {"--accepted-wait", &accepted_wait}};
  }
};
platform::RunOverrides run_overrides(const RunText& run);

}  // namespace creditflow::cli
