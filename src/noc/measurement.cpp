#include "creditflow/noc/measurement.hpp"

#include <cmath>

namespace creditflow::noc {
namespace {

constexpr std::int64_t kProgressEvery = 4096;

void run(Network& network, std::int64_t cycles, const NocProgress& progress,
         std::int64_t last = -1) {
  for (std::int64_t i = 0; i < cycles; ++i) {
    network.step();
    if (progress && network.now() % kProgressEvery == 0) progress(network.now(), last);
  }
}

double per_node_cycle(const Network& network, std::int64_t count, std::int64_t cycles) {
  return cycles > 0 ? static_cast<double>(count) / static_cast<double>(cycles) / network.nodes()
                    : 0.0;
}

// Mean packet latency counting every flit still in flight at its age now (BookSim2's test
// of stability).
double latency_with_in_flight(const Network& network) {
  const auto& s = network.stats().packet_latency;
  const double count = static_cast<double>(s.count() + network.flits_in_flight());
  return count > 0 ? (static_cast<double>(s.sum()) + network.in_flight_age()) / count : 0.0;
}

NocFigures figures(const Network& network, std::int64_t window) {
  const NocStats& s = network.stats();
  const NocConfig& c = network.config();
  NocFigures f;
  f.cycles = network.now();
  f.window = window;
  f.offered = c.packet_rate() * c.mean_packet_size();
  f.injected = per_node_cycle(network, s.total(s.sent_flits), window);
  f.accepted = per_node_cycle(network, s.total(s.accepted_flits), window);
  f.accepted_packets = per_node_cycle(network, s.total(s.accepted_packets), window);
  f.packet_latency = s.packet_latency.mean();
  f.network_latency = s.network_latency.mean();
  f.flit_latency = s.flit_latency.mean();
  f.hops = s.hops.mean();
  f.packet_latency_min = s.packet_latency.min();
  f.packet_latency_max = s.packet_latency.max();
  f.packet_latency_p50 = s.packet_latency.percentile(0.5);
  f.packet_latency_p99 = s.packet_latency.percentile(0.99);
  f.packets = s.packet_latency.count();
  return f;
}

}  // namespace

NocFigures measure_booksim(Network& network, const NocProgress& progress) {
  const NocConfig& c = network.config();
  const bool latency_mode = c.sim_type == "latency";
  const std::int64_t period = c.sample_period;
  double last_latency = 0, last_accepted = 0;
  int converged = 0;
  int phases = 0;
  bool clear_next = false;
  bool unstable = false;
  const std::int64_t planned = period * (c.warmup_periods + 3);
  network.set_phase(Phase::warming_up);
  network.clear_stats();
  while (phases < c.max_samples && (network.phase() != Phase::running || converged < 3)) {
    if (clear_next || (network.phase() == Phase::warming_up && phases % 2 == 0)) {
      clear_next = false;
      network.clear_stats();
    }
    run(network, period, progress, planned);
    const NocStats& s = network.stats();
    const double latency = s.packet_latency.mean();
    const double accepted =
        per_node_cycle(network, s.total(s.accepted_flits), network.now() - s.reset_time);
    const double latency_change = std::fabs((latency - last_latency) / latency);
    const double accepted_change = std::fabs((accepted - last_accepted) / accepted);
    last_latency = latency;
    last_accepted = accepted;
    const bool too_slow = c.latency_thres >= 0 && latency_with_in_flight(network) > c.latency_thres;
    const bool running = network.phase() == Phase::running;
    const double latency_limit = running ? c.stopping_thres : c.warmup_thres;
    const double accepted_limit = running ? c.acc_stopping_thres : c.acc_warmup_thres;
    // A NaN change (no sample yet) is no change past a limit, as in BookSim2.
    const bool latency_moves = latency_limit >= 0 && latency_change > latency_limit;
    const bool accepted_moves = accepted_limit >= 0 && accepted_change > accepted_limit;
    if (latency_mode && too_slow) {
      unstable = true;
      network.set_phase(Phase::draining);
      break;
    }
    if (network.phase() == Phase::warming_up) {
      const bool warm = c.warmup_periods > 0 ? phases + 1 >= c.warmup_periods
                                             : (!latency_mode || !latency_moves) && !accepted_moves;
      if (warm) {
        clear_next = true;
        network.set_phase(Phase::running);
      }
    } else if ((!latency_mode || !latency_moves) && !accepted_moves) {
      ++converged;
    } else {
      converged = 0;
    }
    ++phases;
  }
  NocFigures result;
  if (network.phase() == Phase::running) {
    network.set_phase(Phase::draining);
    const std::int64_t window = network.drain_time() - network.stats().reset_time;
    if (latency_mode) {
      std::int64_t steps = 0;
      while (network.measured_in_flight() > 0 || !network.sources_drained()) {
        network.step();
        if (++steps % 1000 == 0 && c.latency_thres >= 0 &&
            latency_with_in_flight(network) > c.latency_thres) {
          unstable = true;
          break;
        }
        if (progress && network.now() % kProgressEvery == 0) progress(network.now(), -1);
      }
    }
    result = figures(network, window);
  } else {
    result = figures(network, network.now() - network.stats().reset_time);
    if (network.phase() != Phase::draining) unstable = true;  // never converged
  }
  result.stable = !unstable;
  result.samples = phases;
  result.source_backlog = network.source_backlog();
  // Empty the network without making packets, as BookSim2 does before it reports.
  if (!unstable) {
    network.set_phase(Phase::emptying);
    while (network.flits_in_flight() > 0) network.step();
  }
  result.cycles = network.now();
  result.saturated = result.accepted < result.offered * 0.98 - 0.002;
  return result;
}

NocFigures measure_window(Network& network, std::int64_t warmup, std::int64_t window,
                          const NocProgress& progress) {
  network.set_phase(Phase::warming_up);
  run(network, warmup, progress, warmup + window);
  network.set_phase(Phase::running);
  network.clear_stats();
  run(network, window, progress, warmup + window);
  NocFigures result = figures(network, window);
  result.source_backlog = network.source_backlog();
  result.saturated = result.accepted < result.offered * 0.98 - 0.002;
  return result;
}

}  // namespace creditflow::noc
