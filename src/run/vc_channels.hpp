// The per-VC conservation of every channel between routers (core/vc_terms.hpp,
// Platform::vc_channels), for both views: each cycle of the first clock, the shares of the
// channel's sender, pipes and receiver summed per VC; a violation is counted a cycle and the
// first is kept with its terms. A check of the sums the parts' own moves could hide: a
// flit or credit that one part lost and none refused.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "creditflow/core/vc_terms.hpp"
#include "creditflow/platform/platform.hpp"
#include "creditflow/platform/simulate.hpp"

namespace creditflow::platform {

class VcChannelCheck {
 public:
  using PartOf = std::function<const core::VcChannelPart&(const std::string& name)>;
  VcChannelCheck(const Platform& platform, const PartOf& part_of);

  // After the edge closing cycle t - 1 (the state at the start of t).
  void observe(core::Cycle t);
  // The state that opened cycle `from` opening every cycle up to `to` (an idle stretch).
  void observe_idle(core::Cycle from, core::Cycle to) {
    const std::uint64_t before = violations_;
    observe(from);
    if (violations_ != before) violations_ += to - from - 1;
  }
  void finish(RunResult& result) const;

 private:
  struct Share {
    const core::VcChannelPart* part;
    std::size_t port;
  };
  struct Channel {
    std::string name;  // "r0.out1 -> r1.in3"
    std::vector<Share> shares;
    int vcs;
  };
  void violated(core::Cycle t, const Channel& c, int vc);

  std::vector<Channel> channels_;
  core::VcTerms terms_;
  std::uint64_t violations_ = 0;
  std::string first_violation_;
};

}  // namespace creditflow::platform
