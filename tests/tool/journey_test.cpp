// Every packet's journey: --timeline writes Chrome trace events (a track a packet, a slice
// a stage), --explain one packet in words; both from the network's own steps, both views.
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <set>
#include <tuple>

#include "harness.hpp"

using nlohmann::json;

namespace {

// The slices of packet `packet` in a timeline: (name, start, duration).
std::vector<std::tuple<std::string, long, long>> slices(const json& timeline, long packet) {
  std::vector<std::tuple<std::string, long, long>> out;
  for (const json& e : timeline.at("traceEvents"))
    if (e.at("ph") == "X" && e.at("tid") == packet)
      out.emplace_back(e.at("name").get<std::string>(), e.at("ts").get<long>(), e.at("dur").get<long>());
  return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_timeline_gives_each_packets_stages_and_they_add_up_to_its_latency) {
  cftool::TempDir dir;
  for (const char* view : {"cycle", "tl"}) {
    const cftool::Outcome o = cftool::tool("run traces/mesh3x3.yaml --view " + std::string(view) + " --timeline " +
                                           dir / (std::string(view) + ".json"));
    BOOST_TEST_REQUIRE(o.status == 0, o.err);
  }
  BOOST_TEST(cftool::read_file(dir / "cycle.json") == cftool::read_file(dir / "tl.json"));
  const json timeline = json::parse(cftool::read_file(dir / "tl.json"));
  BOOST_TEST(timeline.at("displayTimeUnit") == "ns");
  // Packet 0, node 0 to node 8 alone in the mesh: 5 routers, each 1 cycle read and routed,
  // 1 of VC allocation, 1 of switch allocation, 1 of traversal, with 1-cycle channels
  // between, 1 into the first router and 2 to the terminal: BookSim2's zero-load 5 a router
  // and 2 more, 27 cycles to its head, its 3 body flits 3 more.
  const auto stages = slices(timeline, 0);
  long head = 0, routers = 0, waits = 0;
  long at = 0;
  for (const auto& [name, from, length] : stages) {
    BOOST_TEST(from == at, name);  // the stages tile the journey
    at = from + length;
    if (name != "body flits") head += length;
    routers += name == "routing";
    waits += name.find("waited") != std::string::npos;
  }
  BOOST_TEST(routers == 5);
  BOOST_TEST(head == 5 * 5 + 2);
  BOOST_TEST(at == 30);
  BOOST_TEST(waits == 0);
  // The run's own figures say the same: its flow's first flit 27 cycles, its last 30.
  const cftool::Outcome run = cftool::tool("run traces/mesh3x3.yaml --json");
  const json flow = json::parse(run.out).at("flows").at("net_node0:net_node8").at("latency");
  BOOST_TEST(flow.at("histogram").front().front() == head);
  BOOST_TEST(flow.at("max") == at);
  // Each of the trace's 4 packets a track; a flow and a limit keep fewer.
  std::set<long> tracks;
  for (const json& e : timeline.at("traceEvents"))
    if (e.at("ph") == "X") tracks.insert(e.at("tid").get<long>());
  BOOST_TEST(tracks.size() == 4u);
  const cftool::Outcome one = cftool::tool("run traces/mesh3x3.yaml --timeline " + dir / "one.json" +
                                           " --timeline-flows net_node8:net_node0");
  BOOST_TEST_REQUIRE(one.status == 0, one.err);
  const json only = json::parse(cftool::read_file(dir / "one.json"));
  for (const json& e : only.at("traceEvents")) BOOST_TEST(e.at("pid") == 8);
  const cftool::Outcome limited = cftool::tool("run traces/mesh3x3.yaml --timeline " + dir / "two.json" +
                                               " --timeline-limit 2");
  BOOST_TEST_REQUIRE(limited.status == 0, limited.err);
  std::set<long> kept;
  const json two = json::parse(cftool::read_file(dir / "two.json"));
  for (const json& e : two.at("traceEvents"))
    if (e.at("ph") == "X") kept.insert(e.at("tid").get<long>());
  BOOST_TEST(kept.size() == 2u);
  // The packet --explain follows is on the timeline only where the timeline's flows have it.
  const cftool::Outcome both = cftool::tool("run traces/mesh3x3.yaml --explain 3 --timeline " + dir / "both.json" +
                                            " --timeline-flows net_node0:net_node8");
  BOOST_TEST_REQUIRE(both.status == 0, both.err);
  std::set<long> followed;
  const json with_explain = json::parse(cftool::read_file(dir / "both.json"));
  for (const json& e : with_explain.at("traceEvents"))
    if (e.at("ph") == "X") followed.insert(e.at("tid").get<long>());
  BOOST_TEST((followed == std::set<long>{0}));
}

BOOST_AUTO_TEST_CASE(a_packets_journey_in_words) {
  const cftool::Outcome o = cftool::tool("run traces/mesh3x3.yaml --explain 3");
  BOOST_TEST_REQUIRE(o.status == 0, o.err);
  const auto lines = cftool::lines(o.out);
  const auto first = std::find_if(lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("packet 3", 0) == 0; });
  BOOST_TEST_REQUIRE((first != lines.end()));
  BOOST_TEST(*first == "packet 3 of network 'net', node 8 to node 0: created in cycle 35, its tail retired in cycle 62, "
                       "27 cycles, 0 of them waiting");
  BOOST_TEST(*(first + 1) == "  35..36 channel from node 8 to router_2_2: 1 cycle");
  BOOST_TEST(*(first + 5) == "  39..40 switch traversal in router_2_2 to -x: 1 cycle");
  BOOST_TEST(lines.back() == "  60..62 channel from router_0_0 terminal to node 0: 2 cycles");
  // In the JSON too; a packet never made, and a platform without a network, in one line.
  const cftool::Outcome j = cftool::tool("run traces/mesh3x3.yaml --explain 3 --json");
  BOOST_TEST(json::parse(j.out).at("explanation").get<std::string>().rfind("packet 3 of network 'net'", 0) == 0u);
  const cftool::Outcome none = cftool::tool("run traces/mesh3x3.yaml --explain 99");
  BOOST_TEST(cftool::lines(none.out).back() ==
             "packet 99 of network 'net' was not retired whole by the run's end (packets are numbered from 0 as they "
             "are made; 0 flits were in flight at the end)");
  const cftool::Outcome link = cftool::tool("run traces/link.yaml --explain 0");
  BOOST_TEST(link.err == "creditflow: --explain: traces/link.yaml has no network nothing attaches to, whose packets "
                         "these follow (allowed: a platform of a network component)\n");
}

BOOST_AUTO_TEST_CASE(a_packet_that_waits_has_its_wait_marked) {
  // The 4x4 mesh at 0.3 flits/node/cycle: packets meet each other; some wait for a VC or
  // for the switch or a credit, and say how long, in the slice's name and colour.
  cftool::TempDir dir;
  const cftool::Outcome o = cftool::tool("run ../../models/mesh4x4.yaml --view tl --timeline " + dir / "t.json" +
                                         " --timeline-limit 2000");
  BOOST_TEST_REQUIRE(o.status == 0, o.err);
  long waited = 0, marked = 0;
  const json timeline = json::parse(cftool::read_file(dir / "t.json"));
  for (const json& e : timeline.at("traceEvents")) {
    if (e.at("ph") != "X") continue;
    const long w = e.at("args").at("waited").get<long>();
    waited += w > 0;
    marked += w > 0 && e.at("cname") == "bad" &&
              e.at("name").get<std::string>().find("(waited " + std::to_string(w) + ")") != std::string::npos;
  }
  BOOST_TEST(waited > 0);
  BOOST_TEST(marked == waited);
}
