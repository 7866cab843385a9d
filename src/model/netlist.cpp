#include "creditflow/platform/netlist.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include "creditflow/core/error.hpp"
#include "creditflow/core/input_file.hpp"
#include "creditflow/core/utf8.hpp"
#include "creditflow/platform/nearest.hpp"
#include "creditflow/platform/units.hpp"

namespace creditflow::platform {

namespace {

bool is_identifier(const std::string& s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  return true;
}

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t");
  const auto e = s.find_last_not_of(" \t");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

class Reader {
 public:
  explicit Reader(std::string file) : file_(std::move(file)) {}

  int line(const YAML::Node& n) const { return n.Mark().line + 1; }
  std::string where(const YAML::Node& n) const { return file_ + ":" + std::to_string(line(n)); }
  [[noreturn]] void fail(const YAML::Node& n, const std::string& message) const {
    throw Error(where(n) + ": " + message);
  }

  // A parameter's text: a scalar, or a sequence of scalars for a list ([A, B] is "A, B").
  std::string value_text(const YAML::Node& n, const std::string& what) const {
    if (!n.IsSequence()) return scalar(n, what);
    std::string text;
    for (const auto& item : n) text += (text.empty() ? "" : ", ") + scalar(item, what + " item");
    return text;
  }

  std::string scalar(const YAML::Node& n, const std::string& what) const {
    if (!n.IsScalar()) fail(n, what + " must be a single value");
    return n.Scalar();
  }
  // A whole number of at least `least` as its text (a node's id, a channel's cycles).
  std::string whole(const YAML::Node& n, const std::string& what, int least) const {
    const std::string text = scalar(n, what);
    const bool digits = !text.empty() && text.size() <= 7 &&
                        std::all_of(text.begin(), text.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
    if (!digits || std::stoi(text) < least)
      fail(n, what + " = '" + text + "' is not allowed (allowed a whole number " + std::to_string(least) + "..9999999)");
    return text;
  }
  void expect_map(const YAML::Node& n, const std::string& what) const {
    if (!n.IsMap()) fail(n, what + " must be a mapping of names to entries");
  }
  std::string identifier(const YAML::Node& key, const std::string& what) const {
    const std::string name = scalar(key, what + " name");
    if (!is_identifier(name))
      fail(key, what + " name '" + name + "' must be letters, digits and _ (not starting with a digit)");
    return name;
  }

  // yaml-cpp keeps one of two equal keys silently: a repeated key is an error here.
  void check_duplicates(const YAML::Node& map, const std::string& what) const {
    std::set<std::string> seen;
    for (const auto& kv : map) {
      const std::string key = scalar(kv.first, "a key");
      if (!seen.insert(key).second) fail(kv.first, "duplicate key '" + key + "' in " + what);
    }
  }

  // Fails on a key that is not in `allowed` (with the nearest valid one) or given twice.
  void check_keys(const YAML::Node& map, const std::vector<std::string>& allowed,
                  const std::string& what) const {
    check_duplicates(map, what);
    for (const auto& kv : map) {
      const std::string key = kv.first.Scalar();
      bool known = false;
      for (const std::string& a : allowed) known = known || a == key;
      if (!known)
        fail(kv.first, "unknown key '" + key + "' in " + what + did_you_mean(key, allowed) +
                           " (allowed: " + join_names(allowed) + ")");
    }
  }

  void read_clocks(const YAML::Node& node, Netlist& out) const {
    expect_map(node, "clocks");
    std::set<std::string> seen;
    for (const auto& kv : node) {
      ClockDecl c;
      c.name = identifier(kv.first, "clock");
      c.line = line(kv.first);
      if (!seen.insert(c.name).second) fail(kv.first, "duplicate clock '" + c.name + "'");
      const std::string where_clock = where(kv.first) + ": clock " + c.name;
      if (kv.second.IsScalar()) {
        c.period_text = kv.second.Scalar();
      } else {
        expect_map(kv.second, "clock " + c.name);
        check_keys(kv.second, {"period", "phase"}, "clock " + c.name);
        if (!kv.second["period"]) fail(kv.first, "clock " + c.name + " has no period");
        c.period_text = scalar(kv.second["period"], "period");
        if (kv.second["phase"]) c.phase_text = scalar(kv.second["phase"], "phase");
      }
      set_clock_times(c, where(kv.first));
      out.clocks.push_back(c);
    }
  }

  void read_components(const YAML::Node& node, Netlist& out) const {
    expect_map(node, "components");
    std::set<std::string> seen;
    for (const auto& kv : node) {
      ComponentDecl c;
      c.name = identifier(kv.first, "component");
      c.line = line(kv.first);
      if (!seen.insert(c.name).second) fail(kv.first, "duplicate component '" + c.name + "'");
      if (!kv.second.IsMap()) fail(kv.first, "component " + c.name + " must be a mapping with a kind");
      std::set<std::string> keys;
      for (const auto& p : kv.second) {
        const std::string key = scalar(p.first, "a key");
        if (!keys.insert(key).second) fail(p.first, "duplicate key '" + key + "' in component " + c.name);
        if (key == "kind") {
          c.kind = scalar(p.second, c.name + ".kind");
        } else if (key == "clock") {
          c.clock = scalar(p.second, c.name + ".clock");
          c.clock_line = line(p.first);
        } else if (key == "topology" && p.second.IsMap()) {
          read_topology(p.first, p.second, c, keys);
        } else if (key.compare(0, 4, "node") == 0 && p.second.IsMap()) {
          // A network's node<K>: {credits: 8} is its parameters node<K>.credits, ...
          for (const auto& inner : p.second)
            c.params.push_back({key + "." + scalar(inner.first, "a key"),
                                {value_text(inner.second, c.name + "." + key + "." + inner.first.Scalar()),
                                 line(inner.first)}});
        } else {
          c.params.push_back({key, {value_text(p.second, c.name + "." + key), line(p.first)}});
        }
      }
      if (c.kind.empty()) fail(kv.first, "component " + c.name + " has no kind");
      out.components.push_back(std::move(c));
    }
  }

  // A network's `topology: {kind: mesh, k: 4, n: 2, channel_latency: 1}` is its flat
  // parameters topology, k, n and channel_latency (or netlist, network_file for anynet; c, xr, ... for a cmesh);
  // `routers:` is an anynet's netlist written router by router (read_routers).
  void read_topology(const YAML::Node& key, const YAML::Node& map, ComponentDecl& c,
                     std::set<std::string>& keys) const {
    const std::string what = "component " + c.name + " topology";
    check_keys(map, {"kind", "k", "n", "channel_latency", "netlist", "network_file", "routers", "c", "x", "y", "xr",
                     "yr", "use_noc_latency"},
               what);
    if (!map["kind"]) fail(key, what + " has no kind (mesh, torus, ring, anynet, fattree, qtree or cmesh)");
    for (const auto& p : map) {
      const std::string inner = p.first.Scalar();
      const std::string param = inner == "kind" ? "topology" : inner;
      if (param != "topology" && !keys.insert(param).second)
        fail(p.first, what + " gives " + param + ", which component " + c.name + " gives too");
      if (inner == "routers") {
        if (scalar(map["kind"], c.name + ".topology.kind") != "anynet")
          fail(p.first, what + " lists routers, which only kind anynet takes");
        if (map["netlist"] || map["network_file"])
          fail(p.first, what + " lists routers and a netlist too (allowed: one of routers, netlist, network_file)");
        read_routers(p.first, p.second, c);
        continue;
      }
      c.params.push_back({param, {scalar(p.second, c.name + ".topology." + inner), line(p.first)}});
    }
  }

  // routers: {cpu: {nodes: [0, 1], to: {l2: 1}}, l2: {nodes: 2, to: [cpu]}}: named routers,
  // the nodes on each and its channels to others (a latency each, 1 when only named),
  // made into the BookSim2 netlist and router_names they stand for, so they go through
  // the same validation as a netlist.
  void read_routers(const YAML::Node& key, const YAML::Node& routers, ComponentDecl& c) const {
    const std::string what = "component " + c.name + " topology routers";
    if (!routers.IsMap() || routers.size() == 0) fail(key, what + " must be a mapping of router names to {nodes, to}");
    check_duplicates(routers, what);
    std::vector<std::string> names;
    for (const auto& r : routers) names.push_back(identifier(r.first, "router"));
    const auto index = [&](const YAML::Node& at, const std::string& name, const std::string& router) {
      const auto it = std::find(names.begin(), names.end(), name);
      if (it == names.end())
        fail(at, what + ": " + router + " has a channel to '" + name + "', which is not one of its routers" +
                     did_you_mean(name, names) + " (routers: " + join_names(names) + ")");
      return std::to_string(it - names.begin());
    };
    std::string netlist;
    int r = 0;
    for (const auto& entry : routers) {
      const std::string& name = names[static_cast<std::size_t>(r)];
      const std::string at = what + " " + name;
      std::string line_text = "router " + std::to_string(r++);
      if (!entry.second.IsMap()) fail(entry.first, at + " must be a mapping with nodes and to");
      check_keys(entry.second, {"nodes", "to"}, at);
      if (const YAML::Node nodes = entry.second["nodes"]) {
        if (nodes.IsSequence()) {
          for (const auto& node : nodes) line_text += " node " + whole(node, at + " node", 0);
        } else {
          line_text += " node " + whole(nodes, at + " nodes", 0);
        }
      }
      if (const YAML::Node to = entry.second["to"]) {
        if (to.IsMap()) {
          check_duplicates(to, at + " to");
          for (const auto& channel : to)
            line_text += " router " + index(channel.first, scalar(channel.first, at + " to"), name) + " " +
                         whole(channel.second, at + " to " + channel.first.Scalar() + " latency", 1);
        } else if (to.IsSequence()) {
          for (const auto& channel : to) line_text += " router " + index(channel, scalar(channel, at + " to"), name);
        } else {
          line_text += " router " + index(to, scalar(to, at + " to"), name);
        }
      }
      netlist += line_text + "\n";
    }
    c.params.push_back({"netlist", {netlist, line(key)}});
    c.params.push_back({"router_names", {join_names(names), line(key)}});
  }

  void read_connections(const YAML::Node& node, Netlist& out) const {
    if (!node.IsSequence()) fail(node, "connections must be a list of \"a.out -> b.in\"");
    for (const auto& item : node) {
      ConnectionDecl c;
      c.text = scalar(item, "a connection");
      c.line = line(item);
      const auto arrow = c.text.find("->");
      if (arrow == std::string::npos)
        fail(item, "connection '" + c.text + "' must read \"component.port -> component.port\"");
      const std::string at = where(item) + ": connection '" + c.text + "'";
      std::tie(c.from_component, c.from_port) = split_dotted(trim(c.text.substr(0, arrow)), at);
      std::tie(c.to_component, c.to_port) = split_dotted(trim(c.text.substr(arrow + 2)), at);
      out.connections.push_back(std::move(c));
    }
  }

  void read_run(const YAML::Node& node, Netlist& out) const {
    expect_map(node, "run");
    check_keys(node, {"cycles", "warmup", "seed", "watchdog", "wait_percentile", "accepted_wait"}, "run");
    auto get = [&](const char* key, std::optional<SourceText>& field) {
      if (node[key]) field = SourceText{scalar(node[key], std::string("run.") + key), line(node[key])};
    };
    get("cycles", out.run.cycles);
    get("warmup", out.run.warmup);
    get("seed", out.run.seed);
    get("watchdog", out.run.watchdog);
    get("wait_percentile", out.run.wait_percentile);
    get("accepted_wait", out.run.accepted_wait);
  }

  void read_sweeps(const YAML::Node& node, Netlist& out) const {
    expect_map(node, "sweeps");
    for (const auto& kv : node) {
      SweepDecl s;
      s.name = identifier(kv.first, "sweep");
      s.line = line(kv.first);
      expect_map(kv.second, "sweep " + s.name);
      check_keys(kv.second, {"set", "vary"}, "sweep " + s.name);
      if (const YAML::Node set = kv.second["set"]) {
        expect_map(set, "sweep " + s.name + " set");
        check_duplicates(set, "sweep " + s.name + " set");
        for (const auto& p : set)
          s.set.push_back({scalar(p.first, "a parameter"), {scalar(p.second, "a value"), line(p.first)}});
      }
      const YAML::Node vary = kv.second["vary"];
      if (!vary) fail(kv.first, "sweep " + s.name + " has nothing to vary");
      expect_map(vary, "sweep " + s.name + " vary");
      check_duplicates(vary, "sweep " + s.name + " vary");
      for (const auto& p : vary) {
        VaryDecl v;
        v.param = scalar(p.first, "a parameter");
        v.line = line(p.first);
        const std::string at = where(p.first) + ": sweep " + s.name + " " + v.param;
        if (p.second.IsSequence()) {
          for (const auto& x : p.second) v.values.push_back(scalar(x, v.param + " value"));
          if (v.values.empty()) fail(p.first, "sweep " + s.name + " gives " + v.param + " no values");
        } else {
          v.values = expand_values(scalar(p.second, v.param + " values"), at);
        }
        s.vary.push_back(std::move(v));
      }
      out.sweeps.push_back(std::move(s));
    }
  }

 private:
  std::string file_;
};

}  // namespace

void set_clock_times(ClockDecl& clock, const std::string& where) {
  const double period = parse_period_ps(clock.period_text, where + ": " + clock.name + ".period");
  const double phase = parse_time_ps(clock.phase_text, where + ": " + clock.name + ".phase");
  // Both views count time in whole picoseconds; a second per cycle is already 10^12 of them.
  if (!(period >= 1.0 && period <= kMaxPeriodPs))
    throw ParameterError(where + ": " + clock.name + ".period = " + clock.period_text +
                         " is out of range (allowed 1ps..1s)");
  clock.period_ps = std::round(period);
  clock.phase_ps = std::round(phase);
}

void check_clock_phase(const ClockDecl& clock, const std::string& where) {
  // A phase is where the first edge falls within a period: a larger one is only a long
  // wait before the first edge (years of picoseconds, for a typo).
  if (!(clock.phase_ps >= 0 && clock.phase_ps < clock.period_ps))
    throw ParameterError(where + ": " + clock.name + ".phase = " + clock.phase_text +
                         " is out of range (allowed 0 up to its period, " + clock.period_text + ")");
}

std::pair<std::string, std::string> split_dotted(const std::string& text, const std::string& where) {
  // One more dot names a network's node: net.node3.in, net.node3.credits.
  const auto dot = text.find('.');
  const auto second = dot == std::string::npos ? dot : text.find('.', dot + 1);
  if (dot == std::string::npos || dot == 0 || dot + 1 == text.size() || second == dot + 1 ||
      (second != std::string::npos && (second + 1 == text.size() || text.find('.', second + 1) != std::string::npos)))
    throw Error(where + ": '" + text + "' must be component.param (e.g. rx.depth)");
  return {text.substr(0, dot), text.substr(dot + 1)};
}

std::vector<std::string> expand_values(const std::string& spec, const std::string& where) {
  std::vector<std::string> out;
  if (spec.find(':') != std::string::npos) {
    std::vector<std::string> parts;
    std::stringstream ss(spec);
    for (std::string p; std::getline(ss, p, ':');) parts.push_back(trim(p));
    const std::string form = " (a range is A:B or A:B:STEP, inclusive)";
    if (parts.size() < 2 || parts.size() > 3) throw ParameterError(where + ": '" + spec + "' is not a range" + form);
    auto number = [&](const std::string& s, bool& integral) {
      char* end = nullptr;
      const double v = std::strtod(s.c_str(), &end);
      if (s.empty() || *end != '\0' || !std::isfinite(v))
        throw ParameterError(where + ": '" + s + "' in '" + spec + "' is not a number" + form);
      integral = integral && s.find_first_of(".eE") == std::string::npos;
      return v;
    };
    bool integral = true;
    const double a = number(parts[0], integral), b = number(parts[1], integral);
    const double step = parts.size() == 3 ? number(parts[2], integral) : 1.0;
    // Integer ranges are stepped in 64-bit integers: ends beyond 2^53 would not be exact.
    constexpr double exact = 9007199254740992.0;
    for (const double v : {a, b, step})
      if (integral && std::fabs(v) > exact)
        throw ParameterError(where + ": range '" + spec + "' has an end beyond 9007199254740992" + form);
    if (step <= 0 || b < a)
      throw ParameterError(where + ": range '" + spec + "' must have A <= B and STEP > 0" + form);
    const double count = std::floor((b - a) / step + 1e-9) + 1;
    if (count > 1e6) throw ParameterError(where + ": range '" + spec + "' has more than 1000000 values");
    for (long i = 0; i < static_cast<long>(count); ++i) {
      char buf[40];
      if (integral)
        std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(a) + i * static_cast<long long>(step));
      else
        std::snprintf(buf, sizeof buf, "%.12g", a + static_cast<double>(i) * step);
      out.push_back(buf);
    }
    return out;
  }
  std::stringstream ss(spec);
  for (std::string v; std::getline(ss, v, ',');) {
    v = trim(v);
    if (v.empty()) throw ParameterError(where + ": empty value in '" + spec + "'");
    out.push_back(v);
  }
  if (out.empty()) throw ParameterError(where + ": no values in '" + spec + "'");
  return out;
}

Netlist parse_netlist(const std::string& yaml_text, const std::string& file_label) {
  if (const std::size_t bad = invalid_utf8_offset(yaml_text); bad != std::string::npos) {
    const auto line = std::count(yaml_text.begin(), yaml_text.begin() + static_cast<std::ptrdiff_t>(bad), '\n') + 1;
    throw Error(file_label + ":" + std::to_string(line) + ": not UTF-8 text (byte " + std::to_string(bad) +
                "); save the file as UTF-8");
  }
  Reader reader(file_label);
  YAML::Node root;
  try {
    root = YAML::Load(yaml_text);
  } catch (const YAML::ParserException& e) {
    throw Error(file_label + ":" + std::to_string(e.mark.line + 1) + ": YAML syntax error: " + e.msg);
  }
  if (!root.IsMap()) throw Error(file_label + ":1: a platform file must be a mapping (clocks, components, connections, ...)");
  reader.check_keys(root, {"description", "clocks", "components", "connections", "run", "sweeps"},
                    "the platform");
  Netlist n;
  n.file = file_label;
  if (root["clocks"]) reader.read_clocks(root["clocks"], n);
  if (!root["components"]) throw Error(file_label + ":1: the platform has no components");
  reader.read_components(root["components"], n);
  if (root["connections"]) reader.read_connections(root["connections"], n);
  if (root["run"]) reader.read_run(root["run"], n);
  if (root["sweeps"]) reader.read_sweeps(root["sweeps"], n);
  return n;
}

std::string read_model_text(const std::string& path) {
  return core::read_input_file(path, "the platform file", kMaxModelBytes);
}

Netlist load_netlist(const std::string& path) { return parse_netlist(read_model_text(path), path); }

}  // namespace creditflow::platform
