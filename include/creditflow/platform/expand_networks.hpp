// A `network` component that platform parts attach to becomes a netlist of the library's
// own kinds before the platform is resolved: a `router` per router of its topology, a
// `vc_link` per channel between routers (the topology's latency), and at each attached
// node a `network_interface` with a vc_link each way to its router. Connections name a
// node as net.node<K>.in (flits into the network), net.node<K>.out and
// net.node<K>.credit_in (flits out of it, as a credit loop's sender). Each router routes
// by a table the topology's routing gives (dor on a mesh, min on an anynet) for every
// receiver reached from an attached node's `out`. An interface holds as many credits as the
// receiver of the loop its `out` starts has slots, unless node<K>.credits says otherwise;
// with vc_classes >= 2, a node injecting only a responder's answers uses the last class.
// Given injection_rate, each node nothing attaches to gets a terminal of the library's
// parts: <net>_node<K>_traffic (a Bernoulli traffic_source by the `traffic` pattern), an
// interface and <net>_node<K>_sink (a credit_receiver), marked ComponentDecl::terminal_of.
// Generated names: <net>_<router> (today's router names: router_1_0), <net>_<router>_out<p>
// for the channel leaving output p, <net>_node<K> for the interface and
// <net>_node<K>_inject / _eject for its channels. A network nothing attaches to becomes
// the same routers (routed by their place in its cube, by min's table to each node on an
// anynet, or by its routing_function when that is a user's), channels, and at each node
// <net>_node<K>, BookSim2's terminal (booksim_terminal), each marked ComponentDecl::part_of;
// the network component stays beside them with the keys its terminals and measurement
// share, and its engine steps them as one (run/network_shape.hpp).
#pragma once
#include <vector>

#include "creditflow/platform/netlist.hpp"
#include "creditflow/platform/platform.hpp"
#include "creditflow/platform/registry.hpp"

namespace creditflow::platform {

struct ExpandedNetlist {
  Netlist netlist;
  std::vector<Override> overrides;  // those on a network's node (net.node3.credits) retargeted
};

// Throws ParameterError naming file:line (or the --set) for a network that cannot be
// expanded: a key out of range, a node that does not exist, a topology routed by coin
// (torus, ring), BookSim2's measurement keys, a pattern the terminals cannot follow, a
// receiver reached from two nodes.
ExpandedNetlist expand_networks(const Netlist& netlist, const Registry& registry, const std::vector<Override>& overrides);

}  // namespace creditflow::platform
