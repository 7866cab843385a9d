// Measuring a network as BookSim2 does (sim_type latency or throughput): warm-up periods
// of sample_period cycles, then samples until three in a row change the mean latency and
// the accepted rate by less than the stopping thresholds (or max_samples), then a drain
// until every packet made in the window has arrived; a mean latency over latency_thres
// (counting the age of packets still in flight) stops the run as unstable. Or as
// creditflow does (sim_type window): a fixed window after a warm-up, no drain.
// A state machine, so that each view steps the network its own way:
//   while (run.next()) network.step();
#pragma once
#include <cstdint>
#include <string>

#include "creditflow/noc/network.hpp"
#include "creditflow/noc/saturation.hpp"

namespace creditflow::noc {

struct NocFigures {
  bool stable = true;             // BookSim2's sense: no latency abort, converged
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
  std::int64_t source_backlog = 0;  // packets due at the sources but not yet sent, at the end
  std::int64_t samples = 0;       // sample periods run
  std::int64_t deadlock_cycle = 0;  // the cycle the watchdog stopped the run at (0: it did not)
  std::string wait_cycle;         // then, the cycle of waiting VCs it found
  SaturationTest saturation;      // saturated or not, on what evidence (noc/saturation.hpp)
  // A deadlocked network is not called saturated: what holds it is the cycle of waits.
  bool saturated() const { return deadlock_cycle == 0 && saturation.saturated(); }
};

class NocRun {
 public:
  // window_warmup and window_cycles serve sim_type window only.
  // A run whose flits in flight have not moved for `watchdog` cycles (0: never) stops
  // there as deadlocked, naming the cycle of channels that wait on each other.
  NocRun(Network& network, std::int64_t window_warmup = 0, std::int64_t window_cycles = 0,
         std::int64_t watchdog = 10000);
  // Whether the network must step once more; moves the measurement on first.
  bool next();
  // The figures, once next() has said false.
  const NocFigures& figures() const { return figures_; }
  // Cycles the run will take at least, for progress: the warm-up and three samples.
  std::int64_t planned() const { return planned_; }

 private:
  enum class State { sampling, draining, emptying, done };
  void end_of_period();
  // The figures of the window; then the network empties (a stable BookSim2 run) or the
  // run is done.
  void finish(std::int64_t window, bool stable, bool then_empty = true);
  // Statistics cleared: a new measurement window starts now.
  void open_window();

  Network& net_;
  State state_ = State::sampling;
  bool latency_mode_, window_mode_;
  std::int64_t period_, in_period_ = 0, planned_;
  std::int64_t window_cycles_;
  double last_latency_ = 0, last_accepted_ = 0;
  int converged_ = 0, phases_ = 0;
  bool clear_next_ = false;
  std::int64_t drain_steps_ = 0;
  std::int64_t watchdog_;
  std::int64_t backlog_at_open_ = 0;  // packets waiting at the sources when the window opened
  NocFigures figures_;
};

}  // namespace creditflow::noc
