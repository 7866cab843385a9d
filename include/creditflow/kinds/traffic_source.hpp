// Traffic source: offers flits on a valid/ready interface by a pattern (saturating, every
// k cycles, bursts, Bernoulli). Timing: out_valid/out_flit during cycle t are the head of
// its queue at the start of t; the head leaves at the edge closing t if out_ready was high.
#pragma once
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>

#include "creditflow/core/loop_terms.hpp"
#include "creditflow/core/seed.hpp"
#include "creditflow/core/source_core.hpp"
#include "creditflow/kinds/behaviour.hpp"

namespace creditflow::kinds {

// What a platform's source says of itself in its link's report (a hand-wired one: nothing).
struct SourceLabel {
  std::string traffic_class;
  std::uint64_t beats = 0;
};

template <class T = core::Flit>
class TrafficSourceKind : public Behaviour<T> {
 public:
  enum : std::size_t { out };
  static constexpr std::array<Port, 1> ports{{
      {"out", ChannelType::stream, PortDir::out, "out", false, "flits offered to a sender or a sink"}}};
  static constexpr std::array<std::size_t, 1> ports_in_terms{out};
  using Io = kinds::Io<T, 1>;

  TrafficSourceKind(const core::SourceParams& params, std::uint64_t run_seed, const std::string& name,
                    std::optional<SourceLabel> label = std::nullopt)
      : core_(params, core::derive_seed(run_seed, name), name), label_(std::move(label)) {}
  const core::SourceCore<T>& core() const { return core_; }
  void measure_from(core::Cycle t) { core_.measure_from(t); }
  void record_to(core::CreationLog* log) { core_.record_to(log); }

  void edge(int, Io& io) { core_.advance(core_.has_data() && io[out]->ready); }
  void drive(Io& io) { offer(*io[out], core_.has_data(), core_.has_data() ? &core_.head() : nullptr); }
  PortMask carrying() const { return core_.has_data() ? port_bit(out) : 0; }
  // On a ready/valid link (no credits): what left the source, and whether it is held now.
  void add_terms(core::LoopState& s, const Io& io) const { core::add_terms(s, core_, io[out]->ready); }
  void add_figures(core::LinkReport& r) const {
    // What it offers, whether a platform made it or a user wired it; a platform's label
    // names its class and counts its beats.
    r.offered_rate = core_.pattern().offered_rate();
    r.random_traffic = !core_.pattern().saturating() && !core_.pattern().cycle_length();
    r.source_refused = core_.refused();
    // Whether its queue grew through the window, against the spread of its own arrivals
    // there (one standard deviation of their count) and at least a packet.
    r.source_backlog_growth =
        static_cast<std::int64_t>(core_.queued()) - static_cast<std::int64_t>(core_.queued_at_window());
    const double window = static_cast<double>(core_.now()) - static_cast<double>(core_.window_start());
    const double p = std::min(1.0, r.offered_rate);
    r.source_backlog_noise = std::max(static_cast<double>(core_.packet_flits()),
                                      r.random_traffic && window > 0 ? std::sqrt(window * p * (1.0 - p)) : 0.0);
    if (!label_) return;
    r.traffic_class = label_->traffic_class;
    r.source_beats = label_->beats;
  }

  static constexpr bool counts_flits = true;
  void count(core::Census& c) const {
    const std::size_t s = c.slot(core_.source_id());
    c.created[s] += core_.created();
    c.refused[s] += core_.refused();
    c.held[s] += core_.queued();
  }
  // Its flits created, refused and sent, each only growing: any change of its count moves it.
  std::uint64_t census_version() const {
    return core_.created() + core_.refused() + (core_.created() - core_.queued());
  }
  void add_flows(core::FlowTable& t) const {
    core::add_created(t, core_.source_id(), core_.created(), core_.created_by_destination());
  }

  // Idle while its queue is empty, until its pattern next fires; asleep till then where
  // the platform cannot jump (its output quiet, its counts as they were).
  static constexpr bool sleeps = true;
  static constexpr bool counted_asleep = true;
  core::Cycle next_busy(core::Cycle t) const { return core_.next_busy(t); }
  void skip_to(core::Cycle t) { core_.skip_to(t); }
  std::optional<core::Cycle> cycle_length() const { return core_.cycle_length(); }
  void add_shape(core::Shape& s) const { core_.add_shape(s); }
  void repeat(const TrafficSourceKind& earlier, core::Cycle periods, core::Cycle period) {
    core_.repeat(earlier.core_, core::Repeat{periods, period, core_.created() - earlier.core_.created()});
  }

 private:
  core::SourceCore<T> core_;
  std::optional<SourceLabel> label_;
};

}  // namespace creditflow::kinds
