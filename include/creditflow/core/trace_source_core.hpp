// A trace source's behaviour: the records of its trace (trace_replay.hpp), each as its
// flits (head to tail, all with the record's id, class, endpoints and issue cycle as their
// creation), offered one at a time from a queue of `queue_depth` records. A record due
// while the queue is full is read when there is room: it keeps its issue cycle, so the wait
// shows in its latency, and nothing is refused or dropped.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "creditflow/core/error.hpp"
#include "creditflow/core/flit.hpp"
#include "creditflow/core/limits.hpp"
#include "creditflow/core/ring_fifo.hpp"
#include "creditflow/core/trace_replay.hpp"

namespace creditflow::core {

template <class T>
class TraceSourceCore {
 public:
  TraceSourceCore(std::unique_ptr<TraceReplay> replay, std::int64_t queue_depth, std::uint32_t source_id,
                  const std::string& where)
      : replay_(std::move(replay)), queue_(checked(queue_depth, where)), source_id_(source_id) {
    fill(0);
  }

  // Every record it issues told to `log` (a run's trace), at its issue cycle.
  void record_to(CreationLog* log) {
    log_ = log;
    if (log_) queue_.for_each([&](const DueRecord& r) { log_->created(creation(r, 0)); });  // the constructor's
  }
  bool has_data() const { return !queue_.empty(); }
  const T& head() const { return head_; }
  // Flits made and not yet taken.
  std::uint64_t queued() const { return created_ - taken_; }

  // The edge closing the current cycle: the head flit leaves if taken, then records due
  // by the next cycle join the queue.
  void advance(bool taken) {
    if (taken) {
      ++taken_;
      if (++place_ == queue_.front().flits) {
        queue_.pop();
        place_ = 0;
      }
    }
    fill(++now_);
  }

  Cycle now() const { return now_; }
  Cycle next_busy(Cycle t) const { return has_data() ? t + 1 : replay_->next_due(t); }
  void skip_to(Cycle t) {
    if (t <= now_) return;
    now_ = t;
    fill(now_);
  }

  std::uint64_t created() const { return created_; }
  std::uint64_t taken() const { return taken_; }
  const std::map<std::uint32_t, std::uint64_t>& created_by_destination() const { return created_to_; }
  struct Issued {
    std::uint64_t records = 0, bytes = 0;
  };
  // Records issued (queued) for each destination, and their bytes.
  const std::map<std::uint32_t, Issued>& issued_by_destination() const { return issued_to_; }
  std::uint32_t source_id() const { return source_id_; }
  const TraceReplay& replay() const { return *replay_; }

 private:
  static std::size_t checked(std::int64_t depth, const std::string& where) {
    check_range(where, "queue_depth", depth, 1, limits::max_queue);
    return static_cast<std::size_t>(depth);
  }

  void fill(Cycle t) {
    DueRecord r;
    while (!queue_.full() && replay_->pop_due(t, r)) {
      queue_.push(r);
      created_ += r.flits;
      created_to_[r.destination] += r.flits;
      Issued& issued = issued_to_[r.destination];
      ++issued.records;
      issued.bytes += r.bytes;
      if (DeliveryBoard* board = replay_->board()) board->issued(r.id, r.flits);
      if (log_) log_->created(creation(r, t == 0 ? 0 : t - 1));
    }
    make_head();
  }

  Creation creation(const DueRecord& r, Cycle made_at) const {
    Creation c;
    c.cycle = r.at;
    c.made_at = made_at;
    c.source = source_id_;
    c.destination = r.destination;
    c.traffic_class = r.traffic_class;
    c.id = r.id;
    c.flits = r.flits;
    return c;
  }

  // The flit on offer: the front record's next one.
  void make_head() {
    if (queue_.empty()) return;
    const DueRecord& r = queue_.front();
    const FlitOrigin origin{r.id, r.traffic_class, r.at, source_id_, r.destination, place_ == 0, place_ + 1 == r.flits};
    make_flit_in(head_, origin);
  }

  std::unique_ptr<TraceReplay> replay_;
  RingFifo<DueRecord> queue_;
  std::uint32_t source_id_;
  T head_{};
  std::uint64_t place_ = 0;  // flits of the front record taken
  std::map<std::uint32_t, std::uint64_t> created_to_;
  std::map<std::uint32_t, Issued> issued_to_;
  CreationLog* log_ = nullptr;
  Cycle now_ = 0;
  std::uint64_t created_ = 0, taken_ = 0;
};

}  // namespace creditflow::core
