// The per-VC conservation of every channel between routers (core/vc_terms.hpp,
// Platform::vc_channels), for both views: the shares of the channel's sender, pipes and
// receiver summed per VC; a violation is counted a cycle and the first is kept with its
// terms. A check of the sums the parts' own moves could hide: a flit or credit that one part
// lost and none refused. As the network's own engine does, a channel's VC is summed in each
// cycle of the first clock in which a flit or credit is on it on the channel's wires or was
// the cycle before (a part's moves between them keep the sum unless a part is wrong), and
// every VC of every channel every 1024 cycles.
// It is also the watchdog of the VCs between routers: a VC whose buffer at the far end held
// flits and sent no credit back for the run's watchdog cycles (seen at those checks of
// every channel) is stuck, whatever else still moves: a deadlock among some VCs, which the
// loops' watchdogs, that wait for the whole loop to stop, do not see.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "creditflow/core/vc_terms.hpp"
#include "creditflow/noc/noc_flit.hpp"
#include "creditflow/platform/platform.hpp"
#include "creditflow/platform/simulate.hpp"
#include "run/cycle_check.hpp"

namespace creditflow::platform {

class VcChannelCheck final : public CycleCheck {
 public:
  using PartOf = std::function<const core::VcChannelPart&(const std::string& name)>;
  // A connection's wires as a view holds them: a flit's valid (vc_flow) or the VCs credited
  // (vc_credit), the other null.
  struct Wires {
    const bool* valid = nullptr;
    const noc::NocFlit* flit = nullptr;
    const noc::VcMask* vcs = nullptr;
    // The VCs a flit or credits on them are on now.
    noc::VcMask carried() const {
      noc::VcMask m = vcs ? *vcs : 0;
      if (valid && *valid && flit->vc >= 0) m |= noc::VcMask{1} << flit->vc;
      return m;
    }
  };
  using WiresOf = std::function<Wires(std::size_t connection)>;
  VcChannelCheck(const Platform& platform, const PartOf& part_of, const WiresOf& wires_of);

  void observe(core::Cycle t) override;
  void finish(RunResult& result) const;
  // Cycles a VC may hold flits without a credit back before it is stuck (0: never).
  void set_watchdog(core::Cycle cycles) { watchdog_ = cycles; }
  // The watchdog's report once some VCs are stuck ("" until then): the run stops there.
  const std::string& stuck() const { return stuck_report_; }

 private:
  struct Share {
    const core::VcChannelPart* part;
    std::size_t port;
  };
  struct Channel {
    std::string name;  // "r0.out1 -> r1.in3"
    std::vector<Share> shares;
    int vcs;
    std::vector<Wires> wires;        // its flits' connections and its credits'
    noc::VcMask carried = ~noc::VcMask{0};  // the VCs its wires carried in the cycle before
    std::string holding;             // where the far end holds its flits: "r1 in1"
    noc::VcMask credited = 0;        // the VCs credits came back on since the last full check
    std::vector<core::Cycle> held_since;  // per VC: the full check since which it held flits with no credit back
  };
  void watch(core::Cycle t, Channel& c);
  void check(core::Cycle t, const Channel& c, noc::VcMask which);
  void violated(core::Cycle t, const Channel& c, int vc);

  std::vector<Channel> channels_;
  core::VcTerms terms_;
  std::string first_violation_;
  core::Cycle watchdog_ = 0;
  core::Cycle last_full_ = 0;  // the cycle of the last check of every channel
  std::string stuck_;         // the stuck VCs named, the first 8
  std::size_t stuck_count_ = 0;
  std::string stuck_report_;
};

}  // namespace creditflow::platform
