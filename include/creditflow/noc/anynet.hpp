// A hand-written netlist of routers in BookSim2's anynet format, one router or node a
// line: `router 0 node 0 router 1 4` puts node 0 on router 0 and a channel of 4 cycles
// from router 0 to router 1 (and one back, of 1 cycle, unless a line of router 1 says
// otherwise); `node 3 router 2` puts node 3 on router 2. Lines may also be separated by ';'.
// Ports are numbered as BookSim2 numbers them (a router's nodes first, then its
// neighbours by id), and `min` routes by the shortest path BookSim2's table gives.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "creditflow/noc/routing.hpp"
#include "creditflow/noc/topology.hpp"

namespace creditflow::noc {

class Anynet : public Topology {
 public:
  // Throws ParameterError naming `where` and the netlist's line for a malformed netlist.
  Anynet(const std::string& netlist, const std::string& where, std::vector<std::string> names = {});
  int routers() const override { return static_cast<int>(routers_.size()); }
  int nodes() const override { return static_cast<int>(node_router_.size()); }
  int ports(int r) const override { return routers_[r].ports; }
  PortLink out(int r, int p) const override;
  int latency(int r, int p) const override;
  int router_of(int node) const override { return node_router_[node]; }
  int port_of(int node) const override;
  std::string router_name(int r) const override { return names_.empty() ? "router_" + std::to_string(r) : names_[r]; }
  std::string port_name(int r, int p) const override;
  // The output port of router r toward neighbour router `to` (-1: not a neighbour).
  int port_to(int r, int to) const;

 private:
  struct Router {
    std::vector<int> nodes;            // attached, by id: ports 0..
    std::map<int, int> out;            // neighbour -> channel latency, by id: the next ports
    std::vector<int> in_from;          // neighbours with a channel here, by id
    int ports = 0;
  };
  std::vector<Router> routers_;
  std::vector<int> node_router_;
  std::vector<int> node_latency_;
  std::vector<std::string> names_;  // one per router, or none
};

// BookSim2's min routing on an anynet: each router's table of the next hop to every node
// by the shortest path (channel latencies summed; ties to the lower router id), every VC.
class MinTable : public Routing {
 public:
  MinTable(const Anynet& net, int vcs);
  Route route(int router, int input, NocFlit& flit) const override;

 private:
  std::vector<std::vector<int>> port_;  // [router][node]
  int vcs_;
};

// Nodes a netlist names (0 when it cannot be read: the topology's own check says why).
int netlist_nodes(const std::string& netlist);

}  // namespace creditflow::noc
