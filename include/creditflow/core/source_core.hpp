// A traffic source's behaviour: creates flits by its pattern into a bounded queue and
// offers the head. A creation that finds the queue full is refused and counted; a
// saturating source always has exactly one flit on offer, created in the cycle it is
// first offered.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>

#include "creditflow/core/destination_rule.hpp"
#include "creditflow/core/error.hpp"
#include "creditflow/core/flit.hpp"
#include "creditflow/core/limits.hpp"
#include "creditflow/core/ring_fifo.hpp"
#include "creditflow/core/steady_state.hpp"
#include "creditflow/core/traffic_pattern.hpp"
#include "creditflow/core/trace_record.hpp"

namespace creditflow::core {

struct SourceParams {
  TrafficSpec traffic;
  std::int64_t queue_depth = 1024;  // flits waiting at the source (ignored when saturating)
  std::int64_t traffic_class = 0;
  std::int64_t beats = 0;           // flits to create in all; 0: no limit
  // On a path of several hops: its own endpoint id, where its packets go, and the flits
  // of a packet (head, body..., tail; the destination is chosen at each head).
  std::uint32_t source_id = 0;
  DestinationSpec destinations;
  std::int64_t packet_flits = 1;
};

template <class T>
class SourceCore {
 public:
  // Makes each new flit; empty: make_flit<T>, called directly (a call through
  // std::function on every flit is a noticeable part of a simulated cycle).
  using Factory = std::function<T(const FlitOrigin&)>;

  SourceCore(const SourceParams& params, std::uint64_t seed, const std::string& where,
             Factory factory = {})
      : pattern_(params.traffic, seed, where),
        queue_(static_cast<std::size_t>(checked_queue_depth(params, where))),
        traffic_class_(static_cast<std::uint32_t>(params.traffic_class)),
        beats_(static_cast<std::uint64_t>(params.beats)),
        source_id_(params.source_id),
        destinations_(params.destinations, derive_seed(seed, "destinations"), where),
        packet_flits_(checked_packet_flits(params, where)),
        factory_(std::move(factory)) {
    // Each flow it may feed is one from the start, with nothing created yet: a run too
    // short (or too unlucky) to send to one still reports it, not a flow to anywhere.
    for (const std::uint32_t destination : destinations_.destinations()) created_to_[destination] = 0;
    create_for(0);
  }

  Cycle now() const { return now_; }
  // The first cycle of the measurement window: its queue is noted as that cycle starts,
  // so that the report can say whether the queue grew through the window.
  void measure_from(Cycle t) {
    measure_from_ = t;
    note_window_start();
  }
  Cycle window_start() const { return measure_from_; }
  // Flits queued as the window started (as the run started, before one has).
  std::size_t queued_at_window() const { return queued_at_window_; }
  std::uint64_t packet_flits() const { return packet_flits_; }
  // Every flit it makes told to `log` (a run's trace); it then never jumps.
  void record_to(CreationLog* log) {
    log_ = log;
    // What the constructor made for cycle 0 (one flit at most: a packet's first).
    for (std::uint64_t id = 0; log_ && id < created_; ++id) log_->created(creation(0, id));
  }
  bool has_data() const { return !queue_.empty(); }
  const T& head() const { return queue_.front(); }
  // The head as sent in cycle t, stamped in place: it leaves at this edge.
  void stamp_head(Cycle t) { stamp_sent(queue_.front(), t); }
  std::size_t queued() const { return queue_.size(); }

  // The edge closing the current cycle: the head leaves if the consumer took it, then the
  // pattern decides whether a flit is created for the next cycle.
  void advance(bool taken) {
    if (taken) {
      queue_.pop();
      ++taken_;
    } else if (has_data()) {
      ++held_;  // offered and not taken: held by backpressure or a missing credit
    }
    create_for(++now_);
    note_window_start();
  }

  // The first cycle after t in which it may change: t + 1 while it offers a flit, else its
  // pattern's next firing.
  Cycle next_busy(Cycle t) const { return has_data() ? t + 1 : pattern_.next_firing(t + 1); }
  // Jumps to cycle t >= now() across idle cycles: the queue is empty and the pattern
  // fires in none of the cycles skipped (next_busy()).
  void skip_to(Cycle t) {
    if (t <= now_) return;
    // Across the window's start the queue was empty (nothing fires in the cycles skipped).
    if (!window_noted_ && t > measure_from_) {
      window_noted_ = true;
      queued_at_window_ = 0;
    }
    now_ = t;
    create_for(now_);
    note_window_start();
  }

  std::uint64_t created() const { return created_; }
  // Flits created for each destination id given (none when the source names none).
  const std::map<std::uint32_t, std::uint64_t>& created_by_destination() const { return created_to_; }
  std::uint32_t source_id() const { return source_id_; }
  // Cycles the head was offered and not taken.
  std::uint64_t held() const { return held_; }
  // Refusals in cycles that have run: the arrival of the current cycle is decided at the
  // edge before it, and counts once that cycle has closed too.
  std::uint64_t refused() const { return refused_ - (refused_now_ ? 1 : 0); }
  std::uint64_t taken() const { return taken_; }
  const TrafficPattern& pattern() const { return pattern_; }

  // Steady-state jumps (steady_state.hpp). The source repeats every cycle_length() cycles
  // of its pattern; nullopt while it cannot jump (random draws, beats still to create, a
  // payload type of the user's).
  std::optional<Cycle> cycle_length() const {
    if (!jumpable_flit<T> || (beats_ != 0 && created_ < beats_) || log_) return std::nullopt;
    // Several destinations or flits a packet: the choices would have to repeat too.
    if (destinations_.period() > 1 || packet_flits_ > 1) return std::nullopt;
    return pattern_.cycle_length();
  }
  void add_shape(Shape& s) const {
    s.add(std::uint64_t{refused_now_});
    s.add(queue_.size());
    if constexpr (jumpable_flit<T>) queue_.for_each([&](const T& f) { add_flit(s, f, now_, created_, false); });
  }
  void repeat(const SourceCore& earlier, const Repeat& r) {
    if constexpr (jumpable_flit<T>) queue_.for_each([&](T& f) { move_flit(f, r, false); });
    now_ = r.time(now_);
    created_ = r.count(created_, earlier.created_);
    refused_ = r.count(refused_, earlier.refused_);
    taken_ = r.count(taken_, earlier.taken_);
    held_ = r.count(held_, earlier.held_);
    for (auto& [destination, count] : created_to_) count = r.count(count, earlier.created_to_.at(destination));
    note_window_start();
  }

 private:
  static std::int64_t checked_queue_depth(const SourceParams& p, const std::string& where) {
    check_range(where, "traffic_class", p.traffic_class, 0, UINT32_MAX);
    check_range(where, "beats", p.beats, 0, INT64_MAX);
    if (p.traffic.kind == TrafficSpec::Kind::saturating) return 1;
    check_range(where, "queue_depth", p.queue_depth, 1, limits::max_queue);
    return p.queue_depth;
  }

  static std::uint64_t checked_packet_flits(const SourceParams& p, const std::string& where) {
    check_range(where, "packet_flits", p.packet_flits, 1, limits::max_packet_flits);
    return static_cast<std::uint64_t>(p.packet_flits);
  }

  void note_window_start() {
    if (window_noted_ || now_ < measure_from_) return;
    window_noted_ = true;
    queued_at_window_ = queue_.size();
  }

  void create_for(Cycle t) {
    refused_now_ = false;
    if (beats_ != 0 && created_ == beats_) return;
    if (pattern_.saturating()) {
      if (queue_.empty()) push_new(t);
    } else if (pattern_.fires(t)) {
      if (queue_.full()) {
        ++refused_;
        refused_now_ = true;
      } else
        push_new(t);
    }
  }

  Creation creation(Cycle t, std::uint64_t id) const {
    Creation c;
    c.cycle = t;
    c.made_at = t == 0 ? 0 : t - 1;
    c.source = source_id_;
    c.destination = destination_;
    c.traffic_class = traffic_class_;
    c.id = id;
    return c;
  }

  void push_new(Cycle t) {
    const bool head = place_ == 0;
    if (head && !destinations_.destinations().empty()) destination_ = destinations_.next();
    const bool tail = ++place_ == packet_flits_;
    if (tail) place_ = 0;
    const FlitOrigin origin{created_, traffic_class_, t, source_id_, destination_, head, tail};
    if (factory_)
      queue_.push(factory_(origin));
    else
      make_flit_in(queue_.push_slot(), origin);
    if (log_) log_->created(creation(t, created_));
    ++created_;
    if (destination_ != 0) ++created_to_[destination_];
  }

  TrafficPattern pattern_;
  RingFifo<T> queue_;
  std::uint32_t traffic_class_;
  std::uint64_t beats_;
  std::uint32_t source_id_;
  DestinationRule destinations_;
  std::uint64_t packet_flits_;
  std::uint32_t destination_ = 0;  // the current packet's
  std::uint64_t place_ = 0;        // the next flit's place in its packet
  std::map<std::uint32_t, std::uint64_t> created_to_;
  Factory factory_;
  CreationLog* log_ = nullptr;
  Cycle now_ = 0;
  Cycle measure_from_ = 0;
  bool window_noted_ = false;
  std::size_t queued_at_window_ = 0;
  std::uint64_t created_ = 0;
  std::uint64_t refused_ = 0;
  bool refused_now_ = false;  // the current cycle's arrival was refused
  std::uint64_t taken_ = 0;
  std::uint64_t held_ = 0;
};

}  // namespace creditflow::core
