// A link carrying several named traffic classes (timing.md section 4), as two kernel-free
// halves. The sender keeps one source per class (any pattern, a bounded queue whose
// overflow is counted), or a queue per class fed from its input stream (each flit to the
// class its source endpoint maps to), counts the header and data credits each class holds, and each
// cycle lets the arbiter pick among classes that have a packet and that the pool policy
// allows: a packet takes one header credit and ceil(payload / data_unit) data credits.
// The receiver keeps a buffer per class and a consumer per class with its own drain
// schedule; a bypass receiver may pop a packet in the cycle it arrives. Credits return
// through zero stages: popped in cycle t, usable from t + 1.
#pragma once
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "creditflow/core/arbiter.hpp"
#include "creditflow/core/class_credits.hpp"
#include "creditflow/core/creation_clocks.hpp"
#include "creditflow/core/drain_schedule.hpp"
#include "creditflow/core/flit.hpp"
#include "creditflow/core/latency_stats.hpp"
#include "creditflow/core/pool_policy.hpp"
#include "creditflow/core/source_core.hpp"

namespace creditflow::core {

struct ClassSpec {
  std::string name;
  SourceParams source;
  std::vector<std::int64_t> payload_bytes{0};  // packet payloads, cycled through
};

// What the receiver advertises: header credits (`depth`) and data credits, each divided
// among the classes by `policy`.
struct ClassPoolSpec {
  std::string policy = "shared";
  std::int64_t depth = 8;
  std::vector<std::int64_t> reserved, max;  // per class, header credits
  std::int64_t data_depth = 0;             // 0: no data credits (packets are bare words)
  std::vector<std::int64_t> data_reserved;
  std::int64_t data_unit = 16;             // bytes per data credit
};

// Where a fed sender's packets come from: each source endpoint id to its class's index.
using ClassFeed = std::map<std::uint32_t, std::size_t>;

class ClassSenderCore {
 public:
  // `beat_bytes`: the link's width; a packet of P payload bytes then holds the link for
  // max(1, ceil(P / beat_bytes)) cycles and leaves, whole, in its last (0: one cycle each).
  // `feed`: none, each class makes its packets by its source's pattern; else every class
  // takes its packets from the input stream (take()), into a queue of its queue_depth.
  ClassSenderCore(std::vector<ClassSpec> classes, const ClassPoolSpec& pools, Arbiter arbiter, std::uint64_t seed,
                  const std::string& where, std::int64_t beat_bytes = 0, ClassFeed feed = {});

  bool fed() const { return !feed_.empty(); }
  // A fed sender: the class a flit from the input stream joins (-1: its source maps to
  // none), and whether that class's queue has room for it in the current cycle.
  int class_of(const Flit& f) const {
    const auto found = feed_.find(f.source);
    return found == feed_.end() ? -1 : static_cast<int>(found->second);
  }
  bool accepts(const Flit& f) const {
    const int c = class_of(f);
    return c >= 0 && !fed_[static_cast<std::size_t>(c)].full();
  }
  // At the edge closing the current cycle, before advance(): the input stream's flit,
  // taken (accepts() held), joins its class's queue, a candidate from the next cycle.
  void take(const Flit& f);

  Cycle now() const { return now_; }
  std::size_t classes() const { return classes_.size(); }
  const std::string& name(std::size_t c) const { return classes_[c].name; }
  // The class whose packet starts in the current cycle, or -1, and that packet.
  int chosen() const { return chosen_; }
  Flit chosen_flit() const;
  // What goes on the link in the current cycle: a one-beat packet as it starts, a longer
  // one in its last beat.
  bool out_valid() const { return serial_left_ == 1 || (chosen_ >= 0 && beats(static_cast<std::size_t>(chosen_)) == 1); }
  Flit out_flit() const { return serial_left_ == 1 ? serial_flit_ : chosen_flit(); }
  // A packet still crossing the link beat by beat (its credits spent, its flit not yet on
  // the wire), or -1; conservation counts it on the receiver's side.
  int serializing() const { return serial_left_ > 0 ? static_cast<int>(serial_flit_.traffic_class) : -1; }
  const Flit& serializing_flit() const { return serial_flit_; }

  void measure_from(Cycle start) { measure_from_ = start; }
  // Packets made in other clocks (its `sources` beyond a crossing): their creations in its
  // own cycles (core/creation_clocks.hpp).
  void set_creation_clocks(std::function<ClockPair(std::uint32_t source)> clocks) {
    creation_clocks_.set(std::move(clocks));
  }
  // The edge closing the current cycle: the chosen packet leaves, `returned` credits come
  // back (counted after this cycle's decision), and the next cycle's choice is made.
  // Throws ProtocolError if more credits come back than a class holds.
  void advance(const ClassCredits& returned);

  std::int64_t held_header(std::size_t c) const { return held_h_[c]; }
  // The live counts, for tracing (the vectors are sized once, so the references hold).
  const std::int64_t& held_header_ref(std::size_t c) const { return held_h_[c]; }
  const std::int64_t& held_data_ref(std::size_t c) const { return held_d_[c]; }
  std::int64_t held_data(std::size_t c) const { return held_d_[c]; }
  bool has_data(std::size_t c) const { return fed() ? !fed_[c].empty() : sources_[c].has_data(); }
  const PoolPolicy& header_pool() const { return *header_pool_; }
  // The data credit pool, or null when packets are bare words (no data credits).
  const PoolPolicy* data_pool() const { return data_pool_.get(); }
  // The most data credits one of class c's packets takes (its largest payload).
  std::int64_t largest_data(std::size_t c) const { return largest_data_[c]; }

  struct Figures {
    std::uint64_t sent = 0;           // in the window
    std::uint64_t stall_cycles = 0;   // had a packet, not allowed by the pool
    LatencyStats credit_wait;         // ready (created) to sent
    LatencyStats round_trip;          // a header credit's spend to spendable again
    std::vector<std::uint64_t> starved_by;  // stall cycles while class k held most of the shared pool
  };
  const Figures& figures(std::size_t c) const { return figures_[c]; }
  // Packets of class c sent since reset, the warm-up included (progress for the watchdog).
  std::uint64_t sent_since_reset(std::size_t c) const { return sent_since_reset_[c]; }
  std::uint64_t refused(std::size_t c) const { return fed() ? 0 : sources_[c].refused(); }
  // Packets class c's own source made, and those waiting in its queue (not fed: 0).
  std::uint64_t created(std::size_t c) const { return fed() ? 0 : sources_[c].created(); }
  std::uint64_t queued(std::size_t c) const { return fed() ? fed_[c].size() : sources_[c].queued(); }
  // Visits every packet it holds: fed queues' and one crossing the link beat by beat.
  template <class F>
  void for_each_held(F&& f) const {
    for (const RingFifo<Flit>& q : fed_) q.for_each(f);
    if (serial_left_ > 0) f(serial_flit_);
  }
  // A fed class's rate is its sources' (the platform adds it up): 0 here.
  double offered_rate(std::size_t c) const { return fed() ? 0.0 : sources_[c].pattern().offered_rate(); }

 private:
  std::int64_t data_credits(const Flit& f) const { return f.data_units; }
  const Flit& head(std::size_t c) const { return fed() ? fed_[c].front() : sources_[c].head(); }
  bool allowed(std::size_t c) const;
  void decide();
  // Beats of class c's next packet on the link.
  std::int64_t beats(std::size_t c) const;

  std::vector<ClassSpec> classes_;
  std::vector<SourceCore<Flit>> sources_;  // per class, unless fed
  ClassFeed feed_;
  std::vector<RingFifo<Flit>> fed_;        // per class, when fed
  std::vector<std::uint64_t> taken_;       // per class, when fed: flits taken in, for their payloads
  std::int64_t data_unit_;
  std::unique_ptr<PoolPolicy> header_pool_, data_pool_;
  Arbiter arbiter_;
  std::vector<std::int64_t> held_h_, held_d_;
  std::vector<Figures> figures_;
  std::vector<std::uint64_t> sent_since_reset_;
  // Per class in the current cycle: -1 not waiting for credits, else the class holding
  // most of the shared pool (itself when none does).
  std::vector<int> waiting_;
  std::vector<std::deque<Cycle>> spends_;
  std::vector<std::int64_t> largest_data_;  // per class: cycles of its credits out, oldest first
  int chosen_ = -1;
  CreationClocks creation_clocks_;
  Cycle now_ = 0, measure_from_ = 0;
  std::string where_;
  std::int64_t beat_bytes_;
  std::int64_t serial_left_ = 0;  // cycles of the serializing packet still to come, this one included
  Flit serial_flit_{};
};

class ClassReceiverCore {
 public:
  ClassReceiverCore(std::vector<std::string> names, const ClassPoolSpec& pools, std::vector<DrainSpec> drains,
                    bool bypass, std::uint64_t seed, const std::string& where);

  Cycle now() const { return now_; }
  std::size_t classes() const { return names_.size(); }
  // What the consumers pop in the current cycle given what arrives in it (a bypass
  // receiver may pop the arriving packet): the credits it returns.
  ClassCredits pops(bool arrive, const Flit& flit) const;
  // The packet class c pops in the current cycle given what arrives, or null.
  const Flit* popping(std::size_t c, bool arrive, const Flit& flit) const {
    if (!allowed_[c]) return nullptr;
    if (!queues_[c].empty()) return &queues_[c].front();
    return bypass_ && arrive && flit.traffic_class == c ? &flit : nullptr;
  }

  void measure_from(Cycle start) { measure_from_ = start; }
  // Packets made in other clocks: their creations in its sender's cycles.
  void set_creation_clocks(std::function<ClockPair(std::uint32_t source)> clocks) {
    creation_clocks_.set(std::move(clocks));
  }
  // The edge closing the current cycle. Throws ProtocolError when a packet arrives with
  // no room for it (the sender spent credits it did not have).
  void advance(bool arrive, const Flit& flit);

  std::int64_t occupancy_header(std::size_t c) const { return static_cast<std::int64_t>(queues_[c].size()); }
  std::int64_t occupancy_data(std::size_t c) const { return queued_data_[c]; }
  std::uint64_t delivered(std::size_t c) const { return delivered_[c]; }  // in the window
  std::uint64_t delivered_since_reset(std::size_t c) const { return delivered_since_reset_[c]; }
  // Visits every packet in its buffers.
  template <class F>
  void for_each_queued(F&& f) const {
    for (const std::deque<Flit>& q : queues_)
      for (const Flit& p : q) f(p);
  }
  const LatencyStats& latency(std::size_t c) const { return latency_[c]; }  // creation to delivery
  double drain_rate(std::size_t c) const { return drain_rates_[c]; }

 private:
  std::vector<std::string> names_;
  std::int64_t header_capacity_, data_capacity_;
  std::vector<DrainSchedule> drains_;
  std::vector<double> drain_rates_;
  bool bypass_;
  std::vector<std::deque<Flit>> queues_;
  std::vector<std::int64_t> queued_data_;
  std::vector<bool> allowed_;  // each consumer may pop in the current cycle
  std::vector<std::uint64_t> delivered_, delivered_since_reset_;
  std::vector<LatencyStats> latency_;
  CreationClocks creation_clocks_;
  Cycle now_ = 0, measure_from_ = 0;
  std::string where_;
};

}  // namespace creditflow::core
