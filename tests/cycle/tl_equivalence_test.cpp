// The transaction-level view against the cycle view: for a grid of latencies, depths,
// drain schedules, traffic patterns and seeds, every figure of the report is identical.
#include <boost/test/unit_test.hpp>
#include <sstream>

#include "../common/spec_section1.hpp"
#include "creditflow/tl/credit_loop_tl.hpp"
#include "helpers.hpp"

using namespace creditflow;

namespace {

void latency(std::ostream& os, const char* name, const core::LatencyStats& s) {
  os << name << " " << s.count() << " " << s.mean() << " " << s.percentile(0.5) << " " << s.percentile(0.99) << " "
     << s.min() << " " << s.max() << " histogram";
  for (const auto& [v, n] : s.histogram()) os << " " << v << ":" << n;
  os << "\n";
}

// Every number of the report, as text.
std::string figures(const core::LinkReport& r) {
  std::ostringstream os;
  os.precision(17);
  os << r.sent << " " << r.delivered << " " << r.throughput << " " << r.measured_rtt << " " << r.mean_rtt << " "
     << r.max_rtt << " " << r.credit_stall_cycles << " " << r.stall_receiver_empty << " " << r.stall_receiver_busy
     << " " << r.peak_occupancy << " " << r.conservation_violations << " " << r.source_refused << "\n";
  latency(os, "creation_to_send", r.latency.creation_to_send);
  latency(os, "send_to_arrival", r.latency.send_to_arrival);
  latency(os, "arrival_to_pop", r.latency.arrival_to_pop);
  latency(os, "creation_to_pop", r.latency.creation_to_pop);
  return os.str();
}

std::string run_view(const core::CreditLoopParams& p, const std::string& view, core::Cycle cycles = 3000,
                     core::Cycle warmup = 500) {
  const auto r = platform::run_isolated([&] {
    cycle::RunOptions o;
    o.cycles = cycles;
    o.warmup = warmup;
    o.view = view;
    return figures(cycle::run_credit_loop(p, o));
  });
  BOOST_TEST_REQUIRE(r.ok, r.error);
  return r.output;
}

}  // namespace

BOOST_AUTO_TEST_CASE(tl_view_gives_the_cycle_views_figures) {
  std::vector<core::TrafficSpec> patterns{core::TrafficSpec::saturating(), core::TrafficSpec::periodic(3),
                                          core::TrafficSpec::burst(4, 5), core::TrafficSpec::bernoulli(0.4)};
  std::vector<core::DrainSpec> drains(3);
  drains[1].every = 3;
  drains[2].rate = 0.6;
  drains[2].stalls.push_back({700, 760});
  int points = 0;
  for (const auto& [lf, lr] : {std::pair{0, 0}, std::pair{1, 1}, std::pair{3, 5}})
    for (std::int64_t depth : {1, 3, 8})
      for (std::size_t d = 0; d < drains.size(); ++d) {
        core::CreditLoopParams p;
        p.link = {lf, lr};
        p.receiver.depth = depth;
        p.receiver.drain = drains[d];
        p.source.traffic = patterns[(points) % patterns.size()];
        p.source.queue_depth = 8;
        p.seed = 1 + static_cast<std::uint64_t>(points % 3);
        const std::string cycle = run_view(p, "cycle"), tl = run_view(p, "tl");
        BOOST_TEST(cycle == tl, "Lf " << lf << " Lr " << lr << " B " << depth << " drain " << d << "\n"
                                      << cycle << "vs\n" << tl);
        ++points;
      }
  BOOST_TEST(points == 27);
}

BOOST_AUTO_TEST_CASE(tl_view_reproduces_the_spec_table) {
  for (const auto& [latency, row] : spec1::rows)
    for (std::size_t i = 0; i < spec1::depths.size(); ++i) {
      const auto r = platform::run_isolated([&, latency = latency] {
        cycle::RunOptions o;
        o.view = "tl";
        return std::to_string(cycle::run_credit_loop(cftest::loop_params(latency, spec1::depths[i]), o).sent);
      });
      BOOST_TEST_REQUIRE(r.ok, r.error);
      char buf[16];
      std::snprintf(buf, sizeof buf, "%.3f", std::stod(r.output) / 3000.0);
      BOOST_TEST(std::string(buf) == row[i], "L=" << latency << " B=" << spec1::depths[i]);
    }
}

BOOST_AUTO_TEST_CASE(unknown_view_is_refused) {
  cycle::RunOptions o;
  o.view = "fast";
  BOOST_CHECK_EXCEPTION(cycle::run_credit_loop(cftest::loop_params(1, 4), o), ParameterError, [](const ParameterError& e) {
    return std::string(e.what()) == "run: view = fast is not a known view (allowed one of cycle, tl)";
  });
}

BOOST_AUTO_TEST_CASE(tl_view_skips_idle_stretches_exactly) {
  // Sparse traffic leaves the loop empty most of the time: the TL view jumps those
  // stretches (the warm-up at 500 falls inside one) and must still count exactly.
  int points = 0;
  for (const core::TrafficSpec& traffic : {core::TrafficSpec::periodic(50), core::TrafficSpec::burst(3, 61)})
    for (const auto& [lf, lr] : {std::pair{0, 0}, std::pair{2, 2}, std::pair{0, 7}})
      for (std::int64_t depth : {1, 2}) {
        core::CreditLoopParams p;
        p.link = {lf, lr};
        p.receiver.depth = depth;
        p.receiver.drain.every = 2;
        p.source.traffic = traffic;
        p.source.queue_depth = 4;
        const std::string cycle = run_view(p, "cycle"), tl = run_view(p, "tl");
        BOOST_TEST(cycle == tl, "Lf " << lf << " Lr " << lr << " B " << depth << "\n" << cycle << "vs\n" << tl);
        BOOST_TEST(cycle.rfind("0 0 ", 0) != 0u);  // something was sent
        ++points;
      }
  BOOST_TEST(points == 12);
}

// Random traffic and drains draw their firings as gaps, whichever cycles are asked about:
// at 1% load the TL view crosses the idle stretches between flits without a step (and the
// cycles a flit or a credit only travels down the link), and every figure, to each
// latency histogram bin, is still the cycle view's, which steps every cycle.
BOOST_AUTO_TEST_CASE(tl_view_skips_idle_stretches_of_random_traffic_exactly) {
  for (const std::int64_t drain_every : {1, 3})
  for (const double drain_rate : {1.0, 0.5})
    for (const auto& [lf, lr] : {std::pair{0, 0}, std::pair{3, 5}, std::pair{0, 7}, std::pair{12, 1}}) {
      core::CreditLoopParams p;
      p.link = {lf, lr};
      p.receiver.depth = 2;
      p.receiver.drain.rate = drain_rate;
      p.receiver.drain.every = drain_every;
      p.source.traffic = core::TrafficSpec::bernoulli(0.01);
      const core::Cycle cycles = 200000, warmup = 5000;
      const std::string cycle = run_view(p, "cycle", cycles, warmup);
      const auto run = platform::run_isolated([&] {
        tl::CreditLoopTL<> loop("loop", p, cycles, warmup);
        sc_core::sc_start();
        return figures(loop.report()) + "skipped " + std::to_string(loop.idle_cycles_skipped());
      });
      BOOST_TEST_REQUIRE(run.ok, run.error);
      const std::size_t cut = run.output.rfind("skipped ");
      BOOST_TEST(run.output.substr(0, cut) == cycle, "Lf " << lf << " Lr " << lr << " drain " << drain_rate << " every "
                                                             << drain_every << "\n" << cycle << "vs\n" << run.output);
      // About 2000 flits, each keeping the loop busy for its round trip of a few cycles.
      const auto sent = std::stoull(cycle);
      BOOST_TEST(sent > 1800u);
      BOOST_TEST(sent < 2200u);
      BOOST_TEST(std::stoull(run.output.substr(cut + 8)) > cycles * 8 / 10, run.output);
    }
}

// Deterministic patterns and drains settle into a steady state that repeats; the TL view
// jumps whole periods of it. Long runs, backlogged sources (a large state to compare),
// one-off consumer stalls in the middle (no jump may cross their edges) and several
// warm-ups: every figure, down to each latency histogram bin, is the cycle view's.
BOOST_AUTO_TEST_CASE(tl_view_jumps_steady_states_exactly) {
  struct Case {
    core::TrafficSpec traffic;
    std::int64_t lf, lr, depth, drain_every, queue;
    core::Cycle stall_from, stall_to, warmup;
  };
  const std::vector<Case> cases{
      {core::TrafficSpec::saturating(), 4, 4, 10, 1, 1, 0, 0, 3000},
      {core::TrafficSpec::saturating(), 4, 4, 6, 1, 1, 0, 0, 0},
      {core::TrafficSpec::saturating(), 0, 3, 2, 2, 1, 9000, 9500, 1000},
      {core::TrafficSpec::periodic(10), 4, 4, 10, 1, 8, 0, 0, 3000},
      {core::TrafficSpec::periodic(2), 1, 2, 4, 3, 1024, 0, 0, 2000},
      {core::TrafficSpec::burst(5, 7), 3, 1, 3, 2, 16, 12000, 12345, 500},
      {core::TrafficSpec::periodic(7), 2, 0, 1, 5, 64, 4000, 4100, 4500},
  };
  for (const Case& c : cases) {
    core::CreditLoopParams p;
    p.link = {c.lf, c.lr};
    p.receiver.depth = c.depth;
    p.receiver.drain.every = c.drain_every;
    if (c.stall_to > c.stall_from) p.receiver.drain.stalls.push_back({static_cast<std::int64_t>(c.stall_from),
                                                                       static_cast<std::int64_t>(c.stall_to)});
    p.source.traffic = c.traffic;
    p.source.queue_depth = c.queue;
    const core::Cycle cycles = 40000;
    const std::string cycle = run_view(p, "cycle", cycles, c.warmup);
    const auto run = platform::run_isolated([&] {
      tl::CreditLoopTL<> loop("loop", p, cycles, c.warmup);
      sc_core::sc_start();
      return figures(loop.report()) + "jumps " + std::to_string(loop.jumps());
    });
    BOOST_TEST_REQUIRE(run.ok, run.error);
    const std::size_t cut = run.output.rfind("jumps ");
    BOOST_TEST(run.output.substr(0, cut) == cycle, "Lf " << c.lf << " Lr " << c.lr << " B " << c.depth << "\n"
                                                          << cycle << "vs\n" << run.output);
    BOOST_TEST(std::stoi(run.output.substr(cut + 6)) >= 1, "no steady state found: " << run.output);
  }
}

// Random draws never repeat: the TL view makes no steady-state jump.
BOOST_AUTO_TEST_CASE(tl_view_never_jumps_with_random_draws) {
  for (bool random_source : {true, false}) {
    core::CreditLoopParams p;
    p.link = {2, 2};
    p.receiver.depth = 4;
    if (random_source)
      p.source.traffic = core::TrafficSpec::bernoulli(0.5);
    else
      p.receiver.drain.rate = 0.9;
    const auto run = platform::run_isolated([&] {
      tl::CreditLoopTL<> loop("loop", p, 20000, 1000);
      sc_core::sc_start();
      return std::to_string(loop.jumps());
    });
    BOOST_TEST_REQUIRE(run.ok, run.error);
    BOOST_TEST(run.output == "0");
  }
}

// 60 random deterministic loops (latencies, depths, drains, patterns, queues, one-off
// stalls, warm-ups and lengths drawn from a fixed seed): the TL view, jumps and all,
// gives the cycle view's figures at every one.
BOOST_AUTO_TEST_CASE(tl_view_jumps_match_at_random_points) {
  core::Rng rng(424242);
  auto pick = [&](std::int64_t lo, std::int64_t hi) {
    return lo + static_cast<std::int64_t>(rng.next() % static_cast<std::uint64_t>(hi - lo + 1));
  };
  for (int i = 0; i < 60; ++i) {
    core::CreditLoopParams p;
    p.link = {pick(0, 6), pick(0, 6)};
    p.receiver.depth = pick(1, 12);
    p.receiver.drain.every = pick(1, 4);
    const std::int64_t kind = pick(0, 2);
    p.source.traffic = kind == 0   ? core::TrafficSpec::saturating()
                       : kind == 1 ? core::TrafficSpec::periodic(pick(1, 12))
                                   : core::TrafficSpec::burst(pick(1, 6), pick(0, 8));
    p.source.queue_depth = pick(1, 64);
    const auto cycles = static_cast<core::Cycle>(pick(2000, 30000));
    const auto warmup = static_cast<core::Cycle>(pick(0, static_cast<std::int64_t>(cycles) / 2));
    if (pick(0, 1)) {
      const std::int64_t from = pick(0, static_cast<std::int64_t>(cycles));
      p.receiver.drain.stalls.push_back({from, from + pick(1, 400)});
    }
    p.seed = static_cast<std::uint64_t>(pick(1, 1000));
    BOOST_TEST(run_view(p, "cycle", cycles, warmup) == run_view(p, "tl", cycles, warmup), "point " << i);
  }
}
