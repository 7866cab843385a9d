// The per-VC conservation of every channel between routers (core/vc_terms.hpp,
// Platform::vc_channels), for both views: the shares of the channel's sender, pipes and
// receiver summed per VC; a violation is counted a cycle and the first is kept with its
// terms. A check of the sums the parts' own moves could hide: a flit or credit that one part
// lost and none refused. As the network's own engine does, a channel's VC is summed in each
// cycle of the first clock in which a flit or credit is on it on the channel's wires or was
// the cycle before (a part's moves between them keep the sum unless a part is wrong), from
// the counters its parts keep by their moves where they keep them (core/vc_terms.hpp
// VcCells), and every VC of every channel every 1024 cycles from what each part holds.
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
#include "creditflow/kinds/port.hpp"
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
  };
  using WiresOf = std::function<Wires(std::size_t connection)>;
  VcChannelCheck(const Platform& platform, const PartOf& part_of, const WiresOf& wires_of);

  void observe(core::Cycle t) override;
  // The TL view's sleeping parts (run/sleeping_parts.hpp): a channel whose parts all sleep
  // carries nothing, so only the channels of a part awake, or that carried something in the
  // cycle before, are looked at (every channel every 1024 cycles, as before). `parts` parts
  // in all; `index_of` a part's index; `may_sleep` whether it may sleep.
  void know_sleepers(std::size_t parts, const std::function<std::size_t(const std::string&)>& index_of,
                     const std::function<bool(std::size_t)>& may_sleep);
  // The cycle's look, `each_awake(f)` calling f(index, outputs carrying) for each part awake
  // now; with most parts awake, a look at every channel costs less than finding the ones to
  // look at.
  template <class EachAwake>
  void observe_awake(core::Cycle t, const EachAwake& each_awake, bool most_awake) {
    if (written_by_.empty() || most_awake || (t & 1023) == 0) return observe(t);
    const auto visit = [&](std::size_t c) {
      if (looked_[c] == t + 1) return;
      looked_[c] = t + 1;
      look(t, c, false);
    };
    for (const std::size_t c : always_) visit(c);
    carrying_.swap(carried_before_);
    carrying_.clear();
    for (const std::size_t c : carried_before_) visit(c);
    each_awake([&](std::size_t part, kinds::PortMask carrying) {
      if (carrying == 0) return;
      for (const Written& w : written_by_[part])
        if ((w.port & carrying) != 0) visit(w.channel);
    });
    stuck_report_if_any(t);
  }
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
  // A wire carrying the channel's flits: its valid and its flit.
  struct FlitWire {
    const bool* valid;
    const noc::NocFlit* flit;
  };
  struct Channel {
    std::string name;  // "r0.out1 -> r1.in3"
    std::vector<Share> shares;
    std::vector<Share> asked;  // those of its shares that keep no counters (VcCells): asked each check
    std::size_t first_cells;   // its VCs' counters at sums_[first_cells + vc]
    int vcs;
    // Its wires, in the flat lists below: flits at [first_flit, end_flit), credits at
    // [first_credit, end_credit), so that a cycle's look at every wire walks two arrays.
    std::uint32_t first_flit, end_flit, first_credit, end_credit;
    noc::VcMask carried = ~noc::VcMask{0};  // the VCs its wires carried in the cycle before
    std::string holding;             // where the far end holds its flits: "r1 in1"
    noc::VcMask credited = 0;        // the VCs credits came back on since the last full check
    std::vector<core::Cycle> held_since;  // per VC: the full check since which it held flits with no credit back
  };
  void look(core::Cycle t, std::size_t channel, bool all);
  void stuck_report_if_any(core::Cycle t);
  void watch(core::Cycle t, Channel& c);
  // Sums the VCs `which` of channel c: from its parts' counters and the shares of those
  // that keep none, or, `all`, from every part's own reckoning.
  void check(core::Cycle t, const Channel& c, noc::VcMask which, bool all);
  void violated(core::Cycle t, const Channel& c, int vc);

  std::vector<Channel> channels_;
  // The counters of each channel's VC (Channel::first_cells + vc) in one flat list, those
  // of a VC side by side, each with its term: the credits spent add, the other terms take
  // away, so that a sum that holds is zero.
  enum Term : std::int16_t { kSpent, kLeaving, kOnWire, kBack };  // as VcCells lists them
  struct Cell {
    const int* at;
    std::int16_t sign;  // +1 for the credits spent, -1 for the others (from term, kept: the
                        // sum deriving it each cycle cost 1.4% of an 8x8 mesh's cycle)
    std::int16_t term;
  };
  struct CellSum {
    std::uint32_t first_int, end_int, first_size, end_size;  // in int_cells_, size_cells_ (held: taken away)
  };
  std::vector<CellSum> sums_;
  std::vector<Cell> int_cells_;
  std::vector<const std::size_t*> size_cells_;
  std::vector<FlitWire> flit_wires_;
  std::vector<const noc::VcMask*> credit_wires_;
  std::vector<std::vector<std::string>> channel_parts_;  // by channel, its parts' names
  // Who writes each wire: its part and port, the flit wires' then the credit wires', in
  // the order of the flat lists.
  struct Writer {
    std::string part;
    std::size_t port;
  };
  std::vector<Writer> flit_writers_, credit_writers_;
  // With sleepers: the channels with a part that never sleeps, the wires each part writes
  // (as the bit of its port) with their channel, the channels that carried something this
  // cycle and the cycle before, when each was last looked at (cycle + 1).
  struct Written {
    kinds::PortMask port;
    std::size_t channel;
  };
  std::vector<std::size_t> always_;
  std::vector<std::vector<Written>> written_by_;
  std::vector<std::size_t> carrying_, carried_before_;
  std::vector<core::Cycle> looked_;
  core::VcTerms terms_;
  std::string first_violation_;
  core::Cycle watchdog_ = 0;
  core::Cycle last_full_ = 0;  // the cycle of the last check of every channel
  std::string stuck_;         // the stuck VCs named, the first 8
  std::size_t stuck_count_ = 0;
  std::string stuck_report_;
};

}  // namespace creditflow::platform
