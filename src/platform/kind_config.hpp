// Resolved YAML parameters -> the parameters of the kernel-free cores, and the figures
// each kind adds to its link's report: one place for both views of every built-in kind.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "creditflow/core/arbiter.hpp"
#include "creditflow/core/async_fifo_core.hpp"
#include "creditflow/core/class_link_core.hpp"
#include "creditflow/core/credit_crossing.hpp"
#include "creditflow/core/fault_injection.hpp"
#include "creditflow/core/link_core.hpp"
#include "creditflow/core/link_report.hpp"
#include "creditflow/core/receiver_core.hpp"
#include "creditflow/core/report_figures.hpp"
#include "creditflow/core/sender_core.hpp"
#include "creditflow/core/sink_core.hpp"
#include "creditflow/core/source_core.hpp"
#include "creditflow/platform/component.hpp"

namespace creditflow::platform {

using core::add_link_figures;
using core::add_payload_check;
using core::add_receiver_figures;
using core::add_round_trips;

core::SourceParams source_params(const ComponentConfig& c);
core::DrainSpec drain_spec(const ComponentConfig& c);
core::ReceiverParams receiver_params(const ComponentConfig& c);
// What both halves of a multi-class link read of the receiver's advertisement.
core::ClassPoolSpec pool_spec(const ComponentConfig& c, std::size_t n);
std::vector<core::ClassSpec> class_specs(const ComponentConfig& c);
core::Arbiter arbiter_of(const ComponentConfig& c);
std::vector<core::DrainSpec> class_drains(const ComponentConfig& c, std::size_t n);
// A credit-return crossing (gray, toggle, pulse): its Gray counter sized for the credits
// of its loop, as a real design's would be. Throws ParameterError when upset_bit is not a
// bit of that counter.
core::CrossingParams credit_crossing_params(const ComponentConfig& c);
// The fault kinds: when they strike (fault_at, fault_rate, seeded by the run and the name).
core::FaultSchedule fault_schedule(const ComponentConfig& c);
core::CreditFaultCore credit_fault_core(const ComponentConfig& c);
core::FlitFaultCore<core::Flit> flit_fault_core(const ComponentConfig& c);

inline void add_source_figures(const core::TrafficPattern& pattern, std::uint64_t refused, const ComponentConfig& c,
                               core::LinkReport& r) {
  r.traffic_class = c.text("class");
  r.offered_rate = pattern.offered_rate();
  r.random_traffic = !pattern.saturating() && !pattern.cycle_length();
  r.source_refused = refused;
  r.source_beats = static_cast<std::uint64_t>(c.integer("beats"));
}

template <class Core>
void add_credit_source_figures(core::LinkReport& r, const Core& core, std::int64_t return_delay,
                               const ComponentConfig& c) {
  add_source_figures(core.source().pattern(), core.source().refused(), c, r);
  r.credits = core.sender().capacity();
  r.credit_latency += return_delay;  // the sink adds its `popped` register
  add_round_trips(r, core.sender());
}

template <class Core>
void add_sink_figures(core::LinkReport& r, const core::SinkParams& p, const Core& core, double period_ps) {
  add_receiver_figures(r, p.depth, core, p.drain, period_ps);
  r.lossy = !p.backpressure;
  r.credit_latency += 1;  // `popped` is a register: the first stage of a credit's way back
  r.depth_to_keep_all = core.depth_to_keep_all();
}

template <class Core>
void add_async_fifo_figures(core::LinkReport& r, const core::AsyncFifoParams& p, const Core& core,
                            double read_period_ps) {
  add_receiver_figures(r, p.depth, core, p.drain, read_period_ps);
  r.credits = p.depth;
  r.crosses_clocks = true;
  add_round_trips(r, core.writer());
}

void add_class_sender_figures(core::LinkReport& r, const core::ClassSenderCore& core);
void add_class_receiver_figures(core::LinkReport& r, const std::vector<std::string>& names, std::int64_t depth,
                                const core::ClassReceiverCore& core);

}  // namespace creditflow::platform
