// Stall classification (timing.md section 1): an undersized loop waits for credits with the
// receiver empty; a slow receiver makes it wait with the receiver holding flits.
#include <boost/test/unit_test.hpp>

#include "creditflow/core/diagnosis.hpp"
#include "creditflow/cycle/run_credit_loop.hpp"
#include "helpers.hpp"

using namespace creditflow;

BOOST_AUTO_TEST_CASE(undersized_loop_stalls_with_the_receiver_empty) {
  // L = 4, B = 4: RTT 10, so 6 of every 10 cycles wait for a credit: 1800 of 3000.
  const auto rep = cycle::run_credit_loop(cftest::loop_params(4, 4), {});
  BOOST_TEST(rep.throughput == 0.4);
  BOOST_TEST(rep.credit_stall_cycles == 1800u);
  BOOST_TEST(rep.stall_receiver_empty == 1800u);
  BOOST_TEST(rep.stall_receiver_busy == 0u);
  BOOST_TEST(rep.measured_rtt == 10u);
  const auto d = core::diagnose(rep);
  BOOST_TEST_REQUIRE(d.size() == 1u);
  BOOST_TEST(d[0] ==
             "link 'link' runs at 0.400 of full rate: its 4 credits cover 4 of the 10-cycle "
             "round trip; it needs B >= 10 for full rate (the sender was out of credits with "
             "the receiver empty in 1800 of 3000 cycles)");
}

BOOST_AUTO_TEST_CASE(slow_drain_stalls_with_the_receiver_busy) {
  // L = 4, B = 18, a pop only when t % 2 == 0: the buffer fills and the sender waits on it.
  // (The B = 5 comparison runs first, in a child: this process elaborates only after it.)
  const auto b5 = cftest::run_in_child(cftest::loop_params(4, 5, 2));
  const auto rep = cycle::run_credit_loop(cftest::loop_params(4, 18, 2), {});
  BOOST_TEST(rep.throughput == 0.5);
  BOOST_TEST(rep.credit_stall_cycles == 1500u);
  BOOST_TEST(rep.stall_receiver_busy == 1500u);
  BOOST_TEST(rep.stall_receiver_empty == 0u);
  BOOST_TEST(rep.peak_occupancy > 8);
  const auto d = core::diagnose(rep);
  BOOST_TEST_REQUIRE(d.size() == 1u);
  BOOST_TEST(d[0].find("limited by the receiver's drain of 0.500 per cycle") != std::string::npos, d[0]);
  // The loop's RTT is 10, so 5 credits carry 0.5 per cycle (the measured shortest trip is
  // 11, since a flit waits for an even cycle): B = 5 indeed runs at 0.500 too.
  BOOST_TEST(rep.loop_rtt == 10u);
  BOOST_TEST(rep.measured_rtt == 11u);
  BOOST_TEST(d[0].find("more credits will not help beyond B >= 5") != std::string::npos, d[0]);
  BOOST_TEST(b5.throughput == 0.5);
}

BOOST_AUTO_TEST_CASE(latency_by_phase_on_an_undersized_loop) {
  // L = 4, B = 4: of every 4 flits, the first waits 6 cycles for a credit, the others none.
  const auto rep = cycle::run_credit_loop(cftest::loop_params(4, 4), {});
  const auto& l = rep.latency;
  BOOST_TEST(l.creation_to_send.count() == 1200u);
  BOOST_TEST(l.creation_to_send.mean() == 1.5);
  BOOST_TEST(l.creation_to_send.percentile(0.5) == 0u);
  BOOST_TEST(l.creation_to_send.percentile(0.99) == 6u);
  BOOST_TEST(l.creation_to_send.max() == 6u);
  BOOST_TEST(l.send_to_arrival.min() == 4u);
  BOOST_TEST(l.send_to_arrival.max() == 4u);
  BOOST_TEST(l.arrival_to_pop.max() == 1u);
  BOOST_TEST(l.creation_to_pop.mean() == 6.5);
}
