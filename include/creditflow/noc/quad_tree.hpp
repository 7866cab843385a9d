// BookSim2's qtree: a tree of n levels (BookSim2 builds it only with k = 4, n = 3), level h
// holding k^h routers; a router has k ports down (0..k-1: its children, at a leaf its k
// nodes) and, below the root, port k up to its parent. Router (h, pos) is numbered after
// every router above its level, as BookSim2 numbers them; child j of (h, pos) is
// (h + 1, k pos + j), reached by down port j and arriving at its port k. Every channel takes
// one cycle. Unlike a fat tree it has one way up, so its root carries all that crosses it.
#pragma once
#include <string>
#include <vector>

#include "creditflow/noc/routing.hpp"
#include "creditflow/noc/topology.hpp"

namespace creditflow::noc {

class QuadTree : public Topology {
 public:
  QuadTree(int k, int n);
  int routers() const override { return static_cast<int>(level_of_.size()); }
  int nodes() const override { return leaves_ * k_; }
  int ports(int r) const override { return level_of_[r] == 0 ? k_ : k_ + 1; }
  PortLink out(int r, int p) const override;
  int latency(int, int) const override { return 1; }
  int router_of(int node) const override { return first_of_level_[n_ - 1] + node / k_; }
  int port_of(int node) const override { return node % k_; }
  std::string router_name(int r) const override;
  std::string port_name(int r, int p) const override;

  int k() const { return k_; }
  int n() const { return n_; }
  int level(int r) const { return level_of_[r]; }
  int position(int r) const { return r - first_of_level_[level_of_[r]]; }

 private:
  int k_, n_, leaves_;
  std::vector<int> level_of_;        // by router
  std::vector<int> first_of_level_;  // the first router of each level
};

// BookSim2's nca on a qtree: down when the destination is under the router, else up.
class NcaQuadTree : public Routing {
 public:
  NcaQuadTree(QuadTree tree, int vcs) : tree_(std::move(tree)), vcs_(vcs) {}
  Route route(int router, int input, NocFlit& flit) const override;
  std::vector<int> outputs(int router, int input, int destination) const override;

 private:
  int port(int router, int destination) const;
  QuadTree tree_;
  int vcs_;
};

}  // namespace creditflow::noc
