// Credit loops in series (timing.md section 5's "Hop"): a hop_buffer ends one loop and feeds the
// next loop's sender (models/two_hop_chain.yaml), in both views.
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "harness.hpp"

using nlohmann::json;

BOOST_AUTO_TEST_CASE(two_hops_in_series_run_at_the_slower_hops_rate_in_both_views) {
  const json a = cftool::same_in_both_views(CREDITFLOW_TOOL, "run ../../models/two_hop_chain.yaml");
  // timing.md section 5: hop 1 alone 4/6, hop 2 alone 4/10; chained, 0.400 over cycles 3000..5999.
  const auto& links = a.at("links");
  BOOST_TEST(links.at("link1").at("throughput").get<double>() == 0.4);
  BOOST_TEST(links.at("link2").at("throughput").get<double>() == 0.4);
  BOOST_TEST(links.at("link1").at("loop_rtt").get<int>() == 6);
  BOOST_TEST(links.at("link2").at("loop_rtt").get<int>() == 10);
  BOOST_TEST(links.at("link1").at("peak_occupancy").get<int>() == 4);  // the hop buffer, full: backpressure
  BOOST_TEST(a.at("status") == "ok");  // conservation on both loops, every cycle
  // The flits counted once for the chain: sent into it, delivered out of it, and every one
  // 12 cycles from its first send to its final pop (created to popped 12 or 18 cycles,
  // created to first sent 0 or 6).
  const auto& data = a.at("classes").at("data");
  BOOST_TEST(a.at("classes").size() == 1u);
  BOOST_TEST(data.at("sent").get<int>() == 1200);
  BOOST_TEST(data.at("delivered").get<int>() == 1200);
  BOOST_TEST(data.at("throughput").get<double>() == 0.4);
  BOOST_TEST(data.at("latency").at("histogram").dump() == "[[12,900],[18,300]]");
  BOOST_TEST(data.at("credit_wait").at("histogram").dump() == "[[0,900],[6,300]]");
  // Hop 2 named as the limit, hop 1 as held back by it.
  const auto& diagnosis = a.at("diagnosis");
  BOOST_TEST(diagnosis.at(0).get<std::string>() ==
             "link 'link1' runs at 0.400 of full rate against 1.000 offered: the sender was out of credits in 1800 of "
             "3000 cycles (0 with the receiver empty, 1800 with it holding flits); it is held back by link 'link2' "
             "downstream, which takes its flits at 0.400 per cycle (its hop buffer filled to 4 of 4)");
  BOOST_TEST(diagnosis.at(1).get<std::string>() ==
             "link 'link2' runs at 0.400 of full rate: its 4 credits cover 4 of the 10-cycle round trip; it needs B >= "
             "10 for full rate (the sender was out of credits with the receiver empty in 1200 of 3000 cycles)");
}

BOOST_AUTO_TEST_CASE(a_chain_whose_second_hop_has_room_runs_at_the_first_hops_rate) {
  // Ten credits over hop 2's round trip of 10: hop 1 (4 over 6) is then the limit.
  const auto o = cftool::tool("run ../../models/two_hop_chain.yaml --set rx.depth=10 --json --view tl");
  BOOST_TEST_REQUIRE(o.status == 0, o.err);
  const json doc = json::parse(o.out);
  BOOST_TEST(doc.at("links").at("link1").at("throughput").get<double>() == doc.at("links").at("link2").at("throughput").get<double>());
  BOOST_TEST(std::abs(doc.at("links").at("link2").at("throughput").get<double>() - 4.0 / 6.0) < 0.001);
  BOOST_TEST(doc.at("diagnosis").at(0).get<std::string>().find("it needs B >= 6 for full rate") != std::string::npos);
  BOOST_TEST(doc.at("diagnosis").at(1).get<std::string>() ==
             "link 'link2' runs at 0.667 of full rate and never waited for a credit (10 credits, 10-cycle round trip); "
             "it is limited by what link 'link1' upstream hands on through its hop buffer");
}

BOOST_AUTO_TEST_CASE(at_zero_load_each_hop_adds_its_stages_and_one_cycle) {
  // timing.md section 5: sent during t, popped at the last buffer at t + sum(Lf) + H: 1 + 2 + 3 + 3 = 9.
  const json a = cftool::same_in_both_views(CREDITFLOW_TOOL, "run three_hops.yaml");
  const auto& data = a.at("classes").at("data");
  BOOST_TEST(data.at("sent").get<int>() == 20);
  BOOST_TEST(data.at("delivered").get<int>() == 20);
  BOOST_TEST(data.at("credit_wait").at("histogram").dump() == "[[0,20]]");
  BOOST_TEST(data.at("latency").at("histogram").dump() == "[[9,20]]");
  BOOST_TEST(a.at("links").size() == 3u);
}

BOOST_AUTO_TEST_CASE(a_chain_jumps_its_steady_state_in_the_tl_view_to_the_cycle_views_figures) {
  // Hop buffers repeat their state as receivers do, so the TL view jumps whole periods of a
  // long run; every figure must still be the cycle view's.
  const json a =
      cftool::same_in_both_views(CREDITFLOW_TOOL, "run ../../models/two_hop_chain.yaml --cycles 200000 "
                                                  "--set rx.drain_every=3");
  BOOST_TEST(std::abs(a.at("links").at("link2").at("throughput").get<double>() - 1.0 / 3.0) < 0.001);
  BOOST_TEST(a.at("status") == "ok");
}
