// Where a trace's records are delivered, for the records that wait for them (closed-loop
// replay, trace_replay.hpp). A record is delivered when the last of its flits is popped at
// its destination, whatever order they came in. One board per trace file (its ids are
// that file's); a platform's receivers find a flit's board by its source.
#pragma once
#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "creditflow/core/trace_record.hpp"
#include "creditflow/core/types.hpp"

namespace creditflow::core {

// Told of the deliveries it asked the board to watch.
class DeliveryWatcher {
 public:
  virtual void delivered(std::uint64_t id, Cycle cycle) = 0;

 protected:
  ~DeliveryWatcher() = default;
};

class DeliveryBoard {
 public:
  // A reader of the trace (one per part replaying it): ids it may still issue start at the
  // position it gives, so the board forgets deliveries farther back than kTraceReach.
  std::size_t add_reader() {
    positions_.push_back(0);
    return positions_.size() - 1;
  }
  void reading_from(std::size_t reader, std::uint64_t id) { positions_[reader] = id; }

  // Record `id` issued as `flits` flits.
  void issued(std::uint64_t id, std::uint64_t flits) { entries_[id] = {flits, 0}; }
  // One of its flits popped at its destination in `cycle`.
  void popped(std::uint64_t id, Cycle cycle) {
    const auto e = entries_.find(id);
    if (e == entries_.end() || e->second.flits_left == 0) return;
    if (--e->second.flits_left == 0) {
      e->second.delivered = cycle;
      if (const auto w = watchers_.find(id); w != watchers_.end()) {
        const std::vector<DeliveryWatcher*> told = std::move(w->second);
        watchers_.erase(w);
        for (DeliveryWatcher* watcher : told) watcher->delivered(id, cycle);
      }
      if (++since_pruned_ >= kTraceReach) prune();
    }
  }
  // `watcher` is told when record `id` is delivered (once; it asks only for one not yet).
  void watch(std::uint64_t id, DeliveryWatcher* watcher) { watchers_[id].push_back(watcher); }
  // A watcher going away: told nothing more.
  void forget(DeliveryWatcher* watcher) {
    for (auto w = watchers_.begin(); w != watchers_.end();) {
      auto& list = w->second;
      list.erase(std::remove(list.begin(), list.end(), watcher), list.end());
      w = list.empty() ? watchers_.erase(w) : std::next(w);
    }
  }
  // The cycle record `id` was delivered in, if it has been (and is within reach).
  std::optional<Cycle> delivered(std::uint64_t id) const {
    const auto e = entries_.find(id);
    if (e == entries_.end() || e->second.flits_left != 0) return std::nullopt;
    return e->second.delivered;
  }
  std::size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    std::uint64_t flits_left = 0;
    Cycle delivered = 0;
  };
  // Delivered records no reader can wait for any more: more than kTraceReach ids before
  // the least id a reader may still issue.
  void prune() {
    since_pruned_ = 0;
    std::uint64_t least = UINT64_MAX;
    for (const std::uint64_t p : positions_) least = std::min(least, p);
    if (least <= kTraceReach) return;
    const auto end = entries_.lower_bound(least - kTraceReach);
    for (auto e = entries_.begin(); e != end;)
      e = e->second.flits_left == 0 ? entries_.erase(e) : std::next(e);
  }
  std::map<std::uint64_t, Entry> entries_;
  std::unordered_map<std::uint64_t, std::vector<DeliveryWatcher*>> watchers_;
  std::vector<std::uint64_t> positions_;
  std::uint64_t since_pruned_ = 0;
};

// A platform's boards, found by the endpoint id of the part whose flits they track.
class DeliveryBoards {
 public:
  std::shared_ptr<DeliveryBoard> board_for(const std::string& path) {
    auto& b = by_path_[path];
    if (!b) b = std::make_shared<DeliveryBoard>();
    return b;
  }
  void track(std::uint32_t source, std::shared_ptr<DeliveryBoard> board) {
    if (by_source_.size() <= source) by_source_.resize(source + 1);
    by_source_[source] = std::move(board);
  }
  void popped(std::uint32_t source, std::uint64_t id, Cycle cycle) const {
    if (source < by_source_.size() && by_source_[source]) by_source_[source]->popped(id, cycle);
  }

 private:
  std::map<std::string, std::shared_ptr<DeliveryBoard>> by_path_;
  std::vector<std::shared_ptr<DeliveryBoard>> by_source_;
};

}  // namespace creditflow::core
