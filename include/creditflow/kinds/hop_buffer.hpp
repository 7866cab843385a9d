// Hop buffer (SPEC section 5): a receiver whose consumer is the next part of a path (a
// sender, a merge, a split) rather than a drain schedule alone. Timing: during t it
// offers its head on `out` iff it held a flit at the start of t and its drain schedule
// allows t; the head leaves, and a credit goes back on `credit`, iff the next part is
// ready during t (the credit follows `out`'s ready combinationally). A flit stored at the
// edge closing t can go on during t + 1. It ends the loop that brings flits to `in` and
// is the source of whatever `out` feeds.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <type_traits>

#include "creditflow/core/receiver_core.hpp"
#include "creditflow/core/report_figures.hpp"
#include "creditflow/core/seed.hpp"
#include "creditflow/kinds/behaviour.hpp"

namespace creditflow::kinds {

template <class T = core::Flit>
class HopBufferKind : public Behaviour<T> {
 public:
  enum : std::size_t { in, credit, out };
  static constexpr std::array<Port, 3> ports{{
      {"in", ChannelType::flow, PortDir::in, "in", false, "flits from the link"},
      {"credit", ChannelType::credit, PortDir::out, "credit_out", false, "one pulse per flit the next part takes"},
      {"out", ChannelType::stream, PortDir::out, "out", false, "the head, to the next part (a sender)"}}};
  static constexpr bool several_loops = true;  // the end of one, the source of the next
  static constexpr std::array<std::size_t, 1> ports_in_terms{out};
  using Io = kinds::Io<T, 3>;

  HopBufferKind(const core::ReceiverParams& params, std::uint64_t run_seed, const std::string& name)
      : params_(params), core_(params, core::derive_seed(run_seed, name), name) {}
  core::ReceiverCore<T>& core() { return core_; }
  void set_period(int, double period_ps) { period_ps_ = period_ps; }

  std::vector<std::size_t> combinational_inputs() const { return {out}; }
  // Only the credit follows the next part's ready; the offer is registered.
  std::vector<std::pair<std::size_t, std::size_t>> combinational_paths() const { return {{out, credit}}; }
  void edge(int, Io& io) { core_.advance(io[in]->valid, io[in]->flit, io[out]->ready); }
  void drive(Io& io) {
    offer(*io[out], core_.will_pop(), core_.will_pop() ? &core_.head() : nullptr);
    io[credit]->credit = core_.will_pop() && io[out]->ready;
  }

  // As the end of the incoming loop: its buffer; as the source of the next: what it handed on.
  void add_terms(std::size_t end, core::LoopState& s, const Io& io) const {
    const bool taken = core_.will_pop() && io[out]->ready;
    if (end == in) {
      s.receiver_occupancy += core_.occupancy();
      s.popped += core_.popped();
      s.receiver_popping = s.receiver_popping || taken;
    } else {
      s.sent += core_.popped();
      s.source_held = s.source_held || (core_.will_pop() && !io[out]->ready);
    }
  }
  void add_figures(std::size_t end, core::LinkReport& r) const {
    if (end != in) return;
    core::add_receiver_figures(r, params_.depth, core_, params_.drain, period_ps_);
    if constexpr (std::is_same_v<T, core::Flit>) core::add_payload_check(r, core_);
  }
  template <class Visit>
  void trace(Visit&& visit) const {
    visit(core_.occupancy_ref(), "occupancy");
  }

  // Steady-state jumps: its state is its receiver core's, as a credit receiver's.
  std::optional<core::Cycle> cycle_length() const { return core_.cycle_length(); }
  core::Cycle next_stall_edge(core::Cycle t) const { return core_.next_stall_edge(t); }
  void add_shape(core::Shape& s) const { core_.add_shape(s, core_.arrived()); }
  void repeat(const HopBufferKind& earlier, core::Cycle periods, core::Cycle period) {
    core_.repeat(earlier.core_, core::Repeat{periods, period, core_.arrived() - earlier.core_.arrived()});
  }

 private:
  core::ReceiverParams params_;
  core::ReceiverCore<T> core_;
  double period_ps_ = 0.0;
};

}  // namespace creditflow::kinds
