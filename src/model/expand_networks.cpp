#include "creditflow/platform/expand_networks.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>

#include "creditflow/core/error.hpp"
#include "creditflow/kinds/router.hpp"
#include "creditflow/noc/anynet.hpp"
#include "creditflow/noc/network.hpp"
#include "creditflow/noc/noc_config.hpp"
#include "creditflow/noc/topology.hpp"
#include "creditflow/noc/traffic.hpp"
#include "creditflow/platform/nearest.hpp"
#include "creditflow/platform/network_run.hpp"

namespace creditflow::platform {
namespace {

// The keys that give the network its shape (read here, not passed on).
const std::set<std::string> kShapeKeys{"topology", "k",  "n",  "channel_latency", "routing_function",
                                       "netlist",  "network_file", "router_names", "c", "x", "y", "xr", "yr",
                                       "use_noc_latency"};
// The keys of every router, and of the interfaces at its ports (what its buffers are).
const std::vector<std::string> kRouterKeys{
    "num_vcs", "vc_buf_size", "wait_for_tail_credit", "routing_delay", "vc_alloc_delay", "sw_alloc_delay",
    "st_prepare_delay", "st_final_delay", "credit_delay", "vc_allocator", "sw_allocator", "alloc_iters",
    "input_speedup", "output_speedup", "internal_speedup"};
const std::vector<std::string> kInterfaceKeys{"num_vcs", "vc_buf_size", "wait_for_tail_credit"};
// BookSim2's traffic keys that make the terminals at the nodes nothing attaches to.
const std::set<std::string> kTrafficKeys{"injection_rate", "injection_rate_uses_flits", "traffic",
                                         "injection_process", "burst_alpha", "burst_beta", "hotspot_nodes",
                                         "hotspot_rates", "perm_seed"};
// The patterns a terminal's library source can follow: uniform among the terminals, the
// hotspots by their weights, or one destination each.
const std::set<std::string> kTerminalPatterns{"uniform", "uniform_noself", "hotspot", "transpose", "bitcomp",
                                              "bitrev", "shuffle", "tornado", "neighbor", "randperm"};
// An interface's own parameters, given per node as node<K>.<parameter>.
const std::vector<std::string> kNodeParams{"message_class", "packet_flits", "queue_depth", "eject_depth", "credits"};
const std::vector<std::string> kNodePorts{"in", "out", "credit_in"};

struct Text {
  std::string text, where;
  int line = 0;
};

// "node12.out" -> {12, "out"}; {-1, ""} when it is not of that form.
std::pair<int, std::string> node_port(const std::string& port) {
  const auto dot = port.find('.');
  if (port.compare(0, 4, "node") != 0 || dot == std::string::npos || dot == 4) return {-1, ""};
  const std::string digits = port.substr(4, dot - 4);
  if (digits.size() > 6 || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return {-1, ""};
  return {std::stoi(digits), port.substr(dot + 1)};
}

class Expander {
 public:
  Expander(const Netlist& n, const Registry& r, const std::vector<Override>& o) : n_(n), registry_(r), sets_(o) {
    out_.netlist = n;
    out_.netlist.components.clear();
    out_.netlist.connections.clear();
  }

  ExpandedNetlist run() {
    std::set<std::string> expanded;
    for (const ComponentDecl& c : n_.components) {
      const bool network = kind_name(c, sets_) == "network";
      if (!network) {
        out_.netlist.components.push_back(c);
        continue;
      }
      if (!attached(c.name)) {
        refuse_parts_keys(c);
        out_.netlist.components.push_back(c);
        expand_alone(c);
        continue;
      }
      expand(c);
      expanded.insert(c.name);
    }
    for (const ConnectionDecl& c : n_.connections) {
      ConnectionDecl copy = c;
      for (auto [component, port] : {std::pair{&copy.from_component, &copy.from_port},
                                     std::pair{&copy.to_component, &copy.to_port}}) {
        if (!expanded.count(*component)) continue;
        const auto [node, end] = node_port(*port);
        *component += "_node" + std::to_string(node);
        *port = end;
      }
      out_.netlist.connections.push_back(std::move(copy));
    }
    for (Override& o : sets_) out_.overrides.push_back(std::move(o));
    return std::move(out_);
  }

 private:
  std::string at(int line) const { return n_.file + ":" + std::to_string(line); }

  bool attached(const std::string& name) const {
    return std::any_of(n_.connections.begin(), n_.connections.end(), [&](const ConnectionDecl& c) {
      return c.from_component == name || c.to_component == name;
    });
  }

  // vc_classes and node<K>.<parameter> are for the parts a network with parts attached makes.
  void refuse_parts_keys(const ComponentDecl& net) {
    for (const auto& [key, value] : texts(net))
      if (key == "vc_classes" || node_port(key).first >= 0)
        throw Error(value.where + ": " + net.name + "." + key + " is for the interfaces of a network with parts "
                    "attached, and nothing is attached to " + net.name + " (attach parts at " + net.name +
                    ".node<K>.in, .out and .credit_in)");
  }

  // The network's parameters as written, then as --set or a sweep's point gives them.
  std::map<std::string, Text> texts(const ComponentDecl& net) const {
    std::map<std::string, Text> t;
    for (const auto& [key, value] : net.params) t[key] = {value.text, at(value.line), value.line};
    for (const Override& o : sets_) {
      const auto dot = o.target.find('.');
      if (o.target.substr(0, dot) == net.name) t[o.target.substr(dot + 1)] = {o.value, o.where, net.line};
    }
    return t;
  }

  noc::NocConfig shape(const ComponentDecl& net, const std::map<std::string, Text>& t) const {
    noc::NocConfig config;
    const std::string where = at(net.line) + ": " + net.name;
    for (const auto& [key, value] : t) {
      if (node_port(key).first >= 0 || key == "vc_classes") continue;
      if (!noc::NocConfig::knows(key))
        throw Error(value.where + ": " + net.name + " (network) has no parameter '" + key + "'" +
                    did_you_mean(key, noc::NocConfig::keys()));
      const bool router_key = std::find(kRouterKeys.begin(), kRouterKeys.end(), key) != kRouterKeys.end();
      if (!kShapeKeys.count(key) && !router_key && key != "packet_size" && !kTrafficKeys.count(key))
        throw ParameterError(value.where + ": " + net.name + "." + key +
                             " is BookSim2's measurement, and parts are attached to " + net.name +
                             "'s nodes: the platform measures them (allowed here: the topology's and the routers' "
                             "keys, packet_size, vc_classes, node<K>.<interface parameter>, and for the terminals at "
                             "the other nodes injection_rate, injection_rate_uses_flits, traffic, hotspot_nodes, "
                             "hotspot_rates, perm_seed, injection_process, burst_alpha and burst_beta)");
      if (value.text.find("${") != std::string::npos) {
        if (router_key) continue;  // passed on as written, resolved in each router
        throw ParameterError(value.where + ": " + net.name + "." + key + " = " + value.text +
                             ": the network's shape is read before references are (allowed a value)");
      }
      config.set(value.where + ": " + net.name, key, value.text);
    }
    read_network_file(config, where, n_.file);
    config.validate(where);
    if (config.routing_function != "dor" && config.routing_function != "dim_order" && config.routing_function != "min")
      throw ParameterError(where + ": routing_function = " + config.routing_function +
                           ": the routers parts attach to route by tables or their place, as BookSim2's dor, "
                           "dim_order and min do (allowed: dor, dim_order, min)");
    for (const std::string& key : kTrafficKeys)
      if (t.count(key) && !t.count("injection_rate"))
        throw ParameterError(t.at(key).where + ": " + net.name + "." + key + " is for the terminals at the nodes "
                             "nothing attaches to, which injection_rate makes (give " + net.name +
                             ".injection_rate too, or leave it out)");
    if (t.count("injection_rate") && !kTerminalPatterns.count(config.traffic))
      throw ParameterError(where + ": traffic = " + config.traffic + " is not yet taken by the terminals at the "
                           "nodes nothing attaches to (allowed: uniform, uniform_noself, hotspot, transpose, bitcomp, "
                           "bitrev, shuffle, tornado, neighbor, randperm)");
    if (config.packet_size.size() != 1)
      throw ParameterError(where + ": packet_size gives " + std::to_string(config.packet_size.size()) +
                           " sizes; an interface makes packets of one size, or of one flit per data unit "
                           "(allowed one size, or node<K>.packet_flits: 0)");
    return config;
  }

  // Visits the parts reached from `start` along the connections that carry flits (out of
  // each part `downstream`, else into it), up to a network; `visit(name, kind)` says
  // whether to go on past a part.
  template <class Visit>
  void walk(const std::string& start, bool downstream, const Visit& visit) const {
    std::vector<std::string> todo{start};
    std::set<std::string> seen{start};
    while (!todo.empty()) {
      const std::string name = todo.back();
      todo.pop_back();
      const ComponentDecl* d = decl(name);
      const KindSpec* kind = d == nullptr ? nullptr : kind_of(*d);
      if (kind == nullptr || kind->name == "network" || !visit(name, *kind)) continue;  // unknown: the resolver says
      for (const ConnectionDecl& c : n_.connections) {
        if ((downstream ? c.from_component : c.to_component) != name) continue;
        const PortSpec* port = kind->port(downstream ? c.from_port : c.to_port);
        if (port == nullptr || (port->type != ChannelType::flow && port->type != ChannelType::stream)) continue;
        const std::string& next = downstream ? c.to_component : c.from_component;
        if (seen.insert(next).second) todo.push_back(next);
      }
    }
  }

  // The receivers flits end at beyond `start` (a component the node's `out` feeds).
  std::vector<std::string> receivers_from(const std::string& start) const {
    std::vector<std::string> found;
    walk(start, true, [&](const std::string& name, const KindSpec& kind) {
      if (is_destination(kind)) found.push_back(name);
      return true;
    });
    return found;
  }

  // Whether every part that makes the flits reaching `start` (and a node's `in` after it)
  // is a responder: the node injects answers.
  bool answers_only(const std::string& start) const {
    bool answers = false, requests = false;
    walk(start, false, [&](const std::string&, const KindSpec& kind) {
      if (kind.makes_flits) {  // a responder: its own inputs are requests, not this node's
        answers = true;
        return false;
      }
      requests = requests || kind.param("pattern") != nullptr;
      return true;
    });
    return answers && !requests;
  }

  // The receiver end of the loop a node's `out` starts, through the pipes after it (a flit
  // crossing), as "${rx.depth}": the credits its interface holds unless told.
  std::string loop_capacity(std::string part, std::string port) const {
    for (int pipes = 0; pipes < 64; ++pipes) {
      const ComponentDecl* d = decl(part);
      const KindSpec* kind = d == nullptr ? nullptr : kind_of(*d);
      if (kind == nullptr) return "";
      if (const LoopEnd* end = kind->end_at(LoopEnd::Side::receiver, port))
        return end->capacity.empty() ? "" : "${" + part + "." + end->capacity + "}";
      const std::string out = kind->passes_to(port);
      const auto next = std::find_if(n_.connections.begin(), n_.connections.end(), [&](const ConnectionDecl& c) {
        return c.from_component == part && c.from_port == out;
      });
      if (out.empty() || next == n_.connections.end()) return "";
      part = next->to_component;
      port = next->to_port;
    }
    return "";
  }

  const ComponentDecl* decl(const std::string& name) const {
    for (const ComponentDecl& c : n_.components)
      if (c.name == name) return &c;
    return nullptr;
  }

  const KindSpec* kind_of(const ComponentDecl& d) const { return registry_.find(kind_name(d, sets_)); }

  ComponentDecl part(const ComponentDecl& net, const std::string& name, const std::string& kind) const {
    if (const ComponentDecl* mine = decl(name))
      throw Error(at(mine->line) + ": " + name + " is a component of the model and a part " + net.name +
                  " makes (rename it)");
    ComponentDecl d;
    d.name = name;
    d.kind = kind;
    d.clock = net.clock;
    d.line = net.line;
    d.clock_line = net.clock_line;
    return d;
  }

  void connect(const ComponentDecl& net, const std::string& from, const std::string& from_port, const std::string& to,
               const std::string& to_port) {
    ConnectionDecl c{from, from_port, to, to_port, net.name + " makes " + from + "." + from_port + " -> " + to + "." + to_port,
                     net.line};
    out_.netlist.connections.push_back(std::move(c));
  }

  // A channel from `sender`'s vc output to `receiver`'s vc input, its credits back.
  void channel(const ComponentDecl& net, const std::string& name, int latency, const std::string& sender,
               const std::string& out, const std::string& receiver, const std::string& in) {
    ComponentDecl link = part(net, name, "vc_link");
    link.params.push_back({"latency", {std::to_string(latency), net.line}});
    out_.netlist.components.push_back(std::move(link));
    connect(net, sender, out, name, "in");
    connect(net, name, "out", receiver, in);
    connect(net, receiver, in + "_credit", name, "credit_in");
    connect(net, name, "credit_out", sender, out + "_credit");
  }

  // <net>_<router>: a router part's name.
  static std::string router_name(const ComponentDecl& net, const noc::Topology& t, int r) {
    return net.name + "_" + t.router_name(r);
  }
  // A vc_link for each channel between two routers, <router>_out<p> for output p's.
  void router_channels(const ComponentDecl& net, const noc::Topology& t) {
    for (int r = 0; r < t.routers(); ++r)
      for (int p = 0; p < t.ports(r); ++p)
        if (const noc::PortLink to = t.out(r, p); to.router >= 0)
          channel(net, router_name(net, t, r) + "_out" + std::to_string(p), t.latency(r, p), router_name(net, t, r),
                  "out" + std::to_string(p), router_name(net, t, to.router), "in" + std::to_string(to.port));
  }
  // A vc_link each way between node `node`'s part `at` (an interface or a terminal, by
  // to_router and from_router) and its router's port: <at>_inject and <at>_eject.
  void node_channels(const ComponentDecl& net, const noc::Topology& t, int node, const std::string& at) {
    const int r = t.router_of(node), p = t.port_of(node);
    const std::string router = router_name(net, t, r), port = std::to_string(p);
    channel(net, at + "_inject", t.latency(r, p), at, "to_router", router, "in" + port);
    channel(net, at + "_eject", t.latency(r, p), router, "out" + port, at, "from_router");
  }

  // The nodes of `net` the connections name, what each node's `out` reaches.
  struct Attached {
    std::set<int> nodes;
    std::map<int, std::vector<std::string>> receivers;  // node -> receivers beyond its `out`
    std::map<int, std::string> credits;                 // node -> its loop receiver's capacity
    std::set<int> answering;                            // nodes whose `in` carries answers only
  };
  Attached attachments(const ComponentDecl& net, int nodes) const {
    Attached a;
    for (const ConnectionDecl& c : n_.connections)
      for (const auto& [component, port, other] : {std::tuple{c.from_component, c.from_port, c.to_component},
                                                   std::tuple{c.to_component, c.to_port, c.from_component}}) {
        if (component != net.name) continue;
        const auto [node, end] = node_port(port);
        if (node < 0 || std::find(kNodePorts.begin(), kNodePorts.end(), end) == kNodePorts.end())
          throw Error(at(c.line) + ": connection '" + c.text + "': " + net.name + " has no port '" + port +
                      "' (allowed node<K>.in, node<K>.out, node<K>.credit_in, K 0.." + std::to_string(nodes - 1) + ")");
        if (node >= nodes)
          throw Error(at(c.line) + ": connection '" + c.text + "': " + net.name + " has " + std::to_string(nodes) +
                      " nodes (allowed node0..node" + std::to_string(nodes - 1) + ")");
        a.nodes.insert(node);
        if (end == "out" && component == c.from_component) {
          a.receivers[node] = receivers_from(other);
          a.credits[node] = loop_capacity(c.to_component, c.to_port);
        }
        if (end == "in" && component == c.to_component && answers_only(other)) a.answering.insert(node);
      }
    return a;
  }

  // The receiver each node's `out` leads to, by name: what the routers route by.
  std::map<std::string, int> destinations(const std::string& where, const std::string& net,
                                          const Attached& at_nodes) const {
    std::map<std::string, int> node_of;
    for (const auto& [node, names] : at_nodes.receivers)
      for (const std::string& name : names)
        if (const auto [it, fresh] = node_of.emplace(name, node); !fresh)
          throw Error(where + ": " + name + " is reached from node" + std::to_string(it->second) + ".out and node" +
                      std::to_string(node) + ".out (allowed: each receiver behind one node, which its flits are "
                      "routed to)");
    if (node_of.empty())
      throw Error(where + ": no receiver is reached from its nodes' `out` (attach one: " + net +
                  ".node<K>.out -> a receiver's in, and its credit back to " + net + ".node<K>.credit_in)");
    return node_of;
  }

  // The interfaces' parameters given per node as written (node3: {credits: 8}); those given
  // by --set or a sweep's point go to the interface itself, to be named as given in its
  // messages.
  std::map<int, std::map<std::string, SourceText>> node_parameters(const ComponentDecl& net,
                                                                    const std::map<std::string, Text>& t,
                                                                    const std::set<int>& attached) {
    std::map<int, std::map<std::string, SourceText>> given;
    for (const auto& [key, value] : t) {
      const auto [node, param] = node_port(key);
      if (node < 0) continue;
      if (!attached.count(node))
        throw Error(value.where + ": " + net.name + "." + key + ": node" + std::to_string(node) +
                    " has nothing attached, so no interface (attach parts at " + net.name + ".node" +
                    std::to_string(node) + ", or leave the parameter out)");
      if (std::find(kNodeParams.begin(), kNodeParams.end(), param) == kNodeParams.end())
        throw Error(value.where + ": " + net.name + "." + key + ": an interface has no parameter '" + param + "'" +
                    did_you_mean(param, kNodeParams) + " (allowed: " + join_names(kNodeParams) + ")");
      given[node][param] = {value.text, value.line};
    }
    // The network's own keys are read here (texts); an interface's go to it.
    for (auto o = sets_.begin(); o != sets_.end();) {
      const auto dot = o->target.find('.');
      if (o->target.substr(0, dot) != net.name) {
        ++o;
        continue;
      }
      const auto [node, param] = node_port(o->target.substr(dot + 1));
      if (node < 0) {
        o = sets_.erase(o);
        continue;
      }
      o->target = net.name + "_node" + std::to_string(node) + "." + param;
      ++o;
    }
    return given;
  }

  // vc_classes as a number, when written as one (a reference resolves too late to pick a
  // node's class by; then every node keeps class 0 unless told).
  static int classes_of(const std::map<std::string, Text>& t) {
    const auto it = t.find("vc_classes");
    if (it == t.end()) return 1;
    const std::string& text = it->second.text;
    const bool number = !text.empty() && text.size() < 4 &&
                        std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
    return number ? std::stoi(text) : 1;
  }

  // BookSim2's terminals at the nodes nothing attaches to, made of the library's parts: a
  // source of packets at injection_rate (Bernoulli, or on_off in bursts) to the pattern's
  // terminals, an interface,
  // and a receiver that takes a flit a cycle. Their receivers join `node_of`; returns the
  // nodes given one.
  std::set<int> terminals(const ComponentDecl& net, const noc::NocConfig& config, const noc::Topology& topology,
                 const std::set<int>& attached, std::map<std::string, int>& node_of) {
    std::vector<int> nodes;
    for (int node = 0; node < topology.nodes(); ++node)
      if (!attached.count(node)) nodes.push_back(node);
    if (nodes.empty())
      throw ParameterError(at(net.line) + ": " + net.name + ".injection_rate: parts are attached at every node of " +
                           net.name + ", so there are no terminals to drive (allowed: leave it out)");
    const auto name = [&](int node, const char* what) { return net.name + "_node" + std::to_string(node) + what; };
    const noc::TrafficPattern pattern(config, topology.nodes());
    noc::Rng unused(0);  // a permutation draws nothing
    std::set<int> made;
    // A permutation's or a hotspot's destination is a terminal's, or the pattern cannot be kept.
    const auto terminal = [&](int node, int to) {
      if (!attached.count(to)) return to;
      throw ParameterError(at(net.line) + ": " + net.name + ": traffic = " + config.traffic + " sends node" +
                           std::to_string(node) + "'s packets to node" + std::to_string(to) +
                           ", where parts are attached (allowed: a pattern whose terminals send to terminals)");
    };
    for (const int node : nodes) {
      std::string destinations, weights;
      const auto add = [&](int to) { destinations += (destinations.empty() ? "" : ", ") + name(to, "_sink"); };
      if (config.traffic == "hotspot") {
        for (std::size_t i = 0; i < config.hotspot_nodes.size(); ++i) {
          add(terminal(node, config.hotspot_nodes[i]));
          const int weight = config.hotspot_rates.empty() ? 1 : config.hotspot_rates[i];
          weights += (weights.empty() ? "" : ", ") + std::to_string(weight);
        }
      } else if (config.traffic == "uniform" || config.traffic == "uniform_noself") {
        for (const int to : nodes)
          if (to != node || config.traffic == "uniform") add(to);
      } else {
        add(terminal(node, pattern.destination(node, unused)));
      }
      if (destinations.empty())
        throw ParameterError(at(net.line) + ": " + net.name + ": traffic = uniform_noself, and node" +
                             std::to_string(node) + " is the only terminal: it has none to send to (allowed: "
                             "uniform, or parts at fewer nodes)");
      ComponentDecl source = part(net, name(node, "_traffic"), "traffic_source");
      source.params = {{"pattern", {config.injection_process, net.line}},
                       {"rate", {core_text(config.packet_rate()), net.line}},
                       {"class", {"background", net.line}},
                       {"destinations", {destinations, net.line}},
                       {"choose", {"random", net.line}}};
      if (!weights.empty()) source.params.push_back({"weights", {weights, net.line}});
      if (config.injection_process == "on_off")
        for (const auto& [key, value] : {std::pair{"burst_alpha", config.burst_alpha}, {"burst_beta", config.burst_beta}})
          source.params.push_back({key, {core_text(value), net.line}});
      ComponentDecl sink = part(net, name(node, "_sink"), "credit_receiver");
      sink.params = {{"depth", {"4", net.line}}};
      source.terminal_of = sink.terminal_of = net.name;
      out_.netlist.components.push_back(std::move(source));
      out_.netlist.components.push_back(std::move(sink));
      connect(net, name(node, "_traffic"), "out", name(node, ""), "in");
      connect(net, name(node, ""), "out", name(node, "_sink"), "in");
      connect(net, name(node, "_sink"), "credit", name(node, ""), "credit_in");
      made.insert(node);
      node_of[name(node, "_sink")] = node;
    }
    return made;
  }

  // A rate as text that reads back as the same double.
  static std::string core_text(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", v);
    return text;
  }

  void expand(const ComponentDecl& net) {
    const std::map<std::string, Text> t = texts(net);
    const noc::NocConfig config = shape(net, t);
    const std::string where = at(net.line) + ": " + net.name;
    if (config.own_shape())
      throw ParameterError(where + ": a " + config.topology + " runs as a network of its own, with nothing attached "
                           "to its nodes (parts attach to a mesh, torus, ring or anynet)");
    std::unique_ptr<noc::Topology> topology;
    std::unique_ptr<noc::Routing> routing;
    if (config.topology == "anynet") {
      auto any = std::make_unique<noc::Anynet>(config.netlist, config.netlist_where(where), config.router_names);
      routing = std::make_unique<noc::MinTable>(*any, config.num_vcs);
      topology = std::move(any);
    } else {
      auto cube = std::make_unique<noc::KaryNcube>(config);
      if (!cube->wraps()) routing = std::make_unique<noc::DorMesh>(*cube, config.num_vcs);
      topology = std::move(cube);
    }
    const Attached at_nodes = attachments(net, topology->nodes());
    std::map<std::string, int> node_of = destinations(where, net.name, at_nodes);
    std::set<int> interfaces = at_nodes.nodes;
    if (t.count("injection_rate"))
      for (const int node : terminals(net, config, *topology, at_nodes.nodes, node_of)) interfaces.insert(node);
    auto node_params = node_parameters(net, t, at_nodes.nodes);
    const int classes = classes_of(t);

    const auto given = [&](ComponentDecl& d, const std::vector<std::string>& keys) {
      for (const std::string& key : keys)
        if (const auto it = t.find(key); it != t.end()) d.params.push_back({key, {it->second.text, it->second.line}});
    };
    for (int r = 0; r < topology->routers(); ++r) {
      ComponentDecl d = part(net, router_name(net, *topology, r), "router");
      d.params.push_back({"ports", {std::to_string(topology->ports(r)), net.line}});
      given(d, kRouterKeys);
      given(d, {"vc_classes"});
      // A mesh's or an anynet's way to each receiver is fixed: a table. A torus's or a
      // ring's is chosen on the way (round either side at a tie): the router routes by its
      // place in the cube, told each receiver's node.
      std::string routes;
      for (const auto& [name, node] : node_of) {
        noc::NocFlit flit;
        flit.destination = node;
        const std::string way = !routing ? "node" + std::to_string(node)
                                : topology->router_of(node) == r ? "out" + std::to_string(topology->port_of(node))
                                                                 : "out" + std::to_string(routing->route(r, 0, flit).port);
        routes += (routes.empty() ? "" : ", ") + name + "=" + way;
      }
      d.params.push_back({"routes", {routes, net.line}});
      if (!routing)
        for (const auto& [key, value] : std::map<std::string, std::string>{
                 {"routing", "torus"}, {"k", std::to_string(config.k)}, {"n", std::to_string(config.dimensions())},
                 {"position", std::to_string(r)}})
          d.params.push_back({key, {value, net.line}});
      out_.netlist.components.push_back(std::move(d));
    }
    router_channels(net, *topology);
    for (const int node : interfaces) {
      const std::string ni = net.name + "_node" + std::to_string(node);
      ComponentDecl d = part(net, ni, "network_interface");
      if (!at_nodes.nodes.count(node)) d.terminal_of = net.name;
      given(d, kInterfaceKeys);
      given(d, {"vc_classes"});
      std::map<std::string, SourceText> own{{"packet_flits", {std::to_string(config.packet_size.front()), net.line}}};
      if (const auto it = at_nodes.credits.find(node); it != at_nodes.credits.end() && !it->second.empty())
        own["credits"] = {it->second, net.line};
      // With classes apart, a node that injects only a responder's answers sends them on the
      // last class (a CPU's reads on class 0, the memory's answers on class 1).
      if (at_nodes.answering.count(node) && classes > 1) own["message_class"] = {std::to_string(classes - 1), net.line};
      for (const auto& [param, value] : node_params[node]) own[param] = value;
      d.params.insert(d.params.end(), own.begin(), own.end());
      out_.netlist.components.push_back(std::move(d));
      node_channels(net, *topology, node, ni);
    }
  }

  // A network nothing attaches to: its routers and channels, and BookSim2's terminal at
  // every node, each a part of it (ComponentDecl::part_of); the network component stays,
  // holding the keys its terminals and its measurement share. Its routers route by their
  // place in the cube (dor on a mesh, dim_order on a torus or ring), on an anynet by a
  // table of min's next hop to each node's terminal, or by the network's routing_function
  // where that is a user's or its shape's own (a tree's, a cmesh's: the network makes it
  // when it runs).
  void expand_alone(const ComponentDecl& net) {
    const std::map<std::string, Text> t = texts(net);
    noc::NocConfig config;
    const std::string where = at(net.line) + ": " + net.name;
    // Its shape, from the keys that give it (a reference resolves too late to shape it by).
    for (const auto& [key, value] : t)
      if ((kShapeKeys.count(key) || key == "num_vcs") && value.text.find("${") != std::string::npos)
        throw ParameterError(value.where + ": " + net.name + "." + key + " = " + value.text +
                             ": the network's shape is read before references are (allowed a value)");
    try {
      for (const auto& [key, value] : t)
        if (kShapeKeys.count(key) || key == "num_vcs") config.set(value.where + ": " + net.name, key, value.text);
      read_network_file(config, where, n_.file);
      config.validate(where);
    } catch (const Error&) {
      return;  // made of no parts: the network's own check, or its run, says what is wrong, where
    }
    const noc::Network::Shape shape = noc::Network::shape_of(config, where);
    const noc::Topology& topology = *shape.topology;
    for (int r = 0; r < topology.routers(); ++r)
      if (topology.ports(r) > static_cast<int>(kinds::kRouterPorts))
        throw ParameterError(where + ": " + topology.router_name(r) + " has " + std::to_string(topology.ports(r)) +
                             " ports, its nodes and channels (allowed at most " + std::to_string(kinds::kRouterPorts) +
                             ")");
    const std::size_t first = out_.netlist.components.size();
    const auto terminal = [&](int node) { return net.name + "_node" + std::to_string(node); };
    const bool cube = config.topology != "anynet" && !config.own_shape();
    for (int r = 0; r < topology.routers(); ++r) {
      ComponentDecl d = part(net, router_name(net, topology, r), "router");
      const auto param = [&](const std::string& key, const std::string& value) {
        d.params.push_back({key, {value, net.line}});
      };
      param("ports", std::to_string(topology.ports(r)));
      for (const std::string& key : kRouterKeys)
        if (const auto it = t.find(key); it != t.end()) param(key, it->second.text);
      if (noc::find_routing(config.routing_function) != nullptr || config.drawn_routing()) {
        // A user's function, or one that draws its way as it goes (a tree's, a cmesh's,
        // valiant, romm): the network makes it when it runs.
        param("routing", "network");
      } else if (cube) {
        param("routing", config.topology == "mesh" ? "mesh" : "torus");
        param("k", std::to_string(config.k));
        param("n", std::to_string(config.dimensions()));
        param("position", std::to_string(r));
      } else {
        const noc::MinTable min(static_cast<const noc::Anynet&>(topology), config.num_vcs);
        std::string routes;
        for (int node = 0; node < topology.nodes(); ++node) {
          noc::NocFlit flit;
          flit.destination = node;
          routes += (node ? ", " : "") + terminal(node) + "=out" + std::to_string(min.route(r, 0, flit).port);
        }
        param("routes", routes);
      }
      out_.netlist.components.push_back(std::move(d));
    }
    router_channels(net, topology);
    for (int node = 0; node < topology.nodes(); ++node) {
      ComponentDecl d = part(net, terminal(node), "booksim_terminal");
      d.params = {{"node", {std::to_string(node), net.line}}, {"network", {net.name, net.line}}};
      out_.netlist.components.push_back(std::move(d));
      node_channels(net, topology, node, terminal(node));
    }
    for (std::size_t i = first; i < out_.netlist.components.size(); ++i) out_.netlist.components[i].part_of = net.name;
  }

  const Netlist& n_;
  const Registry& registry_;
  std::vector<Override> sets_;
  ExpandedNetlist out_;
};

}  // namespace

ExpandedNetlist expand_networks(const Netlist& netlist, const Registry& registry, const std::vector<Override>& overrides) {
  return Expander(netlist, registry, overrides).run();
}

}  // namespace creditflow::platform
