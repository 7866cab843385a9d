#include "creditflow/platform/simulate.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <memory>

#include "creditflow/monitor/loop_monitor.hpp"

namespace creditflow::platform {

namespace {

std::unique_ptr<Channel> make_channel(ChannelType type) {
  switch (type) {
    case ChannelType::stream:
      return std::make_unique<StreamChannel>();
    case ChannelType::flow:
      return std::make_unique<FlowChannel>();
    case ChannelType::credit:
      return std::make_unique<CreditChannel>();
    case ChannelType::class_credit:
      return std::make_unique<ClassCreditChannel>();
  }
  return nullptr;
}

// The components a link's monitor sums: a credit loop's sender, pipes and receiver, or a
// ready/valid link's source, pipes and receiver; each once (a loop kind is all three).
std::vector<std::string> parts_of(const LoopPlan& loop) {
  std::vector<std::string> parts{loop.sender.empty() ? loop.source : loop.sender};
  parts.insert(parts.end(), loop.pipes.begin(), loop.pipes.end());
  parts.push_back(loop.receiver);
  std::vector<std::string> unique;
  for (const std::string& p : parts)
    if (!p.empty() && std::find(unique.begin(), unique.end(), p) == unique.end()) unique.push_back(p);
  return unique;
}

double clock_period_ps(const Platform& p, const std::string& clock) {
  for (const ClockDecl& c : p.clocks)
    if (c.name == clock) return c.period_ps;
  return 0.0;
}

}  // namespace

RunResult simulate(const Platform& platform, const Registry& registry, const std::string& vcd_file) {
  (void)registry;  // kinds are already resolved; kept so user kinds outlive the run
  sc_core::sc_report_handler::set_actions(monitor::conservation_msg_type, sc_core::SC_ERROR,
                                          sc_core::SC_DO_NOTHING);
  std::map<std::string, std::unique_ptr<sc_core::sc_clock>> clocks;
  for (const ClockDecl& c : platform.clocks)
    clocks[c.name] = std::make_unique<sc_core::sc_clock>(
        c.name.c_str(), sc_core::sc_time(c.period_ps, sc_core::SC_PS), 0.5,
        sc_core::sc_time(c.phase_ps, sc_core::SC_PS), true);

  std::map<std::string, std::unique_ptr<Component>> components;
  for (const ResolvedComponent& rc : platform.components) {
    auto component = rc.kind->factory(ComponentConfig(
        rc.name, rc.params, platform.run.seed, static_cast<std::uint64_t>(platform.run.warmup)));
    component->bind_clock(*clocks.at(rc.clock));
    for (const ParamSpec& p : rc.kind->params)
      if (p.type == ParamType::clock)
        component->bind_domain_clock(p.name, *clocks.at(std::get<std::string>(rc.params.at(p.name))));
    components[rc.name] = std::move(component);
  }

  std::vector<std::unique_ptr<Channel>> channels;
  for (const ResolvedConnection& c : platform.connections) {
    channels.push_back(make_channel(c.type));
    components.at(c.from)->bind(c.from_port, *channels.back());
    components.at(c.to)->bind(c.to_port, *channels.back());
  }

  // One monitor per clock with loops; the first clock's monitor ends the run.
  std::map<std::string, std::unique_ptr<monitor::LoopMonitor>> monitors;
  std::vector<const core::LoopObserver*> observers;
  const auto cycles = static_cast<core::Cycle>(platform.run.cycles);
  const auto warmup = static_cast<core::Cycle>(platform.run.warmup);
  for (const LoopPlan& loop : platform.loops) {
    auto& mon = monitors[loop.clock];
    if (!mon) {
      const bool first = loop.clock == platform.clocks.front().name;
      mon = std::make_unique<monitor::LoopMonitor>(("monitor_" + loop.clock).c_str(),
                                                   first ? cycles : 0, warmup);
      mon->clk(*clocks.at(loop.clock));
    }
    // A credit loop sums its sender, pipes and receiver; a ready/valid link watches its
    // source and receiver. Parts with nothing to say (no participant) are left out.
    std::vector<const monitor::LoopParticipant*> holders;
    for (const std::string& p : parts_of(loop))
      if (const auto* h = components.at(p)->participant()) holders.push_back(h);
    observers.push_back(&mon->watch(loop.name, loop.capacity, holders));
  }
  if (monitors.empty() || !monitors.count(platform.clocks.front().name)) {
    // No loop on the first clock: a bare monitor still counts its cycles and ends the run.
    auto mon = std::make_unique<monitor::LoopMonitor>("monitor_run", cycles, warmup);
    mon->clk(*clocks.at(platform.clocks.front().name));
    monitors["\x01run"] = std::move(mon);
  }

  sc_core::sc_trace_file* tf = nullptr;
  if (!vcd_file.empty()) {
    std::string base = vcd_file;
    if (base.size() > 4 && base.compare(base.size() - 4, 4, ".vcd") == 0) base.resize(base.size() - 4);
    tf = sc_core::sc_create_vcd_trace_file(base.c_str());
    tf->set_time_unit(1, sc_core::SC_PS);
    for (const auto& [name, clk] : clocks) sc_core::sc_trace(tf, *clk, name);
    for (std::size_t i = 0; i < platform.connections.size(); ++i)
      channels[i]->trace(tf, platform.connections[i].from + "." + platform.connections[i].from_port);
  }
  sc_core::sc_start();
  if (tf) sc_core::sc_close_vcd_trace_file(tf);

  RunResult result;
  result.run = platform.run;
  for (std::size_t i = 0; i < platform.loops.size(); ++i) {
    const LoopPlan& loop = platform.loops[i];
    const core::LoopObserver& obs = *observers[i];
    core::LinkReport r;
    obs.add_to(r);
    if (!loop.source.empty()) components.at(loop.source)->contribute(r);
    for (const std::string& p : parts_of(loop))
      if (p != loop.source) components.at(p)->contribute(r);
    // Time stamps count each clock's own cycles: across clocks, only the phases measured
    // within one clock mean anything (creation to send, arrival to pop).
    if (r.crosses_clocks) {
      r.latency.send_to_arrival = core::LatencyStats{};
      r.latency.creation_to_pop = core::LatencyStats{};
    }
    // Rates are per cycle of the link's own clock (the sender's): a drain counted in
    // another clock's cycles converts by the ratio of the periods.
    const double own_period = clock_period_ps(platform, loop.clock);
    if (r.drain_period_ps > 0) r.drain_rate *= own_period / r.drain_period_ps;
    if (loop.sender.empty()) {
      r.kind = "ready_valid";
      r.forward_latency = r.credit_latency = 0;
    } else if (!r.crosses_clocks && r.classes.empty()) {
      r.loop_rtt = static_cast<std::uint64_t>(r.forward_latency + r.credit_latency + 2);
    }
    const std::uint64_t window = r.cycles > r.warmup ? r.cycles - r.warmup : 0;
    for (core::ClassReport& k : r.classes)
      k.throughput = window ? static_cast<double>(k.sent) / static_cast<double>(window) : 0.0;
    if (!obs.first_violation().empty()) result.first_violations.push_back(obs.first_violation());
    result.links.push_back(std::move(r));
  }
  return result;
}

}  // namespace creditflow::platform
