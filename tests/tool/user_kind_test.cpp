// A user's own module, registered as a kind in a tool of their own (examples/custom_kind),
// is usable from YAML like the built-in kinds, and validated the same way.
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "harness.hpp"

BOOST_AUTO_TEST_CASE(user_kind_runs_from_yaml) {
  const auto o = cftool::run(CREDITFLOW_TRACE_TOOL, "run ../../examples/custom_kind/trace_platform.yaml --json");
  BOOST_TEST_REQUIRE(o.status == 0);
  const auto doc = nlohmann::json::parse(o.out);
  const auto& link = doc.at("links").at("link");
  BOOST_TEST(link.at("sent").get<int>() == 6);
  BOOST_TEST(link.at("delivered").get<int>() == 6);
  // Four back to back into 2 credits with RTT 4: the third and fourth wait 2 cycles each.
  BOOST_TEST(link.at("credit_stall_cycles").get<int>() == 2);
  BOOST_TEST(link.at("latency").at("creation_to_send").at("max").get<int>() == 2);
  BOOST_TEST(doc.at("classes").at("trace").at("sent").get<int>() == 6);
}

BOOST_AUTO_TEST_CASE(user_kind_is_listed_and_validated) {
  const auto list = cftool::run(CREDITFLOW_TRACE_TOOL, "list trace_source");
  BOOST_TEST(list.out.find("trace_source: replays flits at the cycles of a trace") == 0u);
  const auto bad = cftool::run(CREDITFLOW_TRACE_TOOL,
                               "run ../../examples/custom_kind/trace_platform.yaml --set trace.cycles=3,1");
  BOOST_TEST(bad.status == 2);
  BOOST_TEST(bad.err == "creditflow: trace: cycles = 3,1 is not a list of increasing cycle numbers (allowed e.g. "
                        "\"0, 3, 4\")\n");
  const auto typo = cftool::run(CREDITFLOW_TRACE_TOOL,
                                "run ../../examples/custom_kind/trace_platform.yaml --set trace.cycle=1");
  BOOST_TEST(typo.err == "creditflow: --set trace.cycle=1: trace (trace_source) has no parameter 'cycle'; did you "
                         "mean 'cycles'?\n");
}
