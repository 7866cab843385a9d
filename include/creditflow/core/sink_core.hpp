// A ready/valid sink's behaviour (timing.md section 2): a FIFO of depth D drained by a consumer
// on a schedule. `full` is count >= D from the start-of-cycle count; with backpressure
// ready = !full and a beat offered while full stays at the source; lossy, ready is always
// high and such a beat is dropped and counted. A pop frees room only after its edge, and
// `popped` is a register, high for the one cycle after a pop: the credit a
// credit-counting source gets back.
//
// It also keeps a shadow count of an unbounded FIFO seeing the same beats and pops: the
// depth that would have kept every beat.
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>

#include "creditflow/core/creation_clocks.hpp"
#include "creditflow/core/drain_schedule.hpp"
#include "creditflow/core/error.hpp"
#include "creditflow/core/flit.hpp"
#include "creditflow/core/limits.hpp"
#include "creditflow/core/receiver_core.hpp"
#include "creditflow/core/ring_fifo.hpp"

namespace creditflow::core {

struct SinkParams {
  std::int64_t depth = 4;
  bool backpressure = true;
  DrainSpec drain;
};

template <class T>
class SinkCore {
 public:
  SinkCore(const SinkParams& params, std::uint64_t seed, const std::string& where)
      : buffer_(static_cast<std::size_t>(checked_depth(params.depth, where))),
        backpressure_(params.backpressure),
        drain_(params.drain, seed, where),
        pop_allowed_(drain_.allows(0)) {}  // empty at reset: no pop in cycle 0

  Cycle now() const { return now_; }
  std::int64_t depth() const { return static_cast<std::int64_t>(buffer_.capacity()); }
  std::int64_t occupancy() const { return static_cast<std::int64_t>(buffer_.size()); }
  bool full() const { return buffer_.full(); }
  // Moore outputs for the current cycle.
  bool ready() const { return !backpressure_ || !buffer_.full(); }
  bool will_pop() const { return pop_now_; }
  const T& head() const { return buffer_.front().flit; }
  bool popped_register() const { return popped_reg_; }

  void measure_from(Cycle start) { measure_from_ = start; }

  // The edge closing the current cycle: a beat offered (`valid`) transfers iff ready; in
  // lossy mode a transferred beat that met a full FIFO (at the start of the cycle, so even
  // in the cycle of a pop) is dropped and counted.
  void advance(bool valid, const T& flit) {
    const bool full_at_start = buffer_.full();
    const bool transfer = valid && ready();
    // The unbounded shadow FIFO sees the same beats and pop opportunities.
    if (transfer) keep_all_ = std::max(keep_all_, shadow_ + 1);
    const bool shadow_pop = pop_allowed_ && shadow_ > 0;
    shadow_ += static_cast<std::int64_t>(transfer) - static_cast<std::int64_t>(shadow_pop);

    popped_reg_ = pop_now_;
    if (pop_now_) pop();
    if (transfer) {
      ++transferred_;
      if (full_at_start) {
        ++dropped_;
      } else {
        buffer_.push(Entry{flit, now_});
        peak_ = std::max(peak_, occupancy());
      }
    }
    ++now_;
    pop_allowed_ = drain_.allows(now_);
    pop_now_ = pop_allowed_ && !buffer_.empty();
  }

  // Whether idle cycles may be skipped: nothing held, nothing in the shadow FIFO that
  // sizes the depth to keep all, and no pop's pulse going out (a pop in the cycle before).
  bool skippable() const { return buffer_.empty() && shadow_ == 0 && !popped_reg_; }
  // Jumps to cycle t across skippable cycles with nothing offered.
  void skip_to(Cycle t) {
    if (t <= now_) return;
    now_ = t;
    pop_allowed_ = drain_.allows(now_);
    pop_now_ = false;
  }

  std::uint64_t transferred() const { return transferred_; }  // beats that left the source
  std::uint64_t dropped() const { return dropped_; }
  // Visits every beat in the FIFO, oldest first.
  template <class F>
  void for_each_flit(F&& f) const {
    buffer_.for_each([&](const Entry& e) { f(e.flit); });
  }
  std::uint64_t popped() const { return popped_; }
  std::int64_t peak_occupancy() const { return peak_; }
  // The depth that would have kept every beat so far (0 before any beat).
  std::int64_t depth_to_keep_all() const { return keep_all_; }
  const FlitLatency& latency() const { return latency_; }
  // Lists every popped beat's creation cycle, for sizing random traffic by its waits.
  void list_creations(bool on) { latency_.creations.listing = on; }
  // Beats made beyond a crossing upstream of its source: per source, its clock to the
  // sink's (core/creation_clocks.hpp).
  void set_creation_clocks(std::function<ClockPair(std::uint32_t source)> clocks) {
    creation_clocks_.set(std::move(clocks));
  }

 private:
  struct Entry {
    T flit{};
    Cycle arrived = 0;
  };

  static std::int64_t checked_depth(std::int64_t depth, const std::string& where) {
    check_range(where, "depth", depth, 1, limits::max_depth);
    return depth;
  }

  void pop() {
    const Entry& e = buffer_.front();
    if (now_ >= measure_from_) {
      // A stream has no stages: a beat is sent in the cycle the sink takes it.
      T sent = creation_clocks_.in_sender_cycles(e.flit);
      stamp_sent(sent, e.arrived);
      record_latency(latency_, sent, e.arrived, now_);
    }
    buffer_.pop();
    ++popped_;
  }

  RingFifo<Entry> buffer_;
  CreationClocks creation_clocks_;
  bool backpressure_;
  DrainSchedule drain_;
  Cycle now_ = 0;
  Cycle measure_from_ = 0;
  bool pop_allowed_;
  bool pop_now_ = false;
  bool popped_reg_ = false;
  std::int64_t shadow_ = 0;
  std::int64_t keep_all_ = 0;
  std::uint64_t transferred_ = 0;
  std::uint64_t dropped_ = 0;
  std::uint64_t popped_ = 0;
  std::int64_t peak_ = 0;
  FlitLatency latency_;
};

}  // namespace creditflow::core
