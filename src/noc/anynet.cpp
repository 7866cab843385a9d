#include "creditflow/noc/anynet.hpp"

#include <algorithm>
#include <limits>
#include <functional>
#include <queue>
#include <set>
#include <sstream>

#include "creditflow/core/error.hpp"
#include "creditflow/core/stop_request.hpp"

namespace creditflow::noc {
namespace {

struct Parsed {
  std::map<int, std::map<int, int>> links;      // router -> neighbour -> latency
  std::map<int, std::pair<int, int>> node_at;   // node -> (router, latency)
  std::set<int> routers;
};

// The netlist's statements, each with the line it is on: a line may hold several, parted
// by ';' (a netlist given inline in YAML), and the line counts only newlines.
std::vector<std::pair<int, std::string>> netlist_lines(const std::string& text) {
  std::vector<std::pair<int, std::string>> lines;
  std::string line;
  int number = 1;
  for (char c : text) {
    if (c == '\n' || c == ';') {
      lines.emplace_back(number, line);
      line.clear();
      number += c == '\n' ? 1 : 0;
    } else {
      line += c;
    }
  }
  lines.emplace_back(number, line);
  return lines;
}

Parsed parse(const std::string& text, const std::string& where) {
  Parsed p;
  const auto lines = netlist_lines(text);
  for (std::size_t n = 0; n < lines.size(); ++n) {
    std::istringstream in(lines[n].second);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    if (words.empty()) continue;
    const std::string at = where + ": netlist line " + std::to_string(lines[n].first);
    const auto number = [&](std::size_t i, const char* what) {
      if (i >= words.size()) throw ParameterError(at + ": " + what + " has no id (allowed: router ID or node ID)");
      const std::string& w = words[i];
      if (w.empty() || w.size() > 7 || !std::all_of(w.begin(), w.end(), ::isdigit))
        throw ParameterError(at + ": '" + w + "' is not an id (allowed: a whole number 0..9999999)");
      return std::stoi(w);
    };
    const auto kind = [&](std::size_t i) {
      if (words[i] != "router" && words[i] != "node")
        throw ParameterError(at + ": '" + words[i] + "' is neither router nor node (allowed: router ID, node ID)");
      return words[i] == "router";
    };
    const bool head_router = kind(0);
    const int head = number(1, words[0].c_str());
    if (head_router) p.routers.insert(head);
    const auto place = [&](int node, int router, int latency) {
      const auto it = p.node_at.find(node);
      if (it != p.node_at.end() && it->second.first != router)
        throw ParameterError(at + ": node " + std::to_string(node) + " is on router " + std::to_string(it->second.first) +
                             " already (allowed: one router a node)");
      p.node_at[node] = {router, latency};
    };
    for (std::size_t i = 2; i < words.size();) {
      const bool body_router = kind(i);
      const int body = number(i + 1, words[i].c_str());
      int latency = 1;
      std::size_t next = i + 2;
      if (next < words.size() && !words[next].empty() &&
          std::all_of(words[next].begin(), words[next].end(), ::isdigit)) {
        latency = number(next, "a latency");
        if (latency < 1) throw ParameterError(at + ": latency 0 (allowed 1 or more cycles)");
        ++next;
      }
      if (!head_router && !body_router) throw ParameterError(at + ": a node linked to a node (allowed: node ID router ID)");
      if (head_router && body_router) {
        if (body == head) throw ParameterError(at + ": router " + std::to_string(head) + " linked to itself");
        p.routers.insert(body);
        p.links[head][body] = latency;
        p.links[body].emplace(head, 1);  // the way back, unless its own line says otherwise
      } else if (head_router) {
        place(body, head, latency);
      } else {
        p.routers.insert(body);
        place(head, body, latency);
      }
      i = next;
    }
  }
  return p;
}

}  // namespace

int netlist_nodes(const std::string& netlist) {
  try {
    return static_cast<int>(parse(netlist, "netlist").node_at.size());
  } catch (const Error&) {
    return 0;
  }
}

Anynet::Anynet(const std::string& netlist, const std::string& where, std::vector<std::string> names)
    : names_(std::move(names)) {
  const Parsed p = parse(netlist, where);
  if (p.routers.empty()) throw ParameterError(where + ": the netlist has no router (allowed: lines like 'router 0 node 0 router 1')");
  const int count = static_cast<int>(p.routers.size());
  if (static_cast<int>(names_.size()) != count) names_.clear();  // NocConfig::validate says why
  if (*p.routers.rbegin() != count - 1)
    throw ParameterError(where + ": the netlist's routers are not numbered 0.." + std::to_string(count - 1) +
                         " (router " + std::to_string(*p.routers.rbegin()) + ")");
  const int nodes = static_cast<int>(p.node_at.size());
  if (nodes == 0) throw ParameterError(where + ": the netlist puts no node on any router");
  if (p.node_at.rbegin()->first != nodes - 1)
    throw ParameterError(where + ": the netlist's nodes are not numbered 0.." + std::to_string(nodes - 1) + " (node " +
                         std::to_string(p.node_at.rbegin()->first) + ")");
  routers_.resize(count);
  node_router_.resize(nodes);
  node_latency_.resize(nodes);
  for (const auto& [node, place] : p.node_at) {
    node_router_[node] = place.first;
    node_latency_[node] = place.second;
    routers_[place.first].nodes.push_back(node);
  }
  for (const auto& [r, neighbours] : p.links) routers_[r].out = neighbours;
  for (int r = 0; r < count; ++r) {
    if (routers_[r].out.empty() && count > 1)
      throw ParameterError(where + ": " + (names_.empty() ? "router " + std::to_string(r) : "router " + names_[r]) +
                           " has no channel to another router");
    for (const auto& [to, latency] : routers_[r].out) routers_[to].in_from.push_back(r);
  }
  for (Router& r : routers_) r.ports = static_cast<int>(r.nodes.size() + r.out.size());
  // Every node must reach every other: every router reaches router 0 and is reached from
  // it (a search each way, linear in the channels), or a packet would find no path once
  // running.
  const auto name = [&](int r) { return names_.empty() ? "router " + std::to_string(r) : "router " + names_[r]; };
  for (const bool forward : {true, false}) {
    std::vector<char> seen(routers_.size(), 0);
    std::vector<int> todo{0};
    seen[0] = 1;
    while (!todo.empty()) {
      const int r = todo.back();
      todo.pop_back();
      const auto visit = [&](int next) {
        if (seen[next]) return;
        seen[next] = 1;
        todo.push_back(next);
      };
      if (forward)
        for (const auto& [to, latency] : routers_[r].out) visit(to);
      else
        for (const int from : routers_[r].in_from) visit(from);
    }
    const auto lost = std::find(seen.begin(), seen.end(), 0);
    if (lost == seen.end()) continue;
    const int r = static_cast<int>(lost - seen.begin());
    throw ParameterError(where + ": the netlist is not connected: " +
                         (forward ? name(r) + " cannot be reached from " + name(0)
                                  : name(0) + " cannot be reached from " + name(r)) +
                         ", so a packet between their nodes would have no path (allowed: a netlist in which every "
                         "router reaches every other)");
  }
}

PortLink Anynet::out(int r, int p) const {
  const Router& router = routers_[r];
  const int local = static_cast<int>(router.nodes.size());
  if (p < local) return {-1, router.nodes[p]};
  auto it = router.out.begin();
  std::advance(it, p - local);
  const int to = it->first;
  const Router& there = routers_[to];
  const auto rank = std::lower_bound(there.in_from.begin(), there.in_from.end(), r) - there.in_from.begin();
  return {to, static_cast<int>(there.nodes.size() + rank)};
}

int Anynet::latency(int r, int p) const {
  const Router& router = routers_[r];
  const int local = static_cast<int>(router.nodes.size());
  if (p < local) return node_latency_[router.nodes[p]];
  auto it = router.out.begin();
  std::advance(it, p - local);
  return it->second;
}

int Anynet::port_of(int node) const {
  const Router& router = routers_[node_router_[node]];
  return static_cast<int>(std::find(router.nodes.begin(), router.nodes.end(), node) - router.nodes.begin());
}

int Anynet::port_to(int r, int to) const {
  const Router& router = routers_[r];
  const auto it = router.out.find(to);
  if (it == router.out.end()) return -1;
  return static_cast<int>(router.nodes.size() + std::distance(router.out.begin(), it));
}

std::string Anynet::port_name(int r, int p) const {
  const PortLink link = out(r, p);
  return link.router == -1 ? "node" + std::to_string(link.port) : "to_" + router_name(link.router);
}

MinTable::MinTable(const Anynet& net, int vcs) : port_(net.routers()), vcs_(vcs) {
  const int count = net.routers();
  constexpr int kFar = std::numeric_limits<int>::max();
  std::vector<int> dist(count), prev(count), first(count);
  std::vector<char> done(count);
  // (distance, router): the lowest id first among equals, as BookSim2's scan picks them.
  using Entry = std::pair<int, int>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> open;
  for (int start = 0; start < count; ++start) {
    if (core::stop_requested()) throw Error("stopped while setting up an anynet's routes");
    // Dijkstra over channel latencies: n log n a start, not the n^2 of a scan.
    std::fill(dist.begin(), dist.end(), kFar);
    std::fill(prev.begin(), prev.end(), -1);
    std::fill(done.begin(), done.end(), 0);
    dist[start] = 0;
    open.push({0, start});
    while (!open.empty()) {
      const auto [d, at] = open.top();
      open.pop();
      if (done[at] || d != dist[at]) continue;
      done[at] = 1;
      // The first hop toward `at`: its predecessor's, settled before it.
      first[at] = prev[at] == start ? at : prev[at] < 0 ? -1 : first[prev[at]];
      for (int p = 0; p < net.ports(at); ++p) {
        const PortLink link = net.out(at, p);
        if (link.router < 0 || done[link.router]) continue;
        const int through = dist[at] + net.latency(at, p);
        if (through < dist[link.router]) {
          dist[link.router] = through;
          prev[link.router] = at;
          open.push({through, link.router});
        }
      }
    }
    port_[start].assign(net.nodes(), -1);
    for (int node = 0; node < net.nodes(); ++node) {
      const int target = net.router_of(node);
      if (target == start)
        port_[start][node] = net.port_of(node);
      else if (dist[target] != kFar)  // unreachable: a route to it is refused when asked
        port_[start][node] = net.port_to(start, first[target]);
    }
  }
}

Route MinTable::route(int router, int, NocFlit& flit) const {
  const int port = port_[router][flit.destination];
  if (port < 0)
    throw ProtocolError("router_" + std::to_string(router) + " has no path to node " + std::to_string(flit.destination));
  return {port, 0, vcs_ - 1};
}

}  // namespace creditflow::noc
