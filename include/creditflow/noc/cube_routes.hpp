// Routing a router placed in a platform by its place in a k-ary n-cube, to the node each
// destination endpoint sits at: on a torus or a ring BookSim2's dim_order (topology.hpp
// DimOrderTorus, the network's own routing, not a copy), on a mesh its dor (DorMesh). The
// way round a ring is chosen where a packet enters a dimension (a tie by this router's own
// coin) with the dateline class kept until it turns, so no table fixes it. With message
// classes, each class's share of the VCs is split in the dateline's halves.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "creditflow/core/endpoint_text.hpp"
#include "creditflow/core/error.hpp"
#include "creditflow/noc/noc_config.hpp"
#include "creditflow/noc/topology.hpp"

namespace creditflow::noc {

class CubeRoutes : public Routing {
 public:
  // `wraps`: a torus or ring (else a mesh); `k`, `n`: the cube; `position`: this router's
  // number in it (BookSim2's, dimension 0 fastest); `nodes`: destination endpoint id -> the
  // node (router) it is behind; `vcs` per port split among `classes`; `seed`: the coin's.
  CubeRoutes(bool wraps, int k, int n, int position, std::map<std::uint32_t, int> nodes, int vcs, int classes,
             std::uint64_t seed, std::string where, core::EndpointNamer name_of = {})
      : cube_(cube_config(wraps, k, n)),
        coin_(seed),
        per_class_(vcs / classes),
        order_(cube_routing(cube_, per_class_, coin_)),
        position_(position),
        nodes_(std::move(nodes)),
        where_(std::move(where)),
        name_of_(std::move(name_of)) {}
  CubeRoutes(const CubeRoutes&) = delete;  // its routing holds its cube and coin
  CubeRoutes& operator=(const CubeRoutes&) = delete;

  Route route(int, int input, NocFlit& flit) const override {
    const auto found = nodes_.find(static_cast<std::uint32_t>(flit.destination));
    if (found == nodes_.end()) unrouted(input, flit);
    // The cube routes by node: a copy bound for the destination's node, its class kept.
    NocFlit toward = flit;
    toward.destination = found->second;
    Route r = order_->route(position_, input, toward);
    flit.dateline = toward.dateline;
    const int first = flit.message_class * per_class_;
    return {r.port, first + r.first_vc, first + r.last_vc};
  }
  std::vector<int> outputs(int, int input, int destination) const override {
    const auto found = nodes_.find(static_cast<std::uint32_t>(destination));
    if (found == nodes_.end()) return {};
    return order_->outputs(position_, input, found->second);
  }

 private:
  static NocConfig cube_config(bool wraps, int k, int n) {
    NocConfig c;
    c.topology = wraps ? "torus" : "mesh";
    c.k = k;
    c.n = n;
    return c;
  }
  [[noreturn]] __attribute__((cold, noinline)) void unrouted(int input, const NocFlit& flit) const {
    throw ProtocolError(where_ + ": a packet for " +
                        core::endpoint_text(name_of_, static_cast<std::uint32_t>(flit.destination)) + " came in on in" +
                        std::to_string(input) + ", and routes names no node for it");
  }

  KaryNcube cube_;
  std::mt19937_64 coin_;  // a router's own, drawn in its own order
  int per_class_;
  std::unique_ptr<Routing> order_;
  int position_;
  std::map<std::uint32_t, int> nodes_;
  std::string where_;
  core::EndpointNamer name_of_;
};

}  // namespace creditflow::noc
