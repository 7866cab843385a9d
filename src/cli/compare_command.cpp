// `creditflow compare MODEL --against rx.kind=my_rx`: the platform run twice, as set and
// with the --against values on top, each in its own process tracing every channel and every
// credit holder's terms to a VCD; then the traces compared signal by signal. Prints the
// first cycle a signal differs with both values, or that the runs are identical over every
// cycle. A model against its RTL in one command.
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <memory>

#include <unistd.h>

#include "cli/commands.hpp"
#include "creditflow/cli/tool.hpp"
#include "creditflow/platform/isolated_run.hpp"
#include "creditflow/platform/platform.hpp"
#include "creditflow/platform/simulate.hpp"
#include "creditflow/platform/vcd_compare.hpp"
#include "cli/output_paths.hpp"
#include "creditflow/platform/interrupt.hpp"

namespace creditflow::cli {

namespace {

namespace fs = std::filesystem;

struct CompareArgs {
  std::string model;
  std::vector<std::string> sets, against;
  RunText run;
  std::string vcd, vcd_limit;
};

std::string joined(const std::vector<std::string>& items, const char* option) {
  std::string text;
  for (const std::string& i : items) text += (text.empty() ? "" : " ") + std::string(option) + " " + i;
  return text;
}

// Removes the traces it made unless they were asked to be kept.
struct Traces {
  const std::string a, b;
  const bool keep;
  ~Traces() {
    if (keep) return;
    // The folder is compare's own (mkdtemp): it goes whole, with the partial trace of a run
    // that was stopped.
    std::error_code ec;
    fs::remove_all(fs::path(a).parent_path(), ec);
  }
};

std::string cycle_at(const platform::Platform& p, std::uint64_t time_ps) {
  const platform::ClockDecl& clk = p.clocks.front();
  const auto phase = static_cast<std::uint64_t>(clk.phase_ps), period = static_cast<std::uint64_t>(clk.period_ps);
  const std::uint64_t cycle = time_ps < phase || period == 0 ? 0 : (time_ps - phase) / period;
  return "cycle " + std::to_string(cycle) + " of " + clk.name + " (" + std::to_string(time_ps) + " ps)";
}

}  // namespace

void add_compare_command(CLI::App& app, const platform::Registry& registry, int& status) {
  auto args = std::make_shared<CompareArgs>();
  CLI::App* cmd = app.add_subcommand(
      "compare", "run a platform twice, as set and with --against values, and compare every signal cycle by cycle");
  cmd->add_option("model", args->model, "platform YAML file")->required()->check(CLI::ExistingFile);
  cmd->add_option("--set", args->sets, "a parameter for both runs: component.param=value (repeatable)");
  cmd->add_option("--against", args->against,
                  "what the second run changes, on top of --set: component.param=value, e.g. rx.kind=my_rx "
                  "(repeatable; at least one)")
      ->required();
  add_run_options(*cmd, args->run);
  cmd->add_option("--vcd", args->vcd,
                  "keep both traces, as PREFIX.a.vcd and PREFIX.b.vcd, to look at the difference in GTKWave");
  cmd->add_option("--vcd-limit", args->vcd_limit, "the largest trace each run may write, e.g. 4GiB (default 1GiB)");
  cmd->callback([args, &registry, &status] {
    const std::uint64_t vcd_limit = vcd_limit_of(args->vcd_limit);
    std::string a_file, b_file;
    if (!args->vcd.empty()) {
      a_file = args->vcd + ".a.vcd";
      b_file = args->vcd + ".b.vcd";
      check_output("--vcd", a_file, false);
      check_output("--vcd", b_file, false);
      check_distinct({{"--vcd", a_file}}, {{"model file", args->model}});
      for (const std::string& f : {a_file, b_file})
        if (fs::exists(f))
          throw Error("--vcd " + args->vcd + ": " + f +
                      " exists; creditflow does not replace a trace (remove it, or give another prefix)");
    } else {
      // In $TMPDIR as other tools' temporary files are, else /tmp.
      const char* tmp = std::getenv("TMPDIR");
      const std::string base = tmp && *tmp ? tmp : "/tmp";
      std::string pattern = base + "/creditflow-compare-XXXXXX";
      char* dir = ::mkdtemp(pattern.data());
      if (!dir) throw Error("compare: cannot make a folder for the traces in " + base);
      a_file = std::string(dir) + "/a.vcd";
      b_file = std::string(dir) + "/b.vcd";
    }
    const Traces traces{a_file, b_file, !args->vcd.empty()};
    // Both sides resolved here first: a bad value on either is refused before any run.
    const platform::Netlist netlist = platform::load_netlist(args->model);
    std::vector<platform::Override> a_sets = parse_sets(args->sets), b_sets = a_sets;
    for (const std::string& s : args->against) b_sets.push_back(platform::parse_override(s, "--against"));
    const platform::Platform a = platform::resolve(netlist, registry, a_sets, run_overrides(args->run));
    const platform::Platform b = platform::resolve(netlist, registry, b_sets, run_overrides(args->run));
    const std::string a_name = args->sets.empty() ? "as written" : "with " + joined(args->sets, "--set");
    const std::string b_name = "with " + joined(args->against, "--against");

    struct Side {
      const platform::Platform* platform;
      std::string file, name;
    };
    // Ctrl-C stops the run in progress; the temporary traces go with the folder (Traces).
    platform::InterruptGuard guard;
    std::string ran;  // the cycles the first side ran (a network's measurement sets its own)
    for (const Side& side : {Side{&a, traces.a, a_name}, Side{&b, traces.b, b_name}}) {
      std::cerr << "compare: running " << side.name << " (" << side.platform->run.cycles << " cycles planned)\n";
      const auto start = std::chrono::steady_clock::now();
      const platform::IsolatedResult r = platform::run_isolated([&] {
        return std::to_string(
            platform::simulate_view(*side.platform, registry, "cycle", side.file, "--view", vcd_limit).run.cycles);
      });
      if (r.interrupted || platform::interrupted()) {
        std::cerr << "creditflow: compare: interrupted while running " << side.name << "; "
                  << (traces.keep ? "the traces written so far stay" : "its temporary traces are removed") << "\n";
        status = 128 + platform::interrupt_signal();
        return;
      }
      if (!r.ok)
        throw ProtocolError("compare: the run " + side.name + " failed: " + r.error +
                            (traces.keep ? "" : " (compare's temporary traces are removed; --vcd PREFIX keeps them)"));
      if (ran.empty()) ran = r.output;
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::cerr << "compare: the run " << side.name << " took " << std::fixed << std::setprecision(1) << seconds
                << " s\n";
    }
    const platform::VcdComparison c = platform::compare_vcd(traces.a, traces.b);
    if (c.identical) {
      std::cout << "identical over " << ran << " cycles, " << c.events << " events, " << c.compared
                << " signals (" << a_name << ", and " << b_name << ")\n";
    } else {
      std::cout << "first difference at " << cycle_at(a, c.time) << ": " << c.signal << " is " << c.a << " "
                << a_name << ", " << c.b << " " << b_name;
      if (c.differing == 2) std::cout << " (and 1 more signal differs then)";
      if (c.differing > 2) std::cout << " (and " << c.differing - 1 << " more signals differ then)";
      std::cout << "\n";
      status = exit_problem;
    }
    auto only = [](const std::vector<std::string>& names, const std::string& side) {
      if (names.empty()) return;
      std::cout << names.size() << (names.size() == 1 ? " signal" : " signals") << " only " << side << ", not compared:";
      for (std::size_t i = 0; i < names.size() && i < 4; ++i) std::cout << " " << names[i];
      std::cout << (names.size() > 4 ? " ...\n" : "\n");
    };
    only(c.only_a, a_name);
    only(c.only_b, b_name);
    if (traces.keep) std::cout << "traces: " << traces.a << ", " << traces.b << "\n";
  });
}

}  // namespace creditflow::cli
