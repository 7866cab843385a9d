#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "creditflow/core/error.hpp"
#include "creditflow/platform/interrupt.hpp"
#include "creditflow/platform/sweep.hpp"

namespace creditflow::cli {

namespace {

struct SweepArgs {
  std::string model;
  std::vector<std::string> vary, sets, sweeps;
  std::string cycles, warmup, seed, watchdog, csv, json, plot, shard;
  std::string metric = "throughput";
  std::string view = "cycle";
  int jobs = 1;
};

// "sweep: 12/31 points, 1.2 s, about 2.0 s left" on stderr: rewritten in place on a
// terminal, otherwise a line every tenth of the way.
class Progress {
 public:
  explicit Progress(std::size_t total) : total_(total), tty_(::isatty(2)) {}
  void update(std::size_t done) {
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (!tty_ && done != total_ && done * 10 / total_ == last_decile_) return;
    last_decile_ = done * 10 / total_;
    const double left = done ? elapsed / static_cast<double>(done) * static_cast<double>(total_ - done) : 0;
    std::fprintf(stderr, "%ssweep: %zu/%zu points, %.1f s, about %.1f s left, %.1f points/s%s",
                 tty_ ? "\r" : "", done, total_, elapsed, left,
                 elapsed > 0 ? static_cast<double>(done) / elapsed : 0.0,
                 tty_ && done != total_ ? "" : "\n");
    std::fflush(stderr);
  }

 private:
  std::size_t total_;
  bool tty_;
  std::size_t last_decile_ = 0;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  if (!out) throw Error(path + ": cannot write");
}

}  // namespace

void add_sweep_command(CLI::App& app, const platform::Registry& registry, int& status) {
  auto args = std::make_shared<SweepArgs>();
  CLI::App* sweep = app.add_subcommand(
      "sweep", "simulate every point of a parameter sweep, each in its own process");
  sweep->add_option("model", args->model, "platform YAML file")->required()->check(CLI::ExistingFile);
  sweep->add_option("--vary", args->vary,
                    "component.param=V1,V2,... or =A:B[:STEP] (repeatable; the first varies fastest); "
                    "without it, the file's named sweeps run");
  sweep->add_option("--sweep", args->sweeps, "run only this named sweep of the file (repeatable)");
  sweep->add_option("--set", args->sets, "override a parameter at every point: component.param=value");
  sweep->add_option("--cycles", args->cycles, "cycles to simulate per point");
  sweep->add_option("--warmup", args->warmup, "cycles before the measurement window");
  sweep->add_option("--seed", args->seed, "run seed");
  add_watchdog_option(*sweep, args->watchdog);
  sweep->add_option("-j,--jobs", args->jobs, "points simulated at once")->check(CLI::Range(1, 1024));
  sweep->add_option("--csv", args->csv, "write one row per point to this CSV file");
  sweep->add_option("--json", args->json, "write every point's full result to this JSON file");
  sweep->add_option("--plot", args->plot, "draw the metric against the first varied parameter (.png or .svg)");
  sweep->add_option("--metric", args->metric,
                    "what the table and plot show: a link figure (throughput, peak_occupancy, ...) "
                    "or a JSON path (links.link.latency.creation_to_pop.p99)");
  sweep->add_option("--view", args->view, "cycle (SystemC modules on signals) or tl (transaction level: faster, "
                    "the same figures)")->check(CLI::IsMember({"cycle", "tl"}));
  sweep->add_option("--shard", args->shard, "run only the K-th of N slices of the points: K/N");
  sweep->callback([args, &registry, &status] {
    if (!args->plot.empty()) platform::check_plot_file(args->plot);
    const platform::Netlist netlist = platform::load_netlist(args->model);
    std::vector<platform::SweepPlan> plans;
    if (!args->vary.empty()) {
      if (!args->sweeps.empty()) throw Error("sweep: give --vary or --sweep, not both");
      platform::SweepPlan plan;
      plan.name = "vary";
      for (const std::string& v : args->vary) plan.axes.push_back(platform::parse_vary(v));
      plans.push_back(plan);
    } else {
      for (platform::SweepPlan& plan : platform::sweep_plans(netlist)) {
        bool chosen = args->sweeps.empty();
        for (const std::string& s : args->sweeps) chosen = chosen || s == plan.name;
        if (chosen) plans.push_back(std::move(plan));
      }
      if (plans.empty())
        throw Error(args->model + ": no sweep to run: the file has " +
                    (netlist.sweeps.empty() ? std::string("no sweeps") : std::string("no sweep of that name")) +
                    "; give --vary component.param=values");
    }
    std::vector<platform::SweepPoint> points = platform::expand(plans);
    if (!args->shard.empty()) {
      const auto [from, to] = platform::shard_range(args->shard, points.size());
      points = std::vector<platform::SweepPoint>(points.begin() + static_cast<std::ptrdiff_t>(from),
                                                 points.begin() + static_cast<std::ptrdiff_t>(to));
    }
    platform::SweepOptions options;
    options.jobs = args->jobs;
    options.view = args->view;
    options.sets = parse_sets(args->sets);
    options.run = run_overrides(args->cycles, args->warmup, args->seed, args->watchdog);
    Progress progress(std::max<std::size_t>(points.size(), 1));
    options.progress = [&progress](std::size_t done, std::size_t) { progress.update(done); };
    std::vector<platform::PointResult> results;
    int caught = 0;  // the signal that interrupted the sweep, if any
    {
      platform::InterruptGuard guard;  // Ctrl-C stops the children and keeps what finished
      results = platform::run_sweep(netlist, registry, points, options);
      caught = platform::interrupt_signal();
    }
    const std::size_t total = results.size();
    results.erase(std::remove_if(results.begin(), results.end(),
                                 [](const platform::PointResult& r) { return r.interrupted; }),
                  results.end());

    std::cout << platform::sweep_tables(plans, results, args->metric);
    if (!args->csv.empty()) write_text(args->csv, platform::sweep_csv(plans, results));
    if (!args->json.empty()) write_text(args->json, platform::sweep_json(args->model, plans, results));
    if (!args->plot.empty()) platform::plot_sweep(plans, results, args->metric, args->plot);
    if (caught != 0) {
      std::cerr << "creditflow: interrupted: " << results.size() << " of " << total << " points done";
      if (!args->csv.empty() || !args->json.empty()) std::cerr << "; their results are written";
      std::cerr << "\n";
      status = 128 + caught;
      return;
    }
    // The same error at every point is one problem, said once.
    bool same_everywhere = results.size() > 1;
    for (const platform::PointResult& r : results)
      same_everywhere = same_everywhere && !r.ok && r.error == results.front().error;
    if (same_everywhere) {
      std::cerr << "creditflow: every point failed: " << results.front().error << "\n";
      status = 1;
      return;
    }
    for (const platform::PointResult& r : results) {
      std::string values;
      for (const auto& [param, value] : r.point.values) values += (values.empty() ? "" : ", ") + param + "=" + value;
      if (!r.ok) {
        std::cerr << "creditflow: point " << r.point.index << " (" << values << ") failed: " << r.error << "\n";
        status = 1;
        continue;
      }
      const nlohmann::json doc = nlohmann::json::parse(r.json);  // kept: the loop walks into it
      for (const auto& [link, figures] : doc.at("links").items())
        if (const auto cycle = figures.at("deadlock_cycle").get<std::uint64_t>()) {
          std::cerr << "creditflow: point " << r.point.index << " (" << values << ") deadlocked on link '" << link
                    << "' at cycle " << cycle << "; its figures stop there\n";
          status = 1;
        }
    }
  });
}

}  // namespace creditflow::cli
