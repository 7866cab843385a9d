#include "sweep/slurm_job.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <sstream>
#include <thread>

#include "creditflow/core/error.hpp"
#include "creditflow/platform/interrupt.hpp"
#include "cli/program.hpp"

namespace creditflow::cli {

namespace {

std::string trimmed(const std::string& s) {
  const auto begin = s.find_first_not_of(" \t\r\n");
  if (begin == std::string::npos) return "";
  return s.substr(begin, s.find_last_not_of(" \t\r\n") - begin + 1);
}

// sbatch says what went wrong on its last line ("sbatch: error: invalid partition ...").
std::string last_line(const std::string& s) {
  const std::string t = trimmed(s);
  const auto newline = t.find_last_of('\n');
  return newline == std::string::npos ? t : trimmed(t.substr(newline + 1));
}

std::string joined(const std::vector<std::string>& ids) {
  std::string s;
  for (const std::string& id : ids) s += (s.empty() ? "" : ",") + id;
  return s;
}

}  // namespace

std::string array_spec(const std::vector<std::size_t>& tasks) {
  std::string spec;
  for (std::size_t i = 0; i < tasks.size();) {
    std::size_t j = i;
    while (j + 1 < tasks.size() && tasks[j + 1] == tasks[j] + 1) ++j;
    spec += (spec.empty() ? "" : ",") + std::to_string(tasks[i]);
    if (j > i) spec += "-" + std::to_string(tasks[j]);
    i = j + 1;
  }
  return spec;
}

std::vector<std::string> sbatch_command(const SlurmPlan& plan, const std::vector<std::size_t>& tasks) {
  std::vector<std::string> argv{"sbatch", "--parsable", "--job-name=creditflow-sweep",
                                "--array=" + array_spec(tasks), "--output=" + plan.dir + "/logs/%a.log",
                                "--chdir=" + plan.workdir};
  argv.insert(argv.end(), plan.sbatch_options.begin(), plan.sbatch_options.end());
  argv.push_back(plan.task_script());
  return argv;
}

std::string submit(const SlurmPlan& plan, const std::vector<std::size_t>& tasks) {
  const ProgramOutcome o = run_program(sbatch_command(plan, tasks));
  if (!o.started) throw Error("sweep --slurm: cannot run sbatch (" + o.err + "): is Slurm installed and on PATH?");
  const std::string id = trimmed(o.out.substr(0, o.out.find(';')));  // --parsable: "ID" or "ID;CLUSTER"
  if (o.status != 0 || id.empty() || id.find_first_not_of("0123456789") != std::string::npos)
    throw Error("sweep --slurm: sbatch refused the job: " + last_line(o.err.empty() ? o.out : o.err));
  return id;
}

long tasks_in_queue(const std::vector<std::string>& job_ids, std::string* why) {
  const ProgramOutcome o = run_program({"squeue", "--noheader", "--array", "--jobs=" + joined(job_ids), "--format=%T"});
  // squeue forgets a finished job after MinJobAge and then calls its id invalid.
  if (o.started && o.status != 0 && o.err.find("Invalid job id") != std::string::npos) return 0;
  if (!o.started || o.status != 0) {
    if (why) *why = trimmed(o.started ? o.err : o.err + " (is Slurm installed and on PATH?)");
    return -1;
  }
  long lines = 0;
  std::istringstream in(o.out);
  for (std::string line; std::getline(in, line);) lines += !trimmed(line).empty();
  return lines;
}

bool wait_for(const SlurmPlan& plan, const std::string& job_id, std::size_t tasks, double poll) {
  platform::InterruptGuard guard;  // Ctrl-C stops the waiting, not the job
  const auto start = std::chrono::steady_clock::now();
  const bool tty = ::isatty(2);
  long shown = -1;
  int failures = 0;
  constexpr int kFailuresAllowed = 10;
  for (;;) {
    std::string why;
    const long left = tasks_in_queue({job_id}, &why);
    if (left < 0 && ++failures >= kFailuresAllowed)
      throw Error("slurm: squeue failed " + std::to_string(kFailuresAllowed) + " times in a row (" + why + "); job " +
                  job_id + " may still run: collect it later with `creditflow merge " + plan.dir + "`");
    if (left >= 0) {
      failures = 0;
      if (left != shown || tty) {
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const std::size_t done = tasks - std::min<std::size_t>(tasks, static_cast<std::size_t>(left));
        std::fprintf(stderr, "%sslurm: job %s: %zu/%zu tasks finished, %.0f s%s", tty ? "\r" : "", job_id.c_str(),
                     done, tasks, elapsed, tty && left != 0 ? "" : "\n");
        std::fflush(stderr);
        shown = left;
      }
      if (left == 0) return true;
    }
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(poll);
    while (std::chrono::steady_clock::now() < until) {
      if (platform::interrupted()) {
        if (tty) std::fputc('\n', stderr);
        return false;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
}

}  // namespace creditflow::cli
