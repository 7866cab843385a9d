// The small interface every credit holder implements so that monitors can sum a loop's
// credits whatever the topology: each adds what it holds of its loop right now, and at
// the end what it measured to the loop's report.
#pragma once
#include "creditflow/core/link_report.hpp"
#include "creditflow/core/loop_state.hpp"

namespace creditflow::monitor {

class LoopParticipant {
 public:
  virtual ~LoopParticipant() = default;
  virtual void contribute(core::LoopState& state) const = 0;
  // Its figures (credits, stages, depth, latencies, ...) for LoopMonitor::report.
  virtual void add_figures(core::LinkReport&) const {}
  // Whether it joins two clocks: a loop through such a part has round trips that follow
  // clock phases, which its observer then times flit by flit (unqueued_round_trips.hpp).
  virtual bool crosses_clocks() const { return false; }
};

}  // namespace creditflow::monitor
