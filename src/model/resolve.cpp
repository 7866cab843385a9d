#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <unordered_map>
#include <sstream>
#include <tuple>

#include "creditflow/core/error.hpp"
#include "creditflow/platform/port_key.hpp"
#include "creditflow/platform/expand_networks.hpp"
#include "creditflow/platform/memory_estimate.hpp"
#include "creditflow/core/limits.hpp"
#include "creditflow/platform/nearest.hpp"
#include "creditflow/platform/verilated.hpp"
#include "creditflow/platform/platform.hpp"
#include "model/check_traces.hpp"

namespace creditflow::platform {

namespace {

constexpr std::int64_t max_cycles = 1'000'000'000'000;  // 10^12: hours of simulation
constexpr double kMaxSimulatedPs = 4611686018427387904.0;   // 2^62 ps, 53 days: far from 2^64's wrap

using Endpoint = PortKey;

class Resolver {
 public:
  Resolver(const Netlist& n, const Registry& r, const std::vector<Override>& o, const RunOverrides& run)
      : n_(n), registry_(r), overrides_(o), run_(run) {}

  Platform resolve() {
    out_.file = n_.file;
    resolve_clocks();
    resolve_components();
    apply_overrides();
    resolve_values();
    resolve_connections();
    find_loops();
    check_destinations();
    find_vc_channels();
    // Each component's connected ports, apart: a router's check asks after each of its 256.
    std::map<std::string, std::set<std::string>> connected;
    for (const ResolvedConnection& c : out_.connections) {
      connected[c.from].insert(c.from_port);
      connected[c.to].insert(c.to_port);
    }
    for (const ResolvedComponent& rc : out_.components)
      if (rc.kind->check) {
        const std::set<std::string>& ports = connected[rc.name];
        rc.kind->check(rc.params, [&](const std::string& port) { return ports.count(port) > 0; },
                       at(rc.line) + ": " + rc.name);
      }
    check_traces(out_, [&](const ResolvedComponent& rc, const std::string& param) {
      return raw_[out_.index_of(rc.name)].at(param).where;
    });
    resolve_run();
    return std::move(out_);
  }

 private:
  struct Raw {
    std::string text;
    std::string where;
  };

  std::string at(int line) const { return n_.file + ":" + std::to_string(line); }

  std::vector<std::string> component_names() const {
    std::vector<std::string> v;
    for (const ComponentDecl& c : n_.components) v.push_back(c.name);
    return v;
  }

  const ComponentDecl* decl(const std::string& name) const {
    for (const ComponentDecl& c : n_.components)
      if (c.name == name) return &c;
    return nullptr;
  }

  std::string describe(const ComponentDecl& c) const { return c.name + " (" + c.kind + ")"; }

  void resolve_clocks() {
    out_.clocks = n_.clocks;
    if (out_.clocks.empty()) {
      ClockDecl clk;
      clk.name = "clk";
      out_.clocks.push_back(clk);
    }
    for (const ComponentDecl& c : n_.components)
      if (clock(c.name))
        throw Error(at(c.line) + ": component " + c.name + " has the name of a clock; names must differ");
    // clock.period and clock.phase are addressable like parameters.
    for (const Override& o : overrides_) {
      const auto [name, field] = split_dotted(o.target, o.where);
      ClockDecl* c = clock(name);
      if (!c) continue;
      if (field == "period")
        c->period_text = o.value;
      else if (field == "phase")
        c->phase_text = o.value;
      else
        throw Error(o.where + ": clock " + name + " has no parameter '" + field + "'" +
                    did_you_mean(field, {"period", "phase"}) + " (allowed: period, phase)");
      set_clock_times(*c, o.where);
    }
    for (const ClockDecl& c : out_.clocks) {
      std::string where = at(c.line);
      for (const Override& o : overrides_)
        if (o.target == c.name + ".phase" || o.target == c.name + ".period") where = o.where;
      check_clock_phase(c, where);
    }
    const auto [fast, slow] = std::minmax_element(
        out_.clocks.begin(), out_.clocks.end(), [](const ClockDecl& a, const ClockDecl& b) { return a.period_ps < b.period_ps; });
    if (slow->period_ps > fast->period_ps * static_cast<double>(core::limits::max_clock_ratio)) {
      std::ostringstream why;
      why << at(slow->line) << ": clock " << slow->name << " (period " << slow->period_text << ") is "
          << std::llround(slow->period_ps / fast->period_ps) << " times slower than " << fast->name << " (period "
          << fast->period_text << "); every edge is simulated, so clock periods may differ at most "
          << core::limits::max_clock_ratio << " times";
      throw ParameterError(why.str());
    }
  }

  ClockDecl* clock(const std::string& name) {
    for (ClockDecl& c : out_.clocks)
      if (c.name == name) return &c;
    return nullptr;
  }

  std::vector<std::string> clock_names() const {
    std::vector<std::string> v;
    for (const ClockDecl& c : out_.clocks) v.push_back(c.name);
    return v;
  }

  // `component.kind` is addressable like a parameter: --set crossing.kind=pulse.
  std::pair<std::string, std::string> kind_of(const ComponentDecl& c) const {
    std::pair<std::string, std::string> kind{c.kind, at(c.line)};
    for (const Override& o : overrides_)
      if (o.target == c.name + ".kind") kind = {o.value, o.where};
    if (kind.first == "verilated") {
      const std::string named = kind_name(c, overrides_);
      if (named == "verilated")
        throw Error(kind.second + ": component " + c.name + " (verilated) needs parameter 'role' (allowed " +
                    join_names(verilated_roles()) + ")");
      if (!registry_.find(named))
        throw Error(kind.second + ": component " + c.name + " (verilated) has role '" +
                    named.substr(std::string("verilated_").size()) + "', not one a verilated module can play (allowed " +
                    join_names(verilated_roles()) + ")");
      kind.first = named;
    }
    return kind;
  }

  void resolve_components() {
    const std::vector<std::string> clock_names = this->clock_names();
    for (const ComponentDecl& c : n_.components) {
      const auto [kind_name, kind_where] = kind_of(c);
      const KindSpec* kind = registry_.find(kind_name);
      if (!kind)
        throw Error(kind_where + ": component " + c.name + " has unknown kind '" + kind_name + "'" +
                    did_you_mean(kind_name, registry_.names()) + " ('creditflow list' shows the kinds)");
      ResolvedComponent rc;
      rc.name = c.name;
      rc.kind = kind;
      rc.line = c.line;
      rc.terminal_of = c.terminal_of;
      rc.part_of = c.part_of;
      if (c.clock.empty()) {
        if (out_.clocks.size() > 1)
          throw Error(at(c.line) + ": component " + c.name + " needs a clock: the platform has " +
                      std::to_string(out_.clocks.size()) + " clocks");
        rc.clock = out_.clocks.front().name;
      } else {
        if (std::find(clock_names.begin(), clock_names.end(), c.clock) == clock_names.end())
          throw Error(at(c.clock_line) + ": component " + c.name + " uses unknown clock '" + c.clock +
                      "'" + did_you_mean(c.clock, clock_names));
        rc.clock = c.clock;
      }
      std::map<std::string, Raw> raw;
      for (const ParamSpec& p : kind->params)
        raw[p.name] = Raw{p.default_text, at(c.line) + " (default of " + c.name + "." + p.name + ")"};
      for (const auto& [key, value] : c.params) {
        if (!kind->param(key))
          throw Error(at(value.line) + ": " + c.name + " (" + kind->name + ") has no parameter '" + key + "'" +
                      did_you_mean(key, kind->param_names()) + " ('creditflow list " + kind->name +
                      "' shows its parameters)");
        raw[key] = Raw{value.text, at(value.line)};
      }
      raw_.push_back(std::move(raw));
      out_.components.push_back(std::move(rc));
    }
  }

  std::size_t index_of(const std::string& component, const std::string& where) const {
    const std::size_t i = out_.index_of(component);
    if (i < out_.components.size()) return i;
    throw Error(where + ": no component '" + component + "'" + did_you_mean(component, component_names()));
  }

  void check_param(std::size_t i, const std::string& param, const std::string& where) const {
    const ResolvedComponent& c = out_.components[i];
    if (!c.kind->param(param))
      throw Error(where + ": " + c.name + " (" + c.kind->name + ") has no parameter '" + param + "'" +
                  did_you_mean(param, c.kind->param_names()));
  }

  void apply_overrides() {
    for (const Override& o : overrides_) {
      const auto [component, param] = split_dotted(o.target, o.where);
      if (clock(component)) continue;  // taken by resolve_clocks
      const std::size_t i = index_of(component, o.where);
      if (param == "kind") continue;  // taken by resolve_components
      check_param(i, param, o.where);
      raw_[i][param] = Raw{o.value, o.where};
    }
  }

  // Resolves one parameter, following ${...} references (to the same component when the
  // name has no dot), and parses it against its own spec.
  ParamValue value_of(std::size_t i, const std::string& param, std::vector<std::string>& chain) {
    ResolvedComponent& c = out_.components[i];
    const auto done = c.params.find(param);
    if (done != c.params.end()) return done->second;
    const std::string key = c.name + "." + param;
    if (std::find(chain.begin(), chain.end(), key) != chain.end()) {
      std::string cycle;
      for (const std::string& k : chain) cycle += k + " -> ";
      throw Error(raw_[i][param].where + ": parameters refer to each other in a circle: " + cycle + key);
    }
    const ParamSpec& spec = *c.kind->param(param);
    const Raw raw = raw_[i][param];
    if (raw.text.empty() && spec.required)
      throw ParameterError(at(c.line) + ": " + c.name + " (" + c.kind->name + ") needs parameter '" +
                           param + "' (allowed " + spec.allowed() + ")");
    std::string text = raw.text;
    std::string shown = key;
    if (text.size() > 3 && text.compare(0, 2, "${") == 0 && text.back() == '}') {
      const std::string ref = text.substr(2, text.size() - 3);
      const std::string target = ref.find('.') == std::string::npos ? c.name + "." + ref : ref;
      const auto [tc, tp] = split_dotted(target, raw.where + ": " + key + " = " + text);
      const std::size_t j = index_of(tc, raw.where + ": " + key + " = " + text);
      check_param(j, tp, raw.where + ": " + key + " = " + text);
      chain.push_back(key);
      text = format_value(value_of(j, tp, chain));
      chain.pop_back();
      shown = key + " (from " + raw.text + ")";
    }
    const ParamValue v = parse_param(spec, text, raw.where, shown);
    if (spec.type == ParamType::clock) {
      const std::vector<std::string> clocks = clock_names();
      if (std::find(clocks.begin(), clocks.end(), text) == clocks.end())
        throw ParameterError(raw.where + ": " + shown + " = " + text + " is not a clock of the platform" +
                             did_you_mean(text, clocks) + " (allowed a clock of the platform)");
    }
    c.params[param] = v;
    return v;
  }

  void resolve_values() {
    for (std::size_t i = 0; i < out_.components.size(); ++i) {
      for (const ParamSpec& p : out_.components[i].kind->params) {
        std::vector<std::string> chain;
        value_of(i, p.name, chain);
      }
      check_per_class(i);
    }
  }

  // Lists with one item per traffic class have as many items as `classes`, or one.
  void check_per_class(std::size_t i) const {
    const ResolvedComponent& c = out_.components[i];
    const auto classes = c.params.find("classes");
    if (classes == c.params.end()) return;
    const auto names = list_items(std::get<std::string>(classes->second));
    for (std::size_t a = 0; a < names.size(); ++a)
      for (std::size_t b = a + 1; b < names.size(); ++b)
        if (names[a] == names[b])
          throw ParameterError(raw_[i].at("classes").where + ": " + c.name + ".classes names '" + names[a] +
                               "' twice (allowed distinct names)");
    for (const ParamSpec& p : c.kind->params) {
      if (p.type != ParamType::list || !p.per_class) continue;
      const std::size_t n = list_items(std::get<std::string>(c.params.at(p.name))).size();
      if (n != 1 && n != names.size())
        throw ParameterError(raw_[i].at(p.name).where + ": " + c.name + "." + p.name + " has " + std::to_string(n) +
                             " items but " + c.name + ".classes has " + std::to_string(names.size()) +
                             " (allowed one per class, or one for all)");
    }
  }

  // Where a connection is written, for its messages (made only for one: a network's
  // thousands of connections made it at each).
  std::string where_of(const ConnectionDecl& c) const { return at(c.line) + ": connection '" + c.text + "'"; }

  const PortSpec& port_of(const ConnectionDecl& c, const std::string& component,
                          const std::string& port) const {
    const std::size_t i = out_.index_of(component);
    if (i == out_.components.size()) index_of(component, where_of(c));  // says which name is not there
    const KindSpec& kind = *out_.components[i].kind;
    const PortSpec* p = kind.port(port);
    if (!p) {
      throw Error(where_of(c) + ": " + component + " (" + kind.name + ") has no port '" + port + "'" +
                  did_you_mean(port, kind.port_names()) + " (ports: " + join_names(kind.port_names()) + ")");
    }
    return *p;
  }

  void resolve_connections() {
    std::unordered_map<Endpoint, int, PortKeyHash> used;  // port -> line of its connection
    used.reserve(2 * n_.connections.size());
    for (const ConnectionDecl& c : n_.connections) {
      const PortSpec& from = port_of(c, c.from_component, c.from_port);
      const PortSpec& to = port_of(c, c.to_component, c.to_port);
      if (from.dir != PortDir::out)
        throw Error(where_of(c) + ": " + c.from_component + "." + c.from_port +
                    " is an input; a connection runs from an output to an input");
      if (to.dir != PortDir::in)
        throw Error(where_of(c) + ": " + c.to_component + "." + c.to_port +
                    " is an output; a connection runs from an output to an input");
      if (from.type != to.type)
        throw Error(where_of(c) + ": " + c.from_component + "." + c.from_port + " carries a " +
                    channel_type_name(from.type) + " channel but " + c.to_component + "." +
                    c.to_port + " takes a " + channel_type_name(to.type) + " channel");
      const std::string from_clock = domain_of(c.from_component, from), to_clock = domain_of(c.to_component, to);
      if (from_clock != to_clock)
        throw Error(where_of(c) + ": " + c.from_component + "." + c.from_port + " runs on clock " + from_clock +
                    " but " + c.to_component + "." + c.to_port + " on clock " + to_clock + "; only a crossing (" +
                    crossing_kinds() + ") joins two clocks");
      for (const auto& [endpoint, verb] :
           {std::pair{Endpoint{c.to_component, c.to_port}, "driven"},
            std::pair{Endpoint{c.from_component, c.from_port}, "connected"}}) {
        const auto [it, fresh] = used.emplace(endpoint, c.line);
        if (!fresh)
          throw Error(where_of(c) + ": " + endpoint.first + "." + endpoint.second + " is " + verb +
                      " twice (also at line " + std::to_string(it->second) + ")");
      }
      connection_from_[{c.from_component, c.from_port}] = out_.connections.size();
      connection_to_[{c.to_component, c.to_port}] = out_.connections.size();
      out_.connections.push_back({c.from_component, c.from_port, c.to_component, c.to_port, from.type, c.line});
    }
    for (const ResolvedComponent& rc : out_.components)
      for (const PortSpec& p : rc.kind->ports)
        if (!p.optional && !used.count({rc.name, p.name}))
          throw Error(at(rc.line) + ": port " + rc.name + "." + p.name + " (" +
                      channel_type_name(p.type) + (p.dir == PortDir::in ? " input" : " output") +
                      ") is not connected");
  }

  // The kinds with a port on a clock of their own parameter's: the crossings.
  std::string crossing_kinds() const {
    std::string names;
    for (const KindSpec& k : registry_.kinds())
      if (std::any_of(k.ports.begin(), k.ports.end(), [](const PortSpec& p) { return !p.domain.empty(); }))
        names += (names.empty() ? "" : ", ") + k.name;
    return names;
  }

  // The clock a port runs on: its component's, or the one its domain parameter names.
  std::string domain_of(const std::string& component, const PortSpec& port) const {
    const ResolvedComponent& rc = out_.component(component);
    if (port.domain.empty()) return rc.clock;
    return std::get<std::string>(rc.params.at(port.domain));
  }

  // Follows a channel from an output port through pipes until it reaches a non-pipe.
  Endpoint follow(Endpoint from, std::vector<std::string>& pipes) const {
    for (;;) {
      const auto found = connection_from_.find(from);
      if (found == connection_from_.end()) return {"", ""};
      const ResolvedConnection* next = &out_.connections[found->second];
      const ResolvedComponent& rc = out_.component(next->to);
      const std::string out_port = rc.kind->passes_to(next->to_port);
      if (out_port.empty()) return {next->to, next->to_port};
      // A link carries both directions: it joins the loop once.
      if (std::find(pipes.begin(), pipes.end(), rc.name) == pipes.end()) pipes.push_back(rc.name);
      from = {rc.name, out_port};
    }
  }

  // Every loop, from each sender end; then the receiver ends no loop reached, fed straight
  // by a source (ready/valid links).
  void find_loops() {
    using Side = LoopEnd::Side;
    std::set<Endpoint> ended;  // receiver ends in a credit loop
    for (const ResolvedComponent& tx : out_.components)
      for (const LoopEnd& end : tx.kind->ends) {
        // A sender end on an optional port left unconnected (an interface that only
        // injects) sends nothing: no loop.
        if (end.side == Side::sender && !(tx.kind->port(end.flit)->optional && !connection_from_.count({tx.name, end.flit})))
          ended.insert(credit_loop(tx, end));
        if (end.side == Side::whole) {
          // A whole credit loop in one component (an asynchronous FIFO).
          LoopPlan loop;
          loop.name = loop.sender = loop.receiver = tx.name;
          loop.sender_end = loop.receiver_end = end.flit;
          loop.clock = tx.clock;
          std::tie(loop.source, loop.source_end) = upstream_source(tx.name, end.flit);
          loop.capacity = std::get<std::int64_t>(tx.params.at(end.capacity));
          out_.loops.push_back(loop);
        }
      }
    for (const ResolvedComponent& rx : out_.components)
      for (const LoopEnd& end : rx.kind->ends)
        if (end.side == Side::receiver && !ended.count({rx.name, end.flit})) ready_valid_link(rx, end);
  }

  // A loop with no pipe is named by its receiver, or by its receiver's end where that
  // component ends several loops (hop.in0).
  static std::string end_name(const ResolvedComponent& rx, const std::string& port) {
    return rx.kind->ends.size() > 1 ? rx.name + "." + port : rx.name;
  }

  // Returns the loop's receiver end.
  Endpoint credit_loop(const ResolvedComponent& tx, const LoopEnd& tx_end) {
    LoopPlan loop;
    loop.sender = tx.name;
    loop.sender_end = tx_end.flit;
    loop.clock = tx.clock;
    const bool one_end = tx.kind->ends.size() == 1;
    const std::string where = at(tx.line) + ": credit loop of " + tx.name + (one_end ? "" : "." + tx_end.flit);
    const Endpoint rx = follow({tx.name, tx_end.flit}, loop.pipes);
    const LoopEnd* rx_end =
        rx.first.empty() ? nullptr : out_.component(rx.first).kind->end_at(LoopEnd::Side::receiver, rx.second);
    if (!rx_end)
      throw Error(where + ": the flits it sends reach " +
                  (rx.first.empty() ? std::string("nothing") : rx.first + "." + rx.second) + ", not a receiver");
    const ResolvedComponent& receiver = out_.component(rx.first);
    loop.receiver = receiver.name;
    loop.receiver_end = rx_end->flit;
    loop.name = loop.pipes.empty() ? end_name(receiver, rx_end->flit) : loop.pipes.front();
    const Endpoint back = follow({receiver.name, rx_end->credit}, loop.pipes);
    if (back != Endpoint{tx.name, tx_end.credit})
      throw Error(where + ": the credits " + receiver.name + " returns reach " +
                  (back.first.empty() ? std::string("nothing") : back.first + "." + back.second) + ", not " +
                  tx.name + "." + tx_end.credit);
    if (!tx_end.feed.empty()) std::tie(loop.source, loop.source_end) = upstream_source(tx.name, tx_end.feed);
    loop.capacity = std::get<std::int64_t>(tx.params.at(tx_end.capacity));
    const std::int64_t depth = std::get<std::int64_t>(receiver.params.at(rx_end->capacity));
    if (loop.capacity > depth)
      throw ParameterError(where + ": " + tx.name + "." + tx_end.capacity + " = " +
                           std::to_string(loop.capacity) + " but its receiver " + receiver.name + " has depth " +
                           std::to_string(depth) + " (a sender holds at most one credit per receiver slot; write " +
                           tx_end.capacity + ": ${" + receiver.name + "." + rx_end->capacity + "})");
    for (const std::string& m : tx.kind->mirrors) {
      const auto theirs = receiver.params.find(m);
      if (theirs == receiver.params.end() || theirs->second == tx.params.at(m)) continue;
      throw ParameterError(where + ": " + tx.name + "." + m + " = " + format_value(tx.params.at(m)) +
                           " but its receiver " + receiver.name + " advertises " + format_value(theirs->second) +
                           " (write " + m + ": ${" + receiver.name + "." + m + "})");
    }
    // Every connection keeps to one clock, so a loop that spans clocks does so through
    // crossings; its monitor counts in the sender's cycles.
    out_.loops.push_back(loop);
    return {loop.receiver, loop.receiver_end};
  }

  // The source end driving `component.port`, through any pipes: (source, its port), or
  // empty names.
  Endpoint upstream_source(const std::string& component, const std::string& port) const {
    std::string to = component, to_port = port;
    for (;;) {
      const auto found = connection_to_.find({to, to_port});
      if (found == connection_to_.end()) return {};
      const ResolvedConnection* c = &out_.connections[found->second];
      const ResolvedComponent& from = out_.component(c->from);
      if (from.kind->end_at(LoopEnd::Side::source, c->from_port)) return {from.name, c->from_port};
      to = from.name;
      to_port.clear();
      for (const auto& [in, out] : from.kind->passes)
        if (out == c->from_port) to_port = in;
      if (to_port.empty()) return {};
    }
  }

  // A receiver end fed by a source with no credits in between: its figures, no conservation.
  void ready_valid_link(const ResolvedComponent& rx, const LoopEnd& end) {
    LoopPlan link;
    link.name = end_name(rx, end.flit);
    link.receiver = rx.name;
    link.receiver_end = end.flit;
    link.clock = rx.clock;
    std::tie(link.source, link.source_end) = upstream_source(rx.name, end.flit);
    if (link.source.empty()) return;  // fed by a user kind the monitors cannot see into
    // The pipes between, upstream first, for the record.
    std::vector<std::string> pipes;
    follow({link.source, link.source_end}, pipes);
    link.pipes = pipes;
    out_.loops.push_back(link);
  }

  // Each channel between routers, from its sender's vc_flow output through its pipes: the
  // sender counts on the buffers at the far end, so both ends (and the pipes that carry
  // VCs) must agree on what they are, and the credits must come back to the sender.
  void find_vc_channels() {
    for (const ResolvedConnection& c : out_.connections) {
      const auto& passes = out_.component(c.from).kind->passes;
      if (c.type != ChannelType::vc_flow ||
          std::any_of(passes.begin(), passes.end(), [&](const auto& pass) { return pass.second == c.from_port; }))
        continue;  // a pipe's output: its channel starts before it
      VcChannelPlan plan;
      plan.sender = c.from;
      plan.sender_port = c.from_port;
      std::tie(plan.receiver, plan.receiver_port) = follow({c.from, c.from_port}, plan.forward);
      if (plan.receiver.empty()) continue;  // the dangling-port check names it
      std::string via;
      for (const std::string& pipe : plan.forward) via += (via.empty() ? " through " : ", ") + pipe;
      const ResolvedComponent &tx = out_.component(c.from), &rx = out_.component(plan.receiver);
      std::vector<const ResolvedComponent*> along{&rx};
      for (const std::string& pipe : plan.forward) along.push_back(&out_.component(pipe));
      for (const char* key : {"num_vcs", "vc_buf_size", "vc_classes", "wait_for_tail_credit"})
        for (const ResolvedComponent* other : along) {
          const auto mine = tx.params.find(key), theirs = other->params.find(key);
          if (mine == tx.params.end() || theirs == other->params.end() || mine->second == theirs->second) continue;
          throw ParameterError(at(tx.line) + ": " + c.from + "." + c.from_port + " feeds " + plan.receiver + "." +
                               plan.receiver_port + via + ": " + c.from + "." + key + " = " + format_value(mine->second) +
                               " but " + other->name + " has " + format_value(theirs->second) +
                               " (a sender counts on the buffers at the far end; write " + key + ": ${" + other->name +
                               "." + key + "})");
        }
      const Endpoint credits_to{plan.sender, plan.sender_port + "_credit"};
      const Endpoint back = follow({plan.receiver, plan.receiver_port + "_credit"}, plan.back);
      if (back.first.empty()) continue;  // the dangling-port check names it
      if (back != credits_to)
        throw Error(at(rx.line) + ": " + plan.receiver + "." + plan.receiver_port + "_credit returns the credits of " +
                    plan.receiver + "." + plan.receiver_port + " to " + back.first + "." + back.second + ", but " +
                    plan.sender + "." + plan.sender_port + " sends its flits (allowed: back to " + credits_to.first +
                    "." + credits_to.second + ")");
      plan.vcs = static_cast<int>(integer_param(tx.params, "num_vcs"));
      if (plan.vcs > 0) out_.vc_channels.push_back(std::move(plan));
    }
  }

  // A kind that makes flits of its own: a loop's source with no input of flits.
  static bool creates_flits(const KindSpec& kind) {
    const bool source = std::any_of(kind.ends.begin(), kind.ends.end(),
                                    [](const LoopEnd& e) { return e.side == LoopEnd::Side::source; });
    return source && std::none_of(kind.ports.begin(), kind.ports.end(), [](const PortSpec& p) {
             return p.dir == PortDir::in && (p.type == ChannelType::stream || p.type == ChannelType::flow);
           });
  }

  // Every name a source or a routing table gives as a destination is a final receiver;
  // every name a class_sender's sources give makes flits.
  void check_destinations() const {
    check_names(&ParamSpec::names_destinations, is_destination, "a receiver flits end at", "receiver");
    check_names(&ParamSpec::names_sources, creates_flits, "a source that makes flits", "source");
    check_names(&ParamSpec::names_replies, creates_flits, "a source that makes flits", "source");
    check_names(&ParamSpec::names_replies, is_destination, "a receiver flits end at", "receiver", true);
  }

  // The names in the items of parameters marked `flag` (before '=', or after it with
  // `right`) are components that `fits`.
  void check_names(bool ParamSpec::*flag, bool (*fits)(const KindSpec&), const char* what, const char* noun,
                   bool right = false) const {
    std::vector<std::string> allowed;
    for (const ResolvedComponent& rc : out_.components)
      if (fits(*rc.kind)) allowed.push_back(rc.name);
    const std::set<std::string> allowed_set(allowed.begin(), allowed.end());  // n log n for many sources
    for (std::size_t i = 0; i < out_.components.size(); ++i) {
      const ResolvedComponent& rc = out_.components[i];
      for (const ParamSpec& p : rc.kind->params) {
        if (!(p.*flag)) continue;
        const std::string& text = std::get<std::string>(rc.params.at(p.name));
        if (text.empty()) continue;
        for (std::string item : list_items(text)) {
          const std::size_t eq = item.find('=');  // a routing table's entry: destination=port
          if (right && eq == std::string::npos)
            throw ParameterError(raw_[i].at(p.name).where + ": " + rc.name + "." + p.name + ": '" + item +
                                 "' is not a pair (allowed source=receiver, e.g. cpu=cpu_rx)");
          item = right ? item.substr(eq + 1) : item.substr(0, eq);
          if (allowed_set.count(item)) continue;
          const std::size_t j = out_.index_of(item);
          throw ParameterError(raw_[i].at(p.name).where + ": " + rc.name + "." + p.name + " names '" + item + "', " +
                               (j < out_.components.size() ? "a " + out_.components[j].kind->name + ", not " + what
                                                           : std::string("no component of the platform")) +
                               did_you_mean(item, allowed) + " (allowed: " +
                               (allowed.empty() ? "none: the platform has no " + std::string(noun) : join_names(allowed)) +
                               ")");
        }
      }
    }
  }

  void resolve_run() {
    auto pick = [&](const std::optional<std::string>& cli, const std::optional<SourceText>& file,
                    const char* name, const char* fallback) -> Raw {
      if (cli) return {*cli, std::string("--") + name};
      if (file) return {file->text, at(file->line)};
      return {fallback, "the default"};
    };
    const Raw cycles = pick(run_.cycles, n_.run.cycles, "cycles", "6000");
    const Raw seed = pick(run_.seed, n_.run.seed, "seed", "1");
    out_.run.cycles = std::get<std::int64_t>(
        parse_param(ParamSpec::integer("cycles", "", 1, max_cycles, ""), cycles.text, cycles.where, "cycles"));
    // Simulated time is a 64-bit count of picoseconds in both views.
    const ClockDecl& first = out_.clocks.front();
    const double end_ps = first.phase_ps + static_cast<double>(out_.run.cycles) * first.period_ps;
    if (end_ps > kMaxSimulatedPs) {
      std::ostringstream why;
      why << cycles.where << ": cycles = " << out_.run.cycles << " of clock " << first.name << " (period "
          << first.period_text << ") is " << end_ps / 1e12 << " s of simulated time, past the "
          << kMaxSimulatedPs / 1e12 << " s (2^62 ps) a run can count; give fewer cycles";
      throw ParameterError(why.str());
    }
    // Without a warm-up given, the first half is excluded (timing.md section 1's window).
    const Raw warmup = pick(run_.warmup, n_.run.warmup, "warmup", std::to_string(out_.run.cycles / 2).c_str());
    out_.run.warmup = std::get<std::int64_t>(parse_param(
        ParamSpec::integer("warmup", "", 0, out_.run.cycles - 1, ""), warmup.text, warmup.where, "warmup"));
    out_.run.cycles_from = run_.cycles || n_.run.cycles ? cycles.where : "";
    out_.run.warmup_from = run_.warmup || n_.run.warmup ? warmup.where : "";
    out_.run.seed = static_cast<std::uint64_t>(std::get<std::int64_t>(
        parse_param(ParamSpec::integer("seed", "", 0, INT64_MAX, ""), seed.text, seed.where, "seed")));
    const Raw watchdog = pick(run_.watchdog, n_.run.watchdog, "watchdog", "10000");
    out_.run.watchdog = std::get<std::int64_t>(parse_param(ParamSpec::integer("watchdog", "", 0, max_cycles, ""),
                                                           watchdog.text, watchdog.where, "watchdog"));
    const Raw percentile = pick(run_.wait_percentile, n_.run.wait_percentile, "wait-percentile", "99");
    out_.run.wait_percentile = std::get<double>(parse_param(ParamSpec::real("wait_percentile", "", 1e-9, 100.0, ""),
                                                            percentile.text, percentile.where, "wait_percentile"));
    const Raw accepted = pick(run_.accepted_wait, n_.run.accepted_wait, "accepted-wait", "0");
    out_.run.accepted_wait = std::get<std::int64_t>(parse_param(ParamSpec::integer("accepted_wait", "", 0, max_cycles, ""),
                                                                accepted.text, accepted.where, "accepted_wait"));
  }

  const Netlist& n_;
  const Registry& registry_;
  const std::vector<Override>& overrides_;
  const RunOverrides& run_;
  std::vector<std::map<std::string, Raw>> raw_;  // per component, parameter -> text
  Platform out_;
  // Each port is used once (checked), so an endpoint names at most one connection.
  std::unordered_map<Endpoint, std::size_t, PortKeyHash> connection_from_, connection_to_;
};

}  // namespace

std::size_t Platform::index_of(const std::string& name) const {
  for (std::size_t i = component_index_.size(); i < components.size(); ++i) component_index_.emplace(components[i].name, i);
  const auto it = component_index_.find(name);
  return it == component_index_.end() ? components.size() : it->second;
}

const ResolvedComponent& Platform::component(const std::string& name) const {
  const std::size_t i = index_of(name);
  if (i == components.size()) throw Error("no component '" + name + "'");
  return components[i];
}

const LoopPlan* Platform::loop_of(const std::string& name) const {
  // The first loop a part belongs to, as a scan in loop order would find it.
  for (; loops_indexed_ < loops.size(); ++loops_indexed_) {
    const LoopPlan& loop = loops[loops_indexed_];
    for (const std::string* part : {&loop.source, &loop.sender, &loop.receiver}) loop_index_.emplace(*part, loops_indexed_);
    for (const std::string& pipe : loop.pipes) loop_index_.emplace(pipe, loops_indexed_);
  }
  const auto it = loop_index_.find(name);
  return it == loop_index_.end() ? nullptr : &loops[it->second];
}

Platform resolve(const Netlist& netlist, const Registry& registry,
                 const std::vector<Override>& overrides, const RunOverrides& run) {
  const ExpandedNetlist expanded = expand_networks(netlist, registry, overrides);
  Platform platform = Resolver(expanded.netlist, registry, expanded.overrides, run).resolve();
  check_memory(platform, netlist.file);
  return platform;
}

std::string kind_name(const ComponentDecl& c, const std::vector<Override>& overrides) {
  std::string kind = c.kind, role;
  for (const auto& [key, value] : c.params)
    if (key == "role") role = value.text;
  for (const Override& o : overrides) {
    if (o.target == c.name + ".kind") kind = o.value;
    if (o.target == c.name + ".role") role = o.value;
  }
  return kind == "verilated" && !role.empty() ? "verilated_" + role : kind;
}

Override parse_override(const std::string& assignment, const std::string& option) {
  const auto eq = assignment.find('=');
  const std::string where = option + " " + assignment;
  if (eq == std::string::npos || eq == 0)
    throw ParameterError(where + ": expected component.param=value");
  Override o{assignment.substr(0, eq), assignment.substr(eq + 1), where};
  split_dotted(o.target, where);
  return o;
}

}  // namespace creditflow::platform
