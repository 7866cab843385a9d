#include "creditflow/core/drain_schedule.hpp"

#include <algorithm>
#include <numeric>

#include "creditflow/core/error.hpp"
#include "creditflow/core/limits.hpp"

namespace creditflow::core {

DrainSchedule::DrainSchedule(const DrainSpec& spec, std::uint64_t seed, const std::string& where)
    : spec_(spec), random_(spec.rate, seed) {
  check_range(where, "drain_every", spec.every, 1, limits::max_period);
  check_range(where, "drain_rate", spec.rate, 0.0, 1.0);
  check_range(where, "stall_period", spec.stall_period, 0, limits::max_period);
  for (const StallWindow& w : spec.stalls) {
    check_range(where, "stall_from", w.from, 0, INT64_MAX);
    check_range(where, "stall_to", w.to, w.from, INT64_MAX);
  }
}

bool DrainSchedule::stalled(Cycle t) const {
  const Cycle at = spec_.stall_period > 0 ? t % static_cast<Cycle>(spec_.stall_period) : t;
  for (const StallWindow& w : spec_.stalls)
    if (at >= static_cast<Cycle>(w.from) && at < static_cast<Cycle>(w.to)) return true;
  return false;
}

std::optional<Cycle> DrainSchedule::cycle_length() const {
  if (!deterministic()) return std::nullopt;
  const auto every = static_cast<Cycle>(spec_.every);
  if (spec_.stall_period == 0) return every;
  const auto period = static_cast<Cycle>(spec_.stall_period);
  return every / std::gcd(every, period) * period;
}

Cycle DrainSchedule::next_stall_edge(Cycle t) const {
  Cycle next = INT64_MAX;
  if (spec_.stall_period > 0) return next;  // repeating windows are part of the cycle
  for (const StallWindow& w : spec_.stalls)
    for (const auto edge : {static_cast<Cycle>(w.from), static_cast<Cycle>(w.to)})
      if (edge > t) next = std::min(next, edge);
  return next;
}

}  // namespace creditflow::core
