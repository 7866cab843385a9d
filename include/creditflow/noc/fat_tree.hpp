// A k-ary n-tree (BookSim2's `fattree`): n levels of k^(n-1) routers, level 0 at the top.
// Each router below the top has k ports down (0..k-1: toward its leaves, at a leaf its k
// nodes) and k ports up (k..2k-1); a top router has only its k ports down. Node i sits on
// leaf router i / k at port i % k. Routers and the channels between them are numbered, and
// wired port to port, as BookSim2 numbers and wires them (their channels' ids interleave
// by level), since the allocators' round robins follow port numbers. Every channel, node
// channels included, takes one cycle each way.
#pragma once
#include <random>
#include <string>
#include <vector>

#include "creditflow/noc/noc_config.hpp"
#include "creditflow/noc/routing.hpp"
#include "creditflow/noc/topology.hpp"

namespace creditflow::noc {

class FatTree : public Topology {
 public:
  FatTree(int k, int n);
  int routers() const override { return n_ * per_level_; }
  int nodes() const override { return per_level_ * k_; }
  int ports(int r) const override { return level(r) == 0 ? k_ : 2 * k_; }
  PortLink out(int r, int p) const override { return out_[static_cast<std::size_t>(r * 2 * k_ + p)]; }
  int latency(int, int) const override { return 1; }
  int router_of(int node) const override { return (n_ - 1) * per_level_ + node / k_; }
  int port_of(int node) const override { return node % k_; }
  std::string router_name(int r) const override;
  std::string port_name(int r, int p) const override;

  int k() const { return k_; }
  int n() const { return n_; }
  int level(int r) const { return r / per_level_; }
  int position(int r) const { return r % per_level_; }
  // The first node under router r, and how many there are (its subtree's leaves' nodes).
  int first_node(int r) const;
  int nodes_under(int r) const;

 private:
  int k_, n_, per_level_;
  std::vector<PortLink> out_;  // [router * 2k + output port]
};

// BookSim2's nca on a fat tree: down toward the destination from the nearest common
// ancestor, and up to it by one of the k up ports drawn at random at each router; anca
// (`adaptive`) draws two up ports and takes the one with fewer credits in use downstream
// (the first of two equal).
class NcaFatTree : public Routing {
 public:
  // (Its own copy of the tree: a network of parts routes by it on their listed topology.)
  NcaFatTree(FatTree tree, int vcs, std::mt19937_64& coin, bool adaptive = false)
      : tree_(std::move(tree)), vcs_(vcs), coin_(coin), adaptive_(adaptive) {}
  Route route(int router, int input, NocFlit& flit) const override { return route(router, input, flit, nullptr); }
  Route route(int router, int input, NocFlit& flit, const BufferState* outputs) const override;
  std::vector<int> outputs(int router, int input, int destination) const override;

 private:
  // The down port toward `destination`, or -1 when it is not under `router`.
  int down_port(int router, int destination) const;
  int up_port() const { return tree_.k() + static_cast<int>(coin_() % static_cast<std::uint64_t>(tree_.k())); }
  FatTree tree_;
  int vcs_;
  std::mt19937_64& coin_;
  bool adaptive_;
};

}  // namespace creditflow::noc
