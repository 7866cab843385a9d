// What a link is offered where no pattern of its own says it: a class_sender's classes
// fed by `sources`, and a loop out of a network (a network_interface's), from the sources
// whose flits its receiver takes. Both views call these once a platform has run.
#pragma once
#include <functional>

#include "creditflow/core/link_report.hpp"
#include "creditflow/platform/simulate.hpp"
#include "run/collect_results.hpp"

namespace creditflow::platform {

using Contribute = std::function<void(const LoopPart&, core::LinkReport&)>;

// Each class of a class_sender fed from its input: what the sources mapped to it offer.
void fed_class_rates(const Platform& platform, const Contribute& contribute, RunResult& result);
// Each loop out of a network: what its receiver's flows bring (see offered_rates.cpp).
void network_offered_rates(const Platform& platform, const Contribute& contribute, RunResult& result);

}  // namespace creditflow::platform
