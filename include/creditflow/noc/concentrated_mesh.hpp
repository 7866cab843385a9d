// BookSim2's cmesh: a k x k mesh of routers with c = 4 nodes on each (xr = yr = 2), and
// express channels on its edges. Nodes are numbered row by row over a 2k x 2k grid; router
// (x, y) holds the 2 x 2 block of them at columns 2x.. and rows 2y... A router's ports are
// its four nodes (0..3, row by row in its block), then +x (4), -x (5), +y (6), -y (7), as
// BookSim2 adds them. Where a mesh would end, the port goes on along the edge instead,
// k/2 routers away: +x and -x of the first and last column reach the router k/2 rows up or
// down it, +y and -y of the first and last row the router k/2 columns across. A channel
// takes 2 cycles (the nodes' pitch: two per router), an express one k (BookSim2's
// use_noc_latency; every channel 1 with it 0); a node's channels 1.
#pragma once
#include <random>
#include <string>

#include "creditflow/noc/routing.hpp"
#include "creditflow/noc/topology.hpp"

namespace creditflow::noc {

class ConcentratedMesh : public Topology {
 public:
  static constexpr int kNodesPerRouter = 4;
  static constexpr int kPlusX = 4, kMinusX = 5, kPlusY = 6, kMinusY = 7;
  ConcentratedMesh(int k, bool noc_latency);
  int routers() const override { return k_ * k_; }
  int nodes() const override { return kNodesPerRouter * k_ * k_; }
  int ports(int) const override { return kNodesPerRouter + 4; }
  PortLink out(int r, int p) const override;
  int latency(int r, int p) const override;
  int router_of(int node) const override { return node / (4 * k_) * k_ + node % (2 * k_) / 2; }
  int port_of(int node) const override { return 2 * (node / (2 * k_) % 2) + node % 2; }
  std::string router_name(int r) const override;
  std::string port_name(int r, int p) const override;
  int k() const { return k_; }
  // Whether router r's output p is an express channel (k/2 routers along the edge).
  bool express(int r, int p) const;

 private:
  int partner(int at) const { return at < k_ / 2 ? at + k_ / 2 : at - k_ / 2; }
  int k_;
  bool noc_latency_;
};

// BookSim2's routings on a cmesh, by the name routing_function gives (BookSim2 appends
// "_cmesh" to it): dor, x then y, taking an express channel on an edge when the way left
// in that dimension is k/2 or more; xy_yx, x then y or y then x by a coin at the router a
// packet enters, each in its half of the VCs (the lower for x first), an express channel
// taken for a way of 2 or more; and both _no_express, which never take one.
class CmeshRouting : public Routing {
 public:
  CmeshRouting(ConcentratedMesh mesh, const std::string& name, int vcs, std::mt19937_64& coin);
  Route route(int router, int input, NocFlit& flit) const override;
  std::vector<int> outputs(int router, int input, int destination) const override;
  // The routing functions a cmesh takes, by BookSim2's names.
  static bool takes(const std::string& name);

 private:
  // The port toward router `to` from `from`, x first or y first.
  int step(int from, int to, bool x_first) const;
  ConcentratedMesh mesh_;
  bool both_orders_;  // xy_yx
  int express_from_;  // the way left from which an express channel is taken (0: never)
  int vcs_;
  std::mt19937_64& coin_;
};

}  // namespace creditflow::noc
