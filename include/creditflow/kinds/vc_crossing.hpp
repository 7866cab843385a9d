// A channel between routers in two clocks (timing.md section 3, on each direction): flits
// holding a VC cross into the receiving router's clock (to_clock, domain 1) as a flit
// crossing does, through one dual-clock store for every VC (the far end's credits
// guarantee each VC's room, so no VC blocks another) and a Gray-coded count through
// `sync_stages` flops; each VC's credits cross back into the sender's clock (domain 0) as
// a Gray-coded count of their own, and each VC hands on one credit a cycle.
// Timing, with equal aligned clocks and no uncertainty: a flit on `in` during t is on
// `out` during t + N + 1, a credit on `credit_in` during t on `credit_out` during t + N + 1;
// between two routers the channel of a vc_link of N + 1 stages.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "creditflow/core/credit_crossing.hpp"
#include "creditflow/core/error.hpp"
#include "creditflow/core/flit_crossing.hpp"
#include "creditflow/core/seed.hpp"
#include "creditflow/kinds/behaviour.hpp"
#include "creditflow/kinds/packet_census.hpp"

namespace creditflow::kinds {

class VcCrossingKind : public Behaviour<core::Flit> {
 public:
  enum : std::size_t { in, out, credit_in, credit_out };
  static constexpr std::array<Port, 4> ports{{
      {"in", ChannelType::vc_flow, PortDir::in, "in", false, "flits from a router's output, in its clock"},
      {"out", ChannelType::vc_flow, PortDir::out, "out", false, "flits to a router's input, in to_clock",
       "to_clock"},
      {"credit_in", ChannelType::vc_credit, PortDir::in, "credit_in", false, "credits from that input, in to_clock",
       "to_clock"},
      {"credit_out", ChannelType::vc_credit, PortDir::out, "credit_out", false,
       "credits to the output, in its clock"}}};
  static constexpr int domains = 2;
  static constexpr std::array<const char*, 2> clocks{"clk", "to_clk"};
  static constexpr bool holds_credits = false;  // per-VC loops: core/vc_terms.hpp
  using Io = kinds::Io<core::Flit, 4>;

  VcCrossingKind(int num_vcs, std::int64_t sync_stages, double uncertainty, std::uint64_t run_seed,
                 const std::string& name)
      : flits_(sync_stages, uncertainty, core::derive_seed(run_seed, name), name), name_(name) {
    const core::CrossingParams params{sync_stages, uncertainty, 1 << 20};
    credits_.reserve(static_cast<std::size_t>(num_vcs));
    for (int vc = 0; vc < num_vcs; ++vc)
      credits_.emplace_back(params, core::derive_seed(run_seed, name + " VC " + std::to_string(vc)), name);
    credit_wires_.assign(credits_.size(), 0);
  }

  void edge(int domain, Io& io) {
    if (domain == 0) {
      if (io[in]->valid && static_cast<std::size_t>(io[in]->noc.vc) >= credits_.size())
        beyond_vcs("a flit on VC " + std::to_string(io[in]->noc.vc));
      flits_.source_edge(io[in]->valid, io[in]->noc);
      for (std::size_t vc = 0; vc < credits_.size(); ++vc) credits_[vc].dest_edge(credit_wires_[vc]);
    } else {
      flits_.dest_edge(flit_wire_);
      const noc::VcMask returned = io[credit_in]->vcs;
      if (credits_.size() < 64 && (returned >> credits_.size()) != 0)
        beyond_vcs("a credit for VC " + std::to_string(63 - __builtin_clzll(returned)));
      for (std::size_t vc = 0; vc < credits_.size(); ++vc) credits_[vc].source_edge((returned >> vc) & 1u, 0);
    }
  }
  void drive(Io& io) {
    flit_wire_ = flits_.wire();
    for (std::size_t vc = 0; vc < credits_.size(); ++vc) credit_wires_[vc] = credits_[vc].wire();
    io[out]->valid = flits_.out_valid();
    if (io[out]->valid) io[out]->noc = flits_.out_flit();
    noc::VcMask vcs = 0;
    for (std::size_t vc = 0; vc < credits_.size(); ++vc)
      if (credits_[vc].credit_out()) vcs |= noc::VcMask{1} << vc;
    io[credit_out]->vcs = vcs;
  }

  // Its flits inside at `in` (written and not yet handed on), its credits inside at
  // `credit_in` (returned and not yet handed on).
  void add_vc_terms(std::size_t port, core::VcTerms& t) const {
    if (port == in)
      flits_.for_each_flit([&](const noc::NocFlit& f) { ++t.on_wire[static_cast<std::size_t>(f.vc)]; });
    else if (port == credit_in)
      t.each([&](std::size_t vc) {
        if (vc < credits_.size()) t.back[vc] += credits_[vc].in_flight();
      });
  }
  void add_figures(core::LinkReport& r) const { r.crosses_clocks = true; }

  // A platform flit is held where its packet's tail is (network_interface.hpp).
  static constexpr bool counts_flits = true;
  void count(core::Census& c) const {
    flits_.for_each_flit([&](const noc::NocFlit& f) { count_packet(c, f); });
  }

 private:
  [[noreturn]] void beyond_vcs(const std::string& what) const {
    throw ProtocolError(name_ + ": " + what + " came to a crossing of num_vcs = " + std::to_string(credits_.size()) +
                        " (write num_vcs as the routers it joins have it)");
  }

  core::FlitCrossing<noc::NocFlit> flits_;
  std::vector<core::GrayCountCrossing> credits_;
  std::uint64_t flit_wire_ = 0;
  std::vector<std::uint64_t> credit_wires_;
  std::string name_;
};

}  // namespace creditflow::kinds
