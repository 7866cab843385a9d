// An asynchronous FIFO (timing.md section 3): binary and Gray write and read pointers, each
// Gray pointer synchronized into the other domain through N flops. The writer's free-slot
// count, from the synchronized read pointer, is its credit count (full == no credits);
// the reader's occupancy comes from the synchronized write pointer.
//
// Timing, in each side's own cycles: a write in writer cycle t moves the write pointer at
// the edge closing t; the reader can pop it once the pointer has passed its N flops, and
// pops in the first such cycle its drain allows; the read pointer moves at that edge and,
// once through the writer's N flops, is counted at the edge closing the cycle it shows in,
// like any returned credit (timing.md section 1). With equal, aligned clocks a credit is
// spendable again after 2N + 3 writer cycles; each crossing's uncertainty adds one.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "creditflow/core/drain_schedule.hpp"
#include "creditflow/core/flit.hpp"
#include "creditflow/core/gray.hpp"
#include "creditflow/core/limits.hpp"
#include "creditflow/core/receiver_core.hpp"
#include "creditflow/core/sender_core.hpp"
#include "creditflow/core/synchronizer.hpp"

namespace creditflow::core {

struct AsyncFifoParams {
  std::int64_t depth = 8;
  std::int64_t sync_stages = 2;
  double uncertainty = 0.0;
  DrainSpec drain;  // the reader's consumer, in reader cycles
};

template <class T>
class AsyncFifoCore {
 public:
  AsyncFifoCore(const AsyncFifoParams& p, std::uint64_t seed, const std::string& where)
      : depth_(checked_depth(p.depth, where)),
        writer_(p.depth, where),
        wptr_(pointer_width(static_cast<std::uint64_t>(p.depth))),
        rptr_(pointer_width(static_cast<std::uint64_t>(p.depth))),
        rsync_(p.sync_stages, p.uncertainty, seed, where),
        wsync_(p.sync_stages, p.uncertainty, seed ^ 0x5A5A5A5Au, where),
        drain_(p.drain, seed ^ 0xC3C3C3C3u, where),
        storage_(static_cast<std::size_t>(p.depth)) {}

  // --- writer domain
  Cycle write_cycle() const { return writer_.now(); }
  bool can_write() const { return writer_.can_send(); }  // not full
  std::uint64_t write_gray() const { return wptr_.gray(); }
  // The edge closing a writer cycle; `read_gray` is the read pointer as its first
  // synchronizer flop samples it now.
  void write_edge(bool valid, const T& flit, std::uint64_t read_gray) {
    const std::uint64_t seen = from_gray(rsync_.output());
    const auto returned = static_cast<std::int64_t>(rptr_.distance(seen, rseen_));
    rseen_ = seen;
    if (writer_.advance(valid, returned)) {
      T stamped = flit;
      stamp_sent(stamped, writer_.now() - 1);
      // Slots go by entry count: a Gray pointer's binary value wraps at a power of two, so
      // for a depth that is not one it would map two live entries onto one slot.
      storage_[(writer_.sent() - 1) % storage_.size()] = stamped;
      wptr_.advance();
    }
    rsync_.sample(read_gray);
  }

  // --- reader domain
  Cycle read_cycle() const { return rnow_; }
  bool will_pop() const { return pop_now_; }
  const T& head() const { return storage_[popped_ % storage_.size()]; }
  std::uint64_t read_gray() const { return rptr_.gray(); }
  void measure_from(Cycle reader_cycle) { measure_from_ = reader_cycle; }
  // The writer's clock and the reader's: creation to pop is then kept in picoseconds.
  void set_clocks(const ClockPair& clocks) { clocks_ = clocks; }
  void read_edge(std::uint64_t write_gray) {
    if (pop_now_) {
      if constexpr (has_time_stamps<T>::value) {
        if (rnow_ >= measure_from_) {
          latency_.creation_to_send.add(head().sent - head().created);
          if (clocks_.crosses()) latency_.creation_to_pop_ps.add(clocks_.picoseconds(head().created, rnow_));
        }
      }
      rptr_.advance();
      ++popped_;
    }
    wsync_.sample(write_gray);
    wseen_ = from_gray(wsync_.output());
    ++rnow_;
    peak_ = std::max(peak_, occupancy());
    pop_now_ = occupancy() > 0 && drain_.allows(rnow_);
  }

  // --- conservation: the four terms always sum to the depth
  std::int64_t depth() const { return depth_; }
  std::int64_t writer_credits() const { return writer_.credits(); }
  std::int64_t crossing_forward() const { return dist(wptr_.binary(), wseen_); }  // written, not yet visible
  std::int64_t occupancy() const { return dist(wseen_, rptr_.binary()); }          // visible, not yet read
  std::int64_t crossing_back() const { return dist(rptr_.binary(), rseen_); }      // read, not yet counted

  const SenderCore& writer() const { return writer_; }
  std::uint64_t popped() const { return popped_; }
  std::int64_t peak_occupancy() const { return peak_; }
  const FlitLatency& latency() const { return latency_; }

 private:
  static std::int64_t checked_depth(std::int64_t depth, const std::string& where) {
    check_range(where, "depth", depth, 1, limits::max_depth);
    return depth;
  }
  std::int64_t dist(std::uint64_t ahead, std::uint64_t behind) const {
    return static_cast<std::int64_t>(wptr_.distance(ahead, behind));
  }

  std::int64_t depth_;
  SenderCore writer_;
  GrayPointer wptr_, rptr_;
  Synchronizer rsync_, wsync_;
  DrainSchedule drain_;
  std::vector<T> storage_;
  std::uint64_t rseen_ = 0, wseen_ = 0;
  Cycle rnow_ = 0, measure_from_ = 0;
  ClockPair clocks_;
  bool pop_now_ = false;
  std::uint64_t popped_ = 0;
  std::int64_t peak_ = 0;
  FlitLatency latency_;
};

}  // namespace creditflow::core
