// Credit sender: holds the link's credits and forwards a flit only while it holds one.
// Timing (timing.md section 1): in_ready during t is credits(t) > 0; out_valid during t is
// in_valid(t) && credits(t) > 0 (combinational), the flit stamped with send cycle t;
// credits change at the edge closing t by credit_in(t) - send(t).
#pragma once
#include <array>
#include <cstdint>
#include <string>

#include "creditflow/core/loop_terms.hpp"
#include "creditflow/core/report_figures.hpp"
#include "creditflow/core/sender_core.hpp"
#include "creditflow/kinds/behaviour.hpp"

namespace creditflow::kinds {

template <class T = core::Flit>
class CreditSenderKind : public Behaviour<T> {
 public:
  enum : std::size_t { in, out, credit_in };
  static constexpr std::array<Port, 3> ports{{
      {"in", ChannelType::stream, PortDir::in, "in", false, "flits from a source"},
      {"out", ChannelType::flow, PortDir::out, "out", false, "flits sent, one credit each"},
      {"credit_in", ChannelType::credit, PortDir::in, "credit_in", false, "returned credits"}}};
  static constexpr std::array<std::size_t, 1> ports_in_terms{in};
  using Io = kinds::Io<T, 3>;

  // flit_bytes: what a flit carries, for GB/s beside flits per cycle (0: not given).
  CreditSenderKind(std::int64_t credits, const std::string& name, std::int64_t flit_bytes = 0)
      : core_(credits, name), flit_bytes_(flit_bytes) {}
  const core::SenderCore& core() const { return core_; }

  std::vector<std::size_t> combinational_inputs() const { return {in}; }
  std::vector<std::size_t> combinational_outputs() const { return {out}; }  // in_ready is registered
  void edge(int, Io& io) { core_.advance(io[in]->valid, io[credit_in]->credit); }
  void drive(Io& io) {
    io[in]->ready = core_.can_send();
    io[out]->valid = core_.will_send(io[in]->valid);
    if (io[out]->valid) {
      io[out]->flit = io[in]->flit;
      core::stamp_sent(io[out]->flit, core_.now());
    }
  }
  void add_terms(core::LoopState& s, const Io& io) const { core::add_terms(s, core_, io[in]->valid); }
  static constexpr bool counts_flits = true;  // it holds none: a flit passes in the cycle it is sent
  static constexpr bool holds_flits = false;
  void add_figures(core::LinkReport& r) const {
    core::add_sender_figures(r, core_);
    if (flit_bytes_ > 0) r.flit_bytes = flit_bytes_;
  }
  template <class Visit>
  void trace(Visit&& visit) const {
    visit(core_.credits_ref(), "credits");
  }

  // Only a flit offered or a credit returned changes it: its neighbours say when.
  core::Cycle next_busy(core::Cycle) const { return this->never_busy; }
  void skip_to(core::Cycle t) { core_.skip_to(t); }
  std::optional<core::Cycle> cycle_length() const { return 1; }  // no schedule of its own
  void add_shape(core::Shape& s) const { core_.add_shape(s); }
  void repeat(const CreditSenderKind& earlier, core::Cycle periods, core::Cycle period) {
    core_.repeat(earlier.core_, core::Repeat{periods, period, 0});
  }

 private:
  core::SenderCore core_;
  std::int64_t flit_bytes_;
};

}  // namespace creditflow::kinds
