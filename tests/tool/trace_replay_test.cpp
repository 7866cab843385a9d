// A workload's trace replayed by trace_source parts (core/trace_replay.hpp): records as
// flits at the width of the part they enter, waits for deliveries, files compressed with
// gzip, refusals before the run, and constant memory whatever the trace's length.
#include <bzlib.h>

#include <boost/test/unit_test.hpp>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>

#include "harness.hpp"

using nlohmann::json;

namespace {

// Created and delivered of each flow, in a run of `cycles`.
std::map<std::string, std::pair<int, int>> flow_counts(const std::string& model, int cycles) {
  const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL, "run " + model + " --cycles " + std::to_string(cycles));
  std::map<std::string, std::pair<int, int>> counts;
  for (const auto& [name, f] : doc.at("flows").items())
    counts[name] = {f.at("created").get<int>(), f.at("delivered").get<int>()};
  return counts;
}

// A model of one link from `src` to `rx` replaying `trace` (an absolute path).
std::string link_model(const cftool::TempDir& dir, const std::string& trace, const std::string& source = "") {
  const std::string model = dir / "link.yaml";
  std::ofstream(model) << "components:\n"
                          "  src:  { kind: trace_source, file: " << trace << source << " }\n"
                          "  tx:   { kind: credit_sender, credits: 6, width: 16 }\n"
                          "  rx:   { kind: credit_receiver, depth: 6 }\n"
                          "connections:\n  - src.out -> tx.in\n  - tx.out -> rx.in\n  - rx.credit -> tx.credit_in\n";
  return model;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_trace_replays_through_a_link_as_flits_at_its_width) {
  const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL, "run traces/link.yaml");
  // 64, 16, 32 and 20 bytes at 16 a flit: 4 + 1 + 2 + 2 flits, every one delivered, the
  // last popped in 105 (made for 100, its second flit sent in 101).
  const json& flow = doc.at("flows").at("src:rx");
  BOOST_TEST(flow.at("trace") ==
             json({{"records", 4}, {"bytes", 132}, {"width", 16}, {"done", true}, {"last_delivered", 105}}));
  BOOST_TEST(flow.at("created") == 9);
  BOOST_TEST(flow.at("delivered") == 9);
  BOOST_TEST(doc.at("accounting") == "checked every cycle");
  // The first record's 4 flits leave at 0..3 and take 4 cycles each to their pop (3
  // stages, then the pop): 4, 5, 6, 7 from their creation at 0; the two of cycle 10, 3
  // flits, 4, 5, 6; the last, 2 flits, 4 and 5.
  BOOST_TEST(flow.at("latency").at("histogram") == json::parse("[[4,3],[5,3],[6,2],[7,1]]"));
}

BOOST_AUTO_TEST_CASE(a_record_that_waits_is_issued_after_its_delivery) {
  // Request 1 (one flit) is popped at memory in cycle 4; the answer waits 10 cycles: made
  // for cycle 14 (at the edge closing 13), its 4 flits popped at the CPU in 18..21;
  // request 3 waits the least, 2 cycles after that: made for 23, popped in 27.
  using Counts = std::map<std::string, std::pair<int, int>>;
  BOOST_TEST((flow_counts("traces/round_trip.yaml", 13) == Counts{{"cpu:mem_rx", {1, 1}}}));
  BOOST_TEST((flow_counts("traces/round_trip.yaml", 14) == Counts{{"cpu:mem_rx", {1, 1}}, {"mem:cpu_rx", {4, 0}}}));
  BOOST_TEST((flow_counts("traces/round_trip.yaml", 21) == Counts{{"cpu:mem_rx", {1, 1}}, {"mem:cpu_rx", {4, 3}}}));
  BOOST_TEST((flow_counts("traces/round_trip.yaml", 22) == Counts{{"cpu:mem_rx", {1, 1}}, {"mem:cpu_rx", {4, 4}}}));
  BOOST_TEST((flow_counts("traces/round_trip.yaml", 27) == Counts{{"cpu:mem_rx", {2, 1}}, {"mem:cpu_rx", {4, 4}}}));
  BOOST_TEST((flow_counts("traces/round_trip.yaml", 28) == Counts{{"cpu:mem_rx", {2, 2}}, {"mem:cpu_rx", {4, 4}}}));
  // Three more stages on the way to memory: the answer comes 3 cycles later, and the next
  // request 3 + 3 cycles.
  const json slower = cftool::same_in_both_views(CREDITFLOW_TOOL, "run traces/round_trip.yaml --cycles 33 --set link1.latency=6");
  BOOST_TEST(slower.at("flows").at("cpu:mem_rx").at("delivered") == 1);
  const json later = cftool::same_in_both_views(CREDITFLOW_TOOL, "run traces/round_trip.yaml --cycles 34 --set link1.latency=6");
  BOOST_TEST(later.at("flows").at("cpu:mem_rx").at("delivered") == 2);
}

BOOST_AUTO_TEST_CASE(a_trace_compressed_with_gzip_replays_as_its_text) {
  cftool::TempDir dir;
  BOOST_TEST_REQUIRE(std::system(("gzip -c " CREDITFLOW_TEST_DIR "/traces/link.csv > " + dir / "link.csv.gz").c_str()) == 0);
  std::ofstream(dir / "plain.csv") << cftool::read_file(CREDITFLOW_TEST_DIR "/traces/link.csv");
  json zipped = cftool::same_in_both_views(CREDITFLOW_TOOL, "run " + link_model(dir, dir / "link.csv.gz"));
  json plain = cftool::same_in_both_views(CREDITFLOW_TOOL, "run " + link_model(dir, dir / "plain.csv"));
  BOOST_TEST(zipped.at("flows").at("src:rx").at("created") == 9);
  BOOST_TEST(zipped.at("flows").dump() == plain.at("flows").dump());
}

BOOST_AUTO_TEST_CASE(a_trace_that_would_not_replay_as_written_is_refused_before_the_run) {
  cftool::TempDir dir;
  const std::string model = link_model(dir, "bad.csv"), csv = dir / "bad.csv", at = dir / "link.yaml:2: src.file: ";
  const auto refused = [&](const std::string& text, const std::string& line) {
    std::ofstream(csv) << text;
    const cftool::Outcome o = cftool::tool("run " + model);
    BOOST_TEST(o.status == 2, text);
    BOOST_TEST(o.err == "creditflow: " + line + "\n", text);
  };
  const std::string header = "cycle,source,destination,bytes\n";
  const std::string allowed = "(allowed cycle, source, destination, bytes required; class, id, depends_on, delay optional";
  refused(header + "0,src,rx,x1\n", at + csv + ":2:10: 'x1' is not a count of bytes (allowed a whole number 1..4294967296)");
  refused(header + "0,src,rx\n", at + csv + ":2:9: 3 fields where the header names 4");
  refused("cycle,source,destination\n0,src,rx\n", at + csv + ":1:1: the header has no column 'bytes' " + allowed + ")");
  refused("cycle,source,destination,bytes,color\n", at + csv + ":1:32: unknown column 'color' " + allowed + ")");
  refused(header + "5,src,rx,4\n3,src,rx,4\n",
          at + csv + ":3:1: cycle 3 is before the cycle of the record before it (5): a trace is in time order");
  refused("cycle,source,destination,bytes,id\n5,src,rx,4,2\n6,src,rx,4,2\n",
          at + csv + ":3:12: id 2 after id 2 (allowed ids increasing down the file)");
  refused("cycle,source,destination,bytes,id,depends_on\n5,src,rx,4,1,2\n",
          at + csv + ":2:14: record 1 waits for 2, which is not before it (a record waits only for earlier records, so "
                     "that no cycle of waits can stall the replay)");
  refused("cycle,source,destination,bytes,id,depends_on\n5,src,rx,4,2,\n6,src,rx,4,3,1\n",
          at + csv + ":3:14: record 3 waits for 1, which no record before it has as its id");
  refused(header + "5,gpu,rx,4\n", csv + ":2: source 'gpu' is replayed by no trace_source reading this trace, so its "
                                         "records would be lost (give a trace_source with source: gpu)");
  refused(header + "5,src,tx,4\n", csv + ":2: destination 'tx' is a credit_sender, not a receiver flits end at (map "
                                         "the trace's names with src.endpoints: \"tx=<receiver>\")");
  refused(header + "5,src,mem,4\n", csv + ":2: destination 'mem' is no component of the platform (map the trace's "
                                          "names with src.endpoints: \"mem=<receiver>\")");
  refused("", at + csv + ": the trace is empty (its first line names its columns: cycle, source, destination, bytes "
                         "required; class, id, depends_on, delay optional)");
  refused(std::string("\x1f\x8b\x08\x00garbage\n", 12),
          at + csv + ":1: the file ends inside its compressed data (is it cut short?)");
  refused(std::string("\x7f" "ELF\x02\x01\x01\n", 8),
          at + csv + ":1:1: the first line is not a header of column names (is this a trace? " + allowed.substr(1) +
              ", as text or compressed with gzip)");
  // Not a file to read for ever: a device, a directory.
  for (const std::string& special : {std::string("/dev/zero"), dir.path()}) {
    const cftool::Outcome o = cftool::tool("run " + link_model(dir, special));
    BOOST_TEST(o.err == "creditflow: " + at + special + ": not a regular file; give a trace file (CSV, or CSV compressed "
                                                        "with gzip, or netrace's)\n");
  }
  // The names mapped to the platform's: the same trace replays.
  std::ofstream(csv) << header << "5,src,memory,4\n";
  const cftool::Outcome mapped = cftool::tool("run " + link_model(dir, "bad.csv") + " --set 'src.endpoints=memory=rx' --json");
  BOOST_TEST_REQUIRE(mapped.status == 0, mapped.err);
  BOOST_TEST(json::parse(mapped.out).at("flows").at("src:rx").at("delivered") == 1);
}

BOOST_AUTO_TEST_CASE(a_long_trace_streams_in_constant_memory) {
  // 200,000 and 2,000,000 records, each waiting for the one 8 before it, compressed: the
  // run holds the records in flight, not the trace. (Under AddressSanitizer, freed memory
  // is reused at once, as it is without: its quarantine would grow with the churn.)
  const char* asan = std::getenv("ASAN_OPTIONS");
  const std::string reuse = std::string(asan ? asan : "") + ":quarantine_size_mb=0:thread_local_quarantine_size_kb=0";
  ::setenv("ASAN_OPTIONS", reuse.c_str(), 1);
  cftool::TempDir dir;
  const auto write = [&](int records) {
    const std::string csv = dir / ("t" + std::to_string(records) + ".csv");
    std::ofstream out(csv);
    out << "cycle,source,destination,bytes,id,depends_on\n";
    for (int i = 1; i <= records; ++i) out << i << ",src,rx,16," << i << "," << (i > 8 ? std::to_string(i - 8) : "") << "\n";
    out.close();
    BOOST_TEST_REQUIRE(std::system(("gzip " + csv).c_str()) == 0);
    return link_model(dir, csv + ".gz");
  };
  const std::string small = write(200000);
  const cftool::Peak a = cftool::peak_memory("run " + small + " --view tl --cycles 200100");
  const std::string large = write(2000000);
  const cftool::Outcome o = cftool::tool("run " + large + " --view tl --cycles 2000100 --json");
  BOOST_TEST_REQUIRE(o.status == 0, o.err);
  const json flow = json::parse(o.out).at("flows").at("src:rx");
  BOOST_TEST(flow.at("created") == 2000000);
  BOOST_TEST(flow.at("delivered") == 2000000);
  const cftool::Peak b = cftool::peak_memory("run " + large + " --view tl --cycles 2000100");
  BOOST_TEST(a.status == 0);
  BOOST_TEST(b.status == 0);
  BOOST_TEST(b.kib < a.kib + 2048, "peak " << b.kib << " KiB for 2,000,000 records, " << a.kib << " KiB for 200,000");
}

BOOST_AUTO_TEST_CASE(a_trace_replays_through_a_mesh_with_nothing_lost_and_its_waits_kept) {
  const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL, "run traces/mesh.yaml");
  // 6 records of 64, 32, 16, 64, 128, 16 bytes at 16 a flit, each flow whole.
  std::map<std::string, std::pair<int, int>> counts;
  for (const auto& [name, f] : doc.at("flows").items())
    counts[name] = {f.at("created").get<int>(), f.at("delivered").get<int>()};
  const std::map<std::string, std::pair<int, int>> whole{
      {"n0:r3", {12, 12}}, {"n1:r2", {2, 2}}, {"n1:r3", {1, 1}}, {"n2:r1", {1, 1}}, {"n3:r0", {4, 4}}};
  BOOST_TEST((counts == whole));
  BOOST_TEST(doc.at("accounting") == "checked every cycle");
  // Record 4 (node 3) waits for record 1 (node 0 to node 3, two channels between routers):
  // made for cycle 27, 3 after record 1's last flit is popped in 24; with channels of 3
  // cycles that flit comes 2 x 2 cycles later, and so does record 4.
  const auto made_by = [](int cycles, int channel) {
    const cftool::Outcome o = cftool::tool("run traces/mesh.yaml --json --cycles " + std::to_string(cycles) +
                                           " --set net.channel_latency=" + std::to_string(channel));
    BOOST_TEST_REQUIRE(o.status == 0, o.err);
    return json::parse(o.out).at("flows").contains("n3:r0");
  };
  BOOST_TEST(!made_by(26, 1));
  BOOST_TEST(made_by(27, 1));
  BOOST_TEST(!made_by(30, 3));
  BOOST_TEST(made_by(31, 3));
}

BOOST_AUTO_TEST_CASE(one_workload_on_two_fabrics_finishes_when_its_fabric_lets_it) {
  // The CPU's reads wait for their answers (two outstanding): a fabric's latency stretches
  // the workload. Every record of the trace replayed and delivered on both.
  const auto run = [](const std::string& model) {
    const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL, "run ../../models/" + model);
    for (const auto& [name, f] : doc.at("flows").items()) {
      BOOST_TEST(f.at("created") == f.at("delivered"), name);
      BOOST_TEST(f.at("trace").at("done") == true, name);
    }
    return doc.at("flows");
  };
  const json merge = run("trace_on_merge.yaml"), mesh = run("trace_on_mesh.yaml");
  BOOST_TEST(merge.at("cpu:mem_rx").at("trace").at("records") == 125);
  BOOST_TEST(merge.at("dma:mem_rx").at("created") == 800);  // 50 writes of 256 bytes, 16 flits each
  // The last answer to the CPU: cycle 2003 over one shared link, 3363 across the mesh.
  BOOST_TEST(merge.at("mem:cpu_rx").at("trace").at("last_delivered") == 2003);
  BOOST_TEST(mesh.at("mem:cpu_rx").at("trace").at("last_delivered") == 3363);
  // The DMA engine's writes wait for nothing: their pace is the trace's on both.
  BOOST_TEST(merge.at("dma:mem_rx").at("trace").at("last_delivered") == 1983);
  BOOST_TEST(mesh.at("dma:mem_rx").at("trace").at("last_delivered") == 2002);
  // docs/guide/workloads.md's table: each flow's p99 and last delivery on both fabrics.
  const std::vector<std::tuple<std::string, int, int, int, int>> table{{"cpu:mem_rx", 16, 1987, 23, 3331},
                                                                       {"mem:cpu_rx", 8, 2003, 24, 3363},
                                                                       {"dma:mem_rx", 18, 1983, 40, 2002},
                                                                       {"mem:dma_rx", 4, 1991, 20, 2020}};
  for (const auto& [flow, merge_p99, merge_last, mesh_p99, mesh_last] : table) {
    BOOST_TEST(merge.at(flow).at("latency").at("p99") == merge_p99, flow);
    BOOST_TEST(merge.at(flow).at("trace").at("last_delivered") == merge_last, flow);
    BOOST_TEST(mesh.at(flow).at("latency").at("p99") == mesh_p99, flow);
    BOOST_TEST(mesh.at(flow).at("trace").at("last_delivered") == mesh_last, flow);
  }
  // Cut short, the run says what was not replayed.
  const cftool::Outcome cut = cftool::tool("run ../../models/trace_on_mesh.yaml --cycles 2200 --json");
  BOOST_TEST_REQUIRE(cut.status == 0, cut.err);
  BOOST_TEST(cftool::diagnosis_line(json::parse(cut.out), "'cpu'") ==
             "'cpu' had issued 83 records of its trace when the run ended at cycle 2200, and not the "
             "rest: its flows' figures are of that part only (give more cycles to replay it whole)");
}

BOOST_AUTO_TEST_CASE(a_networks_terminals_replay_a_trace_by_node_number) {
  const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL, "run traces/mesh3x3.yaml");
  const json& flows = doc.at("flows");
  // Alone in the mesh each packet takes BookSim2's zero-load latency: 5 cycles a router and
  // 2 more, its tail its flits - 1 after its head. Node 0 to 8 crosses 5 routers: 64 bytes,
  // 4 flits, at 27..30; node 4 to itself 1 router: 7.
  BOOST_TEST(flows.at("net_node0:net_node8").at("latency").at("histogram") ==
             json::parse("[[27,1],[28,1],[29,1],[30,1]]"));
  BOOST_TEST(flows.at("net_node4:net_node4").at("latency").at("max") == 7);
  // Record 4 (node 8 to 0) waits 5 cycles after record 1's delivery (its tail in 30): made
  // for 35, delivered 27 later.
  BOOST_TEST(flows.at("net_node8:net_node0").at("trace").at("last_delivered") == 62);
  for (const auto& [name, f] : flows.items()) BOOST_TEST(f.at("created") == f.at("delivered"), name);
  const json& net = doc.at("networks").at("net");
  BOOST_TEST(net.at("offered") == net.at("accepted"));
  BOOST_TEST(cftool::diagnosis_line(doc, "network 'net' replayed") ==
             "network 'net' replayed its trace: accepted 0.0089 of the 0.0089 flits/node/cycle its records gave in the "
             "window; 0 packets waited at their terminals at the end");
  // What a network cannot replay is refused before the run.
  const auto refused = [](const std::string& set, const std::string& line) {
    const cftool::Outcome o = cftool::tool("run traces/mesh3x3.yaml " + set);
    BOOST_TEST(o.status == 2, set);
    BOOST_TEST(o.err == "creditflow: " + line + "\n", set);
  };
  refused("--set net.k=2", "traces/mesh3x3.csv:3: source '4' is not a node of the network (allowed 0..3: its "
                           "terminals replay the trace by their numbers)");
  refused("--set net.flit_bytes=0", "traces/mesh3x3.yaml:3: net: traffic = trace needs flit_bytes, the bytes a flit "
                                    "carries (a record becomes a packet of its bytes over flit_bytes, rounded up)");
  refused("--set net.sim_type=latency", "traces/mesh3x3.yaml:3: net: traffic = trace runs a fixed window of cycles, "
                                        "not BookSim2's latency measurement (set sim_type = window)");
}

namespace {

// A netrace trace as netrace 1.0 lays it out (little-endian): a 72-byte header for 4 nodes,
// then a read request (type 1, 8 bytes) from node 0 to 3 in cycle 0, netrace id 100, which
// packet 101 waits for, and its response (type 2, 72 bytes) from node 3 to 0, id 101.
std::string netrace_packets() {
  std::string bytes;
  const auto put = [&](std::uint64_t v, int n) {
    for (int i = 0; i < n; ++i) bytes += static_cast<char>(v >> (8 * i) & 0xff);
  };
  put(0x484A5455, 4);
  const float version = 1.0f;
  std::uint32_t bits = 0;
  std::memcpy(&bits, &version, 4);
  put(bits, 4);
  bytes += std::string("test") + std::string(26, '\0');  // the benchmark's name
  put(4, 1);   // nodes
  put(0, 1);   // pad
  put(100, 8); // cycles
  put(2, 8);   // packets
  put(0, 4);   // notes
  put(0, 4);   // regions
  put(0, 8);   // padding
  put(0, 8), put(100, 4), put(0x40, 4), put(1, 1), put(0, 1), put(3, 1), put(0, 1), put(1, 1), put(101, 4);
  put(0, 8), put(101, 4), put(0x40, 4), put(2, 1), put(3, 1), put(0, 1), put(0, 1), put(0, 1);
  return bytes;
}

std::string bzip2(const std::string& text) {
  std::vector<char> out(text.size() + text.size() / 100 + 600);
  unsigned length = static_cast<unsigned>(out.size());
  std::string in = text;
  BOOST_TEST_REQUIRE(BZ2_bzBuffToBuffCompress(out.data(), &length, in.data(), static_cast<unsigned>(in.size()), 9, 0,
                                              0) == BZ_OK);
  return std::string(out.data(), length);
}

}  // namespace

BOOST_AUTO_TEST_CASE(netraces_own_format_replays_with_its_dependencies) {
  cftool::TempDir dir;
  std::ofstream(dir / "t.tra.bz2", std::ios::binary) << bzip2(netrace_packets());
  std::ofstream(dir / "t.tra", std::ios::binary) << netrace_packets();
  const auto model = [&](const std::string& file) {
    std::ofstream(dir / "nt.yaml") << "components:\n  net: { kind: network, topology: mesh, k: 2, n: 2, routing_function: "
                                      "dor, num_vcs: 2, vc_buf_size: 4, traffic: trace, trace_file: " << file
                                   << ", flit_bytes: 8, sim_type: window }\nrun: { cycles: 100, warmup: 0 }\n";
    return "run " + dir / "nt.yaml";
  };
  const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL, model("t.tra.bz2"));
  // The request, 1 flit across 3 routers: 17 cycles; the response waits for it (netrace
  // gives no delay: the least, 2 cycles), made for 19, 9 flits of 8 bytes, the last in 46.
  const json& request = doc.at("flows").at("net_node0:net_node3");
  const json& response = doc.at("flows").at("net_node3:net_node0");
  BOOST_TEST(request.at("latency").at("max") == 17);
  BOOST_TEST(request.at("trace").at("bytes") == 8);
  BOOST_TEST(response.at("created") == 9);
  BOOST_TEST(response.at("trace").at("bytes") == 72);
  BOOST_TEST(response.at("trace").at("last_delivered") == 46);
  // Uncompressed, the same.
  BOOST_TEST(cftool::same_in_both_views(CREDITFLOW_TOOL, model("t.tra")).at("flows") == doc.at("flows"));
  // Cut short: one line.
  std::ofstream(dir / "cut.tra.bz2", std::ios::binary) << bzip2(netrace_packets()).substr(0, 50);
  const cftool::Outcome cut = cftool::tool(model("cut.tra.bz2"));
  BOOST_TEST(cut.err == "creditflow: " + dir / "nt.yaml" + ":2: net: trace_file: " + dir / "cut.tra.bz2" +
                            ": its header: its bzip2 data is corrupt or cut short\n");
}
