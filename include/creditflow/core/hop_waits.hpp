// Where a router holds a channel's flits, per VC, over a run (timing.md section 6): at an
// output, the switch requests held for want of a credit (the buffer beyond was full: held by
// what is further on); at an input, the head flits that failed to get an
// output VC and the switch requests that lost to another VC or input (held by the router's
// own arbitration), and its flits' switch requests held for credits toward whichever output
// they leave by (its buffers taken by traffic held further on). A flow's diagnosis walks its
// hops with these to the one that limits it.
#pragma once
#include <cstdint>
#include <vector>

namespace creditflow::core {

struct HopWaits {
  explicit HopWaits(int vcs = 0)
      : held_for_credit(static_cast<std::size_t>(vcs)), lost_vc(static_cast<std::size_t>(vcs)),
        lost_switch(static_cast<std::size_t>(vcs)), held_onward(static_cast<std::size_t>(vcs)) {}
  int vcs() const { return static_cast<int>(held_for_credit.size()); }
  std::vector<std::int64_t> held_for_credit, lost_vc, lost_switch, held_onward;
};

}  // namespace creditflow::core
