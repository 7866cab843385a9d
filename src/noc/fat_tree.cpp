#include "creditflow/noc/fat_tree.hpp"

#include "creditflow/core/error.hpp"
#include "creditflow/noc/buffer_state.hpp"

namespace creditflow::noc {

namespace {
int power(int base, int exponent) {
  int p = 1;
  for (int i = 0; i < exponent; ++i) p *= base;
  return p;
}
}  // namespace

FatTree::FatTree(int k, int n) : k_(k), n_(n), per_level_(power(k, n - 1)) {
  if (k < 2 || n < 1) throw ParameterError("a fat tree needs k >= 2 and n >= 1");
  // BookSim2 numbers the channels between levels l and l+1 in a block of 2 k^n: first the
  // k^n going down from level l (router by router, port by port), then the k^n going up
  // from level l+1. A router's inputs take them interleaved: the channel into input i of a
  // router at position `pos` is found from its neighbourhood (the routers sharing its
  // subtree one level up), its place there and i. Each output then meets the input that
  // takes its channel.
  const int per_direction = power(k, n);
  const int per_block = 2 * per_direction;
  std::vector<PortLink> input_of(static_cast<std::size_t>(per_block) * (n > 1 ? n - 1 : 0));
  const auto interleaved = [&](int base, int neighbourhood_size, int pos, int i) {
    const int branch = neighbourhood_size / k;  // routers per branch of the neighbourhood
    const int at = pos % neighbourhood_size;
    return base + pos / neighbourhood_size * neighbourhood_size * k + i * branch * k + at % branch * k + at / branch;
  };
  for (int l = 0; l < n; ++l)
    for (int pos = 0; pos < per_level_; ++pos) {
      const int r = l * per_level_ + pos;
      for (int i = 0; i < k; ++i) {
        if (l < n - 1) {  // from below: inputs 0..k-1 (a leaf's are its nodes')
          const int from_below = interleaved((l + 1) * per_block - per_direction, power(k, n - 1 - l), pos, i);
          input_of[static_cast<std::size_t>(from_below)] = {r, i};
        }
        if (l > 0)  // from above: inputs k..2k-1
          input_of[static_cast<std::size_t>(interleaved((l - 1) * per_block, power(k, n - l), pos, i))] = {r, k + i};
      }
    }
  out_.assign(static_cast<std::size_t>(routers()) * 2 * k, PortLink{-2, -1});
  for (int r = 0; r < routers(); ++r) {
    const int l = level(r), pos = position(r);
    for (int j = 0; j < k; ++j) {
      PortLink& down = out_[static_cast<std::size_t>(r * 2 * k + j)];
      if (l == n - 1)
        down = {-1, pos * k + j};  // a node
      else
        down = input_of[static_cast<std::size_t>(l * per_block + pos * k + j)];
      if (l > 0) out_[static_cast<std::size_t>(r * 2 * k + k + j)] = input_of[static_cast<std::size_t>(
                     l * per_block - per_direction + pos * k + j)];
    }
  }
}

int FatTree::nodes_under(int r) const { return power(k_, n_ - level(r)); }

int FatTree::first_node(int r) const {
  const int routers_per_neighbourhood = power(k_, n_ - 1 - level(r));
  return position(r) / routers_per_neighbourhood * nodes_under(r);
}

std::string FatTree::router_name(int r) const {
  return "router_level" + std::to_string(level(r)) + "_" + std::to_string(position(r));
}

std::string FatTree::port_name(int r, int p) const {
  if (p < k_) return (level(r) == n_ - 1 ? "node" : "down") + std::to_string(p);
  return "up" + std::to_string(p - k_);
}

int NcaFatTree::down_port(int router, int destination) const {
  const int first = tree_.first_node(router);
  const int under = tree_.nodes_under(router);
  if (destination < first || destination >= first + under) return -1;
  return (destination - first) / (under / tree_.k());
}

Route NcaFatTree::route(int router, int /*input*/, NocFlit& flit, const BufferState* outputs) const {
  int port = down_port(router, flit.destination);
  if (port < 0) {
    port = up_port();
    if (adaptive_ && outputs != nullptr) {
      const int other = up_port();
      if (outputs[port].total() > outputs[other].total()) port = other;
    }
  }
  return {port, 0, vcs_ - 1};
}

std::vector<int> NcaFatTree::outputs(int router, int /*input*/, int destination) const {
  if (const int port = down_port(router, destination); port >= 0) return {port};
  std::vector<int> up;
  for (int j = 0; j < tree_.k(); ++j) up.push_back(tree_.k() + j);
  return up;
}

}  // namespace creditflow::noc
