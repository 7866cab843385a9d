#include "creditflow/noc/buffer_state.hpp"

#include <string>

#include "creditflow/core/error.hpp"

namespace creditflow::noc {

void BufferState::taken_twice(int vc) const {
  throw ProtocolError("VC " + std::to_string(vc) + " allocated while a packet still holds it");
}

void BufferState::overflow(int vc) const {
  throw ProtocolError("VC " + std::to_string(vc) + " sent a flit with no credit (" + std::to_string(occupancy_[vc]) +
                      " in a buffer of " + std::to_string(depth_) + ")");
}

void BufferState::excess_credit(int vc) const {
  throw ProtocolError("VC " + std::to_string(vc) + " got a credit for a flit never sent");
}

}  // namespace creditflow::noc
