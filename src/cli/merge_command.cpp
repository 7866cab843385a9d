#include <memory>

#include "commands.hpp"
#include "creditflow/platform/sweep.hpp"

namespace creditflow::cli {

void add_merge_command(CLI::App& app, int& status) {
  auto output = std::make_shared<std::string>();
  auto inputs = std::make_shared<std::vector<std::string>>();
  CLI::App* merge = app.add_subcommand("merge", "join the CSV or JSON outputs of sweep shards in point order");
  merge->add_option("output", *output, "merged file (.csv or .json)")->required();
  merge->add_option("inputs", *inputs, "shard outputs")->required()->check(CLI::ExistingFile);
  merge->callback([output, inputs, &status] {
    platform::merge_outputs(*output, *inputs);
    status = 0;
  });
}

}  // namespace creditflow::cli
