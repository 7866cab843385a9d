// A channel between routers (timing.md section 6): `latency` stages carry flits holding a
// VC one way and `latency` stages carry each cycle's per-VC credits back. Timing: out
// during t is what entered in during t - L; credit_out during t is credit_in during
// t - L. Between two routers it makes the network's channel: sent in t, read in t + L + 1.
// With L = 0 both directions are wires.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "creditflow/core/link_core.hpp"
#include "creditflow/core/vc_terms.hpp"
#include "creditflow/kinds/behaviour.hpp"
#include "creditflow/kinds/packet_census.hpp"

namespace creditflow::kinds {

class VcLinkKind : public Behaviour<core::Flit> {
 public:
  enum : std::size_t { in, out, credit_in, credit_out };
  static constexpr std::array<Port, 4> ports{{
      {"in", ChannelType::vc_flow, PortDir::in, "in", false, "flits from a router's output"},
      {"out", ChannelType::vc_flow, PortDir::out, "out", false, "flits to a router's input"},
      {"credit_in", ChannelType::vc_credit, PortDir::in, "credit_in", false, "credits from that input"},
      {"credit_out", ChannelType::vc_credit, PortDir::out, "credit_out", false, "credits to the output"}}};
  static constexpr bool holds_credits = false;  // see RouterKind
  using Io = kinds::Io<core::Flit, 4>;

  VcLinkKind(std::int64_t latency, const std::string& name)
      : flits_(core::pipeline_stages<noc::NocFlit>(name, "latency", latency)),
        credits_(core::pipeline_stages<noc::VcMask>(name, "latency", latency)) {}

  std::vector<std::pair<std::size_t, std::size_t>> combinational_paths() const {
    if (flits_) return {};
    return {{in, out}, {credit_in, credit_out}};
  }
  std::vector<std::size_t> combinational_inputs() const {
    if (flits_) return {};
    return {in, credit_in};
  }
  void edge(int, Io& io) {
    if (!flits_) return;
    // The counts by VC follow what leaves the last stages and what enters the first.
    if (flits_->out_valid()) --flits_by_vc_[vc_index(flits_->out_value().vc)];
    if (io[in]->valid) ++flits_by_vc_[vc_index(io[in]->noc.vc)];
    flits_->shift(io[in]->valid, io[in]->noc);
    if (credits_->out_valid()) count_credits(credits_->out_value(), -1);
    count_credits(io[credit_in]->vcs, 1);
    credits_->shift(io[credit_in]->vcs != 0, io[credit_in]->vcs);
  }
  void drive(Io& io) {
    if (!flits_) {
      io[out]->valid = io[in]->valid;
      if (io[in]->valid) io[out]->noc = io[in]->noc;
      io[credit_out]->vcs = io[credit_in]->vcs;
      return;
    }
    io[out]->valid = flits_->out_valid();
    if (io[out]->valid) io[out]->noc = flits_->out_value();
    io[credit_out]->vcs = credits_->out_valid() ? credits_->out_value() : 0;
  }

  PortMask carrying() const {
    if (!flits_) return kEveryPort;
    return (flits_->out_valid() ? port_bit(out) : 0) |
           (credits_->out_valid() && credits_->out_value() != 0 ? port_bit(credit_out) : 0);
  }

  // Idle while its stages hold nothing either way (a wire, L = 0, never is: it has
  // combinational paths); the empty stages need no move to a later cycle.
  static constexpr bool sleeps = true;
  core::Cycle next_busy(core::Cycle t) const {
    return flits_ && flits_->occupied() == 0 && credits_->occupied() == 0 ? this->never_busy : t + 1;
  }

  // Its flits on the way at `in`, its credits on the way at `credit_in`.
  void add_vc_terms(std::size_t port, core::VcTerms& t) const {
    if (!flits_) return;
    if (port == in)
      flits_->for_each([&](bool valid, const noc::NocFlit& f) {
        if (valid) ++t.on_wire[static_cast<std::size_t>(f.vc)];
      });
    else if (port == credit_in)
      credits_->for_each([&](bool valid, noc::VcMask vcs) {
        if (valid) core::VcTerms::add_mask(t.back, vcs);
      });
  }

  // The same kept by its moves: its flits by VC at `in`, its credits by VC at `credit_in`.
  bool vc_cells(std::size_t port, int vc, core::VcCells& c) const {
    if (!flits_ || vc < 0 || vc >= core::VcTerms::kMaxVcs) return false;
    if (port == in) c.on_wire.push_back(&flits_by_vc_[static_cast<std::size_t>(vc)]);
    else if (port == credit_in) c.back.push_back(&credits_by_vc_[static_cast<std::size_t>(vc)]);
    return port == in || port == credit_in;
  }

  // A platform flit is held where its packet's tail is (network_interface.hpp).
  static constexpr bool counts_flits = true;
  void count(core::Census& c) const {
    if (flits_)
      flits_->for_each([&](bool valid, const noc::NocFlit& f) {
        if (valid) count_packet(c, f);
      });
  }

 private:
  // A flit holding no VC yet cannot be on a channel between routers: its count goes to the
  // last VC's, which a check of fewer VCs does not read.
  static std::size_t vc_index(int vc) {
    return vc >= 0 && vc < core::VcTerms::kMaxVcs ? static_cast<std::size_t>(vc) : core::VcTerms::kMaxVcs - 1;
  }
  void count_credits(noc::VcMask vcs, int change) {
    for (; vcs != 0; vcs &= vcs - 1) credits_by_vc_[static_cast<std::size_t>(__builtin_ctzll(vcs))] += change;
  }

  std::optional<core::DelayLine<noc::NocFlit>> flits_;
  std::optional<core::DelayLine<noc::VcMask>> credits_;
  std::array<int, core::VcTerms::kMaxVcs> flits_by_vc_{}, credits_by_vc_{};
};

}  // namespace creditflow::kinds
