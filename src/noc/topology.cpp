#include "creditflow/noc/topology.hpp"

#include <algorithm>
#include <map>

#include "creditflow/core/error.hpp"

namespace creditflow::noc {

namespace {
std::map<std::string, RoutingFactory>& routings() {
  static std::map<std::string, RoutingFactory> registered;
  return registered;
}
}  // namespace

void register_routing(const std::string& name, RoutingFactory factory) {
  const auto names = routing_names();  // BookSim2's own, and those registered
  if (name == "none" || std::find(names.begin(), names.end(), name) != names.end())
    throw Error("routing function '" + name + "' is registered already");
  routings()[name] = std::move(factory);
}

const RoutingFactory* find_routing(const std::string& name) {
  const auto it = routings().find(name);
  return it == routings().end() ? nullptr : &it->second;
}

std::vector<std::string> routing_names() {
  std::vector<std::string> names{"dor",   "dim_order",        "min",     "nca", "anca", "dor_no_express",
                                 "xy_yx", "xy_yx_no_express", "valiant", "romm"};
  for (const auto& entry : routings()) names.push_back(entry.first);
  return names;
}

KaryNcube::KaryNcube(const NocConfig& config)
    : k_(config.k), n_(config.dimensions()), routers_(config.nodes()),
      wraps_(config.topology != "mesh"), latency_(config.channel_cycles()) {
  coordinates_.resize(static_cast<std::size_t>(routers_) * n_);
  for (int r = 0; r < routers_; ++r)
    for (int d = 0, rest = r; d < n_; ++d, rest /= k_) coordinates_[static_cast<std::size_t>(r) * n_ + d] = rest % k_;
}

int KaryNcube::neighbour(int r, int dim, int step) const {
  int stride = 1;
  for (int d = 0; d < dim; ++d) stride *= k_;
  const int at = coordinate(r, dim);
  const int to = at + step;
  if (to < 0 || to >= k_) {
    if (!wraps_) return -2;
    return r + ((to + k_) % k_ - at) * stride;
  }
  return r + step * stride;
}

PortLink KaryNcube::out(int r, int p) const {
  if (p == terminal_port()) return {-1, r};
  const int dim = p / 2;
  const bool right = p % 2 == 0;
  const int next = neighbour(r, dim, right ? 1 : -1);
  if (next == -2) return {-2, -1};
  // Going right arrives at the neighbour's port from its left (2d+1), and the reverse.
  return {next, right ? 2 * dim + 1 : 2 * dim};
}

std::string KaryNcube::router_name(int r) const {
  std::string name = "router";  // the highest dimension first, as BookSim2 names them
  for (int d = n_ - 1; d >= 0; --d) name += "_" + std::to_string(coordinate(r, d));
  return name;
}

std::string KaryNcube::port_name(int p) const {
  if (p == terminal_port()) return "terminal";
  static const char* axes = "xyz";
  return std::string(p % 2 == 0 ? "+" : "-") + axes[p / 2];
}

int dor_port(const KaryNcube& cube, int router, int to) {
  for (int dim = 0; dim < cube.n(); ++dim) {
    const int at = cube.coordinate(router, dim), goal = cube.coordinate(to, dim);
    if (at != goal) return at < goal ? 2 * dim : 2 * dim + 1;
  }
  return cube.terminal_port();
}

Route DorMesh::route(int router, int /*input*/, NocFlit& flit) const {
  return {dor_port(cube_, router, flit.destination), 0, vcs_ - 1};
}

int DimOrderTorus::way(int router, int to, int dim) const {
  const int k = cube_.k();
  const int twice_ahead = k - 2 * ((cube_.coordinate(to, dim) - cube_.coordinate(router, dim) + k) % k);
  return twice_ahead > 0 ? 1 : twice_ahead < 0 ? -1 : 0;
}

std::vector<int> DimOrderTorus::outputs(int router, int input, int destination) const {
  for (int dim = 0; dim < cube_.n(); ++dim) {
    if (cube_.coordinate(router, dim) == cube_.coordinate(destination, dim)) continue;
    if (input / 2 == dim) return {input ^ 1};
    const int w = way(router, destination, dim);
    if (w == 0) return {2 * dim, 2 * dim + 1};
    return {w > 0 ? 2 * dim : 2 * dim + 1};
  }
  return {cube_.terminal_port()};
}

Route DimOrderTorus::route(int router, int input, NocFlit& flit) const {
  for (int dim = 0; dim < cube_.n(); ++dim) {
    const int at = cube_.coordinate(router, dim);
    const int to = cube_.coordinate(flit.destination, dim);
    if (at == to) continue;
    int port;
    if (input / 2 != dim) {  // entering this dimension: choose the way and the class
      const int w = way(router, flit.destination, dim);
      const bool right = w > 0 || (w == 0 && (coin_() & 1) != 0);
      port = right ? 2 * dim : 2 * dim + 1;
      // BookSim2's classes as it writes them: the upper half for a rightward route that
      // wraps past k-1, and for a leftward route that does not.
      flit.dateline = (right && at > to) || (!right && to < at) ? 1 : 0;
    } else {
      port = input ^ 1;  // on along the ring: arrived from the right, leave to the left
    }
    const int half = vcs_ / 2;
    return flit.dateline == 0 ? Route{port, 0, half - 1} : Route{port, half, vcs_ - 1};
  }
  return {cube_.terminal_port(), 0, vcs_ - 1};
}

}  // namespace creditflow::noc
