// The tool's subcommands. Each adds itself to the CLI11 app; when chosen, its callback
// does the work and stores the exit status.
#pragma once
#include <CLI/CLI.hpp>

#include "creditflow/platform/platform.hpp"
#include "creditflow/platform/registry.hpp"

namespace creditflow::cli {

// Shared by run and sweep: --set values and the run-length options.
std::vector<platform::Override> parse_sets(const std::vector<std::string>& sets);
platform::RunOverrides run_overrides(const std::string& cycles, const std::string& warmup, const std::string& seed,
                                     const std::string& watchdog);
void add_watchdog_option(CLI::App& command, std::string& watchdog);

void add_run_command(CLI::App& app, const platform::Registry& registry, int& status);
void add_sweep_command(CLI::App& app, const platform::Registry& registry, int& status);
void add_size_command(CLI::App& app, int& status);
void add_list_command(CLI::App& app, const platform::Registry& registry, int& status);
void add_merge_command(CLI::App& app, int& status);

}  // namespace creditflow::cli
