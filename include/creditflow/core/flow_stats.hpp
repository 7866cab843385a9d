// Per-flow figures (timing.md section 5): a flow is a (source, destination) pair of endpoint
// ids. Sources count what they create for each destination; final receivers count what
// they pop from each source and time it from creation to that pop. A platform adds both
// up into one table and names the ids.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>

#include "creditflow/core/census.hpp"
#include "creditflow/core/clock_pair.hpp"
#include "creditflow/core/delivery_board.hpp"
#include "creditflow/core/flit.hpp"
#include "creditflow/core/latency_stats.hpp"
#include "creditflow/core/steady_state.hpp"
#include "creditflow/core/types.hpp"

namespace creditflow::core {

struct FlowFigures {
  std::uint64_t created = 0;
  std::uint64_t delivered = 0;            // popped at their destination, whole run
  std::uint64_t delivered_in_window = 0;  // popped from the warm-up on
  std::uint64_t misdelivered = 0;         // popped at a receiver that is not its destination
  LatencyStats latency;                   // creation to final pop, popped in the window
  Cycle last_delivered = 0;               // the cycle of its last pop (the receiver's)
  // From a trace (a trace_source): its records issued in the run, their bytes, the bytes a
  // flit carried (each record's flits its bytes over this, rounded up), and whether the
  // source had issued every record of its trace by the run's end.
  bool traced = false;
  std::uint64_t records = 0, bytes = 0, width = 0;
  bool trace_done = false;

  // Another part's share of the same flow (its source's, its receiver's).
  void add(const FlowFigures& f) {
    created += f.created;
    delivered += f.delivered;
    delivered_in_window += f.delivered_in_window;
    misdelivered += f.misdelivered;
    latency.merge(f.latency);
    last_delivered = std::max(last_delivered, f.last_delivered);
    if (!f.traced) return;
    traced = true;
    records += f.records;
    bytes += f.bytes;
    width = f.width;
    trace_done = f.trace_done;
  }
};

using FlowKey = std::pair<std::uint32_t, std::uint32_t>;  // (source, destination) ids
using FlowTable = std::map<FlowKey, FlowFigures>;

// A source's creations into the table: by destination where it names them, else under
// destination 0 (wherever its path leads).
inline void add_created(FlowTable& table, std::uint32_t source, std::uint64_t created,
                        const std::map<std::uint32_t, std::uint64_t>& by_destination) {
  if (by_destination.empty()) {
    table[{source, 0}].created += created;
    return;
  }
  for (const auto& [destination, count] : by_destination) table[{source, destination}].created += count;
}

// A final receiver's record of what it popped, by source. A flit addressed elsewhere is
// still popped (its credit returned) but counted as misdelivered, not delivered.
class FlowDeliveries {
 public:
  // The clocks from a source's to this receiver's, where they differ (a platform of
  // several clocks): its flits' creation stamps count in the source's cycles.
  using Clocks = std::function<ClockPair(std::uint32_t source)>;

  FlowDeliveries() = default;
  // A copy's figures are its own: its order of sources points into its own map.
  FlowDeliveries(const FlowDeliveries& other)
      : self_(other.self_), measure_from_(other.measure_from_), clocks_(other.clocks_),
        clocks_by_source_(other.clocks_by_source_), by_source_(other.by_source_),
        misdelivered_(other.misdelivered_), dropped_(other.dropped_), deliveries_(other.deliveries_) {
    for (const auto& [source, f] : other.sources_) sources_.emplace_back(source, &by_source_.at(source));
  }
  FlowDeliveries(FlowDeliveries&&) = default;  // a map's nodes move with it
  FlowDeliveries& operator=(const FlowDeliveries& other) {
    if (this != &other) *this = FlowDeliveries(other);
    return *this;
  }
  FlowDeliveries& operator=(FlowDeliveries&&) = default;

  // `measure_from`: the first of this receiver's cycles in the window.
  // `deliveries`: where the flits of traced sources are told delivered (none: no traces).
  void configure(std::uint32_t self, Cycle measure_from, Clocks clocks = {},
                 std::shared_ptr<DeliveryBoards> deliveries = {}) {
    self_ = self;
    measure_from_ = measure_from;
    clocks_ = std::move(clocks);
    deliveries_ = std::move(deliveries);
  }

  template <class T>
  void pop(const T& flit, Cycle now) {
    if constexpr (is_basic_flit<T>::value) {
      if (flit.destination != 0 && flit.destination != self_) {
        ++misdelivered_[{flit.source, flit.destination}];
        return;
      }
      const auto [at, fresh] = by_source_.try_emplace(flit.source);
      if (fresh) sources_.emplace_back(flit.source, &at->second);
      FlowFigures& f = at->second;
      ++f.delivered;
      f.last_delivered = now;
      if (deliveries_) deliveries_->popped(flit.source, flit.id, now);
      if (now >= measure_from_) {
        ++f.delivered_in_window;
        f.latency.add(clocks_ ? latency_across(flit.source, flit.created, now) : now - flit.created);
      }
    }
  }

  // A flit a lossy sink dropped, under its source.
  template <class T>
  void drop(const T& flit) {
    if constexpr (is_basic_flit<T>::value) ++dropped_[flit.source];
  }

  // A final receiver's deliveries to accounting: by source where the census looks at each
  // flit, else the `popped` it counts itself, all at once.
  void count_delivered(Census& c, std::uint64_t popped) const {
    if (c.by_flit())
      count(c);
    else
      c.delivered_count(popped);
  }
  // Its deliveries and drops by source, for accounting by source.
  void count(Census& c) const {
    for (const auto& [source, f] : sources_) c.delivered[c.slot(source)] += f->delivered;
    for (const auto& [flow, n] : misdelivered_) c.delivered[c.slot(flow.first)] += n;
    for (const auto& [source, n] : dropped_) c.dropped[c.slot(source)] += n;
  }

  void add_to(FlowTable& table) const {
    for (const auto& [source, mine] : by_source_) {
      FlowFigures& f = table[{source, self_}];
      f.delivered += mine.delivered;
      f.delivered_in_window += mine.delivered_in_window;
      f.latency.merge(mine.latency);
      f.last_delivered = std::max(f.last_delivered, mine.last_delivered);
    }
    for (const auto& [flow, count] : misdelivered_) table[flow].misdelivered += count;
  }

  void repeat(const FlowDeliveries& earlier, const Repeat& r) {
    for (auto& [source, f] : by_source_) {
      const auto before = earlier.by_source_.find(source);
      if (before == earlier.by_source_.end()) continue;
      f.delivered = r.count(f.delivered, before->second.delivered);
      f.delivered_in_window = r.count(f.delivered_in_window, before->second.delivered_in_window);
      f.latency.repeat(before->second.latency, r.periods);
      if (f.last_delivered != before->second.last_delivered) f.last_delivered = r.time(f.last_delivered);
    }
    for (auto& [flow, count] : misdelivered_) {
      const auto before = earlier.misdelivered_.find(flow);
      if (before != earlier.misdelivered_.end()) count = r.count(count, before->second);
    }
  }

 private:
  // Creation to pop in this receiver's cycles, rounded up, across clocks.
  Cycle latency_across(std::uint32_t source, Cycle created, Cycle now) {
    auto known = clocks_by_source_.find(source);
    if (known == clocks_by_source_.end()) known = clocks_by_source_.emplace(source, clocks_(source)).first;
    const ClockPair& c = known->second;
    if (!c.crosses()) return now - created;
    return static_cast<Cycle>(std::ceil(static_cast<double>(c.picoseconds(created, now)) / c.to_period_ps - 1e-9));
  }

  std::uint32_t self_ = 0;
  Cycle measure_from_ = 0;
  Clocks clocks_;
  std::map<std::uint32_t, ClockPair> clocks_by_source_;
  std::map<std::uint32_t, FlowFigures> by_source_;
  // The same figures in the order their sources first came, asked every cycle by
  // accounting: a walk of a map's nodes was half a run with 60 sources to each receiver.
  std::vector<std::pair<std::uint32_t, const FlowFigures*>> sources_;
  std::map<FlowKey, std::uint64_t> misdelivered_;  // flits of other receivers' flows
  std::map<std::uint32_t, std::uint64_t> dropped_;  // by source
  std::shared_ptr<DeliveryBoards> deliveries_;
};

}  // namespace creditflow::core
