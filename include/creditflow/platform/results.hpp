// A run's figures as a JSON document (for tools) or as readable text (for people).
#pragma once
#include <string>

#include "creditflow/platform/platform.hpp"
#include "creditflow/platform/simulate.hpp"

namespace creditflow::platform {

// Keys: model, view, cycles, warmup, seed, parameters, links.<name>.{throughput, sent,
// delivered, dropped, credits, measured_rtt, loop_rtt, ...}, classes.<name>.{sent,
// delivered, latency}, diagnosis. Keys are sorted and numbers printed the same way every
// time, so the same run gives the same bytes.
std::string run_json(const Platform& platform, const RunResult& result);

std::string run_summary(const Platform& platform, const RunResult& result);

}  // namespace creditflow::platform
