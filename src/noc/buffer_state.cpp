#include "creditflow/noc/buffer_state.hpp"

#include <string>

#include "creditflow/core/error.hpp"

namespace creditflow::noc {

void BufferState::take(int vc, int tag) {
  if (holder_[vc] >= 0)
    throw ProtocolError("VC " + std::to_string(vc) + " allocated while a packet still holds it");
  holder_[vc] = tag;
  tail_sent_[vc] = false;
}

void BufferState::sending(const NocFlit& flit, int vc) {
  if (++occupancy_[vc] > depth_)
    throw ProtocolError("VC " + std::to_string(vc) + " sent a flit with no credit (" +
                        std::to_string(occupancy_[vc]) + " in a buffer of " +
                        std::to_string(depth_) + ")");
  ++total_;
  if (flit.tail) {
    tail_sent_[vc] = true;
    if (!wait_for_tail_) holder_[vc] = -1;
  }
}

void BufferState::credit(VcMask vcs) {
  for (int vc = 0; vcs != 0; ++vc, vcs >>= 1) {
    if ((vcs & 1) == 0) continue;
    if (--occupancy_[vc] < 0)
      throw ProtocolError("VC " + std::to_string(vc) + " got a credit for a flit never sent");
    --total_;
    if (wait_for_tail_ && occupancy_[vc] == 0 && tail_sent_[vc]) holder_[vc] = -1;
  }
}

}  // namespace creditflow::noc
