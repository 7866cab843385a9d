// Robustness of the tool: the watchdog and its deadlock dump.
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "harness.hpp"

using nlohmann::json;

namespace {
// SPEC section 1's loop (L = 4, B = 4) whose consumer stops popping at cycle 100 for good.
const std::string stalled_forever =
    "run ../../models/credit_loop.yaml --set rx.stall_from=100 --set rx.stall_cycles=1000000000000";
}  // namespace

BOOST_AUTO_TEST_CASE(watchdog_stops_a_deadlocked_link_and_dumps_every_holder) {
  for (const char* view : {"cycle", "tl"}) {
    const auto o = cftool::tool(stalled_forever + " --watchdog 500 --view " + view);
    BOOST_TEST(o.status == 1);
    // The last flits in flight land by cycle 104; 500 cycles later nothing has moved.
    const auto err = cftool::lines(o.err);
    BOOST_TEST_REQUIRE(err.size() == 4u);
    BOOST_TEST(err[0] == "creditflow: deadlock on link 'link' at cycle 604: nothing sent, popped or dropped for 500 "
                         "cycles with work pending; the run stopped (raise --watchdog if a stall this long is "
                         "intended). Every credit holder:");
    BOOST_TEST(err[1] == "  tx (credit_sender): credits 0, offering a flit");
    BOOST_TEST(err[2] == "  link (pipelined_link): holds nothing");
    BOOST_TEST(err[3] == "  rx (credit_receiver): occupancy 4 (not popping)");
    BOOST_TEST(o.out.find("DEADLOCK on link 'link' at cycle 604: the run stopped there") != std::string::npos);
  }
}

BOOST_AUTO_TEST_CASE(watchdog_cycle_is_in_the_json_and_the_same_in_both_views) {
  for (const char* view : {"cycle", "tl"}) {
    const auto o = cftool::tool(stalled_forever + " --watchdog 2000 --json --view " + view);
    BOOST_TEST(o.status == 1);
    const json link = json::parse(o.out).at("links").at("link");
    BOOST_TEST(link.at("deadlock_cycle").get<int>() == 2104);
    BOOST_TEST(link.at("peak_occupancy").get<int>() == 4);
  }
  const auto fine = cftool::tool("run ../../models/credit_loop.yaml --json");
  BOOST_TEST(json::parse(fine.out).at("links").at("link").at("deadlock_cycle").get<int>() == 0);
}

BOOST_AUTO_TEST_CASE(watchdog_zero_lets_a_stalled_link_run_to_the_end) {
  const auto o = cftool::tool(stalled_forever + " --watchdog 0 --json");
  BOOST_TEST(o.status == 0);
  BOOST_TEST(o.err.empty());
  const json link = json::parse(o.out).at("links").at("link");
  BOOST_TEST(link.at("deadlock_cycle").get<int>() == 0);
  BOOST_TEST(link.at("sent").get<int>() == 0);  // nothing moves in the window 3000..5999
}

BOOST_AUTO_TEST_CASE(watchdog_accepts_the_file_and_refuses_a_negative_value) {
  const auto bad = cftool::tool("run ../../models/credit_loop.yaml --watchdog -3");
  BOOST_TEST(bad.status == 1);
  BOOST_TEST(bad.err == "creditflow: --watchdog: watchdog = -3 is out of range (allowed 0..1000000000000)\n");
  // A consumer stall of 2000 cycles is legitimate under the default watchdog of 10000.
  const auto ok = cftool::tool("run ../../models/credit_loop.yaml --set rx.stall_from=1000 --set rx.stall_cycles=2000");
  BOOST_TEST(ok.status == 0);
  BOOST_TEST(ok.err.empty());
}

// A sweep names every point that deadlocked and exits 1; the other points are whole.
BOOST_AUTO_TEST_CASE(sweep_names_the_points_that_deadlocked) {
  const auto o = cftool::tool("sweep ../../models/credit_loop.yaml --vary rx.stall_cycles=0,1000000000 "
                              "--set rx.stall_from=100 --watchdog 500 --view tl");
  BOOST_TEST(o.status == 1);
  BOOST_TEST(o.err.find("creditflow: point 1 (rx.stall_cycles=1000000000) deadlocked on link 'link' at cycle 604; "
                        "its figures stop there") != std::string::npos);
  BOOST_TEST(o.err.find("point 0") == std::string::npos);
}
