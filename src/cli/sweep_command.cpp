#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/commands.hpp"
#include "creditflow/core/error.hpp"
#include "creditflow/platform/interrupt.hpp"
#include "creditflow/platform/isolated_run.hpp"
#include "creditflow/platform/sweep.hpp"
#include "sweep/slurm_sweep.hpp"
#include "sweep/sweep_checks.hpp"
#include "sweep/sweep_journal.hpp"
#include "sweep/sweep_outputs.hpp"
#include "sweep/sweep_request.hpp"

namespace creditflow::cli {

namespace {

struct SweepArgs {
  SweepRequest request;
  std::string shard;
  bool slurm = false;
  std::string resume;
  SlurmOptions slurm_options;
};

// "sweep: 12/31 points, 1.2 s, about 2.0 s left" on stderr: rewritten in place on a
// terminal, otherwise a line every tenth of the way and at least every 10 s.
class Progress {
 public:
  explicit Progress(std::size_t total) : total_(total), tty_(::isatty(2)) {}
  void update(std::size_t done) {
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (!tty_ && done != total_ && done * 10 / total_ == last_decile_ && elapsed < last_line_ + 10) return;
    last_decile_ = done * 10 / total_;
    last_line_ = elapsed;
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
  double last_line_ = 0;  // seconds
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// "point 3 (rx.depth=4)", the first few of `points`, for what an interruption left undone.
std::string named_points(const std::vector<const platform::SweepPoint*>& points) {
  std::string s;
  constexpr std::size_t kNamed = 3;
  for (std::size_t i = 0; i < points.size() && i < kNamed; ++i)
    s += (i ? ", " : "") + std::string("point ") + std::to_string(points[i]->index) + " (" + values_text(*points[i]) + ")";
  if (points.size() > kNamed) s += " and " + std::to_string(points.size() - kNamed) + " more";
  return s;
}

// Every point here, `-j` at a time; each finished point goes to the journal at once.
int sweep_here(const SweepRequest& request, const std::string& shard, const platform::Registry& registry) {
  const std::string model_text = platform::read_model_text(request.model);
  const platform::Netlist netlist = platform::parse_netlist(model_text, request.model);
  const std::vector<platform::SweepPlan> plans = plans_of(request, netlist);
  const std::string id = sweep_id(request, inputs_digest(request, model_text, netlist));
  std::vector<platform::SweepPoint> points = platform::expand(plans);
  if (!shard.empty()) {
    const auto [from, to] = platform::shard_range(shard, points.size());
    points = std::vector<platform::SweepPoint>(points.begin() + static_cast<std::ptrdiff_t>(from),
                                               points.begin() + static_cast<std::ptrdiff_t>(to));
  }
  std::optional<SweepJournal> journal;
  if (const auto path = journal_path(request)) journal.emplace(*path, id, shard, points);
  std::vector<platform::PointResult> results = journal ? journal->earlier() : std::vector<platform::PointResult>{};
  std::vector<platform::SweepPoint> left;
  {
    std::size_t e = 0;  // both in point order
    for (const platform::SweepPoint& p : points) {
      if (e < results.size() && results[e].point.index == p.index) {
        ++e;
        continue;
      }
      left.push_back(p);
    }
  }
  if (!results.empty())
    std::cerr << "creditflow: resuming from " << journal->path() << ": " << results.size() << " of " << points.size()
              << " points were done by an earlier run; delete it to start over\n";

  platform::SweepOptions options = options_of(request);
  const int allowed = platform::parallel_allowed(options.jobs);
  if (allowed < options.jobs)
    std::cerr << "creditflow: -j " << options.jobs << " is more than this machine's limits on processes and open "
              << "files allow: " << allowed << " at a time\n";
  options.jobs = allowed;
  Progress progress(std::max<std::size_t>(left.size(), 1));
  options.progress = [&progress](std::size_t done, std::size_t) { progress.update(done); };
  options.on_point = [&journal](const platform::PointResult& r) {
    if (journal && !r.interrupted) journal->record(r);
  };
  std::vector<platform::PointResult> ran;
  int caught = 0;  // the signal that interrupted the sweep, if any
  {
    platform::InterruptGuard guard;  // Ctrl-C stops the children and keeps what finished
    ran = platform::run_sweep(netlist, registry, left, options);
    caught = platform::interrupt_signal();
  }
  std::vector<const platform::SweepPoint*> running, unstarted;
  for (const platform::PointResult& r : ran) {
    if (!r.interrupted)
      results.push_back(r);
    else
      (r.error == platform::kInterruptedUnstarted ? unstarted : running).push_back(&r.point);
  }
  std::sort(results.begin(), results.end(),
            [](const platform::PointResult& a, const platform::PointResult& b) { return a.point.index < b.point.index; });
  if (caught != 0) {
    std::cerr << "creditflow: interrupted: " << results.size() << " of " << points.size() << " points done";
    if (results.empty()) {
      std::cerr << "; nothing written, no output touched\n";
      return 128 + caught;
    }
    std::cerr << "; stopped while running: " << named_points(running);
    if (!unstarted.empty()) std::cerr << "; not started: " << unstarted.size();
    std::cerr << "\n";
    write_outputs(request, plans, results, id);
    if (journal)
      std::cerr << "creditflow: the same command runs the " << points.size() - results.size()
                << " points left, taking up the finished ones from " << journal->path() << "\n";
    return 128 + caught;
  }
  write_outputs(request, plans, results, id);
  if (journal) journal->remove();
  return report_problems(results);
}

// Options that only mean something with --slurm or --resume, and those that a resumed
// sweep takes from its plan instead.
void check_combinations(const SweepArgs& a, const CLI::App& sweep) {
  const bool resuming = !a.resume.empty();
  const bool on_slurm = a.slurm || resuming;
  for (const char* name : {"--partition", "--tasks", "--time", "--sbatch-arg", "--no-wait", "--dry-run", "--poll"})
    if (sweep.count(name) && !on_slurm) throw Error(std::string("sweep: ") + name + " needs --slurm or --resume");
  if (a.slurm && a.slurm_options.out.empty())
    throw Error("sweep --slurm: give --out DIR, the folder for the plan, the tasks' results and the merged files");
  if (!a.slurm && !a.slurm_options.out.empty()) throw Error("sweep: --out DIR goes with --slurm");
  if (a.slurm && resuming) throw Error("sweep: --slurm starts a sweep and --resume continues one: give one");
  if (on_slurm && !a.shard.empty()) throw Error("sweep: --shard is for running a slice by hand; --slurm makes its own");
  if (resuming) {
    for (const char* name : {"model", "--vary", "--sweep", "--set", "--cycles", "--warmup", "--seed", "--watchdog",
                             "--wait-percentile", "--accepted-wait",
                             "--jobs", "--csv", "--json", "--plot", "--metric", "--view", "--isolate", "--tasks"})
      if (sweep.count(name))
        throw Error(std::string("sweep --resume: ") + name + " is not taken: the sweep's options are those in " +
                    a.resume + "/plan.json");
  } else if (a.request.model.empty()) {
    throw Error("sweep: give the platform file (or --resume DIR)");
  }
  if (a.request.isolate && a.request.view != "tl")
    throw Error("sweep: --isolate goes with --view tl (the cycle view always runs each point in a process of its own)");
}

}  // namespace

void add_sweep_command(CLI::App& app, const platform::Registry& registry, int& status) {
  auto args = std::make_shared<SweepArgs>();
  SweepRequest& r = args->request;
  CLI::App* sweep = app.add_subcommand(
      "sweep", "simulate every point of a parameter sweep, here (a process per point; the TL view: on "
      "worker threads) or on Slurm");
  sweep->add_option("model", r.model, "platform YAML file")->check(CLI::ExistingFile);
  sweep->add_option("--vary", r.vary,
                    "component.param=V1,V2,... or =A:B[:STEP] (repeatable; the first varies fastest); "
                    "without it, the file's named sweeps run");
  sweep->add_option("--sweep", r.sweeps, "run only this named sweep of the file (repeatable)");
  sweep->add_option("--set", r.sets, "override a parameter at every point: component.param=value");
  add_run_options(*sweep, r.run);
  sweep->add_option("-j,--jobs", r.jobs, "points simulated at once (with --slurm: per task, on as many CPUs)")
      ->check(CLI::Range(1, 1024));
  sweep->add_option("--csv", r.csv, "write one row per point to this CSV file");
  sweep->add_option("--json", r.json, "write every point's full result to this JSON file");
  sweep->add_option("--plot", r.plot, "draw the metric against the first varied parameter (.png or .svg)");
  sweep->add_option("--metric", r.metric,
                    "what the table and plot show: a link figure (throughput, peak_occupancy, ...) "
                    "or a JSON path (links.link.latency.creation_to_pop.p99)");
  sweep->add_option("--view", r.view, "cycle (SystemC modules on signals) or tl (transaction level: faster, "
                    "the same figures)")->check(CLI::IsMember({"cycle", "tl"}));
  sweep->add_flag("--isolate", r.isolate,
                  "with --view tl, run each point in a child process of its own as the cycle view does, not on a "
                  "worker thread (slower; a crash in a kind of yours then fails one point, not the sweep)");
  sweep->add_option("--shard", args->shard, "run only the K-th of N slices of the points: K/N");

  SlurmOptions& s = args->slurm_options;
  const std::string group = "Slurm";
  sweep->add_flag("--slurm", args->slurm, "run the points as one Slurm job array, wait for it and merge the results")
      ->group(group);
  sweep->add_option("--out", s.out, "with --slurm: the folder for the plan, the tasks' results and logs, and "
                    "the merged sweep.csv and sweep.json")->group(group);
  sweep->add_option("--partition", s.partition, "Slurm partition for the tasks (with --resume: instead of the "
                    "plan's)")->group(group);
  sweep->add_option("--tasks", s.tasks, "array tasks to split the points over (default: one per point, at most 100)")
      ->check(CLI::Range(1, 100000))->group(group);
  sweep->add_option("--time", s.time, "time limit per task, in sbatch's --time format (e.g. 30, 1:00:00; with --resume: "
                    "instead of the plan's)")
      ->group(group);
  sweep->add_option("--sbatch-arg", s.sbatch_args, "one more sbatch option for the tasks, e.g. --sbatch-arg=--account=hw "
                    "(repeatable)")->group(group)->allow_extra_args(false);
  sweep->add_flag_callback("--no-wait", [args] { args->slurm_options.wait = false; },
                           "submit, print the job id and return; collect later with creditflow merge DIR")
      ->group(group);
  sweep->add_flag("--dry-run", s.dry_run, "write the plan and print the sbatch command without submitting")
      ->group(group);
  sweep->add_option("--poll", s.poll, "seconds between two looks at the queue while waiting (default 5)")
      ->check(CLI::Range(0.05, 3600.0))->group(group);
  sweep->add_option("--resume", args->resume, "rerun, on Slurm, only the tasks of DIR whose points are missing, then "
                    "merge")->group(group);

  sweep->callback([args, sweep, &registry, &status] {
    check_combinations(*args, *sweep);
    if (!args->resume.empty()) {
      status = resume_on_slurm(args->resume, args->slurm_options);
      return;
    }
    if (!args->request.plot.empty()) platform::check_plot_file(args->request.plot);
    check_request(args->request, registry);
    status = args->slurm ? sweep_on_slurm(args->request, args->slurm_options)
                         : sweep_here(args->request, args->shard, registry);
  });
}

}  // namespace creditflow::cli
