// When a receiver's consumer may pop: every k-th cycle (t % k == 0, timing.md section 1),
// never inside stall windows [from, to), and, with a rate below 1, only in the cycles a
// seeded Bernoulli process fires (bernoulli_times.hpp). All conditions combine.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "creditflow/core/bernoulli_times.hpp"
#include "creditflow/core/types.hpp"

namespace creditflow::core {

struct StallWindow {
  std::int64_t from = 0;  // first stalled cycle
  std::int64_t to = 0;    // first cycle after the stall
};

struct DrainSpec {
  std::int64_t every = 1;
  std::vector<StallWindow> stalls;
  // With a period, the stall windows repeat: they apply to t % period (timing.md section 4's
  // consumer blocked for cycles 100..199 of every 200).
  std::int64_t stall_period = 0;
  double rate = 1.0;

  // Long-run pops per cycle the schedule permits: repeating stall windows count (a consumer
  // popping every 4th cycle but blocked for 50 of every 300 permits 63 pops in 300 cycles),
  // one-off windows do not.
  double permitted_rate() const;
  // Whether cycle t falls in a stall window (repeating ones by t % stall_period).
  bool stalled(Cycle t) const;
};

class DrainSchedule {
 public:
  DrainSchedule(const DrainSpec& spec, std::uint64_t seed, const std::string& where);

  // Whether a pop is allowed in cycle t; t never decreases from one call to the next,
  // and cycles may be skipped: the random form's firings do not depend on which cycles
  // were asked about. Inline, and without a division when every == 1: it runs every
  // simulated cycle.
  bool allows(Cycle t) const {
    if (spec_.every != 1 && t % static_cast<Cycle>(spec_.every) != 0) return false;
    if (stalled(t)) return false;
    return random_.fires_at(t);  // at rate 1, every cycle without a draw
  }
  // Whether allows() draws no random numbers, so the schedule repeats (cycle_length()).
  bool deterministic() const { return spec_.rate >= 1.0; }
  // The schedule repeats every this many cycles, away from one-off stall windows;
  // nullopt with random draws.
  std::optional<Cycle> cycle_length() const;
  // The first cycle > t at which a one-off stall window opens or closes (INT64_MAX if none).
  Cycle next_stall_edge(Cycle t) const;

 private:
  bool stalled(Cycle t) const { return !spec_.stalls.empty() && spec_.stalled(t); }

  DrainSpec spec_;
  BernoulliTimes random_;  // fires at rate `rate` (every cycle at 1)
};

}  // namespace creditflow::core
