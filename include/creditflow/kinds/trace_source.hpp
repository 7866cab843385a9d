// Trace source: replays the records a trace gives its source name (core/trace_replay.hpp),
// each as its flits at the width of the part it feeds, on a valid/ready interface.
// Timing: out_valid/out_flit during cycle t are its queue's head flit at the start of t;
// the flit leaves at the edge closing t if out_ready was high, and records due in t + 1
// join the queue at that edge.
#pragma once
#include <array>
#include <memory>
#include <string>

#include "creditflow/core/loop_terms.hpp"
#include "creditflow/core/trace_source_core.hpp"
#include "creditflow/kinds/behaviour.hpp"

namespace creditflow::kinds {

template <class T = core::Flit>
class TraceSourceKind : public Behaviour<T> {
 public:
  enum : std::size_t { out };
  static constexpr std::array<Port, 1> ports{{
      {"out", ChannelType::stream, PortDir::out, "out", false, "the trace's flits, offered to a sender or a sink"}}};
  static constexpr std::array<std::size_t, 1> ports_in_terms{out};
  using Io = kinds::Io<T, 1>;

  TraceSourceKind(std::unique_ptr<core::TraceReplay> replay, std::int64_t queue_depth, std::uint32_t source_id,
                  const std::string& name)
      : core_(std::make_shared<core::TraceSourceCore<T>>(std::move(replay), queue_depth, source_id, name)) {}
  const core::TraceSourceCore<T>& core() const { return *core_; }
  void record_to(core::CreationLog* log) { core_->record_to(log); }

  void edge(int, Io& io) { core_->advance(core_->has_data() && io[out]->ready); }
  void drive(Io& io) { offer(*io[out], core_->has_data(), core_->has_data() ? &core_->head() : nullptr); }
  PortMask carrying() const { return core_->has_data() ? port_bit(out) : 0; }
  void add_terms(core::LoopState& s, const Io& io) const { core::add_source_terms(s, *core_, io[out]->ready); }
  void add_figures(core::LinkReport& r) const {
    // What it offered is what the trace gave it in the cycles run: a trace has no rate.
    r.offered_rate = core_->now() == 0 ? 0.0 : static_cast<double>(core_->created()) / static_cast<double>(core_->now());
  }

  static constexpr bool counts_flits = true;
  void count(core::Census& c) const {
    const std::size_t s = c.slot(core_->source_id());
    c.created[s] += core_->created();
    c.held[s] += core_->queued();
  }
  std::uint64_t census_version() const { return core_->created() + core_->taken(); }
  void add_flows(core::FlowTable& t) const {
    // A flow from its first record on: before, where its records go is not yet read.
    if (core_->created_by_destination().empty()) return;
    core::add_created(t, core_->source_id(), core_->created(), core_->created_by_destination());
    const bool done = core_->replay().done() && !core_->has_data();
    for (const auto& [destination, issued] : core_->issued_by_destination()) {
      core::FlowFigures& f = t[{core_->source_id(), destination}];
      f.traced = true;
      f.records += issued.records;
      f.bytes += issued.bytes;
      f.width = core_->replay().width();
      f.trace_done = done;
    }
  }

  // Idle while its queue is empty, until its next record falls due.
  static constexpr bool sleeps = true;
  static constexpr bool counted_asleep = true;
  core::Cycle next_busy(core::Cycle t) const { return core_->next_busy(t); }
  void skip_to(core::Cycle t) { core_->skip_to(t); }

 private:
  // Shared by copies: a trace is read once, whoever holds the part (it never jumps, so
  // nothing keeps a copy of an earlier state).
  std::shared_ptr<core::TraceSourceCore<T>> core_;
};

}  // namespace creditflow::kinds
