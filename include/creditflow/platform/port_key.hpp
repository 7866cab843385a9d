// A component's port, (component, port), and its hash: a network's thousands of parts
// share long name prefixes ("net_router_"), which ordered look-ups compared again at every
// step.
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <utility>

namespace creditflow::platform {

using PortKey = std::pair<std::string, std::string>;  // component, port

struct PortKeyHash {
  std::size_t operator()(const PortKey& p) const {
    return std::hash<std::string>()(p.first) * 31 + std::hash<std::string>()(p.second);
  }
};

}  // namespace creditflow::platform
