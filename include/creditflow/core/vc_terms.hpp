// The per-VC conservation of a channel between routers (timing.md section 6): for every VC,
// the credits its sender has spent equal the flits they stand for, wherever those are:
// leaving the sender (allocated, not yet sent), on the wire (a register driving the
// channel, a link's stages, a crossing's store), held in the buffer at the far end, or
// back as credits (not yet sent, on the way, or arrived and not yet counted). Each part
// on the channel adds its share at the port it joins it by; the platform sums them.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "creditflow/core/hop_waits.hpp"

namespace creditflow::core {

struct VcTerms {
  explicit VcTerms(int vcs = 0) { resize(vcs); }
  void resize(int vcs) {
    for (auto* v : {&spent, &leaving, &on_wire, &held, &back}) v->assign(static_cast<std::size_t>(vcs), 0);
  }
  void clear() {
    for (auto* v : {&spent, &leaving, &on_wire, &held, &back}) std::fill(v->begin(), v->end(), 0);
  }
  int vcs() const { return static_cast<int>(spent.size()); }
  bool holds(int vc) const {
    const auto i = static_cast<std::size_t>(vc);
    return spent[i] == leaving[i] + on_wire[i] + held[i] + back[i];
  }
  // Adds one for each VC in `mask` (a set of VCs, one bit each) to `to`.
  static void add_mask(std::vector<std::int64_t>& to, std::uint64_t mask) {
    for (; mask != 0; mask &= mask - 1) ++to[static_cast<std::size_t>(__builtin_ctzll(mask))];
  }

  std::vector<std::int64_t> spent, leaving, on_wire, held, back;
};

}  // namespace creditflow::core

namespace creditflow::core {

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
  // A router's waits at port number `port` over the run (core/hop_waits.hpp).
  virtual void add_hop_waits(std::size_t /*port*/, HopWaits& /*waits*/) const {}
};

}  // namespace creditflow::core
