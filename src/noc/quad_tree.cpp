#include "creditflow/noc/quad_tree.hpp"

#include "creditflow/core/error.hpp"

namespace creditflow::noc {

QuadTree::QuadTree(int k, int n) : k_(k), n_(n), leaves_(1) {
  if (k < 2 || n < 1) throw ParameterError("a qtree needs k >= 2 and n >= 1");
  for (int h = 0, width = 1; h < n; ++h, width *= k) {
    first_of_level_.push_back(static_cast<int>(level_of_.size()));
    level_of_.insert(level_of_.end(), static_cast<std::size_t>(width), h);
    leaves_ = width;
  }
}

PortLink QuadTree::out(int r, int p) const {
  const int h = level(r), pos = position(r);
  if (p == k_) return {first_of_level_[h - 1] + pos / k_, pos % k_};  // up: the parent's input from it
  if (h == n_ - 1) return {-1, pos * k_ + p};                          // a node
  return {first_of_level_[h + 1] + pos * k_ + p, k_};                  // child p, at its port up
}

std::string QuadTree::router_name(int r) const {
  return "router_" + std::to_string(level(r)) + "_" + std::to_string(position(r));
}

std::string QuadTree::port_name(int r, int p) const {
  if (p == k_) return "up";
  return (level(r) == n_ - 1 ? "node" : "down") + std::to_string(p);
}

int NcaQuadTree::port(int router, int destination) const {
  // The destination's ancestor at the router's level, and whether that is the router.
  int above = destination;
  for (int h = tree_.level(router) + 1; h < tree_.n(); ++h) above /= tree_.k();
  return tree_.position(router) == above / tree_.k() ? above % tree_.k() : tree_.k();
}

Route NcaQuadTree::route(int router, int /*input*/, NocFlit& flit) const {
  return {port(router, flit.destination), 0, vcs_ - 1};
}

std::vector<int> NcaQuadTree::outputs(int router, int /*input*/, int destination) const {
  return {port(router, destination)};
}

}  // namespace creditflow::noc
