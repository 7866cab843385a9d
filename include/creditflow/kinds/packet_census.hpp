// Accounting through a network (core/census.hpp): a platform's flit crosses it as a packet of
// network flits and is held where its packet's tail is, under its source.
#pragma once
#include <cstdint>

#include "creditflow/core/census.hpp"
#include "creditflow/noc/noc_flit.hpp"

namespace creditflow::kinds {

inline void count_packet(core::Census& c, const noc::NocFlit& f) {
  if (f.tail) ++c.held[c.slot(static_cast<std::uint32_t>(f.source))];
}

}  // namespace creditflow::kinds
