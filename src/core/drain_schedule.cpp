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

bool DrainSpec::stalled(Cycle t) const {
  const Cycle at = stall_period > 0 ? t % static_cast<Cycle>(stall_period) : t;
  for (const StallWindow& w : stalls)
    if (at >= static_cast<Cycle>(w.from) && at < static_cast<Cycle>(w.to)) return true;
  return false;
}

double DrainSpec::permitted_rate() const {
  const double base = rate / static_cast<double>(every);
  if (stall_period <= 0 || stalls.empty()) return base;
  // The pops one whole cycle of both the schedule and the windows permits, counted where
  // that cycle is short enough; past that, the open share of the stall period.
  const auto e = static_cast<Cycle>(every), period = static_cast<Cycle>(stall_period);
  const Cycle both = e / std::gcd(e, period) * period;
  if (both <= 1'000'000) {
    Cycle open = 0;
    for (Cycle t = 0; t < both; t += e) open += stalled(t) ? 0 : 1;
    return rate * static_cast<double>(open) / static_cast<double>(both);
  }
  // The union of the windows within one period.
  std::vector<StallWindow> within;
  for (const StallWindow& w : stalls)
    if (w.from < stall_period && w.to > w.from) within.push_back({w.from, std::min(w.to, stall_period)});
  std::sort(within.begin(), within.end(), [](const StallWindow& a, const StallWindow& b) { return a.from < b.from; });
  std::int64_t closed = 0, reached = 0;
  for (const StallWindow& w : within) {
    closed += std::max<std::int64_t>(0, w.to - std::max(w.from, reached));
    reached = std::max(reached, w.to);
  }
  return base * static_cast<double>(stall_period - closed) / static_cast<double>(stall_period);
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
