// Measuring a network as BookSim2 does (sim_type latency or throughput): warm-up periods
// of sample_period cycles, then samples until three in a row change the mean latency and
// the accepted rate by less than the stopping thresholds (or max_samples), then a drain
// until every packet made in the window has arrived; a mean latency over latency_thres
// (counting the age of packets still in flight) stops the run as unstable. Or as
// creditflow does: a fixed window after a warm-up. The figures are the window's.
#pragma once
#include <cstdint>
#include <functional>
#include <string>

#include "creditflow/noc/network.hpp"

namespace creditflow::noc {

struct NocFigures {
  bool stable = true;             // BookSim2's sense: no latency abort
  bool saturated = false;         // accepted below offered (by more than the noise allows)
  std::int64_t cycles = 0;        // simulated, drain included
  std::int64_t window = 0;        // cycles the rates are measured over
  double offered = 0;             // flits/node/cycle offered
  double injected = 0;            // flits/node/cycle that entered the network
  double accepted = 0;            // flits/node/cycle that left it
  double accepted_packets = 0;    // packets/node/cycle
  double packet_latency = 0, network_latency = 0, flit_latency = 0, hops = 0;
  std::int64_t packet_latency_min = 0, packet_latency_max = 0;
  std::int64_t packet_latency_p50 = 0, packet_latency_p99 = 0;
  std::int64_t packets = 0;       // packets measured
  std::int64_t source_backlog = 0;  // packets due but not made at the end of the window
  std::int64_t samples = 0;       // sample periods run
};

// Called every few thousand cycles with the cycle reached and, when known, the last one.
using NocProgress = std::function<void(std::int64_t now, std::int64_t last)>;

NocFigures measure_booksim(Network& network, const NocProgress& progress = {});
// Warm-up of `warmup` cycles, then a window of `window` cycles; no drain.
NocFigures measure_window(Network& network, std::int64_t warmup, std::int64_t window,
                          const NocProgress& progress = {});

}  // namespace creditflow::noc
