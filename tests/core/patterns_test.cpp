#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "creditflow/core/bernoulli_times.hpp"
#include "creditflow/core/drain_schedule.hpp"
#include "creditflow/core/on_off_times.hpp"
#include "creditflow/core/seed.hpp"
#include "creditflow/core/source_core.hpp"
#include "creditflow/core/traffic_pattern.hpp"

using namespace creditflow::core;

namespace {
std::vector<Cycle> firing_cycles(TrafficPattern p, Cycle n) {
  std::vector<Cycle> out;
  for (Cycle t = 0; t < n; ++t)
    if (p.fires(t)) out.push_back(t);
  return out;
}
// A loop looks ahead for the next firing when it may skip, then asks cycle by cycle: the
// look-ahead must answer the cycles up to it as asking each would. The cycles `times`
// fires in, asked so, every 5th cycle looking ahead (checked against `fired`).
template <class Times>
std::vector<Cycle> asked_with_look_ahead(const Times& times, const std::vector<Cycle>& fired, Cycle n) {
  std::vector<Cycle> asked;
  auto next = fired.begin();
  for (Cycle t = 0; t < n; ++t) {
    while (next != fired.end() && *next < t) ++next;
    if (t % 5 == 0 && next != fired.end()) BOOST_TEST_REQUIRE(times.first_from(t) == *next);
    if (times.fires_at(t)) asked.push_back(t);
  }
  return asked;
}
}  // namespace

BOOST_AUTO_TEST_CASE(periodic_fires_every_k) {
  TrafficPattern p(TrafficSpec::periodic(3), 0, "src");
  BOOST_TEST(firing_cycles(p, 10) == (std::vector<Cycle>{0, 3, 6, 9}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(burst_is_n_on_m_off) {
  TrafficPattern p(TrafficSpec::burst(2, 3), 0, "src");
  BOOST_TEST(firing_cycles(p, 12) == (std::vector<Cycle>{0, 1, 5, 6, 10, 11}),
             boost::test_tools::per_element());
  BOOST_TEST(p.offered_rate() == 0.4);
}

BOOST_AUTO_TEST_CASE(bernoulli_is_seeded_and_near_its_rate) {
  const auto a = firing_cycles(TrafficPattern(TrafficSpec::bernoulli(0.3), 42, "src"), 100000);
  const auto b = firing_cycles(TrafficPattern(TrafficSpec::bernoulli(0.3), 42, "src"), 100000);
  const auto c = firing_cycles(TrafficPattern(TrafficSpec::bernoulli(0.3), 43, "src"), 100000);
  BOOST_TEST(a == b, boost::test_tools::per_element());
  BOOST_TEST(a != c);
  // 100000 draws at 0.3: the standard deviation is 145, so 1% is over six sigma.
  BOOST_TEST(a.size() > 29700u);
  BOOST_TEST(a.size() < 30300u);
}

// A Bernoulli process drawn as gaps: the same firings whichever cycles are asked about
// (every cycle, every 7th, or jumping from firing to firing), at its rate within 4 standard
// deviations, and from 1/8 up the very firings of a coin a cycle (next() < p 2^64), so
// figures from before gaps were drawn stand.
BOOST_AUTO_TEST_CASE(bernoulli_times_do_not_depend_on_the_cycles_asked) {
  constexpr Cycle n = 400000;
  for (const double p : {0.003, 0.05, 0.125, 0.3, 0.95}) {
    BOOST_TEST_CONTEXT("p = " << p) {
      BernoulliTimes every(p, 77), sparse(p, 77), jumping(p, 77);
      std::vector<Cycle> fired;
      for (Cycle t = 0; t < n; ++t)
        if (every.fires_at(t)) fired.push_back(t);
      std::vector<Cycle> seen;
      for (Cycle t = 0; t < n; t += 7)
        if (sparse.fires_at(t)) seen.push_back(t);
      std::vector<Cycle> expected;
      for (const Cycle t : fired)
        if (t % 7 == 0) expected.push_back(t);
      BOOST_TEST(seen == expected);
      std::vector<Cycle> jumped;
      for (Cycle t = jumping.first_from(0); t < n; t = jumping.first_from(t + 1)) jumped.push_back(t);
      BOOST_TEST(jumped == fired);
      BernoulliTimes mixed(p, 77);
      BOOST_TEST(asked_with_look_ahead(mixed, fired, n) == fired);
      const double mean = p * n, sd = std::sqrt(n * p * (1 - p));
      BOOST_TEST(std::abs(static_cast<double>(fired.size()) - mean) < 4 * sd, fired.size() << " fired, " << mean << " expected");
      if (p >= 0.125) {
        Rng coin(77);
        const auto threshold = static_cast<std::uint64_t>(p * 0x1.0p64);
        std::vector<Cycle> coins;
        for (Cycle t = 0; t < n; ++t)
          if (coin.next() < threshold) coins.push_back(t);
        BOOST_TEST(coins == fired);
      }
    }
  }
  BernoulliTimes never(0.0, 1), always(1.0, 1);
  BOOST_TEST(never.first_from(0) == BernoulliTimes::kNever);
  for (Cycle t = 0; t < 100; ++t) BOOST_TEST(always.fires_at(t));
}

// BookSim2's on_off process: its long-run rate, flits that come in bursts (over windows of
// 100 cycles the count varies many times as much as a coin a cycle's of the same rate), and
// the same firings whichever cycles are asked about (every cycle, jumping from firing to
// firing, looking ahead then asking cycle by cycle).
BOOST_AUTO_TEST_CASE(on_off_fires_in_bursts_at_its_rate_whichever_cycles_are_asked) {
  constexpr Cycle n = 400000;
  const double rate = 0.2, alpha = 0.01, beta = 0.015;  // on 40% of the cycles, firing 0.5 of them
  OnOffTimes every(rate, alpha, beta, 9), jumping(rate, alpha, beta, 9), mixed(rate, alpha, beta, 9);
  std::vector<Cycle> fired;
  for (Cycle t = 0; t < n; ++t)
    if (every.fires_at(t)) fired.push_back(t);
  std::vector<Cycle> jumped;
  for (Cycle t = jumping.first_from(0); t < n; t = jumping.first_from(t + 1)) jumped.push_back(t);
  BOOST_TEST(jumped == fired);
  BOOST_TEST(asked_with_look_ahead(mixed, fired, n) == fired);
  // About 400 bursts of 67 cycles: the count's spread is that of the bursts, a few percent.
  BOOST_TEST(static_cast<double>(fired.size()) / n == rate, boost::test_tools::tolerance(0.05));
  std::vector<double> windows(n / 100, 0.0);
  for (const Cycle t : fired) windows[t / 100] += 1;
  double mean = 0, variance = 0;
  for (const double w : windows) mean += w / windows.size();
  for (const double w : windows) variance += (w - mean) * (w - mean) / windows.size();
  BOOST_TEST(variance > 10 * 100 * rate * (1 - rate), variance);  // a coin a cycle: 16
  // Through a TrafficPattern, as a source asks it; a rate the bursts cannot carry is refused.
  const TrafficPattern pattern(TrafficSpec::on_off(rate, alpha, beta), 9, "src");
  BOOST_TEST(firing_cycles(pattern, 1000) == std::vector<Cycle>(fired.begin(), std::lower_bound(fired.begin(), fired.end(), 1000)));
  BOOST_CHECK_EXCEPTION(TrafficPattern(TrafficSpec::on_off(0.5, 0.01, 0.015), 9, "src"), creditflow::ParameterError,
                        [](const creditflow::ParameterError& e) {
                          return std::string(e.what()) ==
                                 "src: rate = 0.5 needs a flit in 1.25 of the cycles it is on, on 0.4 of them "
                                 "(burst_alpha / (burst_alpha + burst_beta)) (allowed rate up to 0.4)";
                        });
}

BOOST_AUTO_TEST_CASE(derived_seeds_differ_by_component_and_run) {
  BOOST_TEST(derive_seed(1, "src") == derive_seed(1, "src"));
  BOOST_TEST(derive_seed(1, "src") != derive_seed(1, "rx"));
  BOOST_TEST(derive_seed(1, "src") != derive_seed(2, "src"));
  // Pinned so the same seed gives the same bytes on every machine and build.
  BOOST_TEST(Rng(0).next() == 0xE220A8397B1DCDAFull);
}

BOOST_AUTO_TEST_CASE(drain_every_k_allows_when_t_mod_k_is_zero) {
  DrainSpec spec;
  spec.every = 2;
  DrainSchedule d(spec, 0, "rx");
  std::vector<bool> allowed;
  for (Cycle t = 0; t < 5; ++t) allowed.push_back(d.allows(t));
  BOOST_TEST(allowed == (std::vector<bool>{true, false, true, false, true}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(drain_stall_window_is_half_open) {
  DrainSpec spec;
  spec.stalls.push_back({3, 6});
  DrainSchedule d(spec, 0, "rx");
  std::vector<bool> allowed;
  for (Cycle t = 0; t < 8; ++t) allowed.push_back(d.allows(t));
  BOOST_TEST(allowed == (std::vector<bool>{true, true, true, false, false, false, true, true}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(drain_random_rate_is_seeded) {
  DrainSpec spec;
  spec.rate = 0.25;
  DrainSchedule a(spec, 7, "rx"), b(spec, 7, "rx");
  int allowed = 0;
  for (Cycle t = 0; t < 40000; ++t) {
    const bool x = a.allows(t);
    BOOST_TEST_REQUIRE(x == b.allows(t));
    allowed += x;
  }
  BOOST_TEST(allowed > 9700);  // 10000 expected, sigma 87
  BOOST_TEST(allowed < 10300);
}

BOOST_AUTO_TEST_CASE(saturating_source_always_offers_a_fresh_flit) {
  SourceCore<Flit> src(SourceParams{}, 0, "src");
  BOOST_TEST(src.has_data());
  BOOST_TEST(src.head().created == 0u);
  src.advance(false);  // not taken: the same flit stays on offer
  BOOST_TEST(src.head().id == 0u);
  src.advance(true);   // taken at the edge closing cycle 1: the next is created for cycle 2
  BOOST_TEST(src.head().id == 1u);
  BOOST_TEST(src.head().created == 2u);
  BOOST_TEST(src.refused() == 0u);
}

BOOST_AUTO_TEST_CASE(periodic_source_counts_what_a_full_queue_refuses) {
  SourceParams p;
  p.traffic = TrafficSpec::periodic(10);
  p.queue_depth = 1;
  SourceCore<Flit> src(p, 0, "src");
  for (int t = 0; t < 35; ++t) src.advance(false);  // nobody takes: arrivals at 10, 20, 30 refused
  BOOST_TEST(src.created() == 1u);
  BOOST_TEST(src.refused() == 3u);
  BOOST_TEST(src.queued() == 1u);
}
