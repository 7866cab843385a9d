// A `network` component with parts attached at its nodes (expand_networks.hpp): it becomes
// the routers, channels and interfaces one would place by hand, figure for figure, and
// refuses what it cannot be.
#include <boost/test/unit_test.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

#include "harness.hpp"

using nlohmann::json;

namespace {
const std::string kMesh = "../../tests/tool/generated_mesh.yaml";

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }
}  // namespace

BOOST_AUTO_TEST_CASE(a_network_with_parts_at_its_nodes_is_its_parts_placed_by_hand) {
  json made = cftool::same_in_both_views(CREDITFLOW_TOOL, "run " + kMesh);
  const cftool::Outcome by_hand = cftool::tool("run ../../tests/tool/generated_mesh_by_hand.yaml --json");
  BOOST_TEST_REQUIRE(by_hand.status == 0, by_hand.err);
  json hand = json::parse(by_hand.out);
  BOOST_TEST(made.at("parameters").contains("net_router_1_1.routes"));
  BOOST_TEST(made.at("parameters").at("net_router_0_0.routes") == "rx0=out4,rx1=out0,rx2=out2,rx3=out0");
  made.erase("model");
  hand.erase("model");
  hand.erase("view");
  BOOST_TEST(made == hand);  // every figure, parameter and diagnosis
  // 8 channels between routers, an injection and an ejection channel at each node.
  BOOST_TEST(made.at("vc_channels").at("checked").get<int>() == 16);
  BOOST_TEST(made.at("vc_channels").at("violations").get<int>() == 0);
  BOOST_TEST(made.at("accounting_violations").get<int>() == 0);
  // Node 0 to node 3 crosses 3 routers: 5 x 3 + 2 cycles into the interface, 2 more to the pop.
  const json& flow = made.at("flows").at("src0:rx3");
  BOOST_TEST(flow.at("latency").at("histogram").at(0).at(0).get<int>() == 19);
  BOOST_TEST(flow.at("delivered").get<int>() > 1100);
}

BOOST_AUTO_TEST_CASE(a_node_takes_its_interfaces_parameters_written_or_set) {
  cftool::TempDir dir;
  std::string model = cftool::read_file(kMesh);
  const std::string net = "net:   { kind: network, topology: mesh, k: 2, n: 2, routing_function: dor, num_vcs: 2, "
                          "vc_buf_size: 4 }";
  model.replace(model.find(net), net.size(),
                "net: { kind: network, topology: mesh, k: 2, n: 2, routing_function: dor, num_vcs: 2, vc_buf_size: 4, "
                "node0: { credits: 2, queue_depth: 3 } }");
  std::ofstream(dir / "m.yaml") << model;
  const cftool::Outcome written = cftool::tool("run " + dir / "m.yaml" + " --view tl --json");
  BOOST_TEST_REQUIRE(written.status == 0, written.err);
  const json p = json::parse(written.out).at("parameters");
  BOOST_TEST(p.at("net_node0.credits").get<int>() == 2);
  BOOST_TEST(p.at("net_node0.queue_depth").get<int>() == 3);
  BOOST_TEST(p.at("net_node1.credits").get<int>() == 4);
  const cftool::Outcome set = cftool::tool("run " + dir / "m.yaml" + " --view tl --json --set net.node0.credits=3");
  BOOST_TEST_REQUIRE(set.status == 0, set.err);
  BOOST_TEST(json::parse(set.out).at("links").at("rx0").at("credits").get<int>() == 3);
  // Untold, an interface holds as many credits as its loop's receiver has slots.
  const cftool::Outcome deeper = cftool::tool("run " + dir / "m.yaml" + " --view tl --json --set rx1.depth=6");
  BOOST_TEST_REQUIRE(deeper.status == 0, deeper.err);
  BOOST_TEST(json::parse(deeper.out).at("parameters").at("net_node1.credits").get<int>() == 6);
  // Through a crossing, too: the memory controller's depth in models/soc_on_mesh.yaml.
  const cftool::Outcome soc = cftool::tool("run ../../models/soc_on_mesh.yaml --view tl --json --cycles 3000 "
                                           "--warmup 1000 --set mem.depth=6");
  BOOST_TEST_REQUIRE(soc.status == 0, soc.err);
  const json soc_parameters = json::parse(soc.out).at("parameters");
  BOOST_TEST(soc_parameters.at("net_node3.credits").get<int>() == 6);
  // With two classes, the node that injects only the controller's answers sends them on
  // class 1, the others on class 0; with one class, all on it.
  BOOST_TEST(soc_parameters.at("net_node3.message_class").get<int>() == 1);
  BOOST_TEST(soc_parameters.at("net_node0.message_class").get<int>() == 0);
  const cftool::Outcome one = cftool::tool("run ../../models/soc_on_mesh.yaml --view tl --json --cycles 3000 "
                                           "--warmup 1000 --set net.vc_classes=1");
  BOOST_TEST_REQUIRE(one.status == 0, one.err);
  BOOST_TEST(json::parse(one.out).at("parameters").at("net_node3.message_class").get<int>() == 0);
}

BOOST_AUTO_TEST_CASE(a_hand_written_anynet_routes_attached_parts_by_its_shortest_paths) {
  cftool::TempDir dir;
  std::ofstream(dir / "any.yaml") << "components:\n"
                                     "  cpu: { kind: traffic_source, pattern: bernoulli, rate: 0.3, destinations: mem }\n"
                                     "  mem: { kind: credit_receiver, depth: 4 }\n"
                                     "  noc:\n"
                                     "    kind: network\n"
                                     "    topology:\n"
                                     "      kind: anynet\n"
                                     "      routers:\n"
                                     "        cpu: {nodes: [0, 1], to: {l2: 1}}\n"
                                     "        l2: {nodes: [2], to: {cpu: 1, mem: 2}}\n"
                                     "        mem: {nodes: [3], to: {l2: 2}}\n"
                                     "    routing_function: min\n"
                                     "    num_vcs: 2\n"
                                     "    vc_buf_size: 4\n"
                                     "connections:\n"
                                     "  - cpu.out -> noc.node0.in\n"
                                     "  - noc.node3.out -> mem.in\n"
                                     "  - mem.credit -> noc.node3.credit_in\n";
  const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL, "run " + dir / "any.yaml");
  // Three routers (5 x 3 + 2) and the 2-cycle channel into mem's router (1 more), 2 to the pop.
  BOOST_TEST(doc.at("classes").at("data").at("latency").at("histogram").at(0).at(0).get<int>() == 20);
  BOOST_TEST(doc.at("parameters").at("noc_l2.routes") == "mem=out2");
  // cpu <-> l2 <-> mem, and a channel each way at the two nodes attached.
  BOOST_TEST(doc.at("vc_channels").at("checked").get<int>() == 8);
}

BOOST_AUTO_TEST_CASE(what_a_network_with_attached_parts_refuses) {
  const auto refused = [](const std::string& args, const std::string& line) {
    const cftool::Outcome o = cftool::tool("run " + kMesh + " " + args);
    BOOST_TEST(o.status == 2, args);
    BOOST_TEST(o.err == "creditflow: " + line + "\n", args);
  };
  refused("--set net.warmup_periods=2",
          "--set net.warmup_periods=2: net.warmup_periods is BookSim2's measurement, and parts are attached to net's "
          "nodes: the platform measures them (allowed here: the topology's and the routers' keys, packet_size, "
          "vc_classes, node<K>.<interface parameter>, and for the terminals at the other nodes injection_rate, "
          "injection_rate_uses_flits, traffic, hotspot_nodes, hotspot_rates, perm_seed, injection_process, burst_alpha and "
          "burst_beta)");
  refused("--set net.node5.credits=2",
          "--set net.node5.credits=2: net.node5.credits: node5 has nothing attached, so no interface (attach parts at "
          "net.node5, or leave the parameter out)");
  refused("--set net.node0.depth=3",
          "--set net.node0.depth=3: net.node0.depth: an interface has no parameter 'depth' (allowed: message_class, "
          "packet_flits, queue_depth, eject_depth, credits)");
  refused("--set net.traffic=transpose",
          "--set net.traffic=transpose: net.traffic is for the terminals at the nodes nothing attaches to, which "
          "injection_rate makes (give net.injection_rate too, or leave it out)");
  refused("--set net.injection_rate=0.2",
          "../../tests/tool/generated_mesh.yaml:15: net.injection_rate: parts are attached at every node of net, so "
          "there are no terminals to drive (allowed: leave it out)");
  refused("--set net.k=1", "--set net.k=1: net: k = '1' is not allowed (allowed a whole number 2..64)");

  cftool::TempDir dir;
  const auto refused_model = [&](const std::string& from, const std::string& to, const std::string& line) {
    std::string model = cftool::read_file(kMesh);
    model.replace(model.find(from), from.size(), to);
    std::ofstream(dir / "m.yaml") << model;
    const cftool::Outcome o = cftool::tool("run " + dir / "m.yaml");
    BOOST_TEST(o.status == 2, to);
    BOOST_TEST(first_line(o.err) == "creditflow: " + dir / "m.yaml" + ":" + line, to);
  };
  refused_model("src3.out -> net.node3.in", "src3.out -> net.node4.in",
                "26: connection 'src3.out -> net.node4.in': net has 4 nodes (allowed node0..node3)");
  refused_model("src3.out -> net.node3.in", "src3.out -> net.node3.inn",
                "26: connection 'src3.out -> net.node3.inn': net has no port 'node3.inn' (allowed node<K>.in, "
                "node<K>.out, node<K>.credit_in, K 0..3)");
  refused_model("net:   {", "net:   { node1: { depth: 2 }, ",
                "15: net.node1.depth: an interface has no parameter 'depth' (allowed: message_class, packet_flits, "
                "queue_depth, eject_depth, credits)");
  refused_model("rx3:   { kind: credit_receiver, depth: 4 }", "net_node2: { kind: credit_receiver, depth: 4 }",
                "14: net_node2 is a component of the model and a part net makes (rename it)");
}

// BookSim2's traffic keys on a network with parts attached put the library's parts at the
// other nodes: a Bernoulli source of packets to the pattern's terminals, an interface, and
// a receiver. models/soc_on_mesh.yaml on a 3x3 mesh: its parts at nodes 0-3, terminals at
// 4-8 sending uniformly among themselves; at 0.5 packets a cycle each the CPU's reads
// (memory deep enough, 18) wait longer where the terminals' packets cross their routers.
BOOST_AUTO_TEST_CASE(terminals_at_the_other_nodes_load_the_network_the_parts_share) {
  const std::string soc = "run ../../models/soc_on_mesh.yaml --set net.k=3 --set mem.queue_depth=18";
  const json quiet = cftool::same_in_both_views(CREDITFLOW_TOOL, soc);
  const json loaded = cftool::same_in_both_views(CREDITFLOW_TOOL, soc + " --set net.injection_rate=0.5");
  BOOST_TEST(quiet.at("flows").at("cpu:mem").at("latency").at("p99").get<int>() == 22);
  BOOST_TEST(loaded.at("flows").at("cpu:mem").at("latency").at("p99").get<int>() == 28);
  BOOST_TEST(!quiet.at("classes").contains("background"));
  // 5 terminals x 0.5 x 18,000 cycles in the window: 45,000 expected.
  BOOST_TEST(loaded.at("classes").at("background").at("delivered").get<int>() == 44649);
  BOOST_TEST(loaded.at("parameters").at("net_node4_traffic.destinations") ==
             "net_node4_sink,net_node5_sink,net_node6_sink,net_node7_sink,net_node8_sink");
  BOOST_TEST(loaded.at("accounting_violations").get<int>() == 0);
  BOOST_TEST(loaded.at("vc_channels").at("checked").get<int>() == 42);  // 24 between routers, 2 at each node
  BOOST_TEST(loaded.at("vc_channels").at("violations").get<int>() == 0);

  // The summary folds the terminals' parts into one line; the JSON has each of them.
  const cftool::Outcome text = cftool::tool(soc + " --set net.injection_rate=0.5 --view tl");
  BOOST_TEST_REQUIRE(text.status == 0, text.err);
  BOOST_TEST(text.out.find("\nterminals of 'net': 5 sources, 49620 created = 49574 delivered + 46 in flight + 0 "
                           "dropped (each source, flow and link in the JSON)\n") != std::string::npos, text.out);
  BOOST_TEST(text.out.find("net_node4_sink") == std::string::npos, text.out);
  BOOST_TEST(text.out.find("flow 'cpu:mem'") != std::string::npos);
  BOOST_TEST(loaded.at("sources").at("net_node4_traffic").at("created").get<int>() > 9000);
  BOOST_TEST(loaded.at("links").contains("net_node4_sink"));

  const auto refused = [&](const std::string& set, const std::string& line) {
    const cftool::Outcome o = cftool::tool(soc + " --set net.injection_rate=0.3 --set " + set);
    BOOST_TEST(o.status == 2, set);
    BOOST_TEST(o.err == "creditflow: " + line + "\n", set);
  };
  // Hotspots by their weights: node 5's packets go 3 to 1 to nodes 4 and 8.
  const cftool::Outcome hot = cftool::tool(soc + " --set net.injection_rate=0.3 --set net.traffic=hotspot "
                                                 "--set 'net.hotspot_nodes={4,8}' --set 'net.hotspot_rates={3,1}' "
                                                 "--view tl --json");
  BOOST_TEST_REQUIRE(hot.status == 0, hot.err);
  const json hot_doc = json::parse(hot.out);
  BOOST_TEST(hot_doc.at("parameters").at("net_node5_traffic.weights") == "3,1");
  const double to4 = hot_doc.at("flows").at("net_node5_traffic:net_node4_sink").at("delivered").get<double>();
  const double to8 = hot_doc.at("flows").at("net_node5_traffic:net_node8_sink").at("delivered").get<double>();
  BOOST_TEST(to4 / to8 == 3.0, boost::test_tools::tolerance(0.1));
  refused("net.traffic=hotspot --set 'net.hotspot_nodes={4,1}'",
          "../../models/soc_on_mesh.yaml:43: net: traffic = hotspot sends node4's packets to node1, where parts are "
          "attached (allowed: a pattern whose terminals send to terminals)");
  // BookSim2's on_off process at the terminals: the same 0.3 a node in bursts (on half the
  // cycles for 50 on average, then 0.6 a cycle), the background's p99 longer than under a
  // coin a cycle, the CPU's reads at 22 as before.
  const std::string loaded_03 = soc + " --set net.injection_rate=0.3";
  const json coin = cftool::same_in_both_views(CREDITFLOW_TOOL, loaded_03);
  const json bursts = cftool::same_in_both_views(
      CREDITFLOW_TOOL,
      loaded_03 + " --set net.injection_process=on_off --set net.burst_alpha=0.02 --set net.burst_beta=0.02");
  BOOST_TEST(bursts.at("parameters").at("net_node5_traffic.pattern") == "on_off");
  BOOST_TEST(bursts.at("parameters").at("net_node5_traffic.burst_beta").get<double>() == 0.02);
  BOOST_TEST(coin.at("classes").at("background").at("latency").at("p99").get<int>() == 26);
  BOOST_TEST(bursts.at("classes").at("background").at("latency").at("p99").get<int>() == 31);
  BOOST_TEST(bursts.at("classes").at("background").at("delivered").get<int>() == 27602);  // 27000 offered
  BOOST_TEST(bursts.at("flows").at("cpu:mem").at("latency").at("p99").get<int>() == 22);
  refused("net.injection_process=on_off --set net.burst_alpha=0.01 --set net.burst_beta=0.1",
          "../../models/soc_on_mesh.yaml:43: net: injection_process = on_off cannot offer 0.3 with burst_alpha 0.01 "
          "and burst_beta 0.1: a source is on 9.091% of the cycles, so it would need 3.3 packets a cycle while on "
          "(allowed up to 1: raise burst_alpha or lower burst_beta)");
  refused("net.k=4 --set net.traffic=transpose",
          "../../models/soc_on_mesh.yaml:43: net: traffic = transpose sends node4's packets to node1, where parts are "
          "attached (allowed: a pattern whose terminals send to terminals)");
  refused("net.sim_type=throughput",
          "--set net.sim_type=throughput: net.sim_type is BookSim2's measurement, and parts are attached to net's "
          "nodes: the platform measures them (allowed here: the topology's and the routers' keys, packet_size, "
          "vc_classes, node<K>.<interface parameter>, and for the terminals at the other nodes injection_rate, "
          "injection_rate_uses_flits, traffic, hotspot_nodes, hotspot_rates, perm_seed, injection_process, burst_alpha and "
          "burst_beta)");
}

// A ring or a torus: each router routes by its place in the cube (router.routing: torus,
// BookSim2's dim_order), the way round chosen where a packet enters a dimension, a tie by
// the router's own coin, the VCs of its class halved by dateline.
BOOST_AUTO_TEST_CASE(a_ring_routes_attached_parts_the_short_way_round_and_splits_a_tie) {
  const std::string ring = "run ../../tests/tool/generated_ring.yaml";
  const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL, ring);
  const json& p = doc.at("parameters");
  BOOST_TEST(p.at("net_router_1.routing") == "torus");
  BOOST_TEST(p.at("net_router_1.position").get<int>() == 1);
  BOOST_TEST(p.at("net_router_1.routes") == "rx1=node1,rx3=node3");
  BOOST_TEST(p.at("net_router_0_out0.latency").get<int>() == 2);  // a torus's channels: 2 cycles untold
  // Node 0 to node 3: across the wrap, two routers (5 x 2 + 2, one more cycle on the
  // channel between them, 2 to the pop), where the way round the other side crosses four.
  BOOST_TEST(doc.at("flows").at("src0:rx3").at("latency").at("histogram").at(0).at(0).get<int>() == 15);
  // Half way round, three routers either way: 5 x 3 + 2 + 2 + 2.
  BOOST_TEST(doc.at("flows").at("src1:rx3").at("latency").at("histogram").at(0).at(0).get<int>() == 21);
  BOOST_TEST(doc.at("flows").at("src3:rx1").at("latency").at("histogram").at(0).at(0).get<int>() == 21);
  BOOST_TEST(doc.at("vc_channels").at("checked").get<int>() == 14);  // 8 round the ring, 2 at each of 3 nodes
  BOOST_TEST(doc.at("vc_channels").at("violations").get<int>() == 0);
  BOOST_TEST(doc.at("accounting_violations").get<int>() == 0);
  // Loaded past what it delivers, a flow whose packets split at a coin is said to split
  // there, not held at one hop of one of its ways.
  const cftool::Outcome loaded = cftool::tool(ring + " --view tl --set src1.rate=0.9 --set src3.rate=0.9");
  BOOST_TEST_REQUIRE(loaded.status == 0, loaded.err);
  BOOST_TEST(loaded.out.find("\n- flow 'src3:rx1' carries 0.550 of the 0.900 its source offers: at net_router_3 its "
                             "packets split between out0 and out1 by coin (half way round, either way is as short): "
                             "a split path has no one hop to name\n") != std::string::npos, loaded.out);

  // A ring of eight with terminals at the five other nodes, packets of four flits, loaded
  // far past what it carries: with every VC open to every packet a cycle of full VCs round
  // the ring stops node 0's and node 1's flows for good (4 and 11 of their flits delivered
  // in the run, none in the window); the dateline classes break that cycle, and every flow
  // still moves.
  const json jammed = cftool::same_in_both_views(
      CREDITFLOW_TOOL, ring + " --set net.k=8 --set net.injection_rate=0.5 --set net.packet_size=4 "
                              "--set src1.rate=0.9 --set src3.rate=0.9");
  BOOST_TEST(jammed.at("flows").at("src0:rx3").at("delivered").get<int>() == 63);
  BOOST_TEST(jammed.at("flows").at("src1:rx3").at("delivered").get<int>() == 126);
  BOOST_TEST(jammed.at("flows").at("src3:rx1").at("delivered").get<int>() == 450);
  BOOST_TEST(jammed.at("classes").at("background").at("delivered").get<int>() == 1025);
  // Node 0's flits wait at router 2 for credits into router 3, whose buffers on their VCs
  // are full of the terminals' flits waiting to go on round the ring (their own way out
  // there, to node 3, never waited): the diagnosis says so, not that router 3's buffers
  // are too few for the channel's round trip.
  const cftool::Outcome jammed_text = cftool::tool(ring + " --view tl --set net.k=8 --set net.injection_rate=0.5 "
                                                          "--set net.packet_size=4 --set src1.rate=0.9 --set src3.rate=0.9");
  BOOST_TEST_REQUIRE(jammed_text.status == 0, jammed_text.err);
  BOOST_TEST(jammed_text.out.find(
                 "\n- flow 'src0:rx3' carries 0.010 of the 0.100 its source offers: it is held on the channel "
                 "net_router_2 out0 -> net_router_3 in1: at net_router_2, switch requests on its VCs toward out0 were "
                 "held for credits 3295 times (its input there, in1 on VCs 0-1, had 2660 failed VC allocations and 108 "
                 "switch requests lost to other traffic); at net_router_3, the flits in in1's buffers on VCs 0-1 were "
                 "held for credits 1793 times on their way on (toward out2, its way out there, 0): those buffers are "
                 "taken by traffic held beyond net_router_3\n") != std::string::npos,
             jammed_text.out);

  const auto refused = [&](const std::string& set, const std::string& line) {
    const cftool::Outcome o = cftool::tool(ring + " " + set);
    BOOST_TEST(o.status == 2, set);
    BOOST_TEST(o.err == "creditflow: " + line + "\n", set);
  };
  refused("--set net.vc_classes=2",
          "../../tests/tool/generated_ring.yaml:13: net_router_0: num_vcs = 2 gives each of 2 classes 1 VCs, and "
          "routing: torus halves a class's VCs by dateline to break the rings' cycles (allowed an even number, 2 or "
          "more, of VCs a class)");
  refused("--set net_router_1.position=9",
          "../../tests/tool/generated_ring.yaml:13: net_router_1: position = 9 is past the 4 routers of a 4-ary "
          "1-cube (allowed 0..3)");
  refused("--set net_router_1.routes=rx1=node7",
          "../../tests/tool/generated_ring.yaml:13: net_router_1.routes: 'rx1=node7' is not destination=node with "
          "routing: torus or mesh (allowed nodes node0..node3, e.g. mem=node5)");
}

// models/soc_on_mesh.yaml on a 4x4 torus (two classes of two VCs, each halved by dateline)
// with terminals at the twelve other nodes loaded past saturation: the rings' cycles are
// broken, so flits keep moving to the end, every flit accounted and every channel's credits
// conserved, the same in both views.
BOOST_AUTO_TEST_CASE(an_soc_on_a_torus_loaded_past_saturation_keeps_moving) {
  const json doc = cftool::same_in_both_views(
      CREDITFLOW_TOOL, "run ../../models/soc_on_mesh.yaml --set net.topology=torus --set net.k=4 "
                       "--set net.routing_function=dim_order --set net.injection_rate=0.6 --set mem.queue_depth=18");
  BOOST_TEST(doc.at("status") == "ok");  // not deadlocked (the watchdog stops a run whose flits stop)
  BOOST_TEST(doc.at("accounting_violations").get<int>() == 0);
  BOOST_TEST(doc.at("vc_channels").at("checked").get<int>() == 96);  // 64 between routers, 2 at each node
  BOOST_TEST(doc.at("vc_channels").at("violations").get<int>() == 0);
  BOOST_TEST(doc.at("classes").at("background").at("delivered").get<int>() == 96593);
  BOOST_TEST(doc.at("sources").at("net_node5_traffic").at("refused").get<int>() == 2068);  // offered past saturation
  BOOST_TEST(doc.at("flows").at("cpu:mem").at("latency").at("p99").get<int>() == 33);
  BOOST_TEST(doc.at("parameters").at("net_router_1_1.routing") == "torus");
}
