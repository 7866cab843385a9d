// What each credit holder adds to its link's report (LinkReport), kernel-free: the
// platform's components and parts and the hand-wired cycle modules all add their figures
// through these, so a report reads the same however the link was built.
#pragma once
#include <cstdint>

#include "creditflow/core/async_fifo_core.hpp"
#include "creditflow/core/drain_schedule.hpp"
#include "creditflow/core/link_core.hpp"
#include "creditflow/core/link_report.hpp"
#include "creditflow/core/receiver_core.hpp"
#include "creditflow/core/sender_core.hpp"
#include "creditflow/core/sink_core.hpp"

namespace creditflow::core {

// A buffering receiver: its depth, peak, latencies and drain; the drain counts in cycles
// of the clock of `drain_period_ps` (0: the sender's).
template <class Core>
void add_receiver_figures(LinkReport& r, std::int64_t depth, const Core& core, const DrainSpec& drain,
                          double drain_period_ps) {
  r.receiver_depth = depth;
  r.peak_occupancy = core.peak_occupancy();
  r.latency = core.latency();
  r.drain_rate = drain.permitted_rate();
  r.drain_period_ps = drain_period_ps;
}

inline void add_payload_check(LinkReport& r, const ReceiverCore<Flit>& rx) {
  r.corrupted_flits = rx.corrupted();
  r.first_corruption = rx.first_corruption();
}

inline void add_round_trips(LinkReport& r, const SenderCore& tx) {
  r.measured_rtt = tx.round_trips().min();
  r.mean_rtt = tx.round_trips().mean();
  r.max_rtt = tx.round_trips().max();
}

inline void add_sender_figures(LinkReport& r, const SenderCore& tx) {
  r.credits = tx.capacity();
  add_round_trips(r, tx);
}

inline void add_link_figures(LinkReport& r, const LinkParams& p) {
  r.forward_latency += p.forward_latency;
  r.credit_latency += p.credit_latency;
}

template <class Core>
void add_sink_figures(LinkReport& r, const SinkParams& p, const Core& core, double period_ps) {
  add_receiver_figures(r, p.depth, core, p.drain, period_ps);
  r.lossy = !p.backpressure;
  r.credit_latency += 1;  // `popped` is a register: the first stage of a credit's way back
  r.depth_to_keep_all = core.depth_to_keep_all();
}

template <class Core>
void add_async_fifo_figures(LinkReport& r, const AsyncFifoParams& p, const Core& core,
                            double read_period_ps) {
  add_receiver_figures(r, p.depth, core, p.drain, read_period_ps);
  r.credits = p.depth;
  r.crosses_clocks = true;
  add_round_trips(r, core.writer());
}

// Once every holder has added its figures: a single-clock, single-class loop's round trip
// by construction, timing.md section 1's Lf + Lr + 2.
inline void add_structural_round_trip(LinkReport& r) {
  if (r.kind == "credit" && !r.crosses_clocks && r.classes.empty())
    r.loop_rtt = static_cast<std::uint64_t>(r.forward_latency + r.credit_latency + 2);
}

// Throughput in decimal GB/s (10^9 bytes): flits per cycle x bytes per flit / the
// sender's period; 0 when the width or the period is not known.
inline double bandwidth_gb_s(const LinkReport& r) {
  if (r.flit_bytes <= 0 || r.period_ps <= 0) return 0.0;
  return r.throughput * static_cast<double>(r.flit_bytes) * 1e3 / r.period_ps;
}

}  // namespace creditflow::core
