// The hop that limits each flow across routers placed in a platform (timing.md section 6):
// for a flow that carries less than its source offers it, its path from the interface its
// source feeds, router by router (by their routes), to the interface it leaves by; each
// router says how often the flow's VCs were held there for credits (by what is further on)
// and lost VC allocations and the switch (to the router's other traffic). The limit is the
// last router where they waited at least a tenth as often as where they waited most: that
// router where they lost more than they waited for credits, else the channel into the next
// router, or, past the last router, the interface and the link out of it. Both views call
// this once a platform has run.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "creditflow/core/vc_terms.hpp"
#include "creditflow/platform/platform.hpp"
#include "creditflow/platform/simulate.hpp"
#include "run/offered_rates.hpp"

namespace creditflow::platform {

using VcPartOf = std::function<const core::VcChannelPart&(const std::string& name)>;

// A line per flow across routers that falls short of its offer, with the flow's source, in
// the order of the flows.
std::vector<std::pair<std::string, std::string>> flow_limits(const Platform& platform, const RunResult& result,
                                                              const VcPartOf& part_of);

}  // namespace creditflow::platform
