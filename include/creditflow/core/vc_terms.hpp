// The per-VC conservation of a channel between routers (timing.md section 6): for every VC,
// the credits its sender has spent equal the flits they stand for, wherever those are:
// leaving the sender (allocated, not yet sent), on the wire (a register driving the
// channel, a link's stages, a crossing's store), held in the buffer at the far end, or
// back as credits (not yet sent, on the way, or arrived and not yet counted). Each part
// on the channel adds its share at the port it joins it by; the platform sums them.
#pragma once
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "creditflow/core/hop_waits.hpp"

namespace creditflow::core {

struct VcTerms {
  static constexpr int kMaxVcs = 64;  // as a VcMask holds
  using PerVc = std::array<std::int64_t, kMaxVcs>;

  explicit VcTerms(int vcs = 0) { reset(vcs); }
  // Zero terms for the VCs of `which` among `vcs` (at most kMaxVcs): the ones summed; a
  // part may add to others, which are then not looked at.
  void reset(int vcs, std::uint64_t which = ~std::uint64_t{0}) {
    vcs_ = std::min(std::max(vcs, 0), kMaxVcs);
    which_ = vcs_ == kMaxVcs ? which : which & ((std::uint64_t{1} << vcs_) - 1);
    each([&](std::size_t vc) { spent[vc] = leaving[vc] = on_wire[vc] = held[vc] = back[vc] = 0; });
  }
  int vcs() const { return vcs_; }
  // Visits each VC summed.
  template <class F>
  void each(F&& f) const {
    for (std::uint64_t m = which_; m != 0; m &= m - 1) f(static_cast<std::size_t>(__builtin_ctzll(m)));
  }
  bool holds(int vc) const {
    const auto i = static_cast<std::size_t>(vc);
    return spent[i] == leaving[i] + on_wire[i] + held[i] + back[i];
  }
  // Adds one for each VC in `mask` (a set of VCs, one bit each) to `to`.
  static void add_mask(PerVc& to, std::uint64_t mask) {
    for (; mask != 0; mask &= mask - 1) ++to[static_cast<std::size_t>(__builtin_ctzll(mask))];
  }

  PerVc spent, leaving, on_wire, held, back;

 private:
  int vcs_ = 0;
  std::uint64_t which_ = 0;
};

// Where a part keeps its share of a channel's VC in counters that its moves change: each
// check adds them up (a few loads) instead of asking the part to work its share out
// (VcChannelPart::add_vc_terms, which the check of every channel every 1024 cycles still
// asks).
struct VcCells {
  std::vector<const int*> spent, leaving, on_wire, back;
  std::vector<const std::size_t*> held;
};

// A part asked for its share of the channels between routers that pass it: both views'
// parts are one (platform/component.hpp, platform/tl_part.hpp); a part on no such channel
// has none.
class VcChannelPart {
 public:
  virtual ~VcChannelPart() = default;
  // The number of its port `name` in its kind's table, found once before the run.
  virtual std::size_t port_number(const std::string& /*name*/) const { return 0; }
  // Its share, at port number `port`, of the channel that passes it there.
  virtual void add_vc_terms(std::size_t /*port*/, VcTerms& /*terms*/) const {}
  // The counters of that share for VC `vc` into `cells`, where it keeps them (VcCells);
  // false where it does not (add_vc_terms is asked every check).
  virtual bool vc_cells(std::size_t /*port*/, int /*vc*/, VcCells& /*cells*/) const { return false; }
  // A router's waits at port number `port` over the run (core/hop_waits.hpp).
  virtual void add_hop_waits(std::size_t /*port*/, HopWaits& /*waits*/) const {}
  // A router's outputs a flit bound for endpoint `destination` that came in on `input` may
  // leave by (two where a coin picks; none where it cannot say): what a diagnosis follows
  // a flow by.
  virtual std::vector<std::string> outputs_toward(const std::string& /*input*/, std::uint32_t /*destination*/) const {
    return {};
  }
};

}  // namespace creditflow::core
