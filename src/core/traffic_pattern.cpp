#include "creditflow/core/traffic_pattern.hpp"


#include "creditflow/core/error.hpp"
#include "creditflow/core/figure_text.hpp"
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

TrafficSpec TrafficSpec::on_off(double rate, double alpha, double beta) {
  TrafficSpec s;
  s.kind = Kind::on_off;
  s.rate = rate;
  s.alpha = alpha;
  s.beta = beta;
  return s;
}

TrafficPattern::TrafficPattern(const TrafficSpec& spec, std::uint64_t seed,
                               const std::string& where)
    : spec_(spec),
      bernoulli_(spec.kind == TrafficSpec::Kind::bernoulli ? spec.rate : 0.0, seed),
      on_off_(spec.kind == TrafficSpec::Kind::on_off ? spec.rate : 0.0, spec.alpha, spec.beta, seed) {
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
    case TrafficSpec::Kind::on_off:
      check_range(where, "rate", spec.rate, 0.0, 1.0);
      check_range(where, "burst_alpha", spec.alpha, 0.0, 1.0);
      check_range(where, "burst_beta", spec.beta, 0.0, 1.0);
      if (spec.alpha <= 0.0)
        throw ParameterError(where + ": pattern on_off with burst_alpha = 0 never turns on (allowed burst_alpha "
                             "above 0, the chance a cycle to turn on)");
      if (const double on = spec.rate * (spec.alpha + spec.beta) / spec.alpha; on > 1.0) {
        const double on_share = spec.alpha / (spec.alpha + spec.beta);
        throw ParameterError(where + ": rate = " + significant(spec.rate, 4) + " needs a flit in " +
                             significant(on, 4) + " of the cycles it is on, on " +
                             significant(on_share, 4) +
                             " of them (burst_alpha / (burst_alpha + burst_beta)) (allowed rate up to " +
                             significant(on_share, 4) + ")");
      }
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
    case TrafficSpec::Kind::on_off:
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
    case TrafficSpec::Kind::on_off:
      return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace creditflow::core
