// Credit receiver: a buffer of `depth` slots drained by a schedule, one credit returned
// per pop. Timing: credit and out_valid/out_flit during t say what is popped in t,
// decided from the occupancy at the start of t, so a flit is never popped in the cycle
// it arrives; the arriving flit is stored at the edge closing t.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <type_traits>

#include "creditflow/core/loop_terms.hpp"
#include "creditflow/core/receiver_core.hpp"
#include "creditflow/core/report_figures.hpp"
#include "creditflow/core/seed.hpp"
#include "creditflow/kinds/behaviour.hpp"

namespace creditflow::kinds {

// A buffer of `depth` slots drained by a schedule, as a credit receiver and a hop buffer
// both are: its core, its figures, its VCD state and its steady-state jumps. They differ
// in their ports and in who decides a pop.
template <class T>
class ReceiverBuffer : public Behaviour<T> {
 public:
  ReceiverBuffer(const core::ReceiverParams& params, std::uint64_t run_seed, const std::string& name)
      : params_(params), core_(params, core::derive_seed(run_seed, name), name) {}
  const core::ReceiverCore<T>& core() const { return core_; }
  core::ReceiverCore<T>& core() { return core_; }
  // Its clock's period in ps, which times its drain (0: the sender's).
  void set_period(int, double period_ps) { period_ps_ = period_ps; }

  template <class Visit>
  void trace(Visit&& visit) const {
    visit(core_.occupancy_ref(), "occupancy");
  }

  static constexpr bool counts_flits = true;
  void count(core::Census& c) const {
    if (c.by_flit())
      core_.for_each_flit([&](const T& f) { c.hold(f); });
    else
      c.held_count(static_cast<std::uint64_t>(core_.occupancy()));
  }

  // Idle while empty: an arrival is its link's change (its drain's random firings do not
  // depend on the cycles asked about). A credit receiver sleeps then (a hop buffer's ready
  // follows its next part's: it cannot).
  core::Cycle next_busy(core::Cycle t) const { return core_.skippable() ? this->never_busy : t + 1; }
  void skip_to(core::Cycle t) { core_.skip_to(t); }
  std::optional<core::Cycle> cycle_length() const { return core_.cycle_length(); }
  core::Cycle next_stall_edge(core::Cycle t) const { return core_.next_stall_edge(t); }
  void add_shape(core::Shape& s) const { core_.add_shape(s, core_.arrived()); }
  void repeat(const ReceiverBuffer& earlier, core::Cycle periods, core::Cycle period) {
    core_.repeat(earlier.core_, core::Repeat{periods, period, core_.arrived() - earlier.core_.arrived()});
  }

 protected:
  // Its depth, peak, latencies and drain, and the payloads that did not echo their ids.
  void add_buffer_figures(core::LinkReport& r) const {
    core::add_receiver_figures(r, params_.depth, core_, params_.drain, period_ps_);
    if constexpr (std::is_same_v<T, core::Flit>) core::add_payload_check(r, core_);
  }

  core::ReceiverParams params_;
  core::ReceiverCore<T> core_;
  double period_ps_ = 0.0;
};

template <class T = core::Flit>
class CreditReceiverKind : public ReceiverBuffer<T> {
  using ReceiverBuffer<T>::core_;

 public:
  enum : std::size_t { in, credit, out };
  static constexpr std::array<Port, 3> ports{{
      {"in", ChannelType::flow, PortDir::in, "in", false, "flits from the link"},
      {"credit", ChannelType::credit, PortDir::out, "credit_out", false, "one pulse per pop"},
      {"out", ChannelType::flow, PortDir::out, "out", true, "the flits popped"}}};
  using Io = kinds::Io<T, 3>;
  using ReceiverBuffer<T>::ReceiverBuffer;
  static constexpr bool sleeps = true;  // while empty (ReceiverBuffer::next_busy)
  static constexpr bool counted_asleep = true;
  // As a destination: its own endpoint id, and the cycle its flows are measured from.
  core::FlowDeliveries& flows() { return flows_; }

  void edge(int, Io& io) {
    if (core_.will_pop()) {
      flows_.pop(core_.head(), core_.now());
      if constexpr (core::is_basic_flit<T>::value)
        log_.add(core_.head().source, -1, 1);  // delivered (or misdelivered: counted as delivered)
    }
    core_.advance(io[in]->valid, io[in]->flit);
    if constexpr (core::is_basic_flit<T>::value)
      if (io[in]->valid) log_.add(io[in]->flit.source, 1);
  }
  void drive(Io& io) {
    io[credit]->credit = core_.will_pop();
    offer(*io[out], core_.will_pop(), core_.will_pop() ? &core_.head() : nullptr);
  }
  PortMask carrying() const { return core_.will_pop() ? port_bit(credit) | port_bit(out) : 0; }
  void add_terms(core::LoopState& s, const Io&) const { core::add_terms(s, core_); }
  void add_figures(core::LinkReport& r) const { this->add_buffer_figures(r); }
  void add_flows(core::FlowTable& t) const { flows_.add_to(t); }
  // What it holds, and what it popped: delivered, as far as the path goes; changed only by
  // an arrival or a pop.
  void count(core::Census& c) const {
    ReceiverBuffer<T>::count(c);
    flows_.count_delivered(c, core_.popped());
  }
  // One step for each arrival and pop: each is logged.
  std::uint64_t census_version() const { return core_.arrived() + core_.popped(); }
  core::CensusLog* census_log() {
    if constexpr (core::is_basic_flit<T>::value) return &log_;
    else return nullptr;  // its flits have no source: counted again when they change
  }
  void repeat(const CreditReceiverKind& earlier, core::Cycle periods, core::Cycle period) {
    ReceiverBuffer<T>::repeat(earlier, periods, period);
    flows_.repeat(earlier.flows_, core::Repeat{periods, period, 0});
  }

 private:
  core::FlowDeliveries flows_;
  core::CensusLog log_;
};

}  // namespace creditflow::kinds
