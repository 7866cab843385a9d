// What both views do once a platform has run: each link's report from its observer and
// from what its parts measured, with the cross-clock and per-class adjustments.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "creditflow/core/loop_observer.hpp"
#include "creditflow/monitor/loop_participant.hpp"
#include "creditflow/platform/component.hpp"
#include "creditflow/platform/simulate.hpp"

namespace creditflow::platform {

// A component taking part in a loop, by the port of its end there ("" for a pipe).
struct LoopPart {
  std::string name, end;
};

// The components a link's monitor sums: a credit loop's sender, pipes and receiver, or a
// ready/valid link's source, pipes and receiver; each once (a loop kind is all three).
std::vector<LoopPart> parts_of(const LoopPlan& loop);

// What component `c` sees of the platform (ComponentContext), for its ComponentConfig in
// either view.
ComponentContext component_context(const Platform& platform, const ResolvedComponent& c,
                                   std::shared_ptr<core::DeliveryBoards> deliveries = {},
                                   core::CreationLog* creations = nullptr);

// The period of the platform's clock `clock` in ps (0 for a name it has not).
double clock_period_ps(const Platform& platform, const std::string& clock);

// The run's warm-up in cycles of `clock`: the same instant (ComponentConfig's
// warmup_in_own_cycles), so that every clock's window opens with the first clock's.
core::Cycle warmup_in(const Platform& platform, const std::string& clock);

// A loop's credit holders by component name, as the monitor sums them.
using NamedHolders = std::vector<std::pair<std::string, const monitor::LoopParticipant*>>;

// For a loop whose watchdog fired: a line naming the link, the cycle and the watchdog,
// then a line per credit holder with what it holds.
std::string deadlock_dump(const Platform& platform, const LoopPlan& loop, const core::LoopObserver& observer,
                          const NamedHolders& holders);

// `observers` in the order of platform.loops; `contribute` adds a part's figures.
// `holders` too, for the deadlock dumps; `stuck_vcs`, the VC watchdog's report ("" when it
// did not fire: run/vc_channels.hpp).
RunResult collect_results(const Platform& platform, const std::vector<const core::LoopObserver*>& observers,
                          const std::vector<NamedHolders>& holders,
                          const std::function<void(const LoopPart&, core::LinkReport&)>& contribute,
                          const std::function<void(core::FlowTable&)>& add_flows,
                          const std::function<void(const std::string& part, core::Waits&)>& add_waits,
                          const std::function<const core::VcChannelPart&(const std::string& part)>& vc_part,
                          const std::string& stuck_vcs);

}  // namespace creditflow::platform
