#include "creditflow/core/traffic_pattern.hpp"


#include "creditflow/core/error.hpp"
#include "creditflow/core/limits.hpp"

namespace creditflow::core {

TrafficSpec TrafficSpec::periodic(std::int64_t every) {
  TrafficSpec s;
  s.kind = Kind::periodic;
  s.every = every;
  return s;
}

TrafficSpec TrafficSpec::burst(std::int64_t on, std::int64_t off) {
  TrafficSpec s;
  s.kind = Kind::burst;
  s.on = on;
  s.off = off;
  return s;
}

TrafficSpec TrafficSpec::bernoulli(double rate) {
  TrafficSpec s;
  s.kind = Kind::bernoulli;
  s.rate = rate;
  return s;
}

TrafficPattern::TrafficPattern(const TrafficSpec& spec, std::uint64_t seed,
                               const std::string& where)
    : spec_(spec), bernoulli_(spec.kind == TrafficSpec::Kind::bernoulli ? spec.rate : 0.0, seed) {
  switch (spec.kind) {
    case TrafficSpec::Kind::saturating:
      break;
    case TrafficSpec::Kind::periodic:
      check_range(where, "every", spec.every, 1, limits::max_period);
      break;
    case TrafficSpec::Kind::burst:
      check_range(where, "burst_on", spec.on, 1, limits::max_period);
      check_range(where, "burst_off", spec.off, 0, limits::max_period);
      break;
    case TrafficSpec::Kind::bernoulli:
      check_range(where, "rate", spec.rate, 0.0, 1.0);
      break;
  }
}

double TrafficSpec::offered_rate() const {
  switch (kind) {
    case TrafficSpec::Kind::saturating:
      return 1.0;
    case TrafficSpec::Kind::periodic:
      return 1.0 / static_cast<double>(every);
    case TrafficSpec::Kind::burst:
      return static_cast<double>(on) / static_cast<double>(on + off);
    case TrafficSpec::Kind::bernoulli:
      return rate;
  }
  return 0.0;
}

std::optional<Cycle> TrafficPattern::cycle_length() const {
  switch (spec_.kind) {
    case TrafficSpec::Kind::saturating:
      return 1;
    case TrafficSpec::Kind::periodic:
      return static_cast<Cycle>(spec_.every);
    case TrafficSpec::Kind::burst:
      return static_cast<Cycle>(spec_.on + spec_.off);
    case TrafficSpec::Kind::bernoulli:
      return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace creditflow::core
