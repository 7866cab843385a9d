#include "creditflow/core/wait_sizing.hpp"

#include <algorithm>

#include "creditflow/core/ring_fifo.hpp"

namespace creditflow::core {

LatencyStats replay_credit_waits(const CreationTimes& flits, std::uint64_t rtt, std::int64_t credits) {
  LatencyStats waits;
  RingFifo<Cycle> returns(static_cast<std::size_t>(std::max<std::int64_t>(credits, 1)));  // spendable again at
  std::int64_t home = credits;
  Cycle t = 0;
  for (std::size_t i = 0; i < flits.cycles.size(); ++i) {
    t = std::max(t, flits.cycles[i]);  // not before it exists, nor before the previous send's next cycle
    while (!returns.empty() && returns.front() <= t) {
      returns.pop();
      ++home;
    }
    if (home == 0) {  // wait for the oldest credit out
      t = returns.front();
      returns.pop();
      ++home;
    }
    --home;
    returns.push(t + rtt);
    if (i >= flits.window_from) waits.add(t - flits.cycles[i]);
    ++t;  // one send per cycle
  }
  return waits;
}

WaitSizing depth_for_waits(const CreationTimes& flits, std::uint64_t rtt, double percentile, std::uint64_t accepted) {
  // Waits never grow with more credits: the fewest that meet the target, by bisection.
  std::int64_t lo = 1, hi = static_cast<std::int64_t>(std::max<std::uint64_t>(rtt, 1));
  while (lo < hi) {
    const std::int64_t mid = lo + (hi - lo) / 2;
    if (replay_credit_waits(flits, rtt, mid).percentile(percentile) <= accepted)
      hi = mid;
    else
      lo = mid + 1;
  }
  return {lo, replay_credit_waits(flits, rtt, lo).percentile(percentile)};
}

}  // namespace creditflow::core
