#include "run/flow_limits.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <set>
#include <utility>

#include "creditflow/platform/kind_config.hpp"
#include "creditflow/core/figure_text.hpp"

namespace creditflow::platform {
namespace {

using Endpoint = std::pair<std::string, std::string>;  // component, port

// One router on a flow's path, with its waits summed over the flow's VCs.
struct Hop {
  std::string router, in, out;
  std::int64_t held_for_credit = 0, lost_vc = 0, lost_switch = 0;
  std::int64_t held_onward = 0;  // its input's flits on the flow's VCs held for credits, toward any output
  std::int64_t lost() const { return lost_vc + lost_switch; }
  bool waited() const { return held_for_credit + lost() > 0; }
};

class Paths {
 public:
  Paths(const Platform& platform, const VcPartOf& part_of) : platform_(platform), part_of_(part_of) {
    for (const VcChannelPlan& c : platform.vc_channels) {
      from_[{c.sender, c.sender_port}] = &c;
      first_from_.emplace(c.sender, &c);
    }
    for (const ResolvedConnection& c : platform.connections)
      if (c.type == ChannelType::stream || c.type == ChannelType::flow) downstream_[c.from].push_back(c.to);
  }

  // The first channel into the network that `source`'s flits reach (through parts on
  // streams and flows), or null.
  const VcChannelPlan* entry(const std::string& source) const {
    std::set<std::string> seen{source};
    std::deque<std::string> todo{source};
    while (!todo.empty()) {
      const std::string at = todo.front();
      todo.pop_front();
      if (const auto first = first_from_.find(at); first != first_from_.end()) return first->second;
      const auto next = downstream_.find(at);
      if (next == downstream_.end()) continue;
      for (const std::string& n : next->second)
        if (seen.insert(n).second) todo.push_back(n);
    }
    return nullptr;
  }

  // The routers from channel `c` on to `destination`, each asked the way it routes it,
  // and the channel the flow leaves them by. Where a router's coin splits the flow
  // between two outputs (a tie round a torus), `split` names it and the walk stops there.
  std::vector<Hop> hops(const VcChannelPlan*& c, const std::string& destination, int first_vc, int vcs,
                        std::string& split) const {
    std::vector<Hop> out;
    const std::uint32_t id = endpoint_id(platform_, destination);
    for (std::size_t guard = 0; c && guard <= platform_.components.size(); ++guard) {
      const ResolvedComponent& router = platform_.component(c->receiver);
      if (router.kind->name != "router") break;  // out of the network
      const core::VcChannelPart& part = part_of_(router.name);
      const std::vector<std::string> ways = part.outputs_toward(c->receiver_port, id);
      if (ways.size() == 2) split = "at " + router.name + " its packets split between " + ways[0] + " and " +
                                    ways[1] + " by coin (half way round, either way is as short)";
      const auto next = ways.size() == 1 ? from_.find({router.name, ways[0]}) : from_.end();
      if (next == from_.end()) return {};  // split, or a way the platform does not show: no path to judge
      Hop hop{router.name, c->receiver_port, ways[0]};
      core::HopWaits waits(static_cast<int>(integer_param(router.params, "num_vcs", vcs)));
      part.add_hop_waits(part.port_number(hop.in), waits);
      part.add_hop_waits(part.port_number(hop.out), waits);
      for (int vc = first_vc; vc < first_vc + vcs && vc < waits.vcs(); ++vc) {
        hop.held_for_credit += waits.held_for_credit[static_cast<std::size_t>(vc)];
        hop.lost_vc += waits.lost_vc[static_cast<std::size_t>(vc)];
        hop.lost_switch += waits.lost_switch[static_cast<std::size_t>(vc)];
        hop.held_onward += waits.held_onward[static_cast<std::size_t>(vc)];
      }
      out.push_back(hop);
      c = next->second;
    }
    return out;
  }

 private:
  const Platform& platform_;
  const VcPartOf& part_of_;
  std::map<Endpoint, const VcChannelPlan*> from_;
  std::map<std::string, const VcChannelPlan*> first_from_;  // by sender, the first it sends on
  std::map<std::string, std::vector<std::string>> downstream_;
};

std::string count(std::int64_t n, const std::string& what) {
  return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

std::string vc_range(int first, int vcs) {
  return vcs == 1 ? "VC " + std::to_string(first)
                  : "VCs " + std::to_string(first) + "-" + std::to_string(first + vcs - 1);
}

// Where the hops say the flow is held ("" when its flits never waited at a router): the
// last router where they waited at least a tenth as often as where they waited most (a
// stray wait elsewhere says nothing). Held for credits more than they lost there, it is
// what lies beyond that limits the output they share: the interface and its link past the
// last router, else the channel into the next router, which held them less; losing more
// VC allocations and switch requests to other traffic than they waited for credits, it is
// that router.
std::string limit_text(const Platform& platform, const RunResult& result, const std::vector<Hop>& hops,
                       const std::string& exit, const std::string& vcs) {
  std::int64_t most = 0;
  for (const Hop& h : hops) most = std::max(most, h.held_for_credit + h.lost());
  std::size_t last = hops.size();
  for (std::size_t i = 0; i < hops.size(); ++i)
    if (hops[i].waited() && 10 * (hops[i].held_for_credit + hops[i].lost()) >= most) last = i;
  if (last == hops.size()) return "";
  const Hop& h = hops[last];
  const std::string at_input = h.router + " " + h.in + " (" + vcs + ")";
  const std::string lost = count(h.lost_vc, "failed VC allocation") + " and " +
                           count(h.lost_switch, "switch request") + " lost to other traffic";
  if (h.lost() > h.held_for_credit)
    return "it is held at " + at_input + ", which shares " + h.out + " with other traffic: over the run the flits " +
           "on those VCs had " + lost + " there against " + count(h.held_for_credit, "switch request") +
           " held for credits" +
           (last + 1 < hops.size() ? "; at the routers after it they waited less than a tenth as often as where they "
                                     "waited most"
                                   : "");
  const std::string waited = "at " + h.router + ", switch requests on its VCs toward " + h.out + " were held for " +
                             "credits " + count(h.held_for_credit, "time") + " (its input there, " + h.in + " on " + vcs +
                             ", had " + lost + ")";
  if (last + 1 < hops.size()) {
    const Hop& next = hops[last + 1];
    const std::string channel = "it is held on the channel " + h.router + " " + h.out + " -> " + next.router + " " +
                                next.in + ": " + waited;
    // The buffers at the far end full of flits that wait for credits on their own way on
    // (the flow's own output there held less than a tenth as often, or `last` would be it).
    if (10 * next.held_onward >= h.held_for_credit)
      return channel + "; at " + next.router + ", the flits in " + next.in + "'s buffers on " + vcs + " were held " +
             "for credits " + count(next.held_onward, "time") + " on their way on (toward " + next.out +
             ", its way out there, " + std::to_string(next.held_for_credit) + "): those buffers are taken by " +
             "traffic held beyond " + next.router;
    return channel +
           ", while at " + next.router + " they waited " + count(next.held_for_credit + next.lost(), "time") +
           ", less than a tenth as often: the buffers at " + next.router + " " +
           next.in + " are too few for the channel's round trip";
  }
  // Past the last router: the interface it leaves by, and the link out of that when its
  // sender waited for credits.
  std::string beyond = " to eject them";
  for (std::size_t i = 0; i < platform.loops.size() && i < result.links.size(); ++i)
    if (platform.loops[i].sender == exit && result.links[i].credit_stall_cycles > 0)
      beyond = ", whose link '" + result.links[i].name + "' waited for credits in " +
               std::to_string(result.links[i].credit_stall_cycles) + " of its cycles";
  return "it is held beyond the last router: " + waited + " for " + exit + beyond;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> flow_limits(const Platform& platform, const RunResult& result,
                                                              const VcPartOf& part_of) {
  std::vector<std::pair<std::string, std::string>> out;
  if (platform.vc_channels.empty()) return out;
  const Paths paths(platform, part_of);
  const double window = static_cast<double>(std::max<std::int64_t>(1, result.run.cycles - result.run.warmup));
  for (const FlowReport& f : result.flows) {
    if (f.destination.empty() || !f.offered) continue;
    const double offered = *f.offered;
    // Short of its offer beyond four standard deviations of a Bernoulli count over the window.
    if (offered <= 0 || f.throughput >= offered - 4.0 * std::sqrt(offered * (1.0 - std::min(offered, 1.0)) / window))
      continue;
    const VcChannelPlan* channel = paths.entry(f.source);
    if (!channel) continue;
    const ResolvedComponent& injector = platform.component(channel->sender);
    const auto all = static_cast<int>(integer_param(injector.params, "num_vcs", channel->vcs));
    const int per_class = all / std::max(1, static_cast<int>(integer_param(injector.params, "vc_classes", 1)));
    const auto first = static_cast<int>(integer_param(injector.params, "message_class")) * per_class;
    std::string split;
    const std::vector<Hop> hops = paths.hops(channel, f.destination, first, per_class, split);
    const std::string limit = !split.empty() ? split + ": a split path has no one hop to name"
                              : hops.empty() ? ""
                                             : limit_text(platform, result, hops, channel->receiver,
                                                          vc_range(first, per_class));
    if (limit.empty()) continue;
    out.emplace_back(f.source, "flow '" + f.source + ":" + f.destination + "' carries " + core::fixed(f.throughput, 3) + " of the " +
                  core::fixed(offered, 3) + " its source offers: " + limit);
  }
  return out;
}

}  // namespace creditflow::platform
