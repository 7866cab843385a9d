#include "creditflow/noc/listed_topology.hpp"

#include "creditflow/core/error.hpp"

namespace creditflow::noc {

int ListedTopology::add_router(std::string name, std::vector<std::string> port_names) {
  const std::size_t ports = port_names.size();
  routers_.push_back({std::move(name), std::move(port_names), std::vector<PortLink>(ports, PortLink{-2, -1}),
                      std::vector<int>(ports, 1), std::vector<int>(ports, 0)});
  return routers() - 1;
}

void ListedTopology::connect(int from, int out, int to, int in, int latency) {
  Router& r = routers_[from];
  r.out[out] = {to, in};
  r.latency[out] = latency;
  ++routers_[to].fed[in];
}

void ListedTopology::attach(int node, int r, int p, int latency) {
  if (node >= nodes()) nodes_.resize(static_cast<std::size_t>(node) + 1);
  if (nodes_[node].router >= 0) nodes_[node].router = -2;  // given twice: check() says so
  else nodes_[node] = {r, p};
  routers_[r].out[p] = {-1, node};
  routers_[r].latency[p] = latency;
  ++routers_[r].fed[p];
}

void ListedTopology::check(const std::string& where) const {
  for (int node = 0; node < nodes(); ++node) {
    if (nodes_[node].router == -1)
      throw ParameterError(where + ": no terminal is node " + std::to_string(node) + " (allowed: nodes numbered 0.." +
                           std::to_string(nodes() - 1) + ", each once)");
    if (nodes_[node].router == -2)
      throw ParameterError(where + ": two terminals are node " + std::to_string(node) + " (allowed: each node once)");
  }
  for (const Router& r : routers_)
    for (std::size_t p = 0; p < r.fed.size(); ++p)
      if (r.fed[p] > 1)
        throw ParameterError(where + ": " + r.name + " " + r.port_names[p] + " is fed " + std::to_string(r.fed[p]) +
                             " times (allowed: one channel or one terminal per port)");
}

}  // namespace creditflow::noc
