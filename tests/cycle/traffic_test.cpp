// Traffic patterns and drain schedules at cycle level, on loops with credits to spare.
#include <boost/test/unit_test.hpp>

#include "helpers.hpp"

using namespace creditflow;

BOOST_AUTO_TEST_CASE(periodic_source_sends_one_in_k) {
  auto p = cftest::loop_params(1, 10);
  p.source.traffic = core::TrafficSpec::periodic(3);
  const auto f = cftest::run_in_child(p);
  BOOST_TEST(f.sent == 1000u);  // cycles 3000..5999 with t % 3 == 0
  BOOST_TEST(f.stall_empty + f.stall_busy == 0u);
}

BOOST_AUTO_TEST_CASE(burst_source_sends_n_on_m_off) {
  auto p = cftest::loop_params(1, 10);
  p.source.traffic = core::TrafficSpec::burst(2, 3);
  const auto f = cftest::run_in_child(p);
  BOOST_TEST(f.sent == 1200u);  // 2 of every 5 cycles
}

BOOST_AUTO_TEST_CASE(burst_longer_than_the_credits_queues_at_the_source) {
  // Bursts of 8 into a loop of 2 credits and RTT 4: 0.5 flits per cycle, offered 0.5 too,
  // but in bursts, so flits wait at the source and the loop is credit-bound in bursts.
  auto p = cftest::loop_params(1, 2);
  p.source.traffic = core::TrafficSpec::burst(8, 8);
  const auto f = cftest::run_in_child(p);
  BOOST_TEST(f.throughput == 0.5);
  BOOST_TEST(f.stall_empty > 0u);
}

BOOST_AUTO_TEST_CASE(bernoulli_source_is_deterministic_per_seed) {
  auto p = cftest::loop_params(1, 10);
  p.source.traffic = core::TrafficSpec::bernoulli(0.3);
  const auto a = cftest::run_in_child(p);
  const auto b = cftest::run_in_child(p);
  p.seed = 2;
  const auto c = cftest::run_in_child(p);
  BOOST_TEST(a.sent == b.sent);
  BOOST_TEST(a.sent != c.sent);
  BOOST_TEST(a.sent > 820u);  // 900 expected over 3000 cycles, sigma 25
  BOOST_TEST(a.sent < 980u);
}

BOOST_AUTO_TEST_CASE(random_drain_limits_a_deep_loop_to_its_rate) {
  auto p = cftest::loop_params(1, 32);
  p.receiver.drain.rate = 0.5;
  cycle::RunOptions o;
  o.cycles = 40000;
  o.warmup = 10000;
  const auto a = cftest::run_in_child(p, o);
  const auto b = cftest::run_in_child(p, o);
  BOOST_TEST(a.sent == b.sent);
  BOOST_TEST(a.throughput > 0.49);  // 15000 expected, sigma 87
  BOOST_TEST(a.throughput < 0.51);
  BOOST_TEST(a.stall_busy > a.stall_empty);
}

BOOST_AUTO_TEST_CASE(zero_latency_link_has_rtt_two) {
  // Lf = Lr = 0: spent in t, stored at t's edge, popped in t+1, counted at t+1's edge.
  const auto f = cftest::run_in_child(cftest::loop_params(0, 1));
  BOOST_TEST(f.rtt == 2u);
  BOOST_TEST(f.sent == 1500u);
}

BOOST_AUTO_TEST_CASE(asymmetric_latencies_add_up) {
  auto p = cftest::loop_params(0, 1);
  p.link.forward_latency = 3;
  p.link.credit_latency = 6;
  const auto f = cftest::run_in_child(p);
  BOOST_TEST(f.rtt == 11u);  // Lf + Lr + 2
  BOOST_TEST(f.sent == 273u);  // t % 11 == 0 in 3000..5999
}
