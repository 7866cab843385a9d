// Simulated cycles per second, measured side by side in one run; every variant runs in a
// child process of its own (SystemC elaborates once per process), best of three.
//
// One credit loop (timing.md section 1: L = 4 stages each way, B = 10), saturating, then at 10%
// load (a flit every 10 cycles):
//   cycle     creditflow's cycle view: cycle::CreditLoop, one process per edge that also
//             observes the loop (every figure measured, conservation checked each cycle);
//   tl        the transaction-level view: the same cores, no process per cycle, idle
//             stretches and whole periods of a steady state jumped (same figures);
//   tl-step   the same, stepping every cycle: what a cycle costs when nothing repeats
//             (random traffic or drains);
//   naive     bench/naive_loop.hpp: one clocked process and one sc_signal per register;
//   plain     bench/plain_loop.hpp: a plain C++ loop of the same rules, no statistics.
// Every variant must send the same number of flits, or the comparison means nothing.
// Then a platform of 64 such loops from YAML in both views (link-cycles per second and
// peak memory, at two sizes of L and B), and the default model's 1000-point sweep (the TL
// view on worker threads beside a process per point).
//   credit_loop_bench [cycles]        (default 10,000,000, as the issue asks)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <systemc>

#include "creditflow/cycle/credit_loop.hpp"
#include "creditflow/platform/isolated_run.hpp"
#include "creditflow/tl/credit_loop_tl.hpp"
#include "naive_loop.hpp"
#include "plain_loop.hpp"
#include "platform_runs.hpp"

namespace cf = creditflow;

namespace {

constexpr int L = 4;
constexpr int B = 10;

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

cf::core::CreditLoopParams loop_params(int every) {
  cf::core::CreditLoopParams p;
  p.link = {L, L};
  p.receiver.depth = B;
  if (every > 1) p.source.traffic = cf::core::TrafficSpec::periodic(every);
  return p;
}

std::string timed(std::chrono::steady_clock::time_point t0, unsigned long long sent) {
  return std::to_string(seconds_since(t0)) + " " + std::to_string(sent);
}

// Bernoulli traffic at `load` and a consumer popping with probability `drain`.
cf::core::CreditLoopParams random_params(double load, double drain) {
  cf::core::CreditLoopParams p = loop_params(1);
  p.source.traffic = cf::core::TrafficSpec::bernoulli(load);
  p.receiver.drain.rate = drain;
  return p;
}

std::string tl_view(long cycles, int every, bool jumps) {
  cf::tl::CreditLoopTL<> loop("loop", loop_params(every), static_cast<cf::core::Cycle>(cycles), 0);
  if (!jumps) loop.disable_jumps();
  const auto t0 = std::chrono::steady_clock::now();
  sc_core::sc_start();
  return timed(t0, loop.observer().sent_in_window());
}

std::string tl_random(long cycles, double load, double drain) {
  cf::tl::CreditLoopTL<> loop("loop", random_params(load, drain), static_cast<cf::core::Cycle>(cycles), 0);
  const auto t0 = std::chrono::steady_clock::now();
  sc_core::sc_start();
  return timed(t0, loop.observer().sent_in_window());
}

std::string cycle_view(long cycles, int every) {
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  cf::cycle::CreditLoop<> loop("loop", loop_params(every));
  loop.clk(clk);
  const auto& obs = loop.observe("link", static_cast<cf::core::Cycle>(cycles));
  const auto t0 = std::chrono::steady_clock::now();
  sc_core::sc_start();
  return timed(t0, obs.sent_in_window());
}

std::string naive(long cycles) {
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  bench::NaiveLoop<L, B> n("naive");
  n.clk(clk);
  const auto t0 = std::chrono::steady_clock::now();
  sc_core::sc_start(sc_core::sc_time(static_cast<double>(cycles) + 0.5, sc_core::SC_NS));
  return timed(t0, static_cast<unsigned long long>(n.sent));
}

struct Result {
  double seconds = 1e300;
  unsigned long long sent = 0;
  long rss_kb = 0;
};

// Best (shortest) of three runs, each in a child.
Result measure(const char* label, const std::function<std::string()>& work) {
  Result best;
  for (int i = 0; i < 3; ++i) {
    const auto r = cf::platform::run_isolated(work);
    if (!r.ok) {
      std::fprintf(stderr, "credit_loop_bench: %s failed: %s\n", label, r.error.c_str());
      std::exit(1);
    }
    Result one;
    std::sscanf(r.output.c_str(), "%lf %llu %ld", &one.seconds, &one.sent, &one.rss_kb);
    if (one.seconds < best.seconds) best = one;
  }
  return best;
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  const long cycles = argc > 1 ? std::atol(argv[1]) : 10'000'000;
  const long repeat = 20;  // the plain loop is fast: repeat it so its time is measurable
  auto row = [&](const char* name, const Result& r, double units) {
    std::printf("  %-8s %14.0f %s/s  %10llu sent\n", name, units / r.seconds, "cycles", r.sent);
  };
  bool agree = true;
  for (int every : {1, 10}) {
    if (every == 1)
      std::printf("credit loop L=%d B=%d, saturating, %ld cycles\n", L, B, cycles);
    else
      std::printf("the same loop at 10%% load (a flit every %d cycles), %ld cycles\n", every, cycles);
    const Result c = measure("cycle view", [&] { return cycle_view(cycles, every); });
    const Result t = measure("tl view", [&] { return tl_view(cycles, every, true); });
    const Result s = measure("tl view, stepping", [&] { return tl_view(cycles, every, false); });
    Result n;
    if (every == 1) n = measure("naive", [&] { return naive(cycles); });
    Result p = measure("plain", [&] {
      const auto t0 = std::chrono::steady_clock::now();
      return timed(t0, static_cast<unsigned long long>(bench::plain_loop<L, B>(cycles * repeat, every)));
    });
    p.seconds /= repeat;
    p.sent /= repeat;
    const auto n_cycles = static_cast<double>(cycles);
    row("cycle", c, n_cycles);
    row("tl", t, n_cycles);
    row("tl-step", s, n_cycles);
    if (every == 1) row("naive", n, n_cycles);
    row("plain", p, n_cycles);
    if (every == 1) std::printf("ratios: cycle / naive = %.2f\n", n.seconds / c.seconds);
    std::printf("ratios: tl / cycle = %.1f, tl / plain = %.2f; tl-step / cycle = %.1f, tl-step / plain = %.3f\n",
                c.seconds / t.seconds, p.seconds / t.seconds, c.seconds / s.seconds, p.seconds / s.seconds);
    agree = agree && c.sent == t.sent && c.sent == s.sent && c.sent == p.sent && (every != 1 || c.sent == n.sent);
  }

  // Random traffic and a random drain: nothing repeats, so the TL view steps every busy
  // cycle (and crosses the idle ones between flits at once), with every statistic,
  // conservation check and latency histogram on. The plain loop draws a coin a cycle for
  // each from one generator; creditflow's parts draw from generators of their own (the
  // same law), so their counts of flits sent differ by chance, not by rule.
  constexpr double drain = 0.95;
  for (const double load : {0.3, 0.9, 0.01}) {
    std::printf("random traffic at %.2f and a random drain at %.2f (L=%d B=%d), %ld cycles\n", load, drain, L, B, cycles);
    const Result t = measure("tl view, random", [&] { return tl_random(cycles, load, drain); });
    const std::string file = "credit_loop_bench_random.yaml";
    bench::write_random_link(file, L, B, load, drain);
    const Result f = measure("platform tl view, random", [&] { return bench::run_platform(file, cycles, "tl"); });
    std::remove(file.c_str());
    Result p = measure("plain, random", [&] {
      const auto t0 = std::chrono::steady_clock::now();
      return timed(t0, static_cast<unsigned long long>(bench::plain_random_loop<L, B>(cycles * repeat / 4, load, drain, 1)));
    });
    p.seconds /= repeat / 4;
    p.sent /= repeat / 4;
    const auto n_cycles = static_cast<double>(cycles);
    row("tl", t, n_cycles);
    row("yaml tl", f, n_cycles);
    row("plain", p, n_cycles);
    std::printf("ratios: tl / plain = %.3f, yaml tl / plain = %.3f\n", p.seconds / t.seconds, p.seconds / f.seconds);
  }

  const long platform_cycles = std::max(1L, cycles / 20);
  for (const auto& [latency, depth] : {std::pair{L, B}, std::pair{4 * L, 4 * B}}) {
    const std::string file = "credit_loop_bench_links64_" + std::to_string(latency) + ".yaml";
    bench::write_many_links(file, 64, latency, depth);
    std::printf("platform of 64 loops from YAML, L=%d B=%d, %ld cycles\n", latency, depth, platform_cycles);
    const Result c = measure("platform cycle view", [&] { return bench::run_platform(file, platform_cycles, "cycle"); });
    const Result t = measure("platform tl view", [&] { return bench::run_platform(file, platform_cycles, "tl"); });
    const double link_cycles = 64.0 * static_cast<double>(platform_cycles);
    std::printf("  %-8s %14.0f link-cycles/s  %10llu sent  peak %ld KB\n", "cycle", link_cycles / c.seconds, c.sent,
                c.rss_kb);
    std::printf("  %-8s %14.0f link-cycles/s  %10llu sent  peak %ld KB\n", "tl", link_cycles / t.seconds, t.sent,
                t.rss_kb);
    std::printf("ratios: tl / cycle = %.1f\n", c.seconds / t.seconds);
    agree = agree && c.sent == t.sent;
    std::remove(file.c_str());
  }

  // Paths of several hops (timing.md section 5): a 16-hop chain and a 16-initiator merge beside a
  // single link, in both views, in cycles per second of the whole platform.
  std::printf("a chain of 16 hops, a merge of 16 initiators (L=%d B=%d) and a single link, %ld cycles\n", L, B,
              platform_cycles);
  {
    bench::write_chain("credit_loop_bench_chain16.yaml", 16, L, B);
    bench::write_merge("credit_loop_bench_merge16.yaml", 16, L, B);
    bench::write_many_links("credit_loop_bench_link1.yaml", 1, L, B);
    const char* files[3] = {"credit_loop_bench_chain16.yaml", "credit_loop_bench_merge16.yaml",
                            "credit_loop_bench_link1.yaml"};
    const char* names[3] = {"chain16", "merge16", "link"};
    double per_view[2][3];  // [view][chain, merge, link]: cycles per second
    const char* views[2] = {"cycle", "tl"};
    for (int v = 0; v < 2; ++v)
      for (int k = 0; k < 3; ++k) {
        const Result r = measure(views[v], [&] { return bench::run_platform(files[k], platform_cycles, views[v]); });
        per_view[v][k] = static_cast<double>(platform_cycles) / r.seconds;
        std::printf("  %-6s %-8s %14.0f cycles/s  %10llu sent over its links\n", views[v], names[k], per_view[v][k], r.sent);
      }
    std::printf("ratios: chain16 / link = %.3f (cycle), %.3f (tl); merge16 / link = %.3f (cycle), %.3f (tl); "
                "tl / cycle: chain %.1f, merge %.1f\n",
                per_view[0][0] / per_view[0][2], per_view[1][0] / per_view[1][2], per_view[0][1] / per_view[0][2],
                per_view[1][1] / per_view[1][2], per_view[1][0] / per_view[0][0], per_view[1][1] / per_view[0][1]);
    for (const char* file : files) std::remove(file);
  }

  // Resolution must grow no faster than n log n (issue 18): 4 times the loops may take
  // about 4.4 times as long, where a quadratic step would take 16.
  std::printf("resolving a platform of n loops (YAML to a platform, before elaboration)\n");
  double resolve_s[2] = {0, 0};
  for (int i = 0; i < 2; ++i) {
    const int loops = i == 0 ? 2000 : 8000;
    const std::string file = "credit_loop_bench_resolve_" + std::to_string(loops) + ".yaml";
    bench::write_many_links(file, loops, L, B);
    resolve_s[i] = 1e9;
    for (int k = 0; k < 3; ++k) resolve_s[i] = std::min(resolve_s[i], bench::resolve_seconds(file));
    std::printf("  n = %-6d %8.3f s\n", loops, resolve_s[i]);
    std::remove(file.c_str());
  }
  std::printf("ratios: resolve 8000 / 2000 loops = %.1f (n log n: 4.7, n^2: 16)\n", resolve_s[1] / resolve_s[0]);

  const std::string model = std::string(CREDITFLOW_SOURCE_DIR) + "/models/credit_loop.yaml";
  std::printf("sweep of models/credit_loop.yaml, rx.depth=1:40 x link.latency=1:25 (1000 points), -j 2\n");
  const double threads = bench::sweep_seconds(model, 40, 25, "tl");
  const double isolated = bench::sweep_seconds(model, 40, 25, "tl", true);
  const double cycle = bench::sweep_seconds(model, 40, 25, "cycle");
  std::printf("  %-26s %8.2f s  %8.0f points/s\n", "tl, worker threads", threads, 1000.0 / threads);
  std::printf("  %-26s %8.2f s  %8.0f points/s\n", "tl, a process per point", isolated, 1000.0 / isolated);
  std::printf("  %-26s %8.2f s  %8.0f points/s\n", "cycle, a process per point", cycle, 1000.0 / cycle);
  std::printf("ratios: tl threads / tl processes = %.1f, tl threads / cycle = %.1f\n", isolated / threads,
              cycle / threads);

  if (!agree) {
    std::fprintf(stderr, "credit_loop_bench: the variants disagree on the flits sent\n");
    return 1;
  }
  return 0;
}
