// The tool's subcommands. Each adds itself to the CLI11 app; when chosen, its callback
// does the work and stores the exit status.
#pragma once
#include <CLI/CLI.hpp>
#include <string>
#include <utility>
#include <vector>

#include "creditflow/platform/platform.hpp"
#include "creditflow/platform/registry.hpp"

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
void add_run_options(CLI::App& command, RunText& run);
platform::RunOverrides run_overrides(const RunText& run);

void add_run_command(CLI::App& app, const platform::Registry& registry, int& status);
void add_sweep_command(CLI::App& app, const platform::Registry& registry, int& status);
void add_size_command(CLI::App& app, int& status);
void add_list_command(CLI::App& app, const platform::Registry& registry, int& status);
void add_merge_command(CLI::App& app, int& status);
void add_import_command(CLI::App& app, int& status);
void add_compare_command(CLI::App& app, const platform::Registry& registry, int& status);

}  // namespace creditflow::cli
