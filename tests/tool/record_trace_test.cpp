// A run's trace (--record-trace): what the parts made, in the format a trace_source
// replays; replayed in the sources' places on the platform that recorded it, the same
// per-flow figures.
#include <boost/test/unit_test.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <tuple>

#include "harness.hpp"

using nlohmann::json;

namespace {

// The platform of request_response.yaml with its CPU and its memory's answers replayed
// from `trace`: the CPU a trace_source, the memory a receiver of the requests beside a
// trace_source of its answers (the trace's "mem" as a source).
std::string replaying(const std::string& trace) {
  std::string model = cftool::read_file(CREDITFLOW_TEST_DIR "/request_response.yaml");
  model = std::regex_replace(model, std::regex("  cpu: +\\{ kind: traffic_source[^\\n]*"),
                             "  cpu:    { kind: trace_source, file: " + trace + ", width: 1 }");
  model = std::regex_replace(model, std::regex("  mem: +\\{ kind: responder[^\\n]*"),
                             "  mem:    { kind: credit_receiver, depth: 4 }\n"
                             "  mem_tx: { kind: trace_source, file: " + trace + ", source: mem, width: 1 }");
  return std::regex_replace(model, std::regex("  - mem.out -> ni1.in"), "  - mem_tx.out -> ni1.in");
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_recorded_trace_replayed_where_it_was_recorded_gives_the_same_flows) {
  // 500 reads at random 0.2 a cycle across two routers, each answered 10 cycles after it
  // is popped (the responder never full: 16 answers pending at most), all done in 3000.
  cftool::TempDir dir;
  const std::string run = "run request_response.yaml --set mem.queue_depth=16 --set cpu.beats=500 --cycles 3000 "
                          "--warmup 0 --json --record-trace ";
  const cftool::Outcome cycle = cftool::tool(run + dir / "cycle.csv.gz --view cycle");
  const cftool::Outcome tl = cftool::tool(run + dir / "tl.csv.gz --view tl");
  BOOST_TEST_REQUIRE(cycle.status == 0, cycle.err);
  BOOST_TEST_REQUIRE(tl.status == 0, tl.err);
  BOOST_TEST(cftool::read_file(dir / "cycle.csv.gz") == cftool::read_file(dir / "tl.csv.gz"));
  BOOST_TEST_REQUIRE(std::system(("gunzip -k " + dir / "tl.csv.gz").c_str()) == 0);
  const std::vector<std::string> lines = cftool::lines(cftool::read_file(dir / "tl.csv"));
  BOOST_TEST_REQUIRE(lines.size() == 1001u);  // the header, 500 reads, 500 answers
  BOOST_TEST(lines[0] == "cycle,source,destination,bytes,class,id,depends_on,delay");
  BOOST_TEST(lines[1] == "0,cpu,mem,1,0,1,,");
  // The first answer: read 1 was popped in cycle 14, answered for 24.
  const auto first_answer = std::find_if(lines.begin(), lines.end(),
                                         [](const std::string& l) { return l.find(",mem,cpu_rx,") != std::string::npos; });
  BOOST_TEST(*first_answer == "24,mem,cpu_rx,1,0,10,1,10");

  std::ofstream(dir / "replay.yaml") << replaying("tl.csv");
  const json replayed = cftool::same_in_both_views(CREDITFLOW_TOOL, "run " + dir / "replay.yaml --cycles 3000 --warmup 0");
  const json recorded = json::parse(tl.out).at("flows");
  const auto same = [&](const std::string& was, const std::string& now) {
    const json& a = recorded.at(was);
    const json& b = replayed.at("flows").at(now);
    BOOST_TEST(a.at("created") == 500, was);
    for (const char* key : {"created", "delivered", "delivered_in_window", "throughput", "latency"})
      BOOST_TEST(a.at(key) == b.at(key), was << " " << key);
  };
  same("cpu:mem", "cpu:mem");
  same("mem:cpu_rx", "mem_tx:cpu_rx");
}

BOOST_AUTO_TEST_CASE(a_network_s_packets_are_recorded_and_its_terminals_replay_them_to_the_same_figures) {
  // A 4x4 mesh's uniform traffic (4-flit packets at 0.08 a cycle a node), recorded over
  // 3000 cycles (1000 of warm-up): each packet dated when it fell due, node to node.
  cftool::TempDir dir;
  const std::string settings = " --set net.sim_type=window --set net.packet_size=4 --cycles 3000 --warmup 1000 --json";
  const cftool::Outcome cycle = cftool::tool("run ../../models/mesh4x4.yaml --set net.injection_rate=0.08" + settings +
                                             " --view cycle --record-trace " + dir / "cycle.csv");
  const cftool::Outcome tl = cftool::tool("run ../../models/mesh4x4.yaml --set net.injection_rate=0.08" + settings +
                                          " --view tl --record-trace " + dir / "net.csv");
  BOOST_TEST_REQUIRE(tl.status == 0, tl.err);
  BOOST_TEST_REQUIRE(cycle.status == 0, cycle.err);
  BOOST_TEST(cftool::read_file(dir / "cycle.csv") == cftool::read_file(dir / "net.csv"));
  const std::vector<std::string> lines = cftool::lines(cftool::read_file(dir / "net.csv"));
  BOOST_TEST(lines.size() == 3844u);  // the header and 3843 packets
  BOOST_TEST(lines[1] == "0,3,1,4,0,1,,");  // 4 flits of 1 byte (the network sets no flit_bytes)
  // Replayed by the same network's terminals (a packet a record, 1 byte a flit): the same
  // packets at the same cycles, so the same figures, but for what the recording could not
  // know: the load configured (its trace gives 0.326 flits a cycle where 0.32 was asked)
  // and the one packet due but never made when the run ended.
  std::ofstream(dir / "mesh.yaml") << cftool::read_file(CREDITFLOW_TEST_DIR "/../../models/mesh4x4.yaml");
  const cftool::Outcome replay = cftool::tool("run " + dir / "mesh.yaml --set net.traffic=trace --set "
                                              "net.trace_file=net.csv --set net.flit_bytes=1 --view tl" + settings);
  BOOST_TEST_REQUIRE(replay.status == 0, replay.err);
  const json a = json::parse(tl.out).at("networks").at("net"), b = json::parse(replay.out).at("networks").at("net");
  for (const auto& [key, value] : a.items()) {
    if (key == "offered" || key == "source_backlog" || value.is_object() || value.is_array()) continue;
    BOOST_TEST(value == b.at(key), key);
  }
  BOOST_TEST(a.at("packets") == 2576);
  BOOST_TEST(a.at("source_backlog") == 1);
  BOOST_TEST(b.at("source_backlog") == 0);
}

BOOST_AUTO_TEST_CASE(a_network_past_saturation_is_not_recorded_without_bound) {
  // Every node sends to node 0 at 0.5 a cycle: the farthest sources starve, fall ever
  // further behind, and the packets made after what they still owe are held, to be written
  // in time order, until a million are: the run stops there, and no file is left.
  cftool::TempDir dir;
  const cftool::Outcome o = cftool::tool(
      "run ../../models/mesh4x4.yaml --set net.sim_type=window --set net.traffic=hotspot --set net.hotspot_nodes=0 "
      "--set net.injection_rate=0.5 --cycles 2000000 --warmup 0 --view tl --record-trace " + dir / "hot.csv");
  BOOST_TEST(o.status != 0);
  BOOST_TEST(o.err.find("creditflow: --record-trace " + dir / "hot.csv" + ": network 'net' holds 1048577 packets made "
                        "but not yet written at cycle 1130683: a source fell 1120389 cycles behind") != std::string::npos,
             o.err);
  BOOST_TEST(!cftool::exists(dir / "hot.csv"));
  // Two networks, or one replaying a trace already: refused in one line.
  const cftool::Outcome two = cftool::tool("run two_networks.yaml --record-trace " + dir / "two.csv");
  BOOST_TEST(two.err == "creditflow: --record-trace " + dir / "two.csv" + ": records one network's packets (its nodes "
                        "by number), and two_networks.yaml has 2 networks\n");
}

BOOST_AUTO_TEST_CASE(a_trace_is_never_written_over_what_it_must_not_replace) {
  cftool::TempDir dir;
  std::ofstream(dir / "keep.csv") << "mine\n";
  // The trace the platform replays, a device, a folder, a folder that is not there.
  const cftool::Outcome over_input = cftool::tool("run traces/link.yaml --record-trace traces/link.csv");
  BOOST_TEST(over_input.status != 0);
  BOOST_TEST(over_input.err == "creditflow: --record-trace traces/link.csv is the trace a part replays itself: writing it "
                               "would destroy it; give another file\n");
  BOOST_TEST(cftool::read_file(CREDITFLOW_TEST_DIR "/traces/link.csv").rfind("cycle,source,destination,bytes\n", 0) == 0u);
  for (const std::string& bad : {std::string("/dev/null"), dir.path(), dir / "no/such/folder/t.csv"}) {
    const cftool::Outcome o = cftool::tool("run traces/link.yaml --record-trace " + bad);
    BOOST_TEST(o.status != 0, bad);
    BOOST_TEST(cftool::lines(o.err).size() == 1u, o.err);
  }
  // Several clocks: a trace counts one clock's cycles.
  const cftool::Outcome clocks = cftool::tool("run ../../models/cdc_fifo.yaml --record-trace " + dir / "t.csv");
  BOOST_TEST(clocks.err == "creditflow: --record-trace " + dir / "t.csv" + ": a trace counts cycles of one clock, and "
                           "../../models/cdc_fifo.yaml has 2 clocks\n");
  BOOST_TEST(!cftool::exists(dir / "t.csv"));
}

BOOST_AUTO_TEST_CASE(a_virtual_platforms_traffic_is_recorded_and_replayed_on_two_fabrics) {
  // The example virtual platform records what its CPU and DMA engine carried over TLM-2.0:
  // the trace the models replay is that one, byte for byte.
  cftool::TempDir dir;
  const cftool::Outcome vp = cftool::run(CREDITFLOW_VIRTUAL_PLATFORM, "25 1000 " + dir / "vp.csv");
  BOOST_TEST_REQUIRE(vp.status == 0, vp.err);
  BOOST_TEST(vp.out == "recorded 1000 CPU transactions and the DMA's beside them to " + dir / "vp.csv" + "\n");
  BOOST_TEST(cftool::read_file(dir / "vp.csv") ==
             cftool::read_file(CREDITFLOW_TEST_DIR "/../../models/traces/virtual_platform.csv"));
  const std::vector<std::string> lines = cftool::lines(cftool::read_file(dir / "vp.csv"));
  BOOST_TEST(lines.size() == 4001u);  // 2000 transactions, each a request and a response
  BOOST_TEST(lines[1] == "1,cpu,ram,8,0,1,,");      // a read: its header beat
  BOOST_TEST(lines[2] == "1,dma,ram,72,0,2,,");     // a 64-byte write: header and 8 data beats
  BOOST_TEST(lines[3] == "10,ram,cpu,16,0,3,1,5");  // the read's data, 5 cycles after it arrived

  // Replayed on shared links and on a 2x2 mesh: every record, every flit delivered; the
  // mesh's routers stretch the CPU's workload, whose requests wait for their responses.
  const auto replay = [](const std::string& model) {
    const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL, "run ../../models/" + model);
    for (const auto& [name, f] : doc.at("flows").items()) {
      BOOST_TEST(f.at("created") == f.at("delivered"), name);
      BOOST_TEST(f.at("trace").at("done") == true, name);
    }
    return doc.at("flows");
  };
  const json merge = replay("vp_on_merge.yaml"), mesh = replay("vp_on_mesh.yaml");
  // docs/guide/workloads.md's table: each flow's p99, and when the CPU's last read came back.
  const std::vector<std::tuple<std::string, int, int>> p99{
      {"cpu:ram_rx", 18, 41}, {"ram:cpu_rx", 5, 21}, {"dma:ram_rx", 12, 34}, {"ram:dma_rx", 4, 14}};
  for (const auto& [flow, on_merge, on_mesh] : p99) {
    BOOST_TEST(merge.at(flow).at("latency").at("p99") == on_merge, flow);
    BOOST_TEST(mesh.at(flow).at("latency").at("p99") == on_mesh, flow);
  }
  BOOST_TEST(merge.at("ram:cpu_rx").at("trace").at("last_delivered") == 23989);
  BOOST_TEST(mesh.at("ram:cpu_rx").at("trace").at("last_delivered") == 53457);
}
