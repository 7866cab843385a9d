// creditflow import-booksim CONFIG [key=value]...: a BookSim2 configuration as a model.
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/output_paths.hpp"
#include "creditflow/core/input_file.hpp"
#include "creditflow/core/error.hpp"
#include "creditflow/noc/booksim_import.hpp"
#include "creditflow/platform/atomic_file.hpp"

namespace creditflow::cli {

void add_import_command(CLI::App& app, int& status) {
  struct Args {
    std::string config, output;
    std::vector<std::string> extra;
    bool force = false;
  };
  auto args = std::make_shared<Args>();
  CLI::App* command = app.add_subcommand(
      "import-booksim", "write the model of a BookSim2 configuration (key = value lines); name what it cannot carry");
  command->add_option("config", args->config, "the BookSim2 configuration file")->required();
  command->add_option("settings", args->extra, "key=value words applied after the file, as BookSim2 takes them");
  command->add_option("-o,--output", args->output, "write the model here (default: standard output)");
  command->add_flag("--force", args->force, "replace --output if it exists");
  command->callback([args, &status] {
    const std::string text = core::read_input_file(args->config, "a BookSim2 configuration", core::kMaxInputBytes);
    if (!args->output.empty()) {
      check_output("import-booksim --output", args->output, false);
      check_distinct({{"--output", args->output}}, {{"configuration", args->config}});
      check_not_replacing("import-booksim --output", args->output, args->force);
    }
    const noc::BooksimImport imported = noc::import_booksim(text, args->config, args->extra);
    for (const std::string& line : imported.said) std::cerr << "import-booksim: " << line << "\n";
    // Something left behind is not a clean import: say so in the status too.
    status = imported.said.empty() ? 0 : 3;
    if (!imported.refused.empty()) {
      std::cerr << "import-booksim: nothing written: a model without "
                << (imported.refused.size() == 1 ? "that line" : "those lines")
                << " would be another network than this configuration's\n";
      return;
    }
    const std::string yaml = noc::network_yaml(imported, args->config);
    if (args->output.empty())
      std::cout << yaml;
    else
      platform::write_file_atomically(args->output, yaml);
  });
}

}  // namespace creditflow::cli
