#include <iostream>
#include <memory>

#include "creditflow/cli/tool.hpp"
#include "commands.hpp"
#include "creditflow/platform/platform.hpp"
#include "creditflow/platform/results.hpp"
#include "creditflow/platform/simulate.hpp"

namespace creditflow::cli {

namespace {
struct RunArgs {
  std::string model;
  std::vector<std::string> sets;
  std::string cycles, warmup, seed, vcd, watchdog;
  std::string view = "cycle";
  bool json = false;
};
}  // namespace

std::vector<platform::Override> parse_sets(const std::vector<std::string>& sets) {
  std::vector<platform::Override> out;
  for (const std::string& s : sets) out.push_back(platform::parse_override(s, "--set"));
  return out;
}

platform::RunOverrides run_overrides(const std::string& cycles, const std::string& warmup, const std::string& seed,
                                     const std::string& watchdog) {
  platform::RunOverrides r;
  if (!cycles.empty()) r.cycles = cycles;
  if (!warmup.empty()) r.warmup = warmup;
  if (!seed.empty()) r.seed = seed;
  if (!watchdog.empty()) r.watchdog = watchdog;
  return r;
}

void add_watchdog_option(CLI::App& command, std::string& watchdog) {
  command.add_option("--watchdog", watchdog,
                     "stop a link after this many cycles with work pending and nothing moving, and dump every "
                     "credit holder (default: the file's run.watchdog, else 10000; 0: off)");
}

void add_run_command(CLI::App& app, const platform::Registry& registry, int& status) {
  auto args = std::make_shared<RunArgs>();
  CLI::App* run = app.add_subcommand("run", "elaborate a platform, simulate it, report its figures");
  run->add_option("model", args->model, "platform YAML file")->required()->check(CLI::ExistingFile);
  run->add_option("--set", args->sets, "override a parameter: component.param=value (repeatable)");
  run->add_option("--cycles", args->cycles, "cycles to simulate (default: the file's run.cycles, else 6000)");
  run->add_option("--warmup", args->warmup, "cycles before the measurement window (default: half)");
  run->add_option("--seed", args->seed, "run seed for every random choice (default 1)");
  add_watchdog_option(*run, args->watchdog);
  run->add_flag("--json", args->json, "print a JSON document instead of the summary");
  run->add_option("--vcd", args->vcd, "write every channel's signals to this VCD file (cycle view)");
  run->add_option("--view", args->view, "cycle (SystemC modules on signals) or tl (transaction level: faster, "
                  "the same figures)")->check(CLI::IsMember({"cycle", "tl"}));
  run->callback([args, &registry, &status] {
    const platform::Netlist netlist = platform::load_netlist(args->model);
    const platform::Platform p = platform::resolve(
        netlist, registry, parse_sets(args->sets), run_overrides(args->cycles, args->warmup, args->seed, args->watchdog));
    const platform::RunResult result = platform::simulate_view(p, registry, args->view, args->vcd);
    std::cout << (args->json ? platform::run_json(p, result) : platform::run_summary(p, result));
    // One line per problem; a deadlock adds its dump of every credit holder.
    for (const platform::RunProblem& problem : platform::run_problems(result)) {
      if (problem.status != "deadlocked") std::cerr << "creditflow: " << problem.message << "\n";
      status = exit_problem;
    }
    for (const std::string& d : result.deadlocks) std::cerr << "creditflow: " << d;
  });
}

}  // namespace creditflow::cli
