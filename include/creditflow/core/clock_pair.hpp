// Time between a cycle of one clock and a cycle of another, for latencies across a clock
// crossing: each clock's cycle t starts at its phase + t x its period (picoseconds), so a
// flit created in the sender's cycle c and popped in the receiver's cycle p took
// (phase_r + p x period_r) - (phase_s + c x period_s).
#pragma once
#include <cmath>
#include <cstdint>

#include "creditflow/core/types.hpp"

namespace creditflow::core {

// As many cycles of a clock of `to_period_ps` as `cycles` of one of `from_period_ps` last,
// to the nearest (a warm-up in another clock's cycles); `cycles` where either is unknown.
inline Cycle cycles_as_long(Cycle cycles, double from_period_ps, double to_period_ps) {
  if (from_period_ps <= 0 || to_period_ps <= 0 || from_period_ps == to_period_ps) return cycles;
  return static_cast<Cycle>(std::llround(static_cast<double>(cycles) * from_period_ps / to_period_ps));
}

struct ClockPair {
  double from_period_ps = 0, from_phase_ps = 0;  // the clock the stamps count in (the sender's)
  double to_period_ps = 0, to_phase_ps = 0;      // the clock of the measuring part

  bool crosses() const {
    return from_period_ps > 0 && to_period_ps > 0 && (from_period_ps != to_period_ps || from_phase_ps != to_phase_ps);
  }
  // The `to` clock's cycle during which the `from` clock's cycle `from` starts (0 before it).
  Cycle cycle_at(Cycle from) const {
    const double t = from_phase_ps + static_cast<double>(from) * from_period_ps - to_phase_ps;
    return t > 0 ? static_cast<Cycle>(std::floor(t / to_period_ps + 1e-9)) : 0;
  }
  std::uint64_t picoseconds(Cycle from, Cycle to) const {
    const double t = (to_phase_ps + static_cast<double>(to) * to_period_ps) -
                     (from_phase_ps + static_cast<double>(from) * from_period_ps);
    return t > 0 ? static_cast<std::uint64_t>(std::llround(t)) : 0;
  }
};

}  // namespace creditflow::core
