// Sizing a credit loop from the credit waits a user can accept, for traffic whose flits
// come when they please (random or bursty sources): the mean rate alone says how many
// credits carry the load, not how long flits wait for one.
//
// The loop's credit waits are replayed, kernel-free, from the creation cycles of its flits
// in timing.md section 3's abstract form: a credit spent in cycle t is spendable again in
// t + RTT, at most one flit is sent per cycle, in creation order. For a section 1 loop
// whose receiver pops every cycle this is the loop itself, wait for wait; where the
// receiver's drain stretches round trips it is not, which a replay at the loop's own
// credits shows (it must reproduce the measured waits exactly before it sizes anything).
#pragma once
#include <cstdint>
#include <vector>

#include "creditflow/core/latency_stats.hpp"
#include "creditflow/core/types.hpp"

namespace creditflow::core {

// The creation cycles of a link's flits in the order they were sent, from reset, as far
// as `capacity` of them, when listing; `window_from` is the index of the first counted in the window.
// Listing is off unless asked for: only a link whose flits come at random is sized by its
// waits, and a list costs a write per flit and 8 bytes a flit.
struct CreationTimes {
  static constexpr std::size_t capacity = std::size_t{1} << 21;
  std::vector<Cycle> cycles;
  std::size_t window_from = 0;
  bool listing = false;
  bool complete = true;  // false once a flit was left out (capacity, or a steady-state jump)

  void add(Cycle created, bool in_window) {
    if (!listing) return;
    if (!in_window) window_from = cycles.size() + 1;
    if (cycles.size() < capacity)
      cycles.push_back(created);
    else
      complete = false;
  }
};

// The credit waits (send - creation) of the flits counted in the window, replayed with
// `credits` credits over a round trip of `rtt` cycles.
LatencyStats replay_credit_waits(const CreationTimes& flits, std::uint64_t rtt, std::int64_t credits);

struct WaitSizing {
  std::int64_t depth = 0;      // the fewest credits whose waits meet the target
  std::uint64_t wait = 0;      // the waits' percentile with that many
};
// The fewest credits (at most `rtt`: with as many as the round trip no flit waits for a
// credit) whose replayed waits have their `percentile` (0 < p <= 1) at most `accepted`.
WaitSizing depth_for_waits(const CreationTimes& flits, std::uint64_t rtt, double percentile, std::uint64_t accepted);

}  // namespace creditflow::core
