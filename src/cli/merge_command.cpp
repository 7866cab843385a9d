#include <filesystem>
#include <memory>

#include "cli/commands.hpp"
#include "creditflow/core/error.hpp"
#include "creditflow/platform/sweep.hpp"
#include "cli/output_paths.hpp"
#include "sweep/slurm_sweep.hpp"

namespace creditflow::cli {

void add_merge_command(CLI::App& app, int& status) {
  auto output = std::make_shared<std::string>();
  auto inputs = std::make_shared<std::vector<std::string>>();
  CLI::App* merge = app.add_subcommand(
      "merge", "merge a Slurm sweep's folder (merge DIR), or join shard CSVs or JSONs in point order "
               "(merge OUTPUT SHARDS...)");
  merge->add_option("output", *output, "a `sweep --slurm --out` folder, or the merged file (.csv or .json)")
      ->required();
  merge->add_option("inputs", *inputs, "shard outputs")->check(CLI::ExistingFile);
  merge->callback([output, inputs, &status] {
    if (std::filesystem::is_directory(*output)) {
      if (!inputs->empty()) throw Error("merge " + *output + ": a sweep folder is merged on its own, without files");
      status = merge_slurm_sweep(*output);
      return;
    }
    if (inputs->empty()) throw Error("merge " + *output + ": not a folder; to join files give the shards after it");
    check_output("merge", *output, false);
    std::vector<NamedPath> shards;
    for (const std::string& in : *inputs) shards.emplace_back("shard " + in, in);
    check_distinct({{"merge output", *output}}, shards);
    platform::merge_outputs(*output, *inputs);
    status = 0;
  });
}

}  // namespace creditflow::cli
