// The platform rows of the benchmark: a platform of many independent credit loops built
// from YAML and run in either view, and a sweep of the default model. See
// credit_loop_bench.cpp.
#pragma once
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>

#include "creditflow/platform/netlist.hpp"
#include "creditflow/platform/platform.hpp"
#include "creditflow/platform/simulate.hpp"
#include "creditflow/platform/sweep.hpp"

namespace bench {

namespace pf = creditflow::platform;

// `links` copies of timing.md section 1's loop (saturating source, L stages each way, depth B)
// on one clock, written to `file`.
inline void write_many_links(const std::string& file, int links, int latency, int depth) {
  std::ofstream out(file);
  out << "components:\n";
  for (int i = 0; i < links; ++i)
    out << "  src" << i << ": { kind: traffic_source }\n"
        << "  tx" << i << ": { kind: credit_sender, credits: " << depth << " }\n"
        << "  link" << i << ": { kind: pipelined_link, latency: " << latency << " }\n"
        << "  rx" << i << ": { kind: credit_receiver, depth: " << depth << " }\n";
  out << "connections:\n";
  for (int i = 0; i < links; ++i) {
    const std::string n = std::to_string(i);
    out << "  - src" << n << ".out -> tx" << n << ".in\n  - tx" << n << ".out -> link" << n << ".in\n"
        << "  - link" << n << ".out -> rx" << n << ".in\n  - rx" << n << ".credit -> link" << n << ".credit_in\n"
        << "  - link" << n << ".credit_out -> tx" << n << ".credit_in\n";
  }
}

// One loop of timing.md section 1 (L stages each way, depth B) fed by a Bernoulli source of rate
// `load` and drained by a consumer popping with probability `drain`, written to `file`.
inline void write_random_link(const std::string& file, int latency, int depth, double load, double drain) {
  std::ofstream out(file);
  out << "components:\n  src: { kind: traffic_source, pattern: bernoulli, rate: " << load
      << " }\n  tx: { kind: credit_sender, credits: " << depth << " }\n  link: { kind: pipelined_link, latency: "
      << latency << " }\n  rx: { kind: credit_receiver, depth: " << depth << ", drain_rate: " << drain << " }\n"
      << "connections:\n  - src.out -> tx.in\n  - tx.out -> link.in\n  - link.out -> rx.in\n"
      << "  - rx.credit -> link.credit_in\n  - link.credit_out -> tx.credit_in\n";
}

// A chain of `hops` credit loops in series (timing.md section 5): a saturating source, then per
// hop a sender of `depth` credits and a link of L stages each way, into a hop buffer of
// `depth` slots (the last into a receiver), written to `file`.
inline void write_chain(const std::string& file, int hops, int latency, int depth) {
  std::ofstream out(file);
  out << "components:\n  src: { kind: traffic_source }\n";
  for (int i = 1; i <= hops; ++i)
    out << "  tx" << i << ": { kind: credit_sender, credits: " << depth << " }\n"
        << "  link" << i << ": { kind: pipelined_link, latency: " << latency << " }\n"
        << "  hop" << i << ": { kind: " << (i == hops ? "credit_receiver" : "hop_buffer") << ", depth: " << depth
        << " }\n";
  out << "connections:\n  - src.out -> tx1.in\n";
  for (int i = 1; i <= hops; ++i) {
    const std::string n = std::to_string(i);
    out << "  - tx" << n << ".out -> link" << n << ".in\n  - link" << n << ".out -> hop" << n << ".in\n"
        << "  - hop" << n << ".credit -> link" << n << ".credit_in\n  - link" << n << ".credit_out -> tx" << n
        << ".credit_in\n";
    if (i < hops) out << "  - hop" << n << ".out -> tx" << i + 1 << ".in\n";
  }
}

// `inputs` initiators merging onto one link (timing.md section 5): each a saturating source, a
// sender of `depth` credits, a link of L stages and a hop buffer, into a round-robin merge,
// then one more loop into a receiver, written to `file`.
inline void write_merge(const std::string& file, int inputs, int latency, int depth) {
  std::ofstream out(file);
  out << "components:\n  arb: { kind: merge }\n  tx: { kind: credit_sender, credits: " << depth
      << " }\n  link: { kind: pipelined_link, latency: " << latency << " }\n  rx: { kind: credit_receiver, depth: " << depth
      << " }\n";
  for (int i = 0; i < inputs; ++i)
    out << "  src" << i << ": { kind: traffic_source }\n  tx" << i << ": { kind: credit_sender, credits: " << depth
        << " }\n  link" << i << ": { kind: pipelined_link, latency: " << latency << " }\n  hop" << i
        << ": { kind: hop_buffer, depth: " << depth << " }\n";
  out << "connections:\n  - arb.out -> tx.in\n  - tx.out -> link.in\n  - link.out -> rx.in\n  - rx.credit -> link.credit_in\n"
      << "  - link.credit_out -> tx.credit_in\n";
  for (int i = 0; i < inputs; ++i) {
    const std::string n = std::to_string(i);
    out << "  - src" << n << ".out -> tx" << n << ".in\n  - tx" << n << ".out -> link" << n << ".in\n  - link" << n
        << ".out -> hop" << n << ".in\n  - hop" << n << ".credit -> link" << n << ".credit_in\n  - link" << n
        << ".credit_out -> tx" << n << ".credit_in\n  - hop" << n << ".out -> arb.in" << n << "\n";
  }
}

inline long peak_rss_kb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}

// "seconds sent peak_rss_kb" of one run of `file` for `cycles` cycles in `view`.
inline std::string run_platform(const std::string& file, long cycles, const std::string& view) {
  const pf::Registry registry = pf::builtin_registry();
  pf::RunOverrides run;
  run.cycles = std::to_string(cycles);
  run.warmup = "0";
  const pf::Platform p = pf::resolve(pf::load_netlist(file), registry, {}, run);
  const auto t0 = std::chrono::steady_clock::now();
  const pf::RunResult r = pf::simulate_view(p, registry, view);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  unsigned long long sent = 0;
  for (const auto& link : r.links) sent += link.sent;
  return std::to_string(s) + " " + std::to_string(sent) + " " + std::to_string(peak_rss_kb());
}

// Seconds to load and resolve `file` (no elaboration): what a large platform costs before
// its first cycle.
inline double resolve_seconds(const std::string& file) {
  const pf::Registry registry = pf::builtin_registry();
  const auto t0 = std::chrono::steady_clock::now();
  const pf::Platform p = pf::resolve(pf::load_netlist(file), registry, {}, {});
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Seconds for the default model's sweep of `depths` x `latencies` points in `view`, -j 2;
// `isolate`: the TL view's points each in a child process, not on a worker thread.
inline double sweep_seconds(const std::string& model, int depths, int latencies, const std::string& view,
                            bool isolate = false) {
  const pf::Registry registry = pf::builtin_registry();
  pf::SweepPlan plan;
  plan.name = "bench";
  plan.axes.push_back(pf::parse_vary("rx.depth=1:" + std::to_string(depths)));
  plan.axes.push_back(pf::parse_vary("link.latency=1:" + std::to_string(latencies)));
  pf::SweepOptions options;
  options.jobs = 2;
  options.view = view;
  options.isolate = isolate;
  const auto t0 = std::chrono::steady_clock::now();
  const auto results = pf::run_sweep(pf::load_netlist(model), registry, pf::expand({plan}), options);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  for (const auto& r : results)
    if (!r.ok) std::fprintf(stderr, "sweep point %zu failed: %s\n", r.point.index, r.error.c_str());
  return s;
}

}  // namespace bench
