// The tool's subcommands. Each adds itself to the CLI11 app; when chosen, its callback
// does the work and stores the exit status.
#pragma once
#include <CLI/CLI.hpp>
#include <string>
#include <utility>
#include <vector>

#include "creditflow/platform/registry.hpp"
#include "cli/run_text.hpp"

namespace creditflow::cli {

void add_run_options(CLI::App& command, RunText& run);

void add_run_command(CLI::App& app, const platform::Registry& registry, int& status);
void add_sweep_command(CLI::App& app, const platform::Registry& registry, int& status);
void add_size_command(CLI::App& app, const platform::Registry& registry, int& status);
void add_list_command(CLI::App& app, const platform::Registry& registry, int& status);
void add_merge_command(CLI::App& app, int& status);
void add_import_command(CLI::App& app, int& status);
void add_compare_command(CLI::App& app, const platform::Registry& registry, int& status);

}  // namespace creditflow::cli
