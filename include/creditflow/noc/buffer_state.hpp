// What an output knows of the buffer at the other end of its channel, per VC: the flits
// sent and not yet credited back, whether a packet holds the VC, whether its tail has left
// (BookSim2's BufferState, private buffers). The same state guards a terminal's injection.
#pragma once
#include <vector>

#include "creditflow/noc/noc_flit.hpp"

namespace creditflow::noc {

class BufferState {
 public:
  BufferState(int vcs, int depth, bool wait_for_tail_credit)
      : depth_(depth), wait_for_tail_(wait_for_tail_credit), occupancy_(vcs, 0),
        holder_(vcs, -1), tail_sent_(vcs, false) {}

  bool available(int vc) const { return holder_[vc] < 0; }
  bool full(int vc) const { return occupancy_[vc] >= depth_; }
  bool empty(int vc) const { return occupancy_[vc] == 0; }
  int occupancy(int vc) const { return occupancy_[vc]; }
  int holder(int vc) const { return holder_[vc]; }
  // A packet (tag: input * vcs + vc of the router, or 0 at a terminal) takes the VC.
  void take(int vc, int tag);
  // A flit leaves on `vc`; throws ProtocolError when it overflows the buffer downstream.
  void sending(const NocFlit& flit, int vc);
  // A credit comes back for each VC in `vcs`; throws ProtocolError for an excess credit.
  void credit(VcMask vcs);
  int total() const { return total_; }

 private:
  int depth_;
  bool wait_for_tail_;
  int total_ = 0;
  std::vector<int> occupancy_;
  std::vector<int> holder_;
  std::vector<bool> tail_sent_;
};

}  // namespace creditflow::noc
