#include "creditflow/noc/concentrated_mesh.hpp"

#include <cstdlib>

#include "creditflow/core/error.hpp"

namespace creditflow::noc {

ConcentratedMesh::ConcentratedMesh(int k, bool noc_latency) : k_(k), noc_latency_(noc_latency) {
  if (k < 2 || k % 2 != 0) throw ParameterError("a cmesh needs an even k of 2 or more");
}

PortLink ConcentratedMesh::out(int r, int p) const {
  if (p < kNodesPerRouter) return {-1, (r / k_ * 2 + p / 2) * 2 * k_ + r % k_ * 2 + p % 2};
  const int x = r % k_, y = r / k_;
  const auto at = [&](int ax, int ay) { return ay * k_ + ax; };
  switch (p) {
    case kPlusX: return x < k_ - 1 ? PortLink{at(x + 1, y), kMinusX} : PortLink{at(x, partner(y)), kPlusX};
    case kMinusX: return x > 0 ? PortLink{at(x - 1, y), kPlusX} : PortLink{at(x, partner(y)), kMinusX};
    case kPlusY: return y < k_ - 1 ? PortLink{at(x, y + 1), kMinusY} : PortLink{at(partner(x), y), kPlusY};
    default: return y > 0 ? PortLink{at(x, y - 1), kPlusY} : PortLink{at(partner(x), y), kMinusY};
  }
}

bool ConcentratedMesh::express(int r, int p) const {
  const int x = r % k_, y = r / k_;
  return (p == kPlusX && x == k_ - 1) || (p == kMinusX && x == 0) || (p == kPlusY && y == k_ - 1) ||
         (p == kMinusY && y == 0);
}

int ConcentratedMesh::latency(int r, int p) const {
  if (p < kNodesPerRouter || !noc_latency_) return 1;
  // Two nodes' pitch a router; an express channel spans k/2 routers.
  return express(r, p) ? k_ : 2;
}

std::string ConcentratedMesh::router_name(int r) const {
  return "router_" + std::to_string(r / k_) + "_" + std::to_string(r % k_);
}

std::string ConcentratedMesh::port_name(int r, int p) const {
  if (p < kNodesPerRouter) return "node" + std::to_string(out(r, p).port);
  static const char* names[] = {"+x", "-x", "+y", "-y"};
  return std::string(names[p - kNodesPerRouter]) + (express(r, p) ? "_express" : "");
}

bool CmeshRouting::takes(const std::string& name) {
  return name == "dor" || name == "dor_no_express" || name == "xy_yx" || name == "xy_yx_no_express";
}

CmeshRouting::CmeshRouting(ConcentratedMesh mesh, const std::string& name, int vcs, std::mt19937_64& coin)
    : mesh_(std::move(mesh)),
      both_orders_(name.rfind("xy_yx", 0) == 0),
      express_from_(name.find("no_express") != std::string::npos ? 0 : both_orders_ ? 2 : mesh_.k() / 2),
      vcs_(vcs),
      coin_(coin) {}

int CmeshRouting::step(int from, int to, bool x_first) const {
  const int k = mesh_.k();
  const int at[2] = {from % k, from / k}, goal[2] = {to % k, to / k};
  for (int i = 0; i < 2; ++i) {
    const int dim = x_first ? i : 1 - i, other = 1 - dim;
    if (at[dim] == goal[dim]) continue;
    const bool up = at[dim] < goal[dim];
    // On the first or last line across, the port of the other dimension that would leave
    // the mesh is the express channel along this one.
    if (express_from_ > 0 && std::abs(goal[dim] - at[dim]) >= express_from_ && (at[other] == 0 || at[other] == k - 1)) {
      const bool low_edge = at[other] == 0;
      return dim == 0 ? (low_edge ? ConcentratedMesh::kMinusY : ConcentratedMesh::kPlusY)
                      : (low_edge ? ConcentratedMesh::kMinusX : ConcentratedMesh::kPlusX);
    }
    return dim == 0 ? (up ? ConcentratedMesh::kPlusX : ConcentratedMesh::kMinusX)
                    : (up ? ConcentratedMesh::kPlusY : ConcentratedMesh::kMinusY);
  }
  return -1;  // from == to: not asked
}

Route CmeshRouting::route(int router, int input, NocFlit& flit) const {
  const int to = mesh_.router_of(flit.destination);
  if (to == router) return {mesh_.port_of(flit.destination), 0, vcs_ - 1};
  if (!both_orders_) return {step(router, to, true), 0, vcs_ - 1};
  // A packet entering from a node draws its order; after that its VC says which it drew.
  const int half = vcs_ / 2;
  const bool x_first = input < ConcentratedMesh::kNodesPerRouter ? coin_() % 2 == 1 : flit.vc < half;
  if (x_first) return {step(router, to, true), 0, vcs_ - 1 - half};
  return {step(router, to, false), half, vcs_ - 1};
}

std::vector<int> CmeshRouting::outputs(int router, int input, int destination) const {
  const int to = mesh_.router_of(destination);
  if (to == router) return {mesh_.port_of(destination)};
  if (!both_orders_) return {step(router, to, true)};
  if (input < ConcentratedMesh::kNodesPerRouter) {
    const int x = step(router, to, true), y = step(router, to, false);
    return x == y ? std::vector<int>{x} : std::vector<int>{x, y};
  }
  return {};  // the order drawn is the flit's VC's, which a destination alone does not say
}

}  // namespace creditflow::noc
