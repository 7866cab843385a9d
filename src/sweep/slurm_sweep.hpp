// `creditflow sweep --slurm`, `sweep --resume` and `merge DIR`: a sweep run as one Slurm
// job array, merged into the same bytes a local sweep writes.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "sweep/sweep_request.hpp"

namespace creditflow::cli {

struct SlurmOptions {
  std::string out;  // the plan's folder
  std::string partition, time;
  std::size_t tasks = 0;  // 0: one per point, at most 100
  std::vector<std::string> sbatch_args;
  bool wait = true;
  bool dry_run = false;  // write the plan and print the sbatch command, submit nothing
  double poll = 5;       // seconds between two looks at the queue
};

// Each returns the tool's exit status.
int sweep_on_slurm(const SweepRequest& request, const SlurmOptions& options);
int resume_on_slurm(const std::string& dir, const SlurmOptions& options);
int merge_slurm_sweep(const std::string& dir);

}  // namespace creditflow::cli
