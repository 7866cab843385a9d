// The transaction-level view of a platform: no SystemC kernel, no processes, no signals.
// Edges of every clock are visited in time order; at each instant the parts clocked by it
// advance (all reading the values from before the instant, as clocked processes do), then
// every part writes its outputs in an order that puts combinational sources first, then
// the links of each clock that ticked are observed, as the cycle view's monitor does one
// delta after the edge. The first clock's cycle count ends the run.
#include <cmath>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>

#include "collect_results.hpp"
#include "creditflow/core/error.hpp"
#include "creditflow/platform/simulate.hpp"

namespace creditflow::platform {

namespace {

struct Domain {
  std::int64_t period = 1, next = 0;  // ps
  core::Cycle cycle = 0;
  std::vector<std::pair<TlPart*, int>> clocked;  // each part with its domain index
  std::vector<std::size_t> loops;                // indices into the platform's loops
};

std::int64_t picoseconds(double ps) { return std::llround(ps); }

// Parts in an order where whatever feeds a part's combinational inputs is driven first.
std::vector<TlPart*> drive_order(const Platform& p, const std::map<std::string, std::unique_ptr<TlPart>>& parts) {
  std::map<std::string, std::vector<std::string>> feeds;  // part -> parts it waits for
  for (const ResolvedComponent& rc : p.components) {
    feeds[rc.name];
    for (const std::string& port : parts.at(rc.name)->combinational_inputs())
      for (const ResolvedConnection& c : p.connections)
        if (c.to == rc.name && c.to_port == port) feeds[rc.name].push_back(c.from);
  }
  std::vector<TlPart*> order;
  std::map<std::string, int> state;  // 1: being visited, 2: placed
  std::function<void(const std::string&)> visit = [&](const std::string& name) {
    if (state[name] == 2) return;
    if (state[name] == 1)
      throw Error(p.file + ": a combinational loop passes through '" + name +
                  "'; the transaction-level view needs a register in every loop (run it with --view cycle)");
    state[name] = 1;
    for (const std::string& source : feeds[name]) visit(source);
    state[name] = 2;
    order.push_back(parts.at(name).get());
  };
  for (const ResolvedComponent& rc : p.components) visit(rc.name);
  return order;
}

}  // namespace

RunResult simulate_tl(const Platform& platform) {
  std::map<std::string, Domain> domains;
  for (const ClockDecl& c : platform.clocks) {
    Domain& d = domains[c.name];
    d.period = std::max<std::int64_t>(1, picoseconds(c.period_ps));
    // A rising edge at time zero opens cycle 0 rather than closing it (cycle/clocking.hpp).
    d.next = c.phase_ps > 0 ? picoseconds(c.phase_ps) : d.period;
  }

  std::map<std::string, std::unique_ptr<TlPart>> parts;
  for (const ResolvedComponent& rc : platform.components) {
    if (!rc.kind->tl_factory)
      throw Error(platform.file + ":" + std::to_string(rc.line) + ": component '" + rc.name + "' of kind '" +
                  rc.kind->name + "' has no transaction-level view; run it with --view cycle");
    auto part = rc.kind->tl_factory(ComponentConfig(rc.name, rc.params, platform.run.seed,
                                                    static_cast<std::uint64_t>(platform.run.warmup)));
    Domain& own = domains.at(rc.clock);
    own.clocked.emplace_back(part.get(), 0);
    part->set_period(0, static_cast<double>(own.period));
    for (const ParamSpec& p : rc.kind->params)
      if (p.type == ParamType::clock) {
        Domain& other = domains.at(std::get<std::string>(rc.params.at(p.name)));
        other.clocked.emplace_back(part.get(), 1);
        part->set_period(1, static_cast<double>(other.period));
      }
    parts[rc.name] = std::move(part);
  }

  std::deque<Wire> wires;  // deque: parts keep pointers to them
  for (const ResolvedConnection& c : platform.connections) {
    wires.emplace_back();
    parts.at(c.from)->bind(c.from_port, wires.back());
    parts.at(c.to)->bind(c.to_port, wires.back());
  }
  const std::vector<TlPart*> order = drive_order(platform, parts);

  const auto warmup = static_cast<core::Cycle>(platform.run.warmup);
  std::deque<core::LoopObserver> observers;
  std::vector<std::vector<const monitor::LoopParticipant*>> holders;
  for (std::size_t i = 0; i < platform.loops.size(); ++i) {
    const LoopPlan& loop = platform.loops[i];
    observers.emplace_back(loop.name, loop.capacity, warmup);
    holders.emplace_back();
    for (const std::string& p : parts_of(loop))
      if (const auto* h = parts.at(p)->participant()) holders.back().push_back(h);
    domains.at(loop.clock).loops.push_back(i);
  }
  auto observe = [&](const Domain& d) {
    for (std::size_t i : d.loops) {
      core::LoopState state;
      for (const monitor::LoopParticipant* h : holders[i]) h->contribute(state);
      observers[i].observe(d.cycle, state);  // a violation is counted and kept by the observer
    }
  };

  for (TlPart* part : order) part->drive();
  for (const auto& [name, d] : domains) observe(d);

  Domain& first = domains.at(platform.clocks.front().name);
  const auto cycles = static_cast<core::Cycle>(platform.run.cycles);
  std::vector<Domain*> ticking;
  while (first.cycle < cycles) {
    std::int64_t now = INT64_MAX;
    for (auto& [name, d] : domains) now = std::min(now, d.next);
    ticking.clear();
    for (auto& [name, d] : domains)
      if (d.next == now) ticking.push_back(&d);
    for (Domain* d : ticking)
      for (auto [part, index] : d->clocked) part->edge(index);
    for (TlPart* part : order) part->drive();
    for (Domain* d : ticking) {
      ++d->cycle;
      d->next += d->period;
      observe(*d);
    }
  }

  std::vector<const core::LoopObserver*> observed;
  for (const core::LoopObserver& o : observers) observed.push_back(&o);
  RunResult result = collect_results(platform, observed, [&](const std::string& part, core::LinkReport& r) {
    parts.at(part)->contribute(r);
  });
  result.view = "tl";
  return result;
}

}  // namespace creditflow::platform

namespace creditflow::platform {

RunResult simulate_view(const Platform& platform, const Registry& registry, const std::string& view,
                        const std::string& vcd_file, const std::string& option) {
  if (view == "cycle") return simulate(platform, registry, vcd_file);
  if (view != "tl") throw ParameterError(option + " " + view + ": unknown view (allowed: cycle, tl)");
  if (!vcd_file.empty())
    throw ParameterError("--vcd needs --view cycle: the transaction-level view has no signals to trace");
  return simulate_tl(platform);
}

}  // namespace creditflow::platform
