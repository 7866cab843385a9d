// Credits back across a clock boundary (timing.md section 3) in one of three forms: "gray" (a
// Gray-coded count), "toggle" (a two-phase toggle per credit, acknowledged) or "pulse"
// (a single-cycle pulse per credit through two flops: unsafe, it loses credits). Its own
// clock (domain 0) is the receiver's side, where a credit on `in` is taken at the edge
// closing its cycle; to_clock (domain 1) is the sender's, where `out` is high for one
// cycle per credit recognized.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "creditflow/core/credit_crossing.hpp"
#include "creditflow/core/loop_terms.hpp"
#include "creditflow/core/seed.hpp"
#include "creditflow/kinds/behaviour.hpp"

namespace creditflow::kinds {

class CreditCrossingKind : public Behaviour<core::Flit> {
 public:
  enum : std::size_t { in, out };
  static constexpr std::array<Port, 2> ports{{
      {"in", ChannelType::credit, PortDir::in, "credit_in", false, "credits in the receiver's clock"},
      {"out", ChannelType::credit, PortDir::out, "credit_out", false, "credits in the sender's clock", "to_clock"}}};
  static constexpr int domains = 2;
  static constexpr std::array<const char*, 2> clocks{"clk", "to_clk"};
  static constexpr bool counts_flits = true;  // credits only
  static constexpr bool holds_flits = false;
  using Io = kinds::Io<core::Flit, 2>;

  CreditCrossingKind(const std::string& form, const core::CrossingParams& params, std::uint64_t run_seed,
                     const std::string& name)
      : core_(core::make_crossing(form, params, core::derive_seed(run_seed, name), name)) {}
  const core::CreditCrossing& core() const { return *core_; }
  // Fault injection (core::CreditCrossing::upset): before the simulation starts.
  void upset(std::uint64_t at, unsigned bit) { core_->upset(at, bit); }

  void edge(int domain, Io& io) {
    if (domain == 0)
      core_->source_edge(io[in]->credit, back_wire_);
    else
      core_->dest_edge(wire_);
  }
  void drive(Io& io) {
    wire_ = core_->wire();
    back_wire_ = core_->back_wire();
    io[out]->credit = core_->credit_out();
  }
  void add_terms(core::LoopState& s, const Io&) const { core::add_terms(s, *core_); }
  void add_figures(core::LinkReport& r) const {
    r.crosses_clocks = true;
    if (const auto h = core_->handshakes()) {
      r.credit_handshakes += h->count;
      r.handshake_cycles += h->cycles;
      r.handshake_queued_cycles += h->queued_cycles;
    }
  }

 private:
  std::unique_ptr<core::CreditCrossing> core_;
  std::uint64_t wire_ = 0, back_wire_ = 0;
};

}  // namespace creditflow::kinds
