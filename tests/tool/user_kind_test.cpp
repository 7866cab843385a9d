// A user's own module, registered as a kind in a tool of their own (examples/custom_kind),
// is usable from YAML like the built-in kinds, and validated the same way.
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "harness.hpp"

BOOST_AUTO_TEST_CASE(user_kind_runs_from_yaml) {
  const auto o =
      cftool::run(CREDITFLOW_CYCLE_LIST_TOOL, "run ../../examples/custom_kind/cycle_list_platform.yaml --json");
  BOOST_TEST_REQUIRE(o.status == 0);
  const auto doc = nlohmann::json::parse(o.out);
  const auto& link = doc.at("links").at("link");
  BOOST_TEST(link.at("sent").get<int>() == 6);
  BOOST_TEST(link.at("delivered").get<int>() == 6);
  // Four back to back into 2 credits with RTT 4: the third and fourth wait 2 cycles each.
  BOOST_TEST(link.at("credit_stall_cycles").get<int>() == 2);
  BOOST_TEST(link.at("latency").at("creation_to_send").at("max").get<int>() == 2);
  BOOST_TEST(doc.at("classes").at("trace").at("sent").get<int>() == 6);
  // Defined once, it runs in the transaction-level view too, to the same bytes.
  cftool::same_in_both_views(CREDITFLOW_CYCLE_LIST_TOOL, "run ../../examples/custom_kind/cycle_list_platform.yaml");
}

BOOST_AUTO_TEST_CASE(user_kind_is_listed_and_validated) {
  const auto list = cftool::run(CREDITFLOW_CYCLE_LIST_TOOL, "list cycle_list_source");
  BOOST_TEST(list.out.find("cycle_list_source: replays flits at the cycles it lists") == 0u);
  const auto bad = cftool::run(CREDITFLOW_CYCLE_LIST_TOOL,
                               "run ../../examples/custom_kind/cycle_list_platform.yaml --set trace.cycles=3,1");
  BOOST_TEST(bad.status == 2);
  BOOST_TEST(bad.err == "creditflow: trace: cycles = 3,1 is not a list of increasing cycle numbers (allowed e.g. "
                        "\"0, 3, 4\")\n");
  const auto typo = cftool::run(CREDITFLOW_CYCLE_LIST_TOOL,
                                "run ../../examples/custom_kind/cycle_list_platform.yaml --set trace.cycle=1");
  BOOST_TEST(typo.err == "creditflow: --set trace.cycle=1: trace (cycle_list_source) has no parameter 'cycle'; did you "
                         "mean 'cycles'?\n");
}

// crossed_hop (tool/crossed_hop/): a kind of the tests' own, defined once as a user would,
// that ends two credit loops and starts two others.
namespace {
const std::string crossed = "run crossed_hop/crossed.yaml";
}

BOOST_AUTO_TEST_CASE(a_kind_in_four_loops_runs_in_both_views_with_its_figures_per_loop) {
  const auto a = cftool::same_in_both_views(CREDITFLOW_CROSSED_TOOL, crossed);
  const auto& links = a.at("links");
  BOOST_TEST(links.size() == 4u);
  // A's own loop could run at 1.0 (4 credits, RTT 4) but its flits cross onto link1's
  // loop, 4 credits over RTT 8: 0.5. B offers 0.25 and gets it, on both of its loops.
  BOOST_TEST(links.at("linkA").at("throughput").get<double>() == 0.5);
  BOOST_TEST(links.at("link1").at("throughput").get<double>() == 0.5);
  BOOST_TEST(links.at("link1").at("loop_rtt").get<int>() == 8);
  BOOST_TEST(links.at("hop.in1").at("throughput").get<double>() == 0.25);  // no pipe: named by its end
  BOOST_TEST(links.at("hop.in1").at("loop_rtt").get<int>() == 2);
  BOOST_TEST(links.at("link0").at("throughput").get<double>() == 0.25);
  // Each loop sees its own end of the hop: its receiver depth in, its credits out.
  BOOST_TEST(links.at("linkA").at("receiver_depth").get<int>() == 4);
  BOOST_TEST(links.at("link1").at("credits").get<int>() == 4);
  BOOST_TEST(a.at("status") == "ok");
}

BOOST_AUTO_TEST_CASE(conservation_is_checked_on_each_of_the_four_loops) {
  // A credit dropped on link1's way back: link1's loop, and only it, is violated; with 3 of
  // its 4 credits over 8 cycles A falls to 0.375.
  for (const std::string view : {"cycle", "tl"}) {
    const auto o = cftool::run(CREDITFLOW_CROSSED_TOOL, crossed + " --set lose.fault_at=1000 --json --view " + view);
    BOOST_TEST(o.status == 1);
    BOOST_TEST(o.err == "creditflow: credit conservation violated on link 'link1' at cycle 1001: sender credits 0 + "
                        "forward flits 0 + receiver occupancy 1 + return credits 2 = 3, expected 4 (1 missing)\n",
               view);
    const auto doc = nlohmann::json::parse(o.out);
    BOOST_TEST(doc.at("links").at("link1").at("conservation_violations").get<int>() > 0);
    for (const char* other : {"linkA", "hop.in1", "link0"})
      BOOST_TEST(doc.at("links").at(other).at("conservation_violations").get<int>() == 0, other);
    BOOST_TEST(doc.at("links").at("linkA").at("throughput").get<double>() == 0.375);
  }
}

// leaky_vc_link (tool/crossed_hop/leaky_vc_link.hpp): a channel between routers of the tests'
// own that loses the first credits it carries back from cycle 2000. Nothing refuses the
// loss where it happens; the platform's per-VC sum of the channel finds it, names the
// channel, the VC and each term, and the run ends in error, in both views alike.
BOOST_AUTO_TEST_CASE(a_credit_lost_between_routers_breaks_its_channels_vc_sum) {
  const std::string leaky = "run crossed_hop/leaky_routers.yaml";
  const auto fine = cftool::same_in_both_views(CREDITFLOW_CROSSED_TOOL, leaky);
  BOOST_TEST(fine.at("vc_channels").at("violations").get<int>() == 0);
  // Summed from the counters every part of the channel keeps, or with the link asked for
  // its terms beside the routers' counters: the same sum, the same line.
  for (const std::string counters : {"true", "false"})
    for (const std::string view : {"cycle", "tl"}) {
      const auto o = cftool::run(CREDITFLOW_CROSSED_TOOL, leaky + " --set r0r1.lose_at=2000 --set r0r1.counters=" +
                                                              counters + " --json --view " + view);
      BOOST_TEST(o.status == 1);
      BOOST_TEST(o.err == "creditflow: per-VC conservation at cycle 2004 on r0.out1 -> r1.in1 VC 0: 2 credits spent != "
                          "0 flits leaving + 1 on the way + 0 buffered + 0 credits on the way back = 1\n",
                 view + " counters " + counters);
      const auto doc = nlohmann::json::parse(o.out);
      BOOST_TEST(doc.at("vc_channels").at("violations").get<int>() > 1000);
    }
}
