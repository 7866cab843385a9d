// Credit-counting source (timing.md section 2): creates flits by a pattern and sends one only
// while it holds a credit, returned from a sink's `popped` through return_delay registers;
// it never looks at ready. Timing: out_valid/out_flit during t are decided from the
// credits at the start of t, the flit stamped with send cycle t.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "creditflow/core/credit_source_core.hpp"
#include "creditflow/core/loop_terms.hpp"
#include "creditflow/core/report_figures.hpp"
#include "creditflow/core/seed.hpp"
#include "creditflow/kinds/behaviour.hpp"
#include "creditflow/kinds/traffic_source.hpp"

namespace creditflow::kinds {

template <class T = core::Flit>
class CreditSourceKind : public Behaviour<T> {
 public:
  enum : std::size_t { out, credit_in };
  static constexpr std::array<Port, 2> ports{{
      {"out", ChannelType::stream, PortDir::out, "out", false, "flits; the sink's ready is ignored"},
      {"credit_in", ChannelType::credit, PortDir::in, "credit_in", false, "a sink's popped"}}};
  using Io = kinds::Io<T, 2>;

  // label and flit_bytes: what a platform's source says of itself in its report.
  CreditSourceKind(const core::CreditSourceParams& params, std::uint64_t run_seed, const std::string& name,
                   std::optional<SourceLabel> label = std::nullopt, std::int64_t flit_bytes = 0)
      : params_(params),
        core_(params, core::derive_seed(run_seed, name), name),
        label_(std::move(label)),
        flit_bytes_(flit_bytes) {}
  const core::CreditSourceCore<T>& core() const { return core_; }
  void record_to(core::CreationLog* log) { core_.record_to(log); }

  void edge(int, Io& io) { core_.advance(io[credit_in]->credit); }
  void drive(Io& io) {
    io[out]->valid = core_.will_send();
    if (io[out]->valid) {
      io[out]->flit = core_.head();
      core::stamp_sent(io[out]->flit, core_.now());
    }
  }
  void add_terms(core::LoopState& s, const Io&) const { core::add_terms(s, core_); }
  static constexpr bool counts_flits = true;
  void count(core::Census& c) const {
    const auto& source = core_.source();
    const std::size_t s = c.slot(source.source_id());
    c.created[s] += source.created();
    c.refused[s] += source.refused();
    c.held[s] += source.queued();
  }
  void add_flows(core::FlowTable& t) const {
    const auto& source = core_.source();
    core::add_created(t, source.source_id(), source.created(), source.created_by_destination());
  }
  void add_figures(core::LinkReport& r) const {
    // What it offers, whether a platform made it or a user wired it; a platform's label
    // names its class and counts its beats.
    r.offered_rate = core_.source().pattern().offered_rate();
    r.random_traffic = !core_.source().pattern().saturating() && !core_.source().pattern().cycle_length();
    r.source_refused = core_.source().refused();
    if (label_) {
      r.traffic_class = label_->traffic_class;
      r.source_beats = label_->beats;
    }
    r.credits = core_.sender().capacity();
    r.credit_latency += params_.return_delay;  // the sink adds its `popped` register
    core::add_round_trips(r, core_.sender());
    r.flit_bytes = flit_bytes_;
  }

 private:
  core::CreditSourceParams params_;
  core::CreditSourceCore<T> core_;
  std::optional<SourceLabel> label_;
  std::int64_t flit_bytes_;
};

}  // namespace creditflow::kinds
