// Whether a network is saturated over a measurement window, and on what evidence.
// A window of random arrivals never delivers exactly what is offered: the flits the
// sources make in W cycles vary by their own standard deviation. So a network is called
// saturated only when the evidence passes that noise:
//   - accepted: what it accepted is below what was offered by more than three standard
//     deviations of the flits offered in the window (Bernoulli or on/off arrivals, fixed or
//     mixed packet sizes);
//   - backlog: the packets waiting at the sources grew through the window by more than
//     three standard deviations of the packets offered, and by more than one per node (a
//     network that keeps up holds its sources' queues short, whatever the load).
// Kernel-free: the run computes it, the JSON carries its numbers, and every sentence about
// it (a run's summary, a sweep's per-curve verdict) is worded here from those numbers.
#pragma once
#include <cstdint>
#include <string>

namespace creditflow::noc {

struct NocConfig;

struct SaturationTest {
  std::int64_t window = 0;           // cycles measured
  double shortfall = 0;              // offered - accepted, flits/node/cycle
  double noise = 0;                  // three standard deviations of it, flits/node/cycle
  std::int64_t backlog_growth = 0;   // packets waiting at the sources: end minus start
  std::int64_t backlog_noise = 0;    // the growth a network that keeps up may show
  std::int64_t packets = 0;          // packets measured

  bool by_accepted() const { return shortfall > noise; }
  bool by_backlog() const { return backlog_growth > backlog_noise; }
  bool saturated() const { return by_accepted() || by_backlog(); }
  // "accepted", "backlog", "accepted and backlog" or "none": for the JSON and the sweep.
  std::string evidence() const;
  // The evidence in words, every number from the fields: "accepted is 0.0214 below offered,
  // more than the 0.0107 the window's noise allows; ...". Empty when not saturated.
  std::string because() const;
  // Why it is not: "accepted is within 0.0107 of offered (the window's noise) and ...".
  std::string why_not() const;
};

// The test of a window of `window` cycles on a network of `nodes` sources configured by
// `config` (its rate, injection process and packet sizes give the noise).
SaturationTest test_saturation(const NocConfig& config, int nodes, std::int64_t window, double offered,
                               double accepted, std::int64_t backlog_growth, std::int64_t packets);

}  // namespace creditflow::noc
