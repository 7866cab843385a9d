// The transaction-level view of a platform: no SystemC kernel, no processes, no signals.
// Edges of every clock are visited in time order; at each instant the parts clocked by it
// advance (all reading the values from before the instant, as clocked processes do), then
// every part writes its outputs in an order that puts combinational sources first, then
// the links of each clock that ticked are observed, as the cycle view's monitor does one
// delta after the edge. The first clock's cycle count ends the run. On one clock, with
// every part able to (the section 1 kinds with deterministic schedules), whole periods of
// a steady state are jumped (core/steady_state_jumps.hpp).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <numeric>
#include <optional>

#include "run/accounting.hpp"
#include "run/collect_results.hpp"
#include "model/check_traces.hpp"
#include "run/record_trace.hpp"
#include "run/merge_starvation.hpp"
#include "run/sleeping_parts.hpp"
#include "run/vc_channels.hpp"
#include "creditflow/core/error.hpp"
#include "creditflow/core/steady_state_jumps.hpp"
#include "creditflow/platform/interrupt.hpp"
#include "creditflow/platform/simulate.hpp"

namespace creditflow::platform {

namespace {

struct Domain {
  std::int64_t period = 1, next = 0;  // ps
  core::Cycle cycle = 0;
  std::vector<std::pair<TlPart*, int>> clocked;  // each part that never sleeps, with its domain index
  std::vector<std::size_t> loops;                // indices into the platform's loops
};

std::int64_t picoseconds(double ps) { return std::llround(ps); }

class TlEngine {
 public:
  explicit TlEngine(const Platform& platform) : platform_(platform), jumps_(platform.run.warmup + 1) {
    for (const ClockDecl& c : platform.clocks) {
      Domain& d = domains_[c.name];
      d.period = std::max<std::int64_t>(1, picoseconds(c.period_ps));
      // A rising edge at time zero opens cycle 0 rather than closing it (cycle/clocking.hpp).
      d.next = c.phase_ps > 0 ? picoseconds(c.phase_ps) : d.period;
    }
    build_parts();
    for (const ResolvedConnection& c : platform.connections) {
      wires_.emplace_back();
      part(c.from).bind(c.from_port, wires_.back());
      part(c.to).bind(c.to_port, wires_.back());
    }
    find_sleepers();
    order_drives();
    watch_loops();
    std::vector<Accountant::Part> counted;
    for (const ResolvedComponent& rc : platform.components)
      counted.emplace_back(rc.name, &part(rc.name), sleeping_->flag(index_.at(rc.name)));
    accountant_.emplace(platform, std::move(counted));
    vc_channels_.emplace(
        platform, [&](const std::string& name) -> const core::VcChannelPart& { return part(name); },
        [&](std::size_t i) { return VcChannelCheck::Wires{&wires_[i].valid, &wires_[i].noc, &wires_[i].vcs}; });
    vc_channels_->set_watchdog(static_cast<core::Cycle>(platform.run.watchdog));
    if (sleeping_->any()) {
      accountant_->know_sleepers([&](std::size_t i) { return sleeping_->may_sleep(i); },
                                 [&](std::size_t i) { return parts_[i]->counted_asleep(); });
      vc_channels_->know_sleepers(
          parts_.size(), [&](const std::string& name) { return index_.at(name); },
          [&](std::size_t i) { return sleeping_->may_sleep(i); });
    }
  }

  RunResult run() {
    drive_all();
    for (const auto& [name, d] : domains_) observe(d);
    accountant_->observe(0);
    vc_channels_->observe(0);
    Domain& first = domains_.at(platform_.clocks.front().name);
    const auto cycles = static_cast<core::Cycle>(platform_.run.cycles);
    // The domains in a vector: walking the map twice an instant cost more than a part's edge.
    std::vector<Domain*> domains, ticking;
    for (auto& [name, d] : domains_) domains.push_back(&d);
    const bool one_clock = domains.size() == 1;  // then it ticks at every instant
    if (one_clock) ticking = domains;
    for (std::uint64_t instants = 1; first.cycle < cycles; ++instants) {
      if ((instants & 4095) == 0) stop_if_interrupted();  // a sweep's point on a worker thread
      jumps_.advance(first.cycle, cycles, *this);  // may move everything whole periods on
      if (first.cycle >= cycles) break;
      if (one_clock && instants >= next_idle_check_ && skip_idle(first, cycles, instants)) {
        if (deadlocked_) break;
        continue;
      }
      if (!one_clock) {
        std::int64_t now = INT64_MAX;
        for (const Domain* d : domains) now = std::min(now, d->next);
        ticking.clear();
        for (Domain* d : domains)
          if (d->next == now) ticking.push_back(d);
      }
      for (Domain* d : ticking) {
        for (auto [p, index] : d->clocked) p->edge(index);
        sleeping_->edges(&d->cycle);
      }
      drive_all(true);
      bool first_ticked = false;
      for (Domain* d : ticking) {
        ++d->cycle;
        d->next += d->period;
        observe(*d);
        first_ticked = first_ticked || d == &first;
      }
      // Accounting before the parts that go idle are put to sleep: a part flagged asleep
      // then is one that did not step this cycle (its count as it was).
      if (first_ticked) accountant_->observe_awake(first.cycle, [&](const auto& f) { sleeping_->each_awake_index(f); });
      sleeping_->settle();
      if (first_ticked) {
        vc_channels_->observe_awake(first.cycle, [&](const auto& f) { sleeping_->each_awake(f); },
                                    sleeping_->most_awake());
        deadlocked_ = deadlocked_ || !vc_channels_->stuck().empty();
      }
      if (deadlocked_) break;
    }
    for (const auto& [name, d] : domains_)
      for (const std::size_t i : d.loops) unpark(i, d.cycle + 1);  // the last cycle observed is d.cycle
    sleeping_->wake_all();
    std::vector<const core::LoopObserver*> observed;
    for (const core::LoopObserver& o : observers_) observed.push_back(&o);
    RunResult result = collect_results(platform_, observed, holders_, [&](const LoopPart& p, core::LinkReport& r) {
      part(p.name).contribute_at(p.end, r);
    }, [&](core::FlowTable& flows) {
      for (const auto& p : parts_) p->add_flows(flows);
    }, [&](const std::string& name, core::Waits& waits) { part(name).add_waits(waits); },
       [&](const std::string& name) -> const core::VcChannelPart& { return part(name); }, vc_channels_->stuck());
    accountant_->finish(result);
    vc_channels_->finish(result);
    result.view = "tl";
    result.jumps = jumps_.jumps();
    result.idle_cycles_skipped = skipped_;
    result.part_cycles_asleep = sleeping_->asleep_cycles();
    result.loop_cycles_parked = parked_cycles_;
    if (recorder_) recorder_->finish();
    return result;
  }

  // --- what SteadyStateJumps needs; the parts and observers are the state (the wires
  // are what the parts drive from it). Jumps need one clock and every part taking part.
  friend class core::SteadyStateJumps<TlEngine>;
  struct Snapshot {
    std::vector<std::unique_ptr<TlPart>> parts;
    std::vector<core::LoopObserver> observers;
  };
  std::optional<core::Cycle> cycle_length() const {
    if (domains_.size() != 1 || sleeping_->any()) return std::nullopt;  // a sleeper lags its clock
    core::Cycle length = 1;
    for (const auto& p : parts_) {
      const auto own = p->cycle_length();
      if (!own) return std::nullopt;
      length = std::lcm(length, *own);
    }
    return length;
  }
  core::Cycle next_stall_edge(core::Cycle t) const {
    core::Cycle edge = UINT64_MAX;
    for (const auto& p : parts_) edge = std::min(edge, p->next_stall_edge(t));
    return edge;
  }
  void add_shape(core::Shape& s) const {
    for (const auto& p : parts_) p->add_shape(s);
    for (const core::LoopObserver& o : observers_) o.add_shape(s);
  }
  Snapshot snapshot() const {
    Snapshot s;
    for (const auto& p : parts_) s.parts.push_back(p->clone());
    s.observers = observers_;
    return s;
  }
  void repeat(const Snapshot& earlier, core::Cycle periods, core::Cycle period) {
    for (std::size_t i = 0; i < parts_.size(); ++i) parts_[i]->repeat(*earlier.parts[i], periods, period);
    for (std::size_t i = 0; i < observers_.size(); ++i)
      observers_[i].repeat(earlier.observers[i], core::Repeat{periods, period, 0});
    Domain& d = domains_.begin()->second;
    d.cycle += periods * period;
    d.next += static_cast<std::int64_t>(periods * period) * d.period;
    drive_all();  // the wires carry what the moved state drives
  }

 private:
  TlPart& part(const std::string& name) { return *parts_[index_.at(name)]; }

  void build_parts() {
    const auto deliveries = delivery_boards(platform_);
    if (!platform_.run.record_trace.empty())
      recorder_ = std::make_unique<RunRecorder>(platform_, platform_.run.record_trace);
    for (const ResolvedComponent& rc : platform_.components) {
      if (!rc.kind->tl_factory)
        throw Error(platform_.file + ":" + std::to_string(rc.line) + ": component '" + rc.name + "' of kind '" +
                    rc.kind->name + "' has no transaction-level view; run it with --view cycle");
      auto p = rc.kind->tl_factory(ComponentConfig(rc.name, rc.params, platform_.run.seed,
                                                   static_cast<std::uint64_t>(platform_.run.warmup),
                                                   component_context(platform_, rc, deliveries, recorder_.get())));
      Domain& own = domains_.at(rc.clock);
      domain_of_.push_back(&own);
      second_domain_.push_back(nullptr);
      p->set_period(0, static_cast<double>(own.period));
      for (const ParamSpec& spec : rc.kind->params)
        if (spec.type == ParamType::clock) {
          second_domain_.back() = &domains_.at(std::get<std::string>(rc.params.at(spec.name)));
          p->set_period(1, static_cast<double>(second_domain_.back()->period));
        }
      index_[rc.name] = parts_.size();
      parts_.push_back(std::move(p));
    }
  }

  // Parts in an order where whatever feeds a part's combinational inputs drives first. A
  // part is one node, or, where it names its combinational paths, one node per output
  // those paths lead to (each driven in turn, so two wires through one part are not a
  // loop); a part is driven once for nodes of its that follow each other.
  void order_drives() {
    struct Node {
      std::string part;
      std::vector<std::string> inputs;  // its combinational inputs
      std::string output;               // the output it produces; "" for the others
    };
    std::vector<Node> nodes;
    for (const ResolvedComponent& rc : platform_.components) {
      const auto paths = part(rc.name).combinational_paths();
      // A part naming its paths also gets a node with no inputs, for its registered outputs.
      nodes.push_back({rc.name, paths.empty() ? part(rc.name).combinational_inputs() : std::vector<std::string>{}, ""});
      std::map<std::string, std::size_t> node_of_output;
      for (const auto& [in, out] : paths) {
        const auto [it, fresh] = node_of_output.emplace(out, nodes.size());
        if (fresh) nodes.push_back({rc.name, {}, out});
        nodes[it->second].inputs.push_back(in);
      }
    }
    // Look-ups by name, so that ordering 16000 loops is n log n.
    std::map<std::string, std::vector<std::size_t>> nodes_of;
    for (std::size_t n = 0; n < nodes.size(); ++n) nodes_of[nodes[n].part].push_back(n);
    // Who writes what a port reads: the far end of each connection into it, and, for the
    // ready of a stream a part offers on (a hop reading whether the next part takes its
    // head), the part that takes it.
    using PortName = std::pair<std::string, std::string>;
    std::map<PortName, std::vector<PortName>> driving;
    for (const ResolvedConnection& c : platform_.connections) {
      driving[{c.to, c.to_port}].push_back({c.from, c.from_port});
      if (c.type == ChannelType::stream) driving[{c.from, c.from_port}].push_back({c.to, c.to_port});
    }
    // The node producing `part.port`: its path's node, else the part's node for the rest.
    auto producer = [&](const std::string& name, const std::string& port) {
      std::size_t rest = nodes.size();
      for (const std::size_t n : nodes_of[name]) {
        if (nodes[n].output == port) return n;
        if (nodes[n].output.empty()) rest = n;
      }
      return rest;
    };
    std::vector<int> state(nodes.size(), 0);  // 1: being visited, 2: placed
    std::function<void(std::size_t)> visit = [&](std::size_t n) {
      if (state[n] == 2) return;
      if (state[n] == 1)
        throw Error(platform_.file + ": a combinational loop passes through '" + nodes[n].part +
                    "'; the transaction-level view needs a register in every loop (run it with --view cycle)");
      state[n] = 1;
      for (const std::string& port : nodes[n].inputs) {
        const auto found = driving.find({nodes[n].part, port});
        if (found == driving.end()) continue;
        for (const auto& [from, from_port] : found->second) visit(producer(from, from_port));
      }
      state[n] = 2;
      // A part that may sleep drives before all others (its outputs follow its state alone).
      if (sleeping_->may_sleep(index_.at(nodes[n].part))) return;
      // Nothing was driven since its previous node: its inputs are as they were.
      if (order_.empty() || order_.back() != &part(nodes[n].part)) order_.push_back(&part(nodes[n].part));
    };
    for (std::size_t n = 0; n < nodes.size(); ++n) visit(n);
  }

  void watch_loops() {
    for (std::size_t i = 0; i < platform_.loops.size(); ++i) {
      const LoopPlan& loop = platform_.loops[i];
      observers_.emplace_back(loop.name, loop.capacity, warmup_in(platform_, loop.clock));
      observers_.back().set_watchdog(static_cast<core::Cycle>(platform_.run.watchdog));
      holders_.emplace_back();
      for (const LoopPart& p : parts_of(loop))
        if (const auto* h = part(p.name).participant_at(p.end)) {
          holders_.back().emplace_back(p.name, h);
          if (h->crosses_clocks()) observers_.back().time_unqueued_round_trips();
        }
      domains_.at(loop.clock).loops.push_back(i);
      // Its parts' sleep flags, where every part of it may sleep (it may be parked).
      parked_.emplace_back();
      for (const LoopPart& p : parts_of(loop)) {
        if (!sleeping_->may_sleep(index_.at(p.name))) {
          parked_.back().flags.clear();
          break;
        }
        parked_.back().flags.push_back(sleeping_->flag(index_.at(p.name)));
      }
    }
    for (const core::LoopObserver& o : observers_) observed_.push_back(&o);
  }

  // Every part's outputs; `ticked_only`: of the sleepers, only those whose clock ticked
  // since the last settle (the others' outputs did not change).
  void drive_all(bool ticked_only = false) {
    if (ticked_only)
      sleeping_->drive_ticked();
    else
      sleeping_->drive();
    for (TlPart* p : order_) p->drive();
  }

  // The parts that may sleep (kinds/behaviour.hpp sleeps): of one clock, driven from their
  // state alone, on no per-class credits; each woken by the flits and credits on the wires
  // into it, or by its own next cycle. The others are stepped by their clocks. None sleeps
  // on a platform whose steady state may be jumped (every part stepped in step).
  void find_sleepers() {
    sleeping_.emplace(parts_.size());
    std::vector<char> may(parts_.size(), 0);
    const bool may_jump = domains_.size() == 1 && std::all_of(parts_.begin(), parts_.end(), [](const auto& p) {
                            return p->cycle_length().has_value();
                          });
    for (std::size_t i = 0; i < parts_.size(); ++i) {
      const TlPart& p = *parts_[i];
      may[i] = !may_jump && p.sleeps() && !second_domain_[i] && p.combinational_inputs().empty() &&
               p.combinational_paths().empty();
    }
    // A source or a receiver (counted asleep) sleeps only where three parts in four may: on
    // a single link its sleeps were too short to pay for asking it (first_link.yaml: 12% more
    // instructions a cycle); beside an 8x8 mesh's sleeping routers, the sleeping sources and
    // receivers of its 60 terminals save 7% (soc_on_mesh.yaml at 0.02), on the busy 2x2
    // meshes they cost 1-2% (callgrind).
    if (4 * static_cast<std::size_t>(std::count(may.begin(), may.end(), 1)) < 3 * parts_.size())
      for (std::size_t i = 0; i < parts_.size(); ++i) may[i] = may[i] && !parts_[i]->counted_asleep();
    for (const ResolvedConnection& c : platform_.connections)
      if (c.type == ChannelType::class_credit) may[index_.at(c.to)] = may[index_.at(c.from)] = 0;
    for (std::size_t i = 0; i < parts_.size(); ++i) {
      if (may[i]) {
        sleeping_->add(i, parts_[i].get(), &domain_of_[i]->cycle);
        continue;
      }
      domain_of_[i]->clocked.emplace_back(parts_[i].get(), 0);
      if (second_domain_[i]) second_domain_[i]->clocked.emplace_back(parts_[i].get(), 1);
    }
    for (std::size_t k = 0; k < platform_.connections.size(); ++k) {
      const ResolvedConnection& c = platform_.connections[k];
      using Carries = SleepingParts::Carries;
      const Carries what = c.type == ChannelType::vc_credit ? Carries::vcs
                           : c.type == ChannelType::credit  ? Carries::credit
                                                            : Carries::flit;
      if (sleeping_->may_sleep(index_.at(c.to))) {
        const TlPart& writer = part(c.from);
        sleeping_->add_waker(index_.at(c.from), &writer, writer.port_number(c.from_port), &wires_[k], what,
                             index_.at(c.to));
      }
    }
  }

  // What loop i's credit holders hold now, summed as the monitor sums them.
  core::LoopState state_of(std::size_t i) const {
    core::LoopState state;
    for (const auto& [name, h] : holders_[i]) h->contribute(state);
    return state;
  }

  // On one clock, from cycle t (opened and observed): when every part is idle until a
  // later cycle (TlPart::next_busy), moves them all to its start at once. The cycles
  // between open with the state that opened t, so each loop's observer and the accountant
  // take them as one stretch, counting what they would have counted a cycle at a time.
  // Asking every part costs a few percent of a busy cycle, so after each busy answer in a
  // row it waits twice as many instants before asking again, up to 8 (an idle stretch is
  // then entered up to 7 cycles late, stepped as before).
  bool skip_idle(Domain& d, core::Cycle end, std::uint64_t instant) {
    const core::Cycle t = d.cycle;
    core::Cycle next = end;
    for (const auto& p : parts_) {
      next = std::min(next, p->next_busy(t));
      if (next <= t + 1) {
        next_idle_check_ = instant + (std::uint64_t{1} << busy_answers_);
        busy_answers_ = std::min(busy_answers_ + 1, 3);
        return false;
      }
    }
    busy_answers_ = 0;
    for (std::size_t i : d.loops) {
      unpark(i, t + 1);
      observers_[i].observe_idle(t + 1, next, state_of(i));
    }
    accountant_->observe_idle(t + 1, next);
    vc_channels_->observe_idle(t + 1, next);
    for (const auto& p : parts_) p->skip_to(next);
    skipped_ += next - t - 1;
    d.next += static_cast<std::int64_t>(next - t) * d.period;
    d.cycle = next;
    sleeping_->wake_due(&d.cycle, next);  // a part asleep until `next` drives it
    drive_all();
    sleeping_->settle(true);  // what the parts drove at `next` may wake a sleeper
    observe(d);
    accountant_->observe(next);
    vc_channels_->observe(next);
    return true;
  }

  // A violation is counted and kept by the observer; a deadlock stops the run after the
  // instant, as the cycle view's monitor does. A loop whose parts all sleep is parked: its
  // state cannot change, so the cycles until one wakes are observed as one idle stretch.
  void observe(const Domain& d) {
    for (std::size_t i : d.loops) {
      if (parks(i, d.cycle)) continue;
      const core::LoopState state = state_of(i);
      core::LoopObserver& o = observers_[i];
      if (!o.observe_ok(d.cycle, state)) o.violated(d.cycle, state);
      if (o.deadlocked() && starvation_.starved(i, observed_, d.cycle)) o.starved(d.cycle);
      deadlocked_ = deadlocked_ || o.deadlocked();
    }
  }

  // Loop i at cycle t: parked (true) while all its parts sleep, observed from the first
  // cycle they all did with the state they left; unparked, its stretch is observed.
  bool parks(std::size_t i, core::Cycle t) {
    Parked& p = parked_[i];
    const bool asleep = !p.flags.empty() &&
                        std::all_of(p.flags.begin(), p.flags.end(), [](const char* f) { return *f != 0; });
    if (asleep && !p.since) {
      p.since = t;
      p.state = state_of(i);
    }
    if (!asleep) unpark(i, t);
    return asleep;
  }
  // Loop i's parked stretch, up to cycle t, observed.
  void unpark(std::size_t i, core::Cycle t) {
    Parked& p = parked_[i];
    if (!p.since) return;
    observers_[i].observe_idle(*p.since, t, p.state);
    parked_cycles_ += t - *p.since;
    p.since.reset();
  }
  struct Parked {
    std::vector<const char*> flags;   // its parts' sleep flags (none: it cannot be parked)
    std::optional<core::Cycle> since;  // parked: the first cycle not observed
    core::LoopState state;             // the state it was parked with
  };
  std::vector<Parked> parked_;  // by loop
  std::uint64_t parked_cycles_ = 0;

  const Platform& platform_;
  std::map<std::string, Domain> domains_;
  std::unique_ptr<RunRecorder> recorder_;  // before the parts, which tell it what they make
  std::vector<std::unique_ptr<TlPart>> parts_;  // in the platform's component order
  std::map<std::string, std::size_t> index_;
  std::deque<Wire> wires_;  // deque: parts keep pointers to them
  std::vector<TlPart*> order_;  // the parts that never sleep, in drive order
  std::vector<Domain*> domain_of_;      // each part's own clock's
  std::vector<Domain*> second_domain_;  // its clock-typed parameter's (a crossing), or null
  std::optional<SleepingParts> sleeping_;
  std::vector<core::LoopObserver> observers_;
  std::vector<const core::LoopObserver*> observed_;  // the same, as MergeStarvation reads them
  MergeStarvation starvation_{platform_};
  std::vector<NamedHolders> holders_;
  bool deadlocked_ = false;
  core::Cycle skipped_ = 0;  // cycles crossed by skip_idle without a step
  std::uint64_t next_idle_check_ = 0;  // the instant skip_idle asks the parts next
  int busy_answers_ = 0;               // busy answers in a row
  core::SteadyStateJumps<TlEngine> jumps_;
  std::optional<Accountant> accountant_;
  std::optional<VcChannelCheck> vc_channels_;
};

}  // namespace

RunResult simulate_tl(const Platform& platform) { return TlEngine(platform).run(); }

RunResult simulate_view(const Platform& platform, const Registry& registry, const std::string& view,
                        const std::string& vcd_file, const std::string& option, std::uint64_t vcd_limit) {
  if (view != "cycle" && view != "tl") throw ParameterError(option + " " + view + ": unknown view (allowed: cycle, tl)");
  if (view == "tl" && !vcd_file.empty())
    throw ParameterError("--vcd needs --view cycle: the transaction-level view has no signals to trace");
  if (has_networks(platform)) return simulate_networks(platform, view, vcd_file, vcd_limit);
  if (view == "cycle") return simulate(platform, registry, vcd_file, vcd_limit);
  return simulate_tl(platform);
}

}  // namespace creditflow::platform
