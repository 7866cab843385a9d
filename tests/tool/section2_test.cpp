// timing.md section 2 through the tool: models/lossy_stall.yaml and models/credit_stall.yaml.
#include <boost/test/unit_test.hpp>
#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

#include "harness.hpp"

using nlohmann::json;

namespace {
json link_of(const std::string& args) {
  const auto o = cftool::tool(args + " --json");
  BOOST_TEST_REQUIRE(o.status == 0, o.err);
  return json::parse(o.out);
}
}  // namespace

BOOST_AUTO_TEST_CASE(lossy_sink_reference) {
  const json doc = link_of("run ../../models/lossy_stall.yaml");
  const json& sink = doc.at("links").at("sink");
  BOOST_TEST(sink.at("kind").get<std::string>() == "ready_valid");
  BOOST_TEST(sink.at("peak_occupancy").get<int>() == 4);
  BOOST_TEST(sink.at("dropped").get<int>() == 4);
  BOOST_TEST(sink.at("sent").get<int>() == 12);
  BOOST_TEST(sink.at("delivered").get<int>() == 8);
  BOOST_TEST(sink.at("source_held_cycles").get<int>() == 0);
  BOOST_TEST(sink.at("lossy").get<bool>());
  BOOST_TEST(sink.at("depth_to_keep_all").get<int>() == 8);
  BOOST_TEST(doc.at("diagnosis").at(0).get<std::string>() ==
             "link 'sink' dropped 4 of 12 beats at its lossy sink of depth 4; a depth of 8 would have kept them all");
}

BOOST_AUTO_TEST_CASE(backpressure_sink_reference) {
  const json doc = link_of("run ../../models/lossy_stall.yaml --set sink.backpressure=true");
  const json& sink = doc.at("links").at("sink");
  BOOST_TEST(sink.at("dropped").get<int>() == 0);
  BOOST_TEST(sink.at("delivered").get<int>() == 12);
  BOOST_TEST(sink.at("source_held_cycles").get<int>() == 4);
  BOOST_TEST(sink.at("peak_occupancy").get<int>() == 4);
  BOOST_TEST(doc.at("diagnosis").at(0).get<std::string>() ==
             "link 'sink' held its source by backpressure in 4 of 40 cycles (sink depth 4)");
}

BOOST_AUTO_TEST_CASE(depth_sweep_finds_where_drops_stop) {
  const auto o = cftool::tool("sweep ../../models/lossy_stall.yaml --vary sink.depth=1:9 --metric dropped");
  BOOST_TEST_REQUIRE(o.status == 0);
  // depth 1..9: the 12 beats minus what fits; none lost from depth 8 = held + stall + 1.
  for (const char* line : {"  sink.depth=4  4", "  sink.depth=7  1", "  sink.depth=8  0", "  sink.depth=9  0"})
    BOOST_TEST(o.out.find(std::string(line) + "\n") != std::string::npos, line);
}

BOOST_AUTO_TEST_CASE(credit_source_behind_the_same_stall_drops_nothing) {
  const json doc = link_of("run ../../models/credit_stall.yaml");
  const json& sink = doc.at("links").at("sink");
  BOOST_TEST(sink.at("kind").get<std::string>() == "credit");
  BOOST_TEST(sink.at("dropped").get<int>() == 0);
  BOOST_TEST(sink.at("delivered").get<int>() == 40);
  BOOST_TEST(sink.at("loop_rtt").get<int>() == 4);  // R + 3 with R = 1
  BOOST_TEST(sink.at("credit_stall_cycles").get<int>() == 6);
  BOOST_TEST(sink.at("conservation_violations").get<int>() == 0);
}

BOOST_AUTO_TEST_CASE(credit_source_runs_at_c_over_r_plus_3_and_never_drops) {
  cftool::TempDir dir;
  // Saturating, no stall, a lossy sink of depth 8: every C in 1..6 and R in 0..3.
  const auto o = cftool::tool("sweep ../../models/credit_stall.yaml --set src.beats=0 --set sink.stall_cycles=0 "
                              "--set sink.depth=8 --cycles 3000 --warmup 1000 --vary src.credits=1:6 "
                              "--vary src.return_delay=0:3 -j 2 --csv " + (dir / "c.csv"));
  BOOST_TEST_REQUIRE(o.status == 0);
  const auto rows = cftool::lines(cftool::read_file(dir / "c.csv"));
  BOOST_TEST_REQUIRE(rows.size() == 25u);
  std::vector<std::string> header;
  std::map<std::string, std::size_t> col;
  {
    std::stringstream h(rows[0]);
    for (std::string c; std::getline(h, c, ',');) col[c] = header.size(), header.push_back(c);
  }
  for (std::size_t i = 1; i < rows.size(); ++i) {
    std::vector<std::string> cells;
    std::stringstream r(rows[i]);
    for (std::string c; std::getline(r, c, ',');) cells.push_back(c);
    const double c = std::stod(cells[col["src.credits"]]);
    const double rd = std::stod(cells[col["src.return_delay"]]);
    // C sends at the start of every (R + 3)-cycle round trip from cycle 0: t mod RTT < C.
    int expected = 0;
    for (int t = 1000; t < 3000; ++t) expected += t % static_cast<int>(rd + 3) < c;
    BOOST_TEST(cells[col["links.sink.sent"]] == std::to_string(expected), rows[i]);
    BOOST_TEST(std::stod(cells[col["links.sink.throughput"]]) == expected / 2000.0);
    BOOST_TEST(cells[col["links.sink.dropped"]] == "0", rows[i]);
    BOOST_TEST(cells[col["links.sink.conservation_violations"]] == "0", rows[i]);
    BOOST_TEST(std::stod(cells[col["links.sink.measured_rtt"]]) == rd + 3);
  }
}

BOOST_AUTO_TEST_CASE(credit_source_never_drops_whatever_the_stall) {
  // C up to the depth, every R, stalls of several lengths: a lossy sink never loses a beat.
  const auto o = cftool::tool("sweep ../../models/credit_stall.yaml --vary src.credits=1:4 --vary src.return_delay=0:2 "
                              "--vary sink.stall_cycles=0,6,20 --metric dropped -j 2");
  BOOST_TEST_REQUIRE(o.status == 0);
  std::size_t rows = 0;
  for (const auto& line : cftool::lines(o.out)) {
    if (line.rfind("  src.credits=", 0) != 0) continue;
    ++rows;
    BOOST_TEST(line.substr(line.size() - 3) == "  0", line);
  }
  BOOST_TEST(rows == 36u);
}

BOOST_AUTO_TEST_CASE(a_consumer_slower_than_the_source_cannot_be_sized) {
  const json doc = link_of("run ../../models/lossy_stall.yaml --set src.beats=0 --set sink.drain_every=2 "
                           "--set sink.stall_cycles=0 --cycles 1000 --warmup 500");
  BOOST_TEST(doc.at("diagnosis").at(0).get<std::string>().find(
                 "its consumer drains 0.500 per cycle against 1.000 offered, so no finite depth keeps them all") !=
             std::string::npos);
  const auto o = cftool::tool("size --stall 12 --held 1 --drain-rate 0.5");
  BOOST_TEST(o.out == "no finite depth suffices: the consumer takes 0.5 per cycle against 1 offered, so the "
                      "backlog grows without bound; slow the source (backpressure or credits) or speed the consumer\n");
}

BOOST_AUTO_TEST_CASE(register_slices_from_yaml) {
  const json doc = link_of("run slices.yaml");
  const json& sink = doc.at("links").at("sink");
  BOOST_TEST(sink.at("dropped").get<int>() == 0);
  BOOST_TEST(sink.at("source_held_cycles").get<int>() == 10);  // cycles 24..33, as the stall walks back
  // Without the stall, beat k (taken in cycle k) pops in cycle k + 4 through three slices:
  // 36 pops in 40 cycles. A 1-entry slice takes a beat every other cycle: pops at 2k + 4.
  const std::string free = "run slices.yaml --set sink.stall_cycles=0";
  BOOST_TEST(link_of(free).at("links").at("sink").at("delivered").get<int>() == 36);
  BOOST_TEST(link_of(free + " --set s0.entries=1").at("links").at("sink").at("delivered").get<int>() == 18);
}
