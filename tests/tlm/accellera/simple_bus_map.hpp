// The bus of the Accellera TLM-2.0 examples' tops, in place of their SimpleBus: two
// initiators and two targets, address bits 31..28 picking the target and the rest its own
// address. Over credit links (CreditInterconnect) by default; over a 2x2 mesh
// (NetworkInterconnect: the initiators at nodes 0 and 1, the targets at nodes 3 and 2,
// across the mesh's diagonals) where the build defines CREDITFLOW_EXAMPLE_ON_MESH.
#pragma once
#include <cstdint>
#include <vector>

#include "creditflow/tlm/credit_interconnect.hpp"
#include "creditflow/tlm/network_interconnect.hpp"

inline std::vector<creditflow::tlm_bridge::AddressRange> simple_bus_map(unsigned targets) {
  std::vector<creditflow::tlm_bridge::AddressRange> map;
  for (std::uint64_t t = 0; t < targets; ++t) map.push_back({t << 28, std::uint64_t{1} << 28});
  return map;
}

#ifdef CREDITFLOW_EXAMPLE_ON_MESH
using ExampleBus = creditflow::tlm_bridge::NetworkInterconnect;
inline ExampleBus example_bus(const char* name) {
  creditflow::noc::NocConfig mesh;
  mesh.topology = "mesh";
  mesh.k = 2;
  mesh.n = 2;
  mesh.routing_function = "dor";
  mesh.num_vcs = 4;
  mesh.vc_buf_size = 8;
  return ExampleBus(name, mesh, {0, 1}, {3, 2}, simple_bus_map(2), 4);
}
#else
using ExampleBus = creditflow::tlm_bridge::CreditInterconnect;
inline ExampleBus example_bus(const char* name) {
  return ExampleBus(name, std::vector<creditflow::tlm_bridge::LinkTimingParams>(2), simple_bus_map(2));
}
#endif
