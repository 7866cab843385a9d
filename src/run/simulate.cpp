#include "creditflow/platform/simulate.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <memory>

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "run/accounting.hpp"
#include "run/collect_results.hpp"
#include "model/check_traces.hpp"
#include "run/record_trace.hpp"
#include "run/merge_starvation.hpp"
#include "run/vc_channels.hpp"
#include "creditflow/core/error.hpp"
#include "report/vcd_file.hpp"
#include "creditflow/cycle/kernel_once.hpp"
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
    case ChannelType::vc_flow:
      return std::make_unique<VcFlowChannel>();
    case ChannelType::vc_credit:
      return std::make_unique<VcCreditChannel>();
  }
  return nullptr;
}

}  // namespace

RunResult simulate(const Platform& platform, const Registry& registry, const std::string& vcd_file,
                   std::uint64_t vcd_limit) {
  (void)registry;  // kinds are already resolved; kept so user kinds outlive the run
  cycle::check_kernel_unused("platform::simulate");
  sc_core::sc_report_handler::set_actions(monitor::conservation_msg_type, sc_core::SC_ERROR,
                                          sc_core::SC_DO_NOTHING);
  std::map<std::string, std::unique_ptr<sc_core::sc_clock>> clocks;
  for (const ClockDecl& c : platform.clocks)
    clocks[c.name] = std::make_unique<sc_core::sc_clock>(
        c.name.c_str(), sc_core::sc_time(c.period_ps, sc_core::SC_PS), 0.5,
        sc_core::sc_time(c.phase_ps, sc_core::SC_PS), true);

  std::map<std::string, std::unique_ptr<Component>> components;
  const auto deliveries = delivery_boards(platform);
  std::unique_ptr<RunRecorder> recorder;
  if (!platform.run.record_trace.empty()) recorder = std::make_unique<RunRecorder>(platform, platform.run.record_trace);
  for (const ResolvedComponent& rc : platform.components) {
    auto component = rc.kind->factory(ComponentConfig(rc.name, rc.params, platform.run.seed,
                                                      static_cast<std::uint64_t>(platform.run.warmup),
                                                      component_context(platform, rc, deliveries, recorder.get())));
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
  std::vector<NamedHolders> named;
  const auto cycles = static_cast<core::Cycle>(platform.run.cycles);
  const auto warmup = static_cast<core::Cycle>(platform.run.warmup);
  for (const LoopPlan& loop : platform.loops) {
    auto& mon = monitors[loop.clock];
    if (!mon) {
      const bool first = loop.clock == platform.clocks.front().name;
      mon = std::make_unique<monitor::LoopMonitor>(("monitor_" + loop.clock).c_str(), first ? cycles : 0,
                                                   warmup_in(platform, loop.clock),
                                                   static_cast<core::Cycle>(platform.run.watchdog));
      mon->clk(*clocks.at(loop.clock));
    }
    // A credit loop sums its sender, pipes and receiver; a ready/valid link watches its
    // source and receiver. Parts with nothing to say (no participant) are left out.
    std::vector<const monitor::LoopParticipant*> holders;
    named.emplace_back();
    for (const LoopPart& p : parts_of(loop))
      if (const auto* h = components.at(p.name)->participant_at(p.end)) {
        holders.push_back(h);
        named.back().emplace_back(p.name, h);
      }
    observers.push_back(&mon->watch(loop.name, loop.capacity, holders));
  }
  if (monitors.empty() || !monitors.count(platform.clocks.front().name)) {
    // No loop on the first clock: a bare monitor still counts its cycles and ends the run.
    auto mon = std::make_unique<monitor::LoopMonitor>("monitor_run", cycles, warmup);
    mon->clk(*clocks.at(platform.clocks.front().name));
    monitors["\x01run"] = std::move(mon);
  }

  // A loop whose watchdog fires while its merge serves other inputs is starved, not
  // deadlocked: the same judge as the TL view's.
  const MergeStarvation starvation(platform);
  std::map<const core::LoopObserver*, std::size_t> loop_of_observer;
  for (std::size_t i = 0; i < observers.size(); ++i) loop_of_observer.emplace(observers[i], i);
  for (auto& [clock, mon] : monitors)
    mon->judge_starvation([&starvation, &loop_of_observer, &observers](const core::LoopObserver& o, core::Cycle t) {
      return starvation.starved(loop_of_observer.at(&o), observers, t);
    });

  // Accounting every cycle of the first clock, as its monitor samples its loops.
  std::vector<Accountant::Part> counted;
  for (const ResolvedComponent& rc : platform.components) counted.push_back({rc.name, components.at(rc.name).get()});
  Accountant accountant(platform, std::move(counted));
  VcChannelCheck vc_channels(
      platform, [&](const std::string& name) -> const core::VcChannelPart& { return *components.at(name); },
      [&](std::size_t i) {
        if (const auto* flits = dynamic_cast<const VcFlowChannel*>(channels[i].get()))
          return VcChannelCheck::Wires{&flits->valid.read(), &flits->flit.read(), nullptr};
        if (const auto* credits = dynamic_cast<const VcCreditChannel*>(channels[i].get()))
          return VcChannelCheck::Wires{nullptr, nullptr, &credits->vcs.read()};
        return VcChannelCheck::Wires{};
      });
  monitor::LoopMonitor& first_monitor = monitors.count(platform.clocks.front().name)
                                            ? *monitors.at(platform.clocks.front().name)
                                            : *monitors.at("\x01run");
  // Each holder's terms in the VCD, as the monitor sums them each cycle of the first clock:
  // terms.<loop>.<holder>.credits, .in_flight, .occupancy and .returning.
  std::deque<std::pair<const monitor::LoopParticipant*, core::LoopState>> terms;
  vc_channels.set_watchdog(static_cast<core::Cycle>(platform.run.watchdog));
  first_monitor.each_cycle([&accountant, &vc_channels, &terms](core::Cycle t) {
    accountant.observe(t);
    vc_channels.observe(t);
    if (!vc_channels.stuck().empty()) monitor::stop_at_planned_end();  // the report is collect_results'
    for (auto& [holder, state] : terms) {
      state = core::LoopState{};
      holder->contribute(state);
    }
  });

  std::unique_ptr<VcdFile> vcd;
  if (!vcd_file.empty()) {
    vcd = std::make_unique<VcdFile>(vcd_file, vcd_limit, *clocks.at(platform.clocks.front().name));
    sc_core::sc_trace_file* tf = vcd->trace();
    for (const auto& [name, clk] : clocks) sc_core::sc_trace(tf, *clk, name);
    for (std::size_t i = 0; i < platform.connections.size(); ++i) {
      // Per-class credits by class name: the classes of the receiver that returns them.
      if (auto* classes = dynamic_cast<ClassCreditChannel*>(channels[i].get())) {
        const ResolvedComponent& from = platform.component(platform.connections[i].from);
        if (from.params.count("classes")) classes->class_names = list_items(std::get<std::string>(from.params.at("classes")));
      }
      channels[i]->trace(tf, platform.connections[i].from + "." + platform.connections[i].from_port);
    }
    for (const auto& [name, component] : components) component->trace_state(tf, name);
    for (std::size_t i = 0; i < named.size(); ++i)
      for (const auto& [holder_name, holder] : named[i]) {
        const core::LoopState& state = terms.emplace_back(holder, core::LoopState{}).second;
        const std::string prefix = "terms." + platform.loops[i].name + "." + holder_name + ".";
        sc_core::sc_trace(tf, state.sender_credits, prefix + "credits");
        sc_core::sc_trace(tf, state.forward_flits, prefix + "in_flight");
        sc_core::sc_trace(tf, state.receiver_occupancy, prefix + "occupancy");
        sc_core::sc_trace(tf, state.return_credits, prefix + "returning");
      }
  }
  sc_core::sc_start();
  if (vcd) vcd->finish(platform.run.cycles);

  RunResult result = collect_results(platform, observers, named, [&](const LoopPart& part, core::LinkReport& r) {
    components.at(part.name)->contribute_at(part.end, r);
  }, [&](core::FlowTable& flows) {
    for (const auto& [name, c] : components) c->add_flows(flows);
  }, [&](const std::string& name, core::Waits& waits) { components.at(name)->add_waits(waits); },
     [&](const std::string& name) -> const core::VcChannelPart& { return *components.at(name); }, vc_channels.stuck());
  accountant.finish(result);
  vc_channels.finish(result);
  // SystemC unregisters each port and channel by a search from the newest one: torn down
  // newest first, 16000 loops end in a moment instead of 40 s.
  vcd.reset();
  monitors.clear();
  while (!channels.empty()) channels.pop_back();
  for (auto rc = platform.components.rbegin(); rc != platform.components.rend(); ++rc) components.erase(rc->name);
  if (recorder) recorder->finish();
  return result;
}

}  // namespace creditflow::platform
