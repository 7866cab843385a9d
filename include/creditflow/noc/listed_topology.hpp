// A topology given part by part: routers with their ports' names, the channels between
// their ports with their latencies, and the router port each node's terminal takes. What
// a network's routers and channels read back from a platform's netlist are, so that the
// network steps the routers it was written as (per-channel latencies included).
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "creditflow/noc/topology.hpp"

namespace creditflow::noc {

class ListedTopology : public Topology {
 public:
  // Adds a router named `name` whose ports are named `port_names` (one per port); returns
  // its number.
  int add_router(std::string name, std::vector<std::string> port_names);
  // Renames router r's ports (one name per port).
  void name_ports(int r, std::vector<std::string> port_names) { routers_[r].port_names = std::move(port_names); }
  // Router `from`'s output `out` feeds router `to`'s input `in`, `latency` cycles each way.
  void connect(int from, int out, int to, int in, int latency);
  // Node `node`'s terminal injects at router r's input p and takes what its output p sends,
  // `latency` cycles each way.
  void attach(int node, int r, int p, int latency);
  // Throws ParameterError naming `where` for a node number missing or given twice, a port
  // used twice, or a channel into a port that also takes a terminal.
  void check(const std::string& where) const;

  int routers() const override { return static_cast<int>(routers_.size()); }
  int nodes() const override { return static_cast<int>(nodes_.size()); }
  int ports(int r) const override { return static_cast<int>(routers_[r].port_names.size()); }
  PortLink out(int r, int p) const override { return routers_[r].out[p]; }
  int latency(int r, int p) const override { return routers_[r].latency[p]; }
  int router_of(int node) const override { return nodes_[node].router; }
  int port_of(int node) const override { return nodes_[node].port; }
  std::string router_name(int r) const override { return routers_[r].name; }
  std::string port_name(int r, int p) const override { return routers_[r].port_names[p]; }

 private:
  struct Router {
    std::string name;
    std::vector<std::string> port_names;
    std::vector<PortLink> out;  // where each output leads ({-2, -1}: nowhere)
    std::vector<int> latency;   // of each output's channel
    std::vector<int> fed;       // channels and terminals into each input (1 when connected)
  };
  struct Node {
    int router = -1, port = -1;
  };
  std::vector<Router> routers_;
  std::vector<Node> nodes_;
};

}  // namespace creditflow::noc
