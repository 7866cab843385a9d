// creditflow run: the summary, the JSON document and its types, determinism, VCD.
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "harness.hpp"

using nlohmann::json;

BOOST_AUTO_TEST_CASE(run_prints_figures_and_diagnosis) {
  const auto o = cftool::tool("run ../../models/credit_loop.yaml");
  BOOST_TEST_REQUIRE(o.status == 0);
  BOOST_TEST(o.err.empty());
  const auto l = cftool::lines(o.out);
  BOOST_TEST_REQUIRE(l.size() == 6u);
  BOOST_TEST(l[1] == "link 'link': throughput 0.400, 1200 sent, 1200 delivered, 4 credits, round trip 10 "
                     "cycles (shortest measured 10)");
  BOOST_TEST(l[2] == "  waited for a credit 1800 cycles: 1800 with the receiver empty, 0 with it busy; "
                     "peak occupancy 1");
  BOOST_TEST(l[5] == "- link 'link' runs at 0.400 of full rate: its 4 credits cover 4 of the 10-cycle round "
                     "trip; it needs B >= 10 for full rate (the sender was out of credits with the receiver "
                     "empty in 1800 of 3000 cycles)");
}

BOOST_AUTO_TEST_CASE(run_json_has_every_key_with_its_type) {
  const auto o = cftool::tool("run ../../models/credit_loop.yaml --json --set rx.depth=6");
  BOOST_TEST_REQUIRE(o.status == 0);
  const json doc = json::parse(o.out);
  BOOST_TEST(doc.at("cycles").is_number_integer());
  BOOST_TEST(doc.at("cycles").get<int>() == 6000);
  BOOST_TEST(doc.at("warmup").get<int>() == 3000);
  BOOST_TEST(doc.at("seed").get<int>() == 1);
  BOOST_TEST(doc.at("parameters").at("rx.depth").get<int>() == 6);
  BOOST_TEST(doc.at("parameters").at("tx.credits").get<int>() == 6);  // follows ${rx.depth}
  BOOST_TEST(doc.at("parameters").at("link.forward_latency").get<int>() == 4);
  const json& link = doc.at("links").at("link");
  BOOST_TEST(link.at("throughput").is_number_float());
  BOOST_TEST(link.at("throughput").get<double>() == 0.6);
  for (const char* key : {"sent", "delivered", "dropped", "credits", "measured_rtt", "credit_stall_cycles",
                          "stall_receiver_empty", "stall_receiver_busy", "peak_occupancy",
                          "conservation_violations"})
    BOOST_TEST(link.at(key).is_number_integer(), key);
  BOOST_TEST(link.at("sent").get<int>() == 1800);
  BOOST_TEST(link.at("delivered").get<int>() == 1800);
  BOOST_TEST(link.at("dropped").get<int>() == 0);
  BOOST_TEST(link.at("credits").get<int>() == 6);
  BOOST_TEST(link.at("measured_rtt").get<int>() == 10);
  BOOST_TEST(link.at("credit_stall_cycles").get<int>() == 1200);
  BOOST_TEST(link.at("stall_receiver_empty").get<int>() == 1200);
  BOOST_TEST(link.at("conservation_violations").get<int>() == 0);
  const json& cls = doc.at("classes").at("data");
  BOOST_TEST(cls.at("sent").get<int>() == 1800);
  BOOST_TEST(cls.at("delivered").get<int>() == 1800);
  for (const char* key : {"mean", "p50", "p99", "max"}) BOOST_TEST(cls.at("latency").contains(key), key);
  BOOST_TEST(cls.at("latency").at("mean").is_number_float());
  BOOST_TEST(cls.at("latency").at("max").is_number_integer());
  BOOST_TEST_REQUIRE(doc.at("diagnosis").is_array());
  BOOST_TEST(doc.at("diagnosis").at(0).get<std::string>().find("needs B >= 10") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(same_seed_gives_the_same_bytes) {
  const std::string random = "run ../../models/credit_loop.yaml --json --set src.pattern=bernoulli "
                             "--set src.rate=0.35 --set rx.drain_rate=0.6 --set rx.depth=8";
  const auto a = cftool::tool(random + " --seed 7");
  const auto b = cftool::tool(random + " --seed 7");
  const auto c = cftool::tool(random + " --seed 8");
  BOOST_TEST_REQUIRE(a.status == 0);
  BOOST_TEST(a.out == b.out);
  BOOST_TEST(a.out != c.out);
  const double thr = json::parse(a.out).at("links").at("link").at("throughput").get<double>();
  BOOST_TEST(thr > 0.30);  // offered 0.35, drained at 0.6: near the offered load
  BOOST_TEST(thr < 0.40);
}

BOOST_AUTO_TEST_CASE(vcd_has_every_channel) {
  cftool::TempDir dir;
  const auto o = cftool::tool("run good.yaml --cycles 50 --vcd " + (dir / "trace.vcd"));
  BOOST_TEST_REQUIRE(o.status == 0);
  const std::string vcd = cftool::read_file(dir / "trace.vcd");
  BOOST_TEST_REQUIRE(!vcd.empty());
  for (const char* scope : {"$scope module src $end", "$scope module tx $end", "$scope module link $end",
                            "$scope module rx $end"})
    BOOST_TEST(vcd.find(scope) != std::string::npos, scope);
  for (const char* var : {" valid ", " ready ", " credit_out ", " credit "})
    BOOST_TEST(vcd.find(var) != std::string::npos, var);
}

BOOST_AUTO_TEST_CASE(zero_latency_link_from_yaml) {
  const auto o = cftool::tool("run good.yaml --json --set link.latency=0 --set rx.depth=1");
  BOOST_TEST_REQUIRE(o.status == 0);
  const json link = json::parse(o.out).at("links").at("link");
  BOOST_TEST(link.at("loop_rtt").get<int>() == 2);
  BOOST_TEST(link.at("measured_rtt").get<int>() == 2);
  BOOST_TEST(link.at("throughput").get<double>() == 0.5);
}

BOOST_AUTO_TEST_CASE(separate_forward_and_credit_latency_from_yaml) {
  const auto o = cftool::tool(
      "run good.yaml --json --set link.forward_latency=3 --set link.credit_latency=6 --set rx.depth=1");
  BOOST_TEST_REQUIRE(o.status == 0);
  const json link = json::parse(o.out).at("links").at("link");
  BOOST_TEST(link.at("loop_rtt").get<int>() == 11);
  BOOST_TEST(link.at("measured_rtt").get<int>() == 11);
  BOOST_TEST(link.at("sent").get<int>() == 273);  // t % 11 == 0 in 3000..5999
}
