#include "sweep/slurm_sweep.hpp"

#include <algorithm>
#include <iostream>

#include "creditflow/cli/tool.hpp"
#include "creditflow/core/error.hpp"
#include "creditflow/platform/interrupt.hpp"
#include "cli/commands.hpp"
#include "sweep/slurm_job.hpp"
#include "cli/output_paths.hpp"
#include "cli/shell_words.hpp"
#include "sweep/slurm_plan.hpp"
#include "sweep/sweep_outputs.hpp"

namespace creditflow::cli {

namespace {

int merge(const SlurmPlan& plan) {
  const Collected c = collect(plan);
  if (!c.missing.empty()) {
    std::cerr << "creditflow: merge: " << missing_report(plan, c);
    std::string why;
    const long queued = plan.job_ids.empty() ? -1 : tasks_in_queue(plan.job_ids, &why);
    if (queued > 0)
      std::cerr << "creditflow: " << queued << " tasks of job " << plan.job_ids.back()
                << " are still pending or running: merge again when they are done\n";
    else
      std::cerr << "creditflow: rerun them with `creditflow sweep --resume " << plan.dir << "`\n";
    return exit_problem;
  }
  // plan.json says where the outputs go: never over the model, a file it reads, or each other.
  std::vector<NamedPath> inputs;
  for (const std::string& file : c.inputs) inputs.push_back({"model's input", file});
  const SweepRequest& r = plan.request;
  for (const auto& [flag, file] : std::vector<NamedPath>{{"--csv", r.csv}, {"--json", r.json}, {"--plot", r.plot}})
    if (!file.empty() && file != "-") check_output(plan.dir + "/plan.json " + flag, file, false);
  check_distinct({{"--csv", r.csv}, {"--json", r.json}, {"--plot", r.plot}, {"sweep.csv", plan.dir + "/sweep.csv"},
                  {"sweep.json", plan.dir + "/sweep.json"}},
                 inputs);
  write_outputs(plan.request, c.plans, c.results, c.sweep_id);
  write_text(plan.dir + "/sweep.csv", platform::sweep_csv(c.plans, c.results, c.sweep_id, parse_sets(plan.request.sets)));
  write_text(plan.dir + "/sweep.json", platform::sweep_json(plan.request.model, c.plans, c.results, c.sweep_id));
  std::cerr << "creditflow: merged " << c.results.size() << " points from " << plan.tasks << " tasks into "
            << plan.dir << "/sweep.csv and sweep.json\n";
  return report_problems(c.results);
}

// Submits `tasks` of the plan, then waits and merges unless told otherwise. A new plan that
// sbatch refuses is removed again, so that the corrected command can simply be given again.
int launch(SlurmPlan& plan, const std::vector<std::size_t>& tasks, const SlurmOptions& options, bool new_plan) {
  if (options.dry_run) {
    std::cout << "wrote " << plan.dir << "/plan.json and task.sh (" << plan.points << " points in " << plan.tasks
              << " tasks); submit with:\n  " << shell_line(sbatch_command(plan, tasks))
              << "\nthen collect with: creditflow merge " << plan.dir << "\n";
    return 0;
  }
  std::string job;
  try {
    job = submit(plan, tasks);
  } catch (const Error&) {
    if (new_plan) discard_plan(plan);
    throw;
  }
  plan.job_ids.push_back(job);
  save_plan(plan);
  std::cerr << "slurm: submitted job " << job << ": " << tasks.size() << " of " << plan.tasks << " tasks ("
            << plan.points << " points); results in " << plan.dir << "\n";
  if (!options.wait) {
    std::cout << job << "\n";
    std::cerr << "slurm: collect the results with `creditflow merge " << plan.dir << "` once job " << job
              << " is done\n";
    return 0;
  }
  if (!wait_for(plan, job, tasks.size(), options.poll)) {
    std::cerr << "creditflow: interrupted; job " << job << " goes on: collect it with `creditflow merge " << plan.dir
              << "`, or cancel it with `scancel " << job << "`\n";
    return 128 + platform::interrupt_signal();
  }
  return merge(plan);
}

// The command line's sbatch options over those already there: --partition and --time
// replace theirs, so that tasks that ran out of time can be resumed with more.
void add_sbatch_options(std::vector<std::string>& sbatch, const SlurmOptions& options) {
  const auto replace = [&sbatch](const std::string& name, const std::string& value) {
    if (value.empty()) return;
    sbatch.erase(std::remove_if(sbatch.begin(), sbatch.end(),
                                [&name](const std::string& o) { return o.rfind(name + "=", 0) == 0; }),
                 sbatch.end());
    sbatch.push_back(name + "=" + value);
  };
  replace("--partition", options.partition);
  replace("--time", options.time);
  sbatch.insert(sbatch.end(), options.sbatch_args.begin(), options.sbatch_args.end());
}

}  // namespace

int sweep_on_slurm(const SweepRequest& request, const SlurmOptions& options) {
  std::vector<std::string> sbatch{"--cpus-per-task=" + std::to_string(request.jobs)};
  add_sbatch_options(sbatch, options);
  SlurmPlan plan = create_plan(options.out, request, options.tasks, sbatch);
  std::vector<std::size_t> tasks;
  for (std::size_t k = 1; k <= plan.tasks; ++k) tasks.push_back(k);
  return launch(plan, tasks, options, true);
}

int resume_on_slurm(const std::string& dir, const SlurmOptions& options) {
  SlurmPlan plan = load_plan(dir);
  if (!plan.job_ids.empty() && !options.dry_run) {
    std::string why;
    const long queued = tasks_in_queue(plan.job_ids, &why);
    if (queued < 0) throw Error("sweep --resume: cannot ask Slurm about the sweep's jobs: " + why);
    if (queued > 0)
      throw Error("sweep --resume: " + std::to_string(queued) + " tasks of job " + plan.job_ids.back() +
                  " are still pending or running: wait for them, or cancel them with `scancel " +
                  plan.job_ids.back() + "`, before resuming");
  }
  const Collected c = collect(plan);
  if (c.missing.empty()) {
    std::cerr << "slurm: every point of " << plan.dir << " is in: nothing to rerun\n";
    return merge(plan);
  }
  std::vector<std::size_t> tasks;
  std::size_t points = 0;
  for (const MissingShard& m : c.missing) {
    tasks.push_back(m.task);
    points += m.points.size();
  }
  add_sbatch_options(plan.sbatch_options, options);
  std::cerr << "slurm: rerunning tasks " << array_spec(tasks) << " for " << points << " missing points\n";
  return launch(plan, tasks, options, false);
}

int merge_slurm_sweep(const std::string& dir) { return merge(load_plan(dir)); }

}  // namespace creditflow::cli
