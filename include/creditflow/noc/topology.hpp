// A k-ary n-cube (mesh, torus, ring) as BookSim2 numbers it: router i has terminal i;
// output port 2d goes right (+) in dimension d, 2d+1 left (-), 2n to its terminal; input
// port 2d comes from the right neighbour, 2d+1 from the left one, 2n from the terminal.
// Port numbers matter: the allocators' round robins follow them.
#pragma once
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "creditflow/noc/noc_config.hpp"
#include "creditflow/noc/routing.hpp"

namespace creditflow::noc {

// Where an output port's channel leads: a router's input, or a terminal (router -1).
struct PortLink {
  int router = -1;  // -1: a terminal (port: its node), -2: nothing (an edge of a mesh)
  int port = -1;
};

// Routers, their ports, the channels between them and where the terminals sit: what a
// network is built from, generated (k-ary n-cubes) or read (BookSim2's anynet netlists).
class Topology {
 public:
  virtual ~Topology() = default;
  virtual int routers() const = 0;
  virtual int nodes() const = 0;
  virtual int ports(int r) const = 0;
  // Where router r's output port p leads.
  virtual PortLink out(int r, int p) const = 0;
  // Cycles on router r's output p's channel, and on the credits coming back along it.
  virtual int latency(int r, int p) const = 0;
  // The router a node's terminal is on, and the port there (its injection input and its
  // ejection output have the same number).
  virtual int router_of(int node) const = 0;
  virtual int port_of(int node) const = 0;
  virtual std::string router_name(int r) const = 0;
  virtual std::string port_name(int r, int p) const = 0;
};

class KaryNcube : public Topology {
 public:
  explicit KaryNcube(const NocConfig& config);
  int routers() const override { return routers_; }
  int nodes() const override { return routers_; }
  int ports(int) const override { return 2 * n_ + 1; }
  int ports() const { return 2 * n_ + 1; }
  int terminal_port() const { return 2 * n_; }
  PortLink out(int r, int p) const override;
  int latency(int, int p) const override { return p == terminal_port() ? 1 : latency_; }
  int router_of(int node) const override { return node; }
  int port_of(int) const override { return terminal_port(); }
  int coordinate(int r, int dim) const { return coordinates_[static_cast<std::size_t>(r) * n_ + dim]; }
  int k() const { return k_; }
  int n() const { return n_; }
  bool wraps() const { return wraps_; }
  // "router_y_x" names as BookSim2 gives them, for messages and pictures.
  std::string router_name(int r) const override;
  std::string port_name(int, int p) const override { return port_name(p); }
  std::string port_name(int p) const;

 private:
  int neighbour(int r, int dim, int step) const;
  int k_, n_, routers_;
  bool wraps_;
  int latency_;
  std::vector<int> coordinates_;  // router r's in dimension d at r * n + d
};

// The output dimension order takes on a mesh from router `router` toward router `to`: the
// lowest dimension that differs first, the terminal's port where none does.
int dor_port(const KaryNcube& cube, int router, int to);

// Dimension order on a mesh (BookSim2's dor): the lowest dimension that differs first.
class DorMesh : public Routing {
 public:
  DorMesh(const KaryNcube& cube, int vcs) : cube_(cube), vcs_(vcs) {}
  Route route(int router, int input, NocFlit& flit) const override;

 private:
  const KaryNcube& cube_;
  int vcs_;
};

// Dimension order on a torus with BookSim2's dim_order VC classes: entering a dimension a
// packet takes the shorter way round (a tie by coin) and a dateline class that splits the
// VCs in halves, kept until it turns; the last router may use every VC.
class DimOrderTorus : public Routing {
 public:
  DimOrderTorus(const KaryNcube& cube, int vcs, std::mt19937_64& coin)
      : cube_(cube), vcs_(vcs), coin_(coin) {}
  Route route(int router, int input, NocFlit& flit) const override;
  std::vector<int> outputs(int router, int input, int destination) const override;

 private:
  // The shorter way round dimension `dim` from router `router` to node `to`: +1 right, -1
  // left, 0 a tie (half way round, which the coin settles).
  int way(int router, int to, int dim) const;
  const KaryNcube& cube_;
  int vcs_;
  std::mt19937_64& coin_;
};

// BookSim2's routing by place on `cube`: dim_order (with `coin`) where it wraps, else dor.
inline std::unique_ptr<Routing> cube_routing(const KaryNcube& cube, int vcs, std::mt19937_64& coin) {
  if (cube.wraps()) return std::make_unique<DimOrderTorus>(cube, vcs, coin);
  return std::make_unique<DorMesh>(cube, vcs);
}

}  // namespace creditflow::noc
