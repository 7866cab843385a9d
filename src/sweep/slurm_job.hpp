// The Slurm side of a sweep: submitting a plan's tasks as one job array with sbatch and
// following them with squeue. Nothing here knows what a task computes.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "sweep/slurm_plan.hpp"

namespace creditflow::cli {

// "1-8", or "2,5-7" for a resubmission of some tasks.
std::string array_spec(const std::vector<std::size_t>& tasks);

// The sbatch command that submits `tasks` of the plan.
std::vector<std::string> sbatch_command(const SlurmPlan& plan, const std::vector<std::size_t>& tasks);

// Submits and returns the job id. Throws Error with sbatch's own words if it refuses.
std::string submit(const SlurmPlan& plan, const std::vector<std::size_t>& tasks);

// How many array tasks of these jobs are still pending or running; -1 if squeue cannot
// tell (no Slurm here, or no controller to ask).
long tasks_in_queue(const std::vector<std::string>& job_ids, std::string* why = nullptr);

// Waits until no task of `job_id` is pending or running, polling squeue every `poll`
// seconds with a progress line on stderr. Returns false if Ctrl-C or SIGTERM came first
// (the job goes on). Throws Error if squeue keeps failing.
bool wait_for(const SlurmPlan& plan, const std::string& job_id, std::size_t tasks, double poll);

}  // namespace creditflow::cli
