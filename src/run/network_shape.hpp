// A network nothing attaches to, read back from its parts (ResolvedComponent::part_of,
// model/expand_networks.cpp): its routers, in the netlist's order; the channels its
// vc_links make between their ports, each with its own latency; BookSim2's terminal at each
// node; routed as its routers say (by their place in a mesh or torus, or by their tables
// to each terminal, or by the network's routing_function, a user's). What the network's
// engine steps, so that the network runs as the parts it was written as.
#pragma once
#include <string>

#include "creditflow/noc/network.hpp"
#include "creditflow/platform/platform.hpp"

namespace creditflow::platform {

// Throws ParameterError naming `where` for parts the network cannot step as one: a router
// whose keys differ from the network's, routers routed in different ways or by a place
// that is not theirs, a node's channels to two ports or of two latencies, a node missing.
noc::Network::Shape network_shape(const Platform& platform, const ResolvedComponent& network,
                                  const noc::NocConfig& config, const std::string& where);

}  // namespace creditflow::platform
