#include "run/vc_channels.hpp"

#include <algorithm>

namespace creditflow::platform {

VcChannelCheck::VcChannelCheck(const Platform& platform, const PartOf& part_of) {
  int most_vcs = 0;
  for (const VcChannelPlan& plan : platform.vc_channels) {
    Channel c{plan.sender + "." + plan.sender_port + " -> " + plan.receiver + "." + plan.receiver_port, {}, plan.vcs};
    const auto share = [&](const std::string& name, const std::string& port) {
      const core::VcChannelPart& part = part_of(name);
      c.shares.push_back({&part, part.port_number(port)});
    };
    share(plan.sender, plan.sender_port);
    for (const std::string& pipe : plan.forward) share(pipe, "in");
    share(plan.receiver, plan.receiver_port);
    for (const std::string& pipe : plan.back) share(pipe, "credit_in");
    most_vcs = std::max(most_vcs, plan.vcs);
    channels_.push_back(std::move(c));
  }
  terms_.resize(most_vcs);
}

void VcChannelCheck::observe(core::Cycle t) {
  for (const Channel& c : channels_) {
    terms_.resize(c.vcs);
    for (const Share& s : c.shares) s.part->add_vc_terms(s.port, terms_);
    for (int vc = 0; vc < c.vcs; ++vc)
      if (!terms_.holds(vc)) {
        violated(t, c, vc);
        break;
      }
  }
}

void VcChannelCheck::violated(core::Cycle t, const Channel& c, int vc) {
  if (violations_++ > 0) return;
  const auto v = static_cast<std::size_t>(vc);
  const std::int64_t sum = terms_.leaving[v] + terms_.on_wire[v] + terms_.held[v] + terms_.back[v];
  first_violation_ = "per-VC conservation at cycle " + std::to_string(t) + " on " + c.name + " VC " +
                     std::to_string(vc) + ": " + std::to_string(terms_.spent[v]) + " credits spent != " +
                     std::to_string(terms_.leaving[v]) + " flits leaving + " + std::to_string(terms_.on_wire[v]) +
                     " on the way + " + std::to_string(terms_.held[v]) + " buffered + " +
                     std::to_string(terms_.back[v]) + " credits on the way back = " + std::to_string(sum);
}

void VcChannelCheck::finish(RunResult& result) const {
  result.vc_channels = channels_.size();
  result.vc_channel_violations = violations_;
  if (!first_violation_.empty()) result.first_violations.push_back(first_violation_);
}

}  // namespace creditflow::platform
