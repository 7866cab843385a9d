// timing.md section 1's loop: its parameters, and its report assembled from the cores and the
// observer. Both views (cycle and transaction-level) build their report here, so the
// figures they give cannot drift apart.
#pragma once
#include <cstdint>

#include "creditflow/core/link_core.hpp"
#include "creditflow/core/link_report.hpp"
#include "creditflow/core/loop_observer.hpp"
#include "creditflow/core/receiver_core.hpp"
#include "creditflow/core/report_figures.hpp"
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
  add_link_figures(r, p.link);
  add_structural_round_trip(r);
  r.offered_rate = src.pattern().offered_rate();
  add_round_trips(r, tx);
  add_receiver_figures(r, p.receiver.depth, rx, p.receiver.drain, 0.0);
  r.source_refused = src.refused();
  return r;
}

}  // namespace creditflow::core
