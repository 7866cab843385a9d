#include "creditflow/platform/simulate.hpp"

#include "creditflow/cycle/kernel_once.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <memory>

#include "collect_results.hpp"
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
  }
  return nullptr;
}

}  // namespace

RunResult simulate(const Platform& platform, const Registry& registry, const std::string& vcd_file) {
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
  for (const ResolvedComponent& rc : platform.components) {
    auto component = rc.kind->factory(ComponentConfig(rc.name, rc.params, platform.run.seed,
                                                      static_cast<std::uint64_t>(platform.run.warmup), component_context(platform, rc)));
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
      mon = std::make_unique<monitor::LoopMonitor>(("monitor_" + loop.clock).c_str(), first ? cycles : 0, warmup,
                                                   static_cast<core::Cycle>(platform.run.watchdog));
      mon->clk(*clocks.at(loop.clock));
    }
    // A credit loop sums its sender, pipes and receiver; a ready/valid link watches its
    // source and receiver. Parts with nothing to say (no participant) are left out.
    std::vector<const monitor::LoopParticipant*> holders;
    named.emplace_back();
    for (const std::string& p : parts_of(loop))
      if (const auto* h = components.at(p)->participant()) {
        holders.push_back(h);
        named.back().emplace_back(p, h);
      }
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
    // The kernel's note of the unit set would land on standard output, in a --json document.
    sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
    tf->set_time_unit(1, sc_core::SC_PS);
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
  }
  sc_core::sc_start();
  if (tf) sc_core::sc_close_vcd_trace_file(tf);

  return collect_results(platform, observers, named, [&](const std::string& part, core::LinkReport& r) {
    components.at(part)->contribute(r);
  });
}

}  // namespace creditflow::platform
