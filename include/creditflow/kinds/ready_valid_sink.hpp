// Ready/valid sink (timing.md section 2): a FIFO of depth D with backpressure (ready = !full)
// or lossy (every beat taken, those meeting a full FIFO dropped and counted), drained by a
// schedule. Timing: in_ready during t is decided from the count at the start of t; popped
// is high during the cycle after a pop, the credit a credit-counting source gets back.
#pragma once
#include <array>
#include <string>

#include "creditflow/core/loop_terms.hpp"
#include "creditflow/core/report_figures.hpp"
#include "creditflow/core/seed.hpp"
#include "creditflow/core/sink_core.hpp"
#include "creditflow/kinds/behaviour.hpp"

namespace creditflow::kinds {

template <class T = core::Flit>
class ReadyValidSinkKind : public Behaviour<T> {
 public:
  enum : std::size_t { in, popped, out };
  static constexpr std::array<Port, 3> ports{{
      {"in", ChannelType::stream, PortDir::in, "in", false, "beats, with ready back"},
      {"popped", ChannelType::credit, PortDir::out, "popped", true,
       "high the cycle after each pop: a credit-counting source's return"},
      {"out", ChannelType::flow, PortDir::out, "out", true, "the beats popped"}}};
  using Io = kinds::Io<T, 3>;

  ReadyValidSinkKind(const core::SinkParams& params, std::uint64_t run_seed, const std::string& name)
      : params_(params), core_(params, core::derive_seed(run_seed, name), name) {}
  const core::SinkCore<T>& core() const { return core_; }
  core::SinkCore<T>& core() { return core_; }
  void set_period(int, double period_ps) { period_ps_ = period_ps; }

  core::FlowDeliveries& flows() { return flows_; }

  void edge(int, Io& io) {
    if (core_.will_pop()) flows_.pop(core_.head(), core_.now());
    const std::uint64_t dropped = core_.dropped();
    core_.advance(io[in]->valid, io[in]->flit);
    if (core_.dropped() != dropped) flows_.drop(io[in]->flit);
  }
  // Idle while it holds nothing: a beat offered is its source's change.
  core::Cycle next_busy(core::Cycle t) const { return core_.skippable() ? this->never_busy : t + 1; }
  void skip_to(core::Cycle t) { core_.skip_to(t); }
  void drive(Io& io) {
    io[in]->ready = core_.ready();
    io[popped]->credit = core_.popped_register();
    offer(*io[out], core_.will_pop(), core_.will_pop() ? &core_.head() : nullptr);
  }
  void add_terms(core::LoopState& s, const Io&) const { core::add_terms(s, core_); }
  void add_figures(core::LinkReport& r) const { core::add_sink_figures(r, params_, core_, period_ps_); }
  void add_flows(core::FlowTable& t) const { flows_.add_to(t); }
  static constexpr bool counts_flits = true;
  void count(core::Census& c) const {
    if (c.by_flit()) {
      core_.for_each_flit([&](const T& f) { c.hold(f); });
      flows_.count(c);
    } else {
      c.held_count(static_cast<std::uint64_t>(core_.occupancy()));
      c.delivered_count(core_.popped());
      c.dropped_count(core_.dropped());
    }
  }

 private:
  core::SinkParams params_;
  core::SinkCore<T> core_;
  double period_ps_ = 0.0;
  core::FlowDeliveries flows_;
};

}  // namespace creditflow::kinds
