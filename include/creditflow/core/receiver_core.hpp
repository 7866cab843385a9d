// A credit receiver's behaviour (timing.md section 1, rule 3): a buffer of `depth` slots that
// pops in cycle t iff its start-of-cycle occupancy is > 0 and its drain schedule allows t,
// so a flit is never popped in the cycle it arrives. One credit is returned per pop.
// It also measures each flit's latency by phase when it pops.
#pragma once
#include <algorithm>
#include <functional>
#include <optional>
#include <utility>
#include <cstdint>
#include <sstream>
#include <string>
#include <type_traits>

#include "creditflow/core/clock_pair.hpp"
#include "creditflow/core/creation_clocks.hpp"
#include "creditflow/core/drain_schedule.hpp"
#include "creditflow/core/error.hpp"
#include "creditflow/core/flit.hpp"
#include "creditflow/core/latency_stats.hpp"
#include "creditflow/core/limits.hpp"
#include "creditflow/core/ring_fifo.hpp"
#include "creditflow/core/steady_state.hpp"
#include "creditflow/core/wait_sizing.hpp"

namespace creditflow::core {

struct ReceiverParams {
  std::int64_t depth = 4;
  DrainSpec drain;
  // Count flits whose payload does not echo their id (what every built-in source sends);
  // off for a source of one's own whose default flits carry other data.
  bool check_payload = true;
};

// Latency of popped flits by phase. Phases that need the flit's own time stamps stay
// empty for payload types without them.
struct FlitLatency {
  LatencyStats creation_to_send;
  LatencyStats send_to_arrival;
  LatencyStats arrival_to_pop;
  LatencyStats creation_to_pop;
  CreationTimes creations;  // every popped flit's, from reset: for sizing by waits
  // Across a clock crossing (the stamps in the sender's cycles, arrival and pop in the
  // receiver's): the phases that span both clocks, in picoseconds.
  LatencyStats send_to_arrival_ps;
  LatencyStats creation_to_pop_ps;
};

// Records a popped flit's latency by phase; the phases that need the flit's own stamps
// are left out for payload types without them.
template <class T>
void record_latency(FlitLatency& l, const T& flit, Cycle arrived, Cycle popped, const ClockPair* clocks = nullptr) {
  l.arrival_to_pop.add(popped - arrived);
  if constexpr (has_time_stamps<T>::value) {
    l.creations.add(flit.created, true);
    if (clocks) {
      l.send_to_arrival_ps.add(clocks->picoseconds(flit.sent, arrived));
      l.creation_to_pop_ps.add(clocks->picoseconds(flit.created, popped));
    }
    l.creation_to_send.add(flit.sent - flit.created);
    l.send_to_arrival.add(arrived - flit.sent);
    l.creation_to_pop.add(popped - flit.created);
  }
}

template <class T>
class ReceiverCore {
 public:
  ReceiverCore(const ReceiverParams& params, std::uint64_t seed, const std::string& where)
      : where_(where),
        buffer_(static_cast<std::size_t>(checked_depth(params.depth, where))),
        drain_(params.drain, seed, where),
        check_payload_(params.check_payload) {}

  Cycle now() const { return now_; }
  std::int64_t depth() const { return static_cast<std::int64_t>(buffer_.capacity()); }
  std::int64_t occupancy() const { return static_cast<std::int64_t>(buffer_.size()); }
  const std::size_t& occupancy_ref() const { return buffer_.size_ref(); }  // the live count, for tracing
  // Whether the receiver pops in the current cycle, and what.
  bool will_pop() const { return pop_now_; }
  const T& head() const { return buffer_.front().flit; }

  // Latency is recorded for flits popped at or after this cycle (the warm-up ends).
  void measure_from(Cycle start) { measure_from_ = start; }
  // The sender's clock and this receiver's, when they differ: latencies spanning both are
  // then also kept in picoseconds (FlitLatency).
  void set_clocks(const ClockPair& clocks) {
    clocks_ = clocks;
    crosses_ = clocks.crosses();
  }
  // Where its flits may have been made in other clocks than its loop's sender's (beyond a
  // crossing upstream of that sender): per source, from the source's clock to the
  // sender's. A flit's creation is then counted in the sender's cycle it fell in, so that
  // creation->send and creation->pop are in one clock's cycles.
  void set_creation_clocks(std::function<ClockPair(std::uint32_t source)> clocks) {
    creation_clocks_.set(std::move(clocks));
  }
  // Lists every popped flit's creation cycle, for sizing random traffic by its waits.
  void list_creations(bool on) { latency_.creations.listing = on; }

  // The edge closing the current cycle: pop as decided, take the arriving flit, then
  // decide the next cycle's pop. Throws ProtocolError on an arrival into a full buffer.
  void advance(bool arrive, const T& flit) { advance(arrive, flit, true); }
  // As a hop (timing.md section 5), will_pop() is the head offered to the next part, and it
  // leaves only if that part took it (`taken`: it was ready).
  void advance(bool arrive, const T& flit, bool taken) {
    if (pop_now_ && taken) pop();
    if (arrive) {
      if (buffer_.full()) overflow();
      if (check_payload_) check_payload(flit);
      Entry& e = buffer_.push_slot();
      e.flit = flit;
      e.arrived = now_;
      ++arrived_;
      peak_ = std::max(peak_, occupancy());
    }
    ++now_;
    pop_now_ = !buffer_.empty() && drain_.allows(now_);
  }

  // Whether idle cycles may be skipped: an empty buffer (a random drain's firings do not
  // depend on the cycles asked about).
  bool skippable() const { return buffer_.empty(); }
  // Jumps to cycle t across cycles with an empty buffer and nothing arriving.
  void skip_to(Cycle t) {
    if (t <= now_) return;
    now_ = t;
    pop_now_ = !buffer_.empty() && drain_.allows(now_);
  }

  // Visits every flit in the buffer, oldest first.
  template <class F>
  void for_each_flit(F&& f) const {
    buffer_.for_each([&](const Entry& e) { f(e.flit); });
  }

  std::uint64_t arrived() const { return arrived_; }
  // Flits whose payload did not echo their id on arrival (the default flit's source sets
  // payload = id), and the first such arrival in words.
  std::uint64_t corrupted() const { return corrupted_; }
  const std::string& first_corruption() const { return first_corruption_; }
  std::uint64_t popped() const { return popped_; }
  std::int64_t peak_occupancy() const { return peak_; }
  const FlitLatency& latency() const { return latency_; }

  // Steady-state jumps (steady_state.hpp). The drain repeats every cycle_length() cycles
  // between one-off stall windows; latency counts from measuring_from().
  std::optional<Cycle> cycle_length() const {
    if (!jumpable_flit<T>) return std::nullopt;
    return drain_.cycle_length();
  }
  Cycle next_stall_edge(Cycle t) const { return drain_.next_stall_edge(t); }
  Cycle measuring_from() const { return measure_from_; }
  void add_shape(Shape& s, std::uint64_t next_id) const {
    s.add(std::uint64_t{pop_now_});
    s.add(buffer_.size());
    if constexpr (jumpable_flit<T>)
      buffer_.for_each([&](const Entry& e) {
        add_flit(s, e.flit, now_, next_id, true);
        s.add(static_cast<std::int64_t>(e.arrived) - static_cast<std::int64_t>(now_));
      });
  }
  void repeat(const ReceiverCore& earlier, const Repeat& r) {
    if constexpr (jumpable_flit<T>)
      buffer_.for_each([&](Entry& e) {
        move_flit(e.flit, r, true);
        e.arrived = r.time(e.arrived);
      });
    now_ = r.time(now_);
    arrived_ = r.count(arrived_, earlier.arrived_);
    popped_ = r.count(popped_, earlier.popped_);
    for (auto [now, before] : {std::pair{&latency_.creation_to_send, &earlier.latency_.creation_to_send},
                               std::pair{&latency_.send_to_arrival, &earlier.latency_.send_to_arrival},
                               std::pair{&latency_.arrival_to_pop, &earlier.latency_.arrival_to_pop},
                               std::pair{&latency_.creation_to_pop, &earlier.latency_.creation_to_pop},
                               std::pair{&latency_.send_to_arrival_ps, &earlier.latency_.send_to_arrival_ps},
                               std::pair{&latency_.creation_to_pop_ps, &earlier.latency_.creation_to_pop_ps}})
      now->repeat(*before, r.periods);
    latency_.creations.complete = false;  // the repeated periods' flits are not listed
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
    if (now_ >= measure_from_)
      record_latency(latency_, creation_clocks_.in_sender_cycles(e.flit), e.arrived, now_, crosses_ ? &clocks_ : nullptr);
    else if constexpr (has_time_stamps<T>::value)
      latency_.creations.add(creation_clocks_.in_sender_cycles(e.flit).created, false);
    buffer_.pop();
    ++popped_;
  }

  void check_payload(const T& flit) {
    if constexpr (echoes_id<T>::value)
      if (flit.payload != static_cast<decltype(flit.payload)>(flit.id)) corrupted(flit);
  }
  // Out of line: the check runs on every arrival, this almost never. Instantiated only
  // for payloads that echo their id (check_payload calls it for no other).
  [[gnu::noinline]] void corrupted(const T& flit) {
    if (corrupted_++ != 0) return;
    const auto expected = static_cast<decltype(flit.payload)>(flit.id);
    std::ostringstream msg;
    msg << where_ << ": flit " << flit.id << " arrived at cycle " << now_ << " with payload " << flit.payload
        << ", expected " << expected << " (bits 0x" << std::hex
        << (static_cast<std::uint64_t>(flit.payload) ^ static_cast<std::uint64_t>(expected)) << " differ)";
    first_corruption_ = msg.str();
  }

  [[noreturn]] void overflow() const {
    std::ostringstream msg;
    msg << where_ << ": buffer overflow at cycle " << now_ << ": a flit arrived with all "
        << buffer_.capacity() << " slots full (more flits in flight than credits)";
    throw ProtocolError(msg.str());
  }

  std::string where_;
  RingFifo<Entry> buffer_;
  DrainSchedule drain_;
  bool check_payload_;
  Cycle now_ = 0;
  Cycle measure_from_ = 0;
  ClockPair clocks_;
  bool crosses_ = false;  // clocks_.crosses(), asked once, not per pop
  CreationClocks creation_clocks_;
  bool pop_now_ = false;
  std::uint64_t arrived_ = 0;
  std::uint64_t corrupted_ = 0;
  std::string first_corruption_;
  std::uint64_t popped_ = 0;
  std::int64_t peak_ = 0;
  FlitLatency latency_;
};

}  // namespace creditflow::core
