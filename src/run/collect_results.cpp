#include "run/collect_results.hpp"

#include "creditflow/core/diagnosis.hpp"
#include "model/check_traces.hpp"
#include "run/merge_starvation.hpp"
#include "run/flow_limits.hpp"
#include "run/offered_rates.hpp"
#include "creditflow/core/report_figures.hpp"

#include <algorithm>
#include <functional>
#include <cmath>
#include <map>
#include <sstream>

namespace creditflow::platform {

double clock_period_ps(const Platform& p, const std::string& clock) {
  for (const ClockDecl& c : p.clocks)
    if (c.name == clock) return c.period_ps;
  return 0.0;
}

core::Cycle warmup_in(const Platform& p, const std::string& clock) {
  return core::cycles_as_long(static_cast<core::Cycle>(p.run.warmup), p.clocks.front().period_ps,
                              clock_period_ps(p, clock));
}

namespace {

// Picosecond latencies in cycles of `period_ps`, each rounded up to a whole cycle.
core::LatencyStats in_cycles(const core::LatencyStats& ps, double period_ps) {
  core::LatencyStats cycles;
  for (const auto& [value, count] : ps.histogram())
    for (std::uint64_t k = 0; k < count; ++k)
      cycles.add(static_cast<std::uint64_t>(std::ceil(static_cast<double>(value) / period_ps - 1e-9)));
  return cycles;
}

}  // namespace

ComponentContext component_context(const Platform& platform, const ResolvedComponent& c,
                                   std::shared_ptr<core::DeliveryBoards> deliveries, core::CreationLog* creations) {
  ComponentContext context;
  context.own_clock = c.clock;
  if (const LoopPlan* loop = platform.loop_of(c.name)) {
    context.loop_clock = loop->clock;
    context.loop_capacity = loop->capacity;
    if (!loop->source.empty()) {
      const std::string pattern = text_param(platform.component(loop->source).params, "pattern");
      context.random_source = pattern == "bernoulli" || pattern == "on_off";
    }
  }
  for (const ClockDecl& clock : platform.clocks) context.clock_times[clock.name] = {clock.period_ps, clock.phase_ps};
  context.endpoint_id = [&platform](const std::string& name) { return endpoint_id(platform, name); };
  context.endpoint_name = [&platform](std::uint32_t id) { return endpoint_name(platform, id); };
  context.endpoint_clock = [&platform](std::uint32_t id) {
    return id == 0 || id > platform.components.size() ? std::string() : platform.components[id - 1].clock;
  };
  context.run_clock = platform.clocks.front().name;
  context.model_file = platform.file;
  context.flit_width = [&platform, &c] { return flit_width(platform, c); };
  context.deliveries = std::move(deliveries);
  context.creations = creations;
  return context;
}

std::vector<LoopPart> parts_of(const LoopPlan& loop) {
  std::vector<LoopPart> parts{loop.sender.empty() ? LoopPart{loop.source, loop.source_end}
                                                  : LoopPart{loop.sender, loop.sender_end}};
  for (const std::string& pipe : loop.pipes) parts.push_back({pipe, ""});
  parts.push_back({loop.receiver, loop.receiver_end});
  std::vector<LoopPart> unique;
  for (const LoopPart& p : parts)
    if (!p.name.empty() && std::none_of(unique.begin(), unique.end(), [&](const LoopPart& u) { return u.name == p.name; }))
      unique.push_back(p);
  return unique;
}

std::string deadlock_dump(const Platform& platform, const LoopPlan& loop, const core::LoopObserver& observer,
                          const NamedHolders& holders) {
  std::ostringstream os;
  os << "deadlock on link '" << loop.name << "' at cycle " << observer.deadlock_cycle() << ": nothing sent, popped, "
     << "dropped or in flight for " << observer.watchdog() << " cycles with work pending; the run stopped (raise --watchdog if "
     << "a stall this long is intended). Every credit holder:\n";
  for (const auto& [name, holder] : holders) {
    core::LoopState held;
    holder->contribute(held);
    os << "  " << name << " (" << platform.component(name).kind->name
       << "): " << core::describe_holder(held, name == loop.sender) << "\n";
  }
  return os.str();
}

namespace {

// Cycles of `from`'s clock in one of `to`'s: a rate per cycle of `from` times this is per
// cycle of `to` (1 on one clock, or where a period is not known).
double cycle_ratio(const core::LinkReport& to, const core::LinkReport& from) {
  return to.period_ps > 0 && from.period_ps > 0 ? to.period_ps / from.period_ps : 1.0;
}

// The loops feeding each loop: those whose receiver (a hop buffer) is its source, or
// drives the inputs of its source (a merge or a split).
std::vector<std::vector<std::size_t>> feeders(const Platform& platform) {
  std::map<std::string, std::size_t> ending_at;
  for (std::size_t i = 0; i < platform.loops.size(); ++i) ending_at.emplace(platform.loops[i].receiver, i);
  std::map<std::string, std::vector<std::string>> inputs_of;
  for (const ResolvedConnection& c : platform.connections)
    if (c.type == ChannelType::stream) inputs_of[c.to].push_back(c.from);
  std::vector<std::vector<std::size_t>> fed(platform.loops.size());
  for (std::size_t i = 0; i < platform.loops.size(); ++i) {
    const std::string& source = platform.loops[i].source;
    if (source.empty()) continue;
    std::vector<std::string> hops{source};
    if (!ending_at.count(source)) hops = inputs_of[source];
    for (const std::string& hop : hops) {
      const auto feeder = ending_at.find(hop);
      if (feeder != ending_at.end() && feeder->second != i) fed[i].push_back(feeder->second);
    }
  }
  return fed;
}

// Loops on a path (a hop buffer ends one and is the source of the next, or feeds a merge
// or a split that is): each link names the links that feed it and those it feeds, and a
// fed link carries the class of the traffic that entered the path (its first feeder's).
void link_chains(const Platform& platform, RunResult& result) {
  std::map<std::string, std::size_t> ending_at;  // receiver -> its loop
  for (std::size_t i = 0; i < platform.loops.size(); ++i) ending_at.emplace(platform.loops[i].receiver, i);
  const auto fed = feeders(platform);
  for (std::size_t i = 0; i < platform.loops.size(); ++i)
    for (const std::size_t j : fed[i]) {
      result.links[i].fed_by.push_back(platform.loops[j].name);
      const std::string& source = platform.loops[i].source;
      // A source fed by a loop that makes flits of its own answers what it is fed.
      const KindSpec& kind = *platform.component(source).kind;
      if (kind.makes_flits) result.links[i].fed_through = kind.name + " '" + source + "'";
      result.links[j].feeds.push_back(platform.loops[i].name);
      // In the fed link's cycles: links of two clocks count their rates in their own.
      result.links[j].feeds_throughput += result.links[i].throughput * cycle_ratio(result.links[j], result.links[i]);
    }
  // A split names the output that blocked a link by its port: name the link it feeds,
  // directly or through the merge the port leads to.
  for (core::LinkReport& r : result.links) {
    if (r.split_blocked_by.empty()) continue;
    std::string via;  // the part the port drives
    for (const ResolvedConnection& c : platform.connections)
      if (c.from == r.split && c.from_port == r.split_blocked_by) via = c.to;
    for (const LoopPlan& loop : platform.loops)
      if ((loop.source == r.split && loop.source_end == r.split_blocked_by) || (!via.empty() && loop.source == via)) {
        r.split_blocked_by = loop.name;
        break;
      }
  }
  // A merge names its inputs by port: name the parts that drive them, and tell the links
  // ending at those parts what the merge gave them.
  for (core::LinkReport& r : result.links)
    for (core::LinkReport::MergeInput& in : r.merge_inputs) {
      for (const ResolvedConnection& c : platform.connections)
        if (c.to == r.merge && c.to_port == in.name) in.name = c.from;
      const auto feeder = ending_at.find(in.name);
      if (feeder == ending_at.end()) continue;
      core::LinkReport& up = result.links[feeder->second];
      up.merged_by = r.merge;
      up.merged_policy = r.merge_policy;
      up.merged_onto = r.name;
      up.merged_onto_throughput = r.throughput;
      up.merged_waits = in.waits;
      up.merged_share = in.share;
    }
  // What a link fed through a hop buffer or a merge is offered: what its feeders are
  // (summed, at most a flit a cycle), at random if any of theirs is; feeders first, so a
  // pass per link in a chain settles it. Through a split, each output gets a share no
  // parameter says: left as the sender's own.
  const auto through_split = [&](std::size_t i) {
    const std::size_t c = platform.index_of(platform.loops[i].source);
    return c < platform.components.size() && platform.components[c].kind->name == "split";
  };
  for (std::size_t pass = 0; pass < fed.size(); ++pass) {
    bool changed = false;
    for (std::size_t i = 0; i < fed.size(); ++i) {
      if (fed[i].empty() || through_split(i)) continue;
      double offered = 0;
      bool random = false;
      for (const std::size_t j : fed[i]) {
        offered += result.links[j].offered_rate * cycle_ratio(result.links[i], result.links[j]);
        random = random || result.links[j].random_traffic;
      }
      offered = std::min(offered, 1.0);
      changed = changed || offered != result.links[i].offered_rate || random != result.links[i].random_traffic;
      result.links[i].offered_rate = offered;
      result.links[i].random_traffic = random;
    }
    if (!changed) break;
  }
  for (std::size_t i = 0; i < fed.size(); ++i) {
    std::size_t first = i;
    for (std::size_t hops = 0; !fed[first].empty() && hops < fed.size(); ++hops) first = fed[first].front();
    if (first != i) result.links[i].traffic_class = result.links[first].traffic_class;
  }
}

// The first cycle a depth-first walk from each node in order finds, in the order walked;
// empty when there is none.
template <class Node>
std::vector<Node> first_cycle(const std::map<Node, std::vector<Node>>& edges) {
  std::map<Node, int> mark;  // 1: on the path, 2: done
  std::vector<Node> path, ring;
  std::function<bool(const Node&)> visit = [&](const Node& node) {
    mark[node] = 1;
    path.push_back(node);
    if (const auto out = edges.find(node); out != edges.end())
      for (const Node& next : out->second) {
        if (mark[next] == 1) {
          ring.assign(std::find(path.begin(), path.end(), next), path.end());
          return true;
        }
        if (mark[next] == 0 && visit(next)) return true;
      }
    path.pop_back();
    mark[node] = 2;
    return false;
  };
  for (const auto& [node, next] : edges)
    if (mark[node] == 0 && visit(node)) break;
  return ring;
}

// A cycle of buffers waiting for each other (timing.md section 5's deadlock): loop j's receiver holds
// flits for loop i, whose sender has no credit, around a ring. Empty when there is none.
std::string wait_cycle(const Platform& platform, const std::vector<NamedHolders>& holders) {
  const std::size_t n = platform.loops.size();
  std::vector<core::LoopState> state(n);
  for (std::size_t i = 0; i < n; ++i)
    for (const auto& [name, h] : holders[i]) h->contribute(state[i]);
  const auto fed = feeders(platform);
  std::vector<std::vector<std::size_t>> waits_for(n);  // j -> the loops its held flits wait on
  for (std::size_t i = 0; i < n; ++i)
    for (const std::size_t j : fed[i])
      if (state[j].receiver_occupancy > 0 && !platform.loops[i].sender.empty() && state[i].sender_credits == 0)
        waits_for[j].push_back(i);
  std::map<std::size_t, std::vector<std::size_t>> edges;
  for (std::size_t j = 0; j < n; ++j) edges[j] = waits_for[j];
  const std::vector<std::size_t> ring = first_cycle(edges);
  if (ring.empty()) return "";
  std::string text;
  for (const std::size_t j : ring)
    text += platform.loops[j].receiver + " (" + std::to_string(state[j].receiver_occupancy) + " of " +
            std::to_string(platform.loops[j].capacity) + ") -> ";
  return text + platform.loops[ring.front()].receiver;
}

// A cycle of waits among the parts' holdings (core/waits.hpp), joined along the
// connections: a wait on an output port is on the holding of the input it reaches (through
// any pipes, vc_links and crossings, whose stages hold nothing that waits), on the same VC.
// "" when there is none.
std::string parts_wait_cycle(const Platform& platform,
                             const std::function<void(const std::string&, core::Waits&)>& add_waits) {
  std::map<std::pair<std::string, std::string>, std::pair<std::string, std::string>> reaches;  // (part, out) -> (part, in)
  for (const ResolvedConnection& c : platform.connections) reaches[{c.from, c.from_port}] = {c.to, c.to_port};
  const auto beyond = [&](std::pair<std::string, std::string> at) {
    for (std::size_t hops = 0; hops <= platform.components.size(); ++hops) {
      const auto next = reaches.find(at);
      if (next == reaches.end()) return std::pair<std::string, std::string>{};
      at = next->second;
      const std::string through = platform.component(at.first).kind->passes_to(at.second);
      if (through.empty()) return at;
      at.second = through;
    }
    return std::pair<std::string, std::string>{};
  };
  std::map<std::string, std::vector<std::string>> waits_on;  // "part holding" -> what it waits on
  for (const ResolvedComponent& c : platform.components) {
    core::Waits waits;
    add_waits(c.name, waits);
    for (const core::WaitEdge& w : waits) {
      std::string to;
      if (w.port.empty()) {
        to = c.name + " " + w.own;
      } else {
        const auto [part, port] = beyond({c.name, w.port});
        if (part.empty()) continue;
        to = part + " " + port + (w.vc >= 0 ? " VC " + std::to_string(w.vc) : "");
      }
      waits_on[c.name + " " + w.holding].push_back(to);
    }
  }
  const std::vector<std::string> ring = first_cycle(waits_on);
  if (ring.empty()) return "";
  std::string text;
  for (const std::string& node : ring) text += node + " -> ";
  return text + ring.front();
}

// The flows by name. A source that names no destination counts its flits under 0: they
// belong to the one receiver that got them, or, where several did, to a flow of their own.
std::vector<FlowReport> named_flows(const Platform& platform, const RunSettings& run, const core::FlowTable& table) {
  std::map<std::uint32_t, std::vector<std::uint32_t>> reached;  // source -> receivers that popped its flits
  for (const auto& [key, f] : table)
    if (key.second != 0 && f.delivered > 0) reached[key.first].push_back(key.second);
  core::FlowTable merged;
  for (const auto& [key, f] : table) {
    core::FlowKey into = key;
    if (key.second == 0 && reached[key.first].size() == 1) into.second = reached[key.first].front();
    merged[into].add(f);
  }
  const double window = run.cycles > run.warmup ? static_cast<double>(run.cycles - run.warmup) : 0.0;
  std::vector<FlowReport> flows;
  for (const auto& [key, f] : merged) {
    FlowReport r;
    r.source = endpoint_name(platform, key.first);
    r.destination = endpoint_name(platform, key.second);
    r.figures = f;
    if (!r.source.empty()) r.traffic_class = text_param(platform.component(r.source).params, "class");
    if (const LoopPlan* loop = r.destination.empty() ? nullptr : platform.loop_of(r.destination)) r.link = loop->name;
    r.throughput = window > 0 ? static_cast<double>(f.delivered_in_window) / window : 0.0;
    flows.push_back(std::move(r));
  }
  return flows;
}

}  // namespace

RunResult collect_results(const Platform& platform, const std::vector<const core::LoopObserver*>& observers,
                          const std::vector<NamedHolders>& holders,
                          const std::function<void(const LoopPart&, core::LinkReport&)>& contribute,
                          const std::function<void(core::FlowTable&)>& add_flows,
                          const std::function<void(const std::string& part, core::Waits&)>& add_waits,
                          const std::function<const core::VcChannelPart&(const std::string& part)>& vc_part,
                          const std::string& stuck_vcs) {
  RunResult result;
  result.run = platform.run;
  const MergeStarvation starvation(platform);
  for (std::size_t i = 0; i < platform.loops.size(); ++i) {
    const LoopPlan& loop = platform.loops[i];
    const core::LoopObserver& obs = *observers[i];
    core::LinkReport r;
    obs.add_to(r);
    r.wait_percentile = platform.run.wait_percentile / 100.0;
    r.accepted_wait = static_cast<std::uint64_t>(platform.run.accepted_wait);
    if (!loop.source.empty()) contribute({loop.source, loop.source_end}, r);
    for (const LoopPart& p : parts_of(loop))
      if (p.name != loop.source) contribute(p, r);
    // Time stamps count each clock's own cycles: across clocks, the phases that span both
    // were timed in picoseconds, and count here in the receiver's cycles, rounded up.
    if (r.crosses_clocks) {
      const double reader_period = r.drain_period_ps > 0 ? r.drain_period_ps : clock_period_ps(platform, loop.clock);
      r.latency.send_to_arrival = in_cycles(r.latency.send_to_arrival_ps, reader_period);
      r.latency.creation_to_pop = in_cycles(r.latency.creation_to_pop_ps, reader_period);
      r.reader_period_ps = reader_period;
    }
    r.period_ps = clock_period_ps(platform, loop.clock);
    // Rates are per cycle of the link's own clock (the sender's): a drain counted in
    // another clock's cycles converts by the ratio of the periods.
    const double own_period = clock_period_ps(platform, loop.clock);
    if (r.drain_period_ps > 0) r.drain_rate *= own_period / r.drain_period_ps;
    if (loop.sender.empty()) {
      r.kind = "ready_valid";
      r.forward_latency = r.credit_latency = 0;
    } else {
      core::add_structural_round_trip(r);
      core::add_wait_sizing(r);
    }
    const std::uint64_t window = r.cycles > r.warmup ? r.cycles - r.warmup : 0;
    for (core::ClassReport& k : r.classes)
      k.throughput = window ? static_cast<double>(k.sent) / static_cast<double>(window) : 0.0;
    if (!obs.first_violation().empty()) result.first_violations.push_back(obs.first_violation());
    if (!r.first_corruption.empty()) result.corruptions.push_back("link '" + loop.name + "': " + r.first_corruption);
    if (obs.deadlocked()) result.deadlocks.push_back(deadlock_dump(platform, loop, obs, holders[i]));
    if (r.starved_cycles > 0) result.starvations.push_back(starvation.diagnosis(i, r));
    result.links.push_back(std::move(r));
  }
  if (!stuck_vcs.empty()) result.deadlocks.push_back(stuck_vcs + "\n");
  // A run the watchdog stopped ran fewer cycles than planned: it reports the cycles of the
  // first clock it ran, and every rate divides by its window, as each link's does.
  if (!result.deadlocks.empty()) {
    core::Cycle ran = 0;
    for (std::size_t i = 0; i < platform.loops.size(); ++i)
      if (platform.loops[i].clock == platform.clocks.front().name) ran = std::max(ran, observers[i]->cycles());
    if (ran > 0 && ran < static_cast<core::Cycle>(result.run.cycles)) result.run.cycles = static_cast<std::int64_t>(ran);
  }
  network_offered_rates(platform, contribute, result);  // before the chains pass rates on
  link_chains(platform, result);
  fed_class_rates(platform, contribute, result);
  if (!result.deadlocks.empty()) {
    const std::string ring = wait_cycle(platform, holders);
    result.wait_cycle = ring;
    if (!ring.empty())
      result.deadlocks.insert(result.deadlocks.begin(),
                              "deadlock: buffers wait for each other in a cycle, each holding flits for the next, "
                              "whose sender has no credit left: " + ring + "\n");
    else if (const std::string parts = parts_wait_cycle(platform, add_waits); !parts.empty()) {
      result.wait_cycle = parts;
      result.deadlocks.insert(result.deadlocks.begin(),
                              "deadlock: parts wait for each other in a cycle, each holding what the next must move "
                              "first: " + parts + "\n");
    }
  }
  core::FlowTable flows;
  add_flows(flows);
  result.flows = named_flows(platform, result.run, flows);
  flow_offers(platform, contribute, result.flows);
  // A deadlock holds every flow it touches, and the run stopped there: the waits each router
  // counted until then say nothing of what would limit them.
  if (result.deadlocks.empty()) result.flow_limits = flow_limits(platform, result, vc_part);
  return result;
}

}  // namespace creditflow::platform
