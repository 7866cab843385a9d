// What an output knows of the buffer at the other end of its channel, per VC: the flits
// sent and not yet credited back, whether a packet holds the VC, whether its tail has left
// (BookSim2's BufferState, private buffers). The same state guards a terminal's injection.
#pragma once
#include <cstdint>
#include <vector>

#include "creditflow/noc/noc_flit.hpp"

namespace creditflow::noc {

class BufferState {
 public:
  BufferState(int vcs, int depth, bool wait_for_tail_credit)
      : depth_(depth), wait_for_tail_(wait_for_tail_credit), occupancy_(vcs, 0),
        holder_(vcs, -1), tail_sent_(vcs, 0) {}

  bool available(int vc) const { return holder_[vc] < 0; }
  bool full(int vc) const { return occupancy_[vc] >= depth_; }
  bool empty(int vc) const { return occupancy_[vc] == 0; }
  int occupancy(int vc) const { return occupancy_[vc]; }
  const int& occupancy_ref(int vc) const { return occupancy_[vc]; }  // for a trace
  int holder(int vc) const { return holder_[vc]; }
  // A packet (tag: input * vcs + vc of the router, or 0 at a terminal) takes the VC.
  void take(int vc, int tag) {
    if (holder_[vc] >= 0) taken_twice(vc);
    holder_[vc] = tag;
    tail_sent_[vc] = 0;
  }
  // A flit leaves on `vc`; throws ProtocolError when it overflows the buffer downstream.
  void sending(const NocFlit& flit, int vc) {
    if (++occupancy_[vc] > depth_) overflow(vc);
    ++total_;
    if (flit.tail) {
      tail_sent_[vc] = 1;
      if (!wait_for_tail_) holder_[vc] = -1;
    }
  }
  // A credit comes back for each VC in `vcs`; throws ProtocolError for an excess credit.
  void credit(VcMask vcs) {
    for (; vcs != 0; vcs &= vcs - 1) {
      const int vc = __builtin_ctzll(vcs);
      if (--occupancy_[vc] < 0) excess_credit(vc);
      --total_;
      if (wait_for_tail_ && occupancy_[vc] == 0 && tail_sent_[vc]) holder_[vc] = -1;
    }
  }
  int total() const { return total_; }

 private:
  // The errors, out of the hot path.
  [[noreturn]] __attribute__((cold, noinline)) void taken_twice(int vc) const;
  [[noreturn]] __attribute__((cold, noinline)) void overflow(int vc) const;
  [[noreturn]] __attribute__((cold, noinline)) void excess_credit(int vc) const;

  int depth_;
  bool wait_for_tail_;
  int total_ = 0;
  std::vector<int> occupancy_;
  std::vector<int> holder_;
  std::vector<std::uint8_t> tail_sent_;
};

}  // namespace creditflow::noc
