// When a traffic source creates a flit: saturating, one every k cycles, bursts of n on and
// m off, or Bernoulli at rate r from a seeded generator (bernoulli_times.hpp).
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "creditflow/core/bernoulli_times.hpp"
#include "creditflow/core/on_off_times.hpp"
#include "creditflow/core/types.hpp"

namespace creditflow::core {

struct TrafficSpec {
  enum class Kind { saturating, periodic, burst, bernoulli, on_off };
  Kind kind = Kind::saturating;
  std::int64_t every = 1;  // periodic: a flit when t % every == 0
  std::int64_t on = 1;     // burst: a flit when t % (on + off) < on
  std::int64_t off = 0;
  double rate = 1.0;       // bernoulli, on_off: flits a cycle in the long run
  double alpha = 0.0;      // on_off: chance a cycle to turn on, and to turn off
  double beta = 0.0;

  static TrafficSpec saturating() { return {}; }
  static TrafficSpec periodic(std::int64_t every);
  static TrafficSpec burst(std::int64_t on, std::int64_t off);
  static TrafficSpec bernoulli(double rate);
  static TrafficSpec on_off(double rate, double alpha, double beta);

  // Long-run flits per cycle.
  double offered_rate() const;
};

class TrafficPattern {
 public:
  // Validates the spec; `where` names the component in error messages.
  TrafficPattern(const TrafficSpec& spec, std::uint64_t seed, const std::string& where);

  bool saturating() const { return spec_.kind == TrafficSpec::Kind::saturating; }
  // Whether a flit is created in cycle t; t never decreases from one call to the next (the
  // Bernoulli form draws its firings as it goes). Inline: a source asks every cycle.
  bool fires(Cycle t) const {
    switch (spec_.kind) {
      case TrafficSpec::Kind::saturating:
        return true;
      case TrafficSpec::Kind::periodic:
        return t % static_cast<Cycle>(spec_.every) == 0;
      case TrafficSpec::Kind::burst:
        return t % static_cast<Cycle>(spec_.on + spec_.off) < static_cast<Cycle>(spec_.on);
      case TrafficSpec::Kind::bernoulli:
        return bernoulli_.fires_at(t);
      case TrafficSpec::Kind::on_off:
        return on_off_.fires_at(t);
    }
    return false;
  }
  double offered_rate() const { return spec_.offered_rate(); }
  // The first cycle >= t in which the pattern fires (the same rule for t). Inline, and a
  // plain number rather than an optional: an idle loop asks it nearly every cycle at
  // moderate loads, and an optional returned through memory stalled each call.
  Cycle next_firing(Cycle t) const {
    switch (spec_.kind) {
      case TrafficSpec::Kind::saturating:
        return t;
      case TrafficSpec::Kind::periodic: {
        const auto k = static_cast<Cycle>(spec_.every);
        return (t + k - 1) / k * k;
      }
      case TrafficSpec::Kind::burst: {
        const auto period = static_cast<Cycle>(spec_.on + spec_.off);
        return t % period < static_cast<Cycle>(spec_.on) ? t : (t / period + 1) * period;
      }
      case TrafficSpec::Kind::bernoulli:
        return bernoulli_.first_from(t);
      case TrafficSpec::Kind::on_off:
        return on_off_.first_from(t);
    }
    return t;
  }
  // The pattern repeats every this many cycles (fires(t) == fires(t + n)); nullopt for
  // Bernoulli and on_off, whose draws never repeat.
  std::optional<Cycle> cycle_length() const;

 private:
  TrafficSpec spec_;
  BernoulliTimes bernoulli_;  // p = 0 unless the kind is bernoulli
  OnOffTimes on_off_;         // never on unless the kind is on_off
};

}  // namespace creditflow::core
