// SPEC section 1's loop: its parameters, and its report assembled from the cores and the
// observer. Both views (cycle and transaction-level) build their report here, so the
// figures they give cannot drift apart.
#pragma once
#include <cstdint>

#include "creditflow/core/link_core.hpp"
#include "creditflow/core/link_report.hpp"
#include "creditflow/core/loop_observer.hpp"
#include "creditflow/core/receiver_core.hpp"
#include "creditflow/core/sender_core.hpp"
#include "creditflow/core/source_core.hpp"

namespace creditflow::core {

struct CreditLoopParams {
  SourceParams source;
  LinkParams link;
  ReceiverParams receiver;  // receiver.depth is B, also the sender's initial credits
  std::uint64_t seed = 1;
};

template <class T>
LinkReport credit_loop_report(const LoopObserver& observer, const CreditLoopParams& p, const SourceCore<T>& src,
                              const SenderCore& tx, const ReceiverCore<T>& rx) {
  LinkReport r;
  observer.add_to(r);
  r.credits = p.receiver.depth;
  r.receiver_depth = p.receiver.depth;
  r.forward_latency = p.link.forward_latency;
  r.credit_latency = p.link.credit_latency;
  r.loop_rtt = static_cast<std::uint64_t>(p.link.forward_latency + p.link.credit_latency + 2);
  r.offered_rate = src.pattern().offered_rate();
  r.drain_rate = p.receiver.drain.permitted_rate();
  r.measured_rtt = tx.round_trips().min();
  r.mean_rtt = tx.round_trips().mean();
  r.max_rtt = tx.round_trips().max();
  r.peak_occupancy = rx.peak_occupancy();
  r.source_refused = src.refused();
  r.latency = rx.latency();
  return r;
}

}  // namespace creditflow::core
