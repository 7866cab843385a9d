// A sweep laid out for a Slurm job array, in a folder of its own:
//   DIR/plan.json        the request, the model's digest, the binary, the working folder,
//                        the number of tasks and every job submitted for it
//   DIR/task.sh          one array task K: `creditflow sweep ... --shard K/N --json DIR/shards/K.json`
//   DIR/shards/K.json    task K's points, written whole or not at all
//   DIR/logs/K.log       task K's standard output and error
//   DIR/sweep.csv, .json the merged results, once every point is in
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "creditflow/platform/sweep.hpp"
#include "sweep/sweep_request.hpp"

namespace creditflow::cli {

struct SlurmPlan {
  std::string dir;      // absolute
  SweepRequest request;  // outputs made absolute
  std::string workdir;  // where the sweep was asked for: tasks and merges read the model from there
  std::string binary;   // the creditflow (or user's tool) that tasks run
  std::string model_digest;
  std::size_t points = 0;
  std::size_t tasks = 0;
  std::vector<std::string> sbatch_options;  // besides --array and --output
  std::vector<std::string> job_ids;         // every submission, the first one first

  std::string shard_file(std::size_t task) const;
  std::string log_file(std::size_t task) const;
  std::string task_script() const;
};

// Writes DIR/plan.json and DIR/task.sh for `request`, split into `tasks` slices (0: one per
// point, at most 100; never more than there are points). Throws Error if DIR already holds
// a plan, or the model or its sweep does not load.
SlurmPlan create_plan(const std::string& dir, SweepRequest request, std::size_t tasks,
                      std::vector<std::string> sbatch_options);

// Removes what create_plan wrote, when nothing could be submitted for it, so that the same
// command can be given again; DIR itself goes only if that leaves it empty.
void discard_plan(const SlurmPlan& plan);

SlurmPlan load_plan(const std::string& dir);
void save_plan(const SlurmPlan& plan);

// A task whose slice is not wholly in DIR/shards.
struct MissingShard {
  std::size_t task = 0;
  std::string why;  // "no results", "3 of 5 points", with the end of its log
  std::vector<platform::SweepPoint> points;
};

struct Collected {
  std::vector<platform::SweepPlan> plans;
  std::vector<platform::PointResult> results;  // every point present, in point order
  std::vector<MissingShard> missing;
  std::string sweep_id;  // the plan's, which every shard carries
  std::vector<std::string> inputs;  // the model and the files it reads: no output goes over them
};

// Reads every task's results against the plan's points. Throws Error if the model changed
// since the plan was written, or a shard holds points that are not the plan's.
Collected collect(const SlurmPlan& plan);

// "5 of 40 points missing, from 1 of 8 tasks:" then each task with its points' parameters.
std::string missing_report(const SlurmPlan& plan, const Collected& collected);

}  // namespace creditflow::cli
