// The address map of the Accellera TLM-2.0 examples' SimpleBus, for the credit
// interconnect that replaces it in their tops: address bits 31..28 pick the target, the
// rest is the target's own address.
#pragma once
#include <cstdint>
#include <vector>

#include "creditflow/tlm/credit_interconnect.hpp"

inline std::vector<creditflow::tlm_bridge::AddressRange> simple_bus_map(unsigned targets) {
  std::vector<creditflow::tlm_bridge::AddressRange> map;
  for (std::uint64_t t = 0; t < targets; ++t) map.push_back({t << 28, std::uint64_t{1} << 28});
  return map;
}
