#include <boost/test/unit_test.hpp>

#include "creditflow/core/diagnosis.hpp"
#include "creditflow/core/loop_observer.hpp"
#include "creditflow/core/sizing.hpp"

using namespace creditflow::core;

BOOST_AUTO_TEST_CASE(observer_names_every_term_of_a_violation) {
  LoopObserver obs("l0", 10, 0);
  LoopState s;
  s.sender_credits = 2;
  s.forward_flits = 3;
  s.receiver_occupancy = 1;
  s.return_credits = 3;
  const auto v = obs.observe(17, s);
  BOOST_TEST_REQUIRE(v.has_value());
  BOOST_TEST(*v ==
             "credit conservation violated on link 'l0' at cycle 17: sender credits 2 + forward "
             "flits 3 + receiver occupancy 1 + return credits 3 = 9, expected 10 (1 missing)");
  BOOST_TEST(obs.conservation_violations() == 1u);
  s.return_credits = 4;
  BOOST_TEST(!obs.observe(18, s).has_value());
}

BOOST_AUTO_TEST_CASE(observer_classifies_stalls_and_counts_the_window) {
  LoopObserver obs("l0", 2, 2);
  auto state = [](std::int64_t credits, std::int64_t occ, bool popping, std::uint64_t sent) {
    LoopState s;
    s.sender_credits = credits;
    s.receiver_occupancy = occ;
    s.forward_flits = 2 - credits - occ;
    s.sender_has_data = true;
    s.receiver_popping = popping;
    s.sent = sent;
    return s;
  };
  obs.observe(0, state(0, 0, false, 0));  // stalled, but before the window
  obs.observe(1, state(0, 0, false, 0));
  obs.observe(2, state(0, 1, true, 5));   // holds only what it pops now: "empty"
  obs.observe(3, state(0, 2, true, 5));   // holds one more than it pops: "busy"
  obs.observe(4, state(0, 1, false, 6));  // holds one it may not pop: "busy"
  obs.observe(5, state(1, 0, false, 7));  // not stalled
  obs.observe(6, state(0, 0, false, 9));  // opens the cycle after the run: not counted
  BOOST_TEST(obs.stall_receiver_empty() == 1u);
  BOOST_TEST(obs.stall_receiver_busy() == 2u);
  BOOST_TEST(obs.window_cycles() == 4u);
  BOOST_TEST(obs.sent_in_window() == 4u);
  BOOST_TEST(obs.throughput() == 1.0);
}

BOOST_AUTO_TEST_CASE(sizing_rounds_up_without_float_noise) {
  BOOST_TEST(credits_for_rate(1.0, 10) == 10);
  BOOST_TEST(credits_for_rate(0.8, 10) == 8);
  BOOST_TEST(credits_for_rate(0.5, 11) == 6);
  BOOST_TEST(loop_bound(4, 10, 1.0) == 0.4);
  BOOST_TEST(loop_bound(18, 10, 0.5) == 0.5);
}

BOOST_AUTO_TEST_CASE(diagnosis_of_an_undersized_loop) {
  LinkReport r;
  r.name = "l0";
  r.credits = 4;
  r.cycles = 6000;
  r.warmup = 3000;
  r.sent = 1200;
  r.throughput = 0.4;
  r.loop_rtt = 10;
  r.measured_rtt = 10;
  r.credit_stall_cycles = 1800;
  r.stall_receiver_empty = 1800;
  const auto d = diagnose(r);
  BOOST_TEST_REQUIRE(d.size() == 1u);
  BOOST_TEST(d[0] ==
             "link 'l0' runs at 0.400 of full rate: its 4 credits cover 4 of the 10-cycle round "
             "trip; it needs B >= 10 for full rate (the sender was out of credits with the "
             "receiver empty in 1800 of 3000 cycles)");
}

BOOST_AUTO_TEST_CASE(diagnosis_of_a_slow_receiver) {
  LinkReport r;
  r.name = "l0";
  r.credits = 18;
  r.cycles = 6000;
  r.warmup = 3000;
  r.sent = 1500;
  r.throughput = 0.5;
  r.drain_rate = 0.5;
  r.measured_rtt = 10;
  r.credit_stall_cycles = 1500;
  r.stall_receiver_busy = 1500;
  const auto d = diagnose(r);
  BOOST_TEST_REQUIRE(d.size() == 1u);
  BOOST_TEST(d[0] ==
             "link 'l0' runs at 0.500 of full rate, limited by the receiver's drain of 0.500 per "
             "cycle against 1.000 offered (the sender was out of credits with the receiver holding flits in 1500 of "
             "3000 cycles); more credits will not help beyond B >= 5, and it has 18");
}

BOOST_AUTO_TEST_CASE(a_lossy_sink_that_does_not_report_the_depth_it_needed_is_not_given_one) {
  LinkReport r;
  r.name = "sink";
  r.kind = "ready_valid";
  r.lossy = true;
  r.receiver_depth = 4;
  r.sent = 12;
  r.dropped = 4;
  r.cycles = 40;
  r.offered_rate = 0.3;
  r.drain_rate = 1.0;
  r.source_beats = 12;
  r.depth_to_keep_all = 8;  // as the built-in sink counts it
  auto d = diagnose(r);
  BOOST_TEST_REQUIRE(!d.empty());
  BOOST_TEST(d[0] == "link 'sink' dropped 4 of 12 beats at its lossy sink of depth 4; a depth of 8 would have kept them all");
  r.depth_to_keep_all = 0;  // a kind of the user's that does not count it
  d = diagnose(r);
  BOOST_TEST_REQUIRE(!d.empty());
  BOOST_TEST(d[0] == "link 'sink' dropped 4 of 12 beats at its lossy sink of depth 4; its sink does not report the "
                     "depth that would have kept them all");
}

BOOST_AUTO_TEST_CASE(diagnosis_of_a_loop_with_enough_credits) {
  LinkReport r;
  r.name = "l0";
  r.credits = 12;
  r.sent = 3000;
  r.cycles = 6000;
  r.warmup = 3000;
  r.throughput = 1.0;
  r.measured_rtt = 10;
  const auto d = diagnose(r);
  BOOST_TEST_REQUIRE(d.size() == 1u);
  BOOST_TEST(d[0] == "link 'l0' runs at 1.000 of full rate and never waited for a credit (12 "
                     "credits, 10-cycle round trip)");
}

BOOST_AUTO_TEST_CASE(stall_sizing_rules) {
  BOOST_TEST(depth_for_stall(1, 12).depth == 14);
  BOOST_TEST(depth_for_stall(1, 6).depth == 8);
  BOOST_TEST(depth_for_stall(1, 12, 0.5).depth == 8);  // 6.5 beats in 13 cycles: 7 at worst
  BOOST_TEST(depth_for_stall(0, 9, 0.5).depth == 5);   // 5 exactly
  BOOST_TEST(consumer_keeps_up(1.0, 1.0));
  BOOST_TEST(!consumer_keeps_up(1.0, 0.5));
  const BandwidthSizing s = size_for_bandwidth(16e9, 500e3, 16);
  BOOST_TEST(s.bytes == 8000.0);
  BOOST_TEST(s.credits == 500);
}

BOOST_AUTO_TEST_CASE(observer_checks_every_class_and_credit_type) {
  LoopObserver obs("rx", 8, 0);
  LoopState s;
  s.sender_credits = 5;
  s.receiver_occupancy = 3;
  s.classes = {{"A", 2, 2, 8, 8}, {"B", 1, 1, 0, 1}};  // B's receiver holds a data credit B never spent
  const auto v = obs.observe(12, s);
  BOOST_TEST_REQUIRE(v.has_value());
  BOOST_TEST(*v == "credit conservation violated on link 'rx' at cycle 12 for class 'B' data credits: the sender "
                   "holds 0, the receiver 1 (1 extra)");
  s.classes[1].receiver_data = 0;
  BOOST_TEST(!obs.observe(13, s).has_value());
}

// The watchdog fires exactly `watchdog` cycles after the last movement while work is
// pending; an idle loop (nothing offered, nothing in flight) never trips it.
BOOST_AUTO_TEST_CASE(watchdog_fires_after_the_last_movement_with_work_pending) {
  LoopObserver obs("link", 4, 0);
  obs.set_watchdog(10);
  LoopState s;
  s.sender_credits = 4;
  for (Cycle t = 0; t < 50; ++t) obs.observe(t, s);  // idle: nothing pending
  BOOST_TEST(!obs.deadlocked());
  s.sender_has_data = true;
  s.sender_credits = 0;
  s.receiver_occupancy = 4;
  s.sent = 4;  // moved at cycle 50
  for (Cycle t = 50; t < 60; ++t) obs.observe(t, s);
  BOOST_TEST(!obs.deadlocked());
  obs.observe(60, s);
  BOOST_TEST(obs.deadlocked());
  BOOST_TEST(obs.deadlock_cycle() == 60u);
  LinkReport r;
  obs.add_to(r);
  BOOST_TEST(r.deadlock_cycle == 60u);
  BOOST_TEST(describe_holder(s, true) == "credits 0, offering a flit, occupancy 4 (not popping)");
}

// timing.md section 1's trace (L = 2, B = 3, RTT 6) with a flit created every cycle: sends in
// slots 0, 1, 2, then 6, 7, 8, ...: every flit after the first three waits 3 more.
BOOST_AUTO_TEST_CASE(replayed_credit_waits_follow_the_section1_trace) {
  CreationTimes flits;
  flits.listing = true;
  for (Cycle t = 0; t < 12; ++t) flits.add(t, true);
  const LatencyStats waits = replay_credit_waits(flits, 6, 3);
  // Sends at 0 1 2 6 7 8 12 13 14 18 19 20: waits 0 0 0 3 3 3 6 6 6 9 9 9.
  const std::vector<std::pair<std::uint64_t, std::uint64_t>> expected{{0, 3}, {3, 3}, {6, 3}, {9, 3}};
  BOOST_TEST(waits.histogram() == expected);
  // With 6 credits (the round trip) nothing waits; the fewest for p99 <= 0 is 6.
  BOOST_TEST(replay_credit_waits(flits, 6, 6).max() == 0u);
  BOOST_TEST(depth_for_waits(flits, 6, 0.99, 0).depth == 6);
  // 4 send at 0-3, 6-9, 12-15: the last waits 4; 5 send at 0-4, 6-10, 12-13: waits up to 2.
  BOOST_TEST(depth_for_waits(flits, 6, 0.99, 3).depth == 5);
  // Only the window's flits are counted.
  CreationTimes late;
  late.listing = true;
  for (Cycle t = 0; t < 12; ++t) late.add(t, t >= 9);
  BOOST_TEST(late.window_from == 9u);
  BOOST_TEST(replay_credit_waits(late, 6, 3).count() == 3u);
  BOOST_TEST(replay_credit_waits(late, 6, 3).min() == 9u);
}

// A class whose own consumer is slower than its offer, while another class holds most of
// the shared pool. Before: "class 'Y' held the shared pool ...; reserve credits for 'X'",
// though X got all its consumer takes and reserved credits could not speed it up.
BOOST_AUTO_TEST_CASE(a_class_limited_by_its_own_consumer_is_not_told_to_reserve) {
  LinkReport r;
  r.name = "rx";
  r.cycles = 4000;
  r.warmup = 0;
  r.pool_policy = "reserved (0+0 reserved, 8 shared)";
  ClassReport x;
  x.name = "X";
  x.offered_rate = 0.25;
  x.drain_rate = 0.125;
  x.sent = 500;
  x.throughput = 0.125;
  x.stall_cycles = 3000;
  x.starved_by = "Y";
  x.starved_cycles = 2500;
  for (int i = 0; i < 500; ++i) x.round_trip.add(9);
  x.credit_wait.add(40);
  x.credit_limit = 8;
  ClassReport y;
  y.name = "Y";
  y.offered_rate = 1.0;
  y.drain_rate = 1.0;
  y.throughput = 0.8;
  r.classes = {x, y};
  auto d = diagnose(r);
  BOOST_TEST_REQUIRE(d.size() == 1u);
  BOOST_TEST(d[0] == "class 'X' on link 'rx' waited for credits in 3000 cycles, up to 40 cycles for one packet: its "
                     "consumer drains at most 0.125 per cycle against 0.250 offered, so its credits wait in the buffer; "
                     "more credits would not help (class 'Y' held most of the shared pool in 2500 of those cycles, "
                     "which cost it nothing: it gets the 0.125 per cycle its consumer takes)");
  // Getting less than its consumer takes, the other class's hold is the cause.
  r.classes[0].throughput = 0.05;
  d = diagnose(r);
  BOOST_TEST_REQUIRE(d.size() == 1u);
  BOOST_TEST(d[0].find("class 'Y' held the shared pool in 2500 of them") != std::string::npos, d[0]);
  BOOST_TEST(d[0].find("reserve credits for 'X'") != std::string::npos, d[0]);
}

// A credit's round trip counts for sizing only when its flit met no queue at the receiver:
// flit 1 waits behind flit 0 there, so its longer round trip is the queue's, not the loop's.
BOOST_AUTO_TEST_CASE(unqueued_round_trips_leave_out_flits_that_waited_behind_others) {
  LoopObserver obs("l0", 4, 0);
  obs.time_unqueued_round_trips();
  std::int64_t credits = 4, forward = 0, occupancy = 0;
  std::uint64_t sent = 0, popped = 0;
  Cycle t = 0;
  auto step = [&](int sends, int arrivals, int pops, int returns) {
    LoopState s;
    sent += sends;
    credits += returns - sends;
    forward += sends - arrivals;
    occupancy += arrivals - pops;
    popped += pops;
    s.sender_credits = credits;
    s.forward_flits = forward;
    s.receiver_occupancy = occupancy;
    s.return_credits = 4 - credits - forward - occupancy;
    s.sent = sent;
    s.popped = popped;
    BOOST_TEST_REQUIRE(!obs.observe(t++, s).has_value());
  };
  step(0, 0, 0, 0);  // cycle 0: all home
  step(1, 0, 0, 0);  // flit 0 spent in cycle 0
  step(1, 0, 0, 0);  // flit 1 spent in cycle 1
  step(0, 1, 0, 0);  // flit 0 arrives to an empty receiver
  step(0, 1, 0, 0);  // flit 1 arrives behind it: queued
  step(0, 0, 1, 0);  // flit 0 popped
  step(0, 0, 0, 1);  // flit 0's credit back at cycle 6: round trip 6
  step(0, 0, 1, 0);
  step(0, 0, 0, 0);
  step(0, 0, 0, 0);
  step(0, 0, 0, 1);  // flit 1's credit back at cycle 10: round trip 9, behind flit 0
  BOOST_TEST(obs.unqueued_round_trips().worst() == 6u);
  BOOST_TEST(obs.unqueued_round_trips().count() == 1u);
  LinkReport r;
  obs.add_to(r);
  BOOST_TEST(r.unqueued_max_rtt == 6u);
  BOOST_TEST(r.unqueued_rtts == 1u);
}

// Sizing across clocks takes that round trip, not the worst of all: the queue a deep
// buffer lets build would make the advice follow the depth the run started from.
BOOST_AUTO_TEST_CASE(a_crossing_is_sized_by_its_unqueued_round_trip) {
  LinkReport r;
  r.kind = "credit";
  r.crosses_clocks = true;
  r.offered_rate = 0.5;
  r.drain_rate = 0.6;
  r.measured_rtt = 10;
  r.max_rtt = 17;
  r.unqueued_max_rtt = 11;
  r.unqueued_rtts = 300;
  BOOST_TEST(sizing_rtt(r) == 11u);
  BOOST_TEST(depth_needed(r) == 6);  // ceil(0.5 x 11)
  r.unqueued_rtts = 0;  // every flit met a queue: the shortest is the loop's
  BOOST_TEST(sizing_rtt(r) == 10u);
}
