#include "creditflow/noc/measurement.hpp"

#include <cmath>

namespace creditflow::noc {
namespace {

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

}  // namespace

NocRun::NocRun(Network& network, std::int64_t window_warmup, std::int64_t window_cycles, std::int64_t watchdog)
    : net_(network),
      latency_mode_(network.config().sim_type == "latency"),
      window_mode_(network.config().sim_type == "window"),
      period_(network.config().sample_period),
      window_cycles_(window_cycles),
      watchdog_(watchdog) {
  planned_ = window_mode_ ? window_warmup + window_cycles
                          : period_ * (network.config().warmup_periods + 3);
  if (window_mode_) period_ = window_warmup > 0 ? window_warmup : window_cycles;
  net_.set_phase(Phase::warming_up);
  open_window();
  if (window_mode_ && window_warmup == 0) net_.set_phase(Phase::running);
}

bool NocRun::next() {
  if (watchdog_ > 0 && state_ != State::done && net_.flits_in_flight() > 0 &&
      net_.now() - net_.last_progress() > watchdog_) {
    finish(net_.now() - net_.stats().reset_time, false);
    figures_.deadlock_cycle = net_.now();
    figures_.wait_cycle = net_.wait_cycle();
    return false;
  }
  switch (state_) {
    case State::sampling:
      if (in_period_ == period_) {
        in_period_ = 0;
        end_of_period();
        return next();
      }
      if (in_period_ == 0 && !window_mode_ &&
          (clear_next_ || (net_.phase() == Phase::warming_up && phases_ % 2 == 0))) {
        clear_next_ = false;
        open_window();
      }
      ++in_period_;
      return true;
    case State::draining: {
      const bool outstanding = net_.measured_in_flight() > 0 || !net_.sources_drained();
      if (!outstanding) {
        finish(net_.drain_time() - net_.stats().reset_time, true);
        return next();
      }
      if (drain_steps_ > 0 && drain_steps_ % 1000 == 0 && net_.config().latency_thres >= 0 &&
          latency_with_in_flight(net_) > net_.config().latency_thres) {
        finish(net_.drain_time() - net_.stats().reset_time, false);
        return false;
      }
      ++drain_steps_;
      return true;
    }
    case State::emptying:
      if (net_.flits_in_flight() > 0) return true;
      figures_.cycles = net_.now();
      state_ = State::done;
      return false;
    case State::done:
      return false;
  }
  return false;
}

void NocRun::end_of_period() {
  if (window_mode_) {
    if (net_.phase() == Phase::warming_up) {
      net_.set_phase(Phase::running);
      open_window();
      period_ = window_cycles_;
      return;
    }
    net_.set_phase(Phase::draining);
    finish(window_cycles_, true, false);
    return;
  }
  const NocConfig& c = net_.config();
  const NocStats& s = net_.stats();
  const double latency = s.packet_latency.mean();
  const double accepted =
      per_node_cycle(net_, s.total(s.accepted_flits), net_.now() - s.reset_time);
  const double latency_change = std::fabs((latency - last_latency_) / latency);
  const double accepted_change = std::fabs((accepted - last_accepted_) / accepted);
  last_latency_ = latency;
  last_accepted_ = accepted;
  const bool running = net_.phase() == Phase::running;
  const double latency_limit = running ? c.stopping_thres : c.warmup_thres;
  const double accepted_limit = running ? c.acc_stopping_thres : c.acc_warmup_thres;
  // A change that is not a number (no sample yet) passes no limit, as in BookSim2.
  const bool latency_moves = latency_limit >= 0 && latency_change > latency_limit;
  const bool accepted_moves = accepted_limit >= 0 && accepted_change > accepted_limit;
  const bool settled = (!latency_mode_ || !latency_moves) && !accepted_moves;
  if (latency_mode_ && c.latency_thres >= 0 && latency_with_in_flight(net_) > c.latency_thres) {
    net_.set_phase(Phase::draining);
    ++phases_;
    finish(net_.now() - s.reset_time, false);
    return;
  }
  if (!running) {
    if (c.warmup_periods > 0 ? phases_ + 1 >= c.warmup_periods : settled) {
      clear_next_ = true;
      net_.set_phase(Phase::running);
    }
  } else {
    converged_ = settled ? converged_ + 1 : 0;
  }
  ++phases_;
  const bool more = phases_ < c.max_samples && (net_.phase() != Phase::running || converged_ < 3);
  if (more) return;
  if (net_.phase() != Phase::running) {  // never warmed up within max_samples
    finish(net_.now() - s.reset_time, false);
    return;
  }
  net_.set_phase(Phase::draining);
  if (latency_mode_) {
    state_ = State::draining;
    return;
  }
  finish(net_.drain_time() - s.reset_time, true);
}

void NocRun::open_window() {
  net_.clear_stats();
  backlog_at_open_ = net_.source_backlog();
}

void NocRun::finish(std::int64_t window, bool stable, bool then_empty) {
  const NocStats& s = net_.stats();
  const NocConfig& c = net_.config();
  NocFigures& f = figures_;
  f.stable = stable;
  f.window = window;
  f.samples = phases_;
  // A trace offers what its records gave in the window; drawn traffic, its rate.
  const bool trace = c.traffic == "trace";
  f.offered = trace ? per_node_cycle(net_, s.given_flits, window) : c.packet_rate() * c.mean_packet_size();
  f.injected = per_node_cycle(net_, s.total(s.sent_flits), window);
  f.accepted = per_node_cycle(net_, s.total(s.accepted_flits), window);
  f.accepted_packets = per_node_cycle(net_, s.total(s.accepted_packets), window);
  f.packet_latency = s.packet_latency.mean();
  f.network_latency = s.network_latency.mean();
  f.flit_latency = s.flit_latency.mean();
  f.hops = s.hops.mean();
  f.packet_latency_min = s.packet_latency.min();
  f.packet_latency_max = s.packet_latency.max();
  f.packet_latency_p50 = s.packet_latency.percentile(0.5);
  f.packet_latency_p99 = s.packet_latency.percentile(0.99);
  f.packets = s.packet_latency.count();
  f.source_backlog = net_.source_backlog();
  // The saturation test weighs a shortfall against random arrivals' noise: a trace has none.
  if (!trace)
    f.saturation = test_saturation(c, net_.nodes(), window, f.offered, f.accepted,
                                   f.source_backlog - backlog_at_open_, f.packets);
  f.cycles = net_.now();
  // BookSim2 empties the network (no new packets) before it reports a stable run.
  if (stable && then_empty) {
    net_.set_phase(Phase::emptying);
    state_ = State::emptying;
  } else {
    state_ = State::done;
  }
}

}  // namespace creditflow::noc
