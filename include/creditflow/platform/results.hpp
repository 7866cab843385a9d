// A run's figures as a JSON document (for tools) or as readable text (for people).
#pragma once
#include <string>
#include <vector>

#include "creditflow/platform/platform.hpp"
#include "creditflow/platform/simulate.hpp"

namespace creditflow::platform {

// Keys: model, view, cycles, warmup, seed, parameters, links.<name>.{throughput, sent,
// delivered, dropped, credits, measured_rtt, loop_rtt, ...}, classes.<name>.{sent,
// delivered, latency}, diagnosis, status and problems (run_problems) (their messages). Keys are sorted and numbers printed the same way every
// time, so the same run gives the same bytes.
std::string run_json(const Platform& platform, const RunResult& result);

std::string run_summary(const Platform& platform, const RunResult& result);

// What a run found wrong, worst first: "violated" (credit conservation), "corrupted" (a
// payload), "deadlocked" (the watchdog stopped it), "stuck" (a class that can never send),
// "misrouted" (flits popped at another receiver than their destination).
// `message` is one line; a deadlock's dump of every holder is in RunResult::deadlocks.
struct RunProblem {
  std::string status;
  std::string message;
};
// The first one's status is the run's verdict (the JSON's `status`, "ok" when there is
// none; the tool exits 1 unless it is "ok").
std::vector<RunProblem> run_problems(const RunResult& result);

}  // namespace creditflow::platform
