// What the platform needs of a component built from YAML: bind its clock and ports to
// channels, expose its credits to the monitor, and add what it measured to its loop's
// report. A kind defined once (kinds/behaviour.hpp) gets this from define_kind.hpp, with
// its TL view; a SystemC module of one's own becomes usable from YAML by implementing this
// and registering a KindSpec (see registry.hpp), in the cycle view only.
#pragma once
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <systemc>

#include "creditflow/core/clock_pair.hpp"
#include "creditflow/core/delivery_board.hpp"
#include "creditflow/core/flow_stats.hpp"
#include "creditflow/core/link_report.hpp"
#include "creditflow/core/vc_terms.hpp"
#include "creditflow/core/waits.hpp"
#include "creditflow/monitor/loop_participant.hpp"
#include "creditflow/platform/channel.hpp"
#include "creditflow/platform/params.hpp"

namespace creditflow::platform {

// What a component sees of the platform around it: its own clock; the loop it is part of
// (its credits, its sender's clock, whether its source's flits come at random); and every
// clock's period and phase (picoseconds) by name.
struct ComponentContext {
  std::string own_clock, loop_clock;
  std::int64_t loop_capacity = 0;
  bool random_source = false;
  std::map<std::string, std::pair<double, double>> clock_times;  // name -> (period, phase)
  // The id a flit carries for the component `name` as its source or destination (timing.md
  // section 5): its position in the platform, from 1.
  std::function<std::uint32_t(const std::string&)> endpoint_id;
  std::function<std::string(std::uint32_t)> endpoint_name;  // and back ("" for none)
  std::function<std::string(std::uint32_t)> endpoint_clock;  // the clock of the component an id names
  std::string run_clock;                                     // the clock whose cycles count the run
  std::string model_file;  // the platform's file: what a file a parameter names is beside
  // Bytes a flit of it carries: its own `width`, else the width of the part its stream
  // output feeds (0: neither given); asked only by the parts that need it.
  std::function<std::int64_t()> flit_width;
  // Where traced records are delivered, one set per run of the platform (trace_source).
  std::shared_ptr<core::DeliveryBoards> deliveries;
  // Where the parts that make flits tell each one (--record-trace); null: not recorded.
  core::CreationLog* creations = nullptr;
};

// A component's resolved, range-checked parameters.
class ComponentConfig {
 public:
  ComponentConfig(std::string name, std::map<std::string, ParamValue> params, std::uint64_t seed,
                  std::uint64_t warmup, ComponentContext context = {})
      : name_(std::move(name)),
        params_(std::move(params)),
        seed_(seed),
        warmup_(warmup),
        context_(std::move(context)) {}

  const std::string& name() const { return name_; }
  std::uint64_t seed() const { return seed_; }      // the run's seed
  std::uint64_t warmup() const { return warmup_; }  // measurements start at this cycle
  // The credits of the loop the component is part of (0: none), e.g. to size a counter.
  std::int64_t loop_capacity() const { return context_.loop_capacity; }
  // Whether the loop's source makes its flits at random (what sizing by waits is for).
  bool random_source() const { return context_.random_source; }
  // From the clock of its loop's sender to `clock` (its own when empty): what a part that
  // measures flits stamped by the sender needs to time them across clocks.
  core::ClockPair from_loop_clock(const std::string& clock = "") const {
    return clock_pair(context_, context_.loop_clock, clock.empty() ? context_.own_clock : clock);
  }
  // The flit id of the component `name` (itself when empty), 0 outside a platform.
  std::uint32_t endpoint_id(const std::string& name = "") const {
    return context_.endpoint_id ? context_.endpoint_id(name.empty() ? name_ : name) : 0;
  }
  // The component an endpoint id names ("" for none), for messages.
  std::function<std::string(std::uint32_t)> endpoint_namer() const { return context_.endpoint_name; }
  // Its window's first cycle in its own clock's cycles: the run's warm-up, in time.
  std::uint64_t warmup_in_own_cycles() const {
    const auto run = context_.clock_times.find(context_.run_clock), own = context_.clock_times.find(context_.own_clock);
    if (run == context_.clock_times.end() || own == context_.clock_times.end() || run == own) return warmup_;
    return core::cycles_as_long(warmup_, run->second.first, own->second.first);
  }
  // From the clock of the component an endpoint id names to its own; none on one clock.
  std::function<core::ClockPair(std::uint32_t)> clocks_from_endpoints() const {
    if (context_.clock_times.size() <= 1 || !context_.endpoint_clock) return {};
    const ComponentContext context = context_;
    return [context](std::uint32_t id) { return clock_pair(context, context.endpoint_clock(id), context.own_clock); };
  }
  // From each endpoint's clock to its loop's sender's (ReceiverCore::set_creation_clocks);
  // none on a platform of one clock.
  std::function<core::ClockPair(std::uint32_t)> creation_clocks() const {
    if (context_.clock_times.size() <= 1 || !context_.endpoint_clock || context_.loop_clock.empty()) return {};
    const ComponentContext context = context_;
    return [context](std::uint32_t id) { return clock_pair(context, context.endpoint_clock(id), context.loop_clock); };
  }
  // A file a parameter names, as the platform's file gives it: beside that file unless absolute.
  std::string path_beside_model(const std::string& file) const;
  std::int64_t flit_width() const { return context_.flit_width ? context_.flit_width() : 0; }
  const std::shared_ptr<core::DeliveryBoards>& deliveries() const { return context_.deliveries; }
  core::CreationLog* creations() const { return context_.creations; }
  std::int64_t integer(const std::string& param) const;
  double real(const std::string& param) const;
  bool boolean(const std::string& param) const;
  const std::string& text(const std::string& param) const;
  const std::map<std::string, ParamValue>& params() const { return params_; }

 private:
  const ParamValue& at(const std::string& param) const;
  // From clock `from` to clock `to` by name; none where either is unknown.
  static core::ClockPair clock_pair(const ComponentContext& c, const std::string& from, const std::string& to) {
    const auto f = c.clock_times.find(from), t = c.clock_times.find(to);
    if (f == c.clock_times.end() || t == c.clock_times.end()) return {};
    return {f->second.first, f->second.second, t->second.first, t->second.second};
  }
  std::string name_;
  std::map<std::string, ParamValue> params_;
  std::uint64_t seed_;
  std::uint64_t warmup_;
  ComponentContext context_;
};

// Accounting asks it as a core::FlitCounter (kinds/behaviour.hpp count).
class Component : public core::FlitCounter, public core::VcChannelPart {
 public:
  virtual ~Component() = default;
  virtual void bind_clock(sc_core::sc_clock& clk) = 0;
  // Called for each clock-typed parameter, with the clock it names.
  virtual void bind_domain_clock(const std::string& /*param*/, sc_core::sc_clock& /*clk*/) {}
  // Called once per connected port, with a channel of the port's declared type.
  virtual void bind(const std::string& port, Channel& channel) = 0;
  // The credit holder the loop monitor sums, for kinds in a credit loop.
  virtual const monitor::LoopParticipant* participant() const { return nullptr; }
  // Adds what this component measured to the report of the loop it belongs to.
  virtual void contribute(core::LinkReport&) const {}
  // Its share of the per-flow figures (kinds/behaviour.hpp add_flows).
  virtual void add_flows(core::FlowTable&) const {}
  // The same for the loop that ends at its port `end` (KindSpec::ends; "" where the
  // component is a pipe of the loop), for a kind in several loops. By default the above.
  virtual const monitor::LoopParticipant* participant_at(const std::string& /*end*/) const { return participant(); }
  virtual void contribute_at(const std::string& /*end*/, core::LinkReport& r) const { contribute(r); }
  // Adds the component's own state to a VCD under its name (a sender's credits, a
  // buffer's occupancy), beside the channels' signals.
  virtual void trace_state(sc_core::sc_trace_file*, const std::string& /*name*/) const {}
  // In a deadlock: what it holds that cannot move, and what it waits for (core/waits.hpp).
  virtual void add_waits(core::Waits&) const {}
};

}  // namespace creditflow::platform
