// Routers placed by hand in a platform (tests/tool/two_routers.yaml): a CPU's flits enter a
// network interface, cross two routers over vc_links and leave through another interface to
// a memory, in both views, accounted every cycle; and the mistakes a netlist of them can hold.
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "harness.hpp"

using nlohmann::json;

// Alone in the network a flit takes timing.md section 6's 5H + 2 cycles from injection to
// ejection (H = 2 routers), one more to go on to the memory and one to be popped there:
// 14 from its creation, the same cycle it was taken.
BOOST_AUTO_TEST_CASE(a_cpu_reaches_memory_across_two_router_kinds_in_both_views) {
  const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL, "run two_routers.yaml");
  const json& flow = doc.at("flows").at("cpu:mem");
  BOOST_TEST(flow.at("latency").at("histogram").at(0).at(0).get<int>() == 5 * 2 + 2 + 2);
  BOOST_TEST(flow.at("latency").at("p99").get<int>() == 17);
  BOOST_TEST(flow.at("delivered_in_window").get<int>() == 912);
  BOOST_TEST(doc.at("accounting").get<std::string>() == "checked every cycle");
  BOOST_TEST(doc.at("accounting_violations").get<int>() == 0);
  const json& cpu = doc.at("sources").at("cpu");
  BOOST_TEST(cpu.at("created").get<int>() == 1214);
  BOOST_TEST(cpu.at("delivered").get<int>() == 1213);
  BOOST_TEST(doc.at("links").at("mem").at("credits").get<int>() == 4);  // the interface's loop to the memory
}

// Routers in two clocks (tests/tool/crossed_routers.yaml): the memory's router at 800 MHz
// behind a vc_crossing from the CPU's at 1 GHz. Every VC of every channel keeps its credits
// every cycle, across the crossing too; latencies end in the memory's cycles, and the loop
// out of the network is offered the CPU's 0.3 a ns as 0.375 of its 1.25 ns cycles.
BOOST_AUTO_TEST_CASE(routers_in_two_clocks_meet_at_a_vc_crossing_in_both_views) {
  const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL, "run crossed_routers.yaml");
  BOOST_TEST(doc.at("vc_channels").at("checked").get<int>() == 3);
  BOOST_TEST(doc.at("vc_channels").at("violations").get<int>() == 0);
  BOOST_TEST(doc.at("accounting").get<std::string>() == "checked every cycle");
  const json& flow = doc.at("flows").at("cpu:mem");
  BOOST_TEST(flow.at("latency").at("histogram").at(0).at(0).get<int>() == 14);
  BOOST_TEST(flow.at("latency").at("p99").get<int>() == 19);
  BOOST_TEST(flow.at("delivered_in_window").get<int>() == 910);
  BOOST_TEST(doc.at("links").at("mem").at("latency").at("creation_to_send").at("p50").get<int>() == 14);
  BOOST_TEST(cftool::diagnosis_line(doc, "link 'mem'") ==
             "link 'mem' runs at 0.380 of full rate and never waited for a credit (4 credits, 2-cycle round trip); it "
             "is limited by the offered load of 0.375");
  // Three flops and a crossing that lands late at random half the time: one cycle more at
  // least, the same in both views, and still every credit kept.
  const json late = cftool::same_in_both_views(CREDITFLOW_TOOL, "run crossed_routers.yaml --set "
                                                                "r0r1.uncertainty=0.5 --set r0r1.sync_stages=3");
  BOOST_TEST(late.at("vc_channels").at("violations").get<int>() == 0);
  BOOST_TEST(late.at("flows").at("cpu:mem").at("latency").at("histogram").at(0).at(0).get<int>() == 15);
  BOOST_TEST(late.at("flows").at("cpu:mem").at("latency").at("p99").get<int>() == 21);
  const auto err = [](const std::string& set) {
    return cftool::tool("run crossed_routers.yaml --set '" + set + "'").err;
  };
  BOOST_TEST(err("r0r1.num_vcs=4") == "creditflow: crossed_routers.yaml:14: r0.out1 feeds r1.in1 through r0r1: "
                                      "r0.num_vcs = 2 but r0r1 has 4 (a sender counts on the buffers at the far end; "
                                      "write num_vcs: ${r0r1.num_vcs})\n");
}

BOOST_AUTO_TEST_CASE(router_netlists_that_cannot_work_are_refused_naming_the_part) {
  const auto err = [](const std::string& set) { return cftool::tool("run two_routers.yaml --set '" + set + "'").err; };
  BOOST_TEST(err("r0.ports=1") == "creditflow: two_routers.yaml:9: r0.out1 is connected, past its 1 ports (allowed "
                                  "ports 2 or more, or in0..in0 and out0..out0)\n");
  BOOST_TEST(err("r0.routes=mem=out0") == "creditflow: two_routers.yaml:9: r0.routes sends mem to out0, which is not "
                                          "connected (allowed a connected output)\n");
  BOOST_TEST(err("r0.routes=cpu=out1") == "creditflow: --set r0.routes=cpu=out1: r0.routes names 'cpu', a "
                                          "traffic_source, not a receiver flits end at (allowed: mem)\n");
  BOOST_TEST(err("ni0.vc_classes=3' --set 'r0.vc_classes=3' --set 'r1.vc_classes=3' --set 'ni1.vc_classes=3") ==
             "creditflow: two_routers.yaml:7: ni0: num_vcs = 2 does not split into vc_classes = 3 (allowed num_vcs a "
             "multiple of vc_classes)\n");
  BOOST_TEST(err("ni0.vc_classes=2") == "creditflow: two_routers.yaml:7: ni0.to_router feeds r0.in0 through inj0: "
                                        "ni0.vc_classes = 2 but r0 has 1 (a sender counts on the buffers at the far "
                                        "end; write vc_classes: ${r0.vc_classes})\n");
  BOOST_TEST(err("ni0.message_class=1") == "creditflow: two_routers.yaml:7: ni0: message_class = 1 (allowed 0..0, "
                                           "one of its vc_classes)\n");
  BOOST_TEST(err("r1.vc_buf_size=2") == "creditflow: two_routers.yaml:9: r0.out1 feeds r1.in1 through r0r1: "
                                        "r0.vc_buf_size = 4 but r1 has 2 (a sender counts on the buffers at the far "
                                        "end; write vc_buf_size: ${r1.vc_buf_size})\n");
  BOOST_TEST(err("ni1.num_vcs=4") == "creditflow: two_routers.yaml:11: r1.out0 feeds ni1.from_router through ej1: "
                                     "r1.num_vcs = 2 but ni1 has 4 (a sender counts on the buffers at the far end; "
                                     "write num_vcs: ${ni1.num_vcs})\n");
  const auto o = cftool::tool("run two_routers.yaml --set cpu.destinations=");
  BOOST_TEST(o.status != 0);
  BOOST_TEST(o.err == "creditflow: ni0: flit 0 came in at cycle 0 with no destination: a network routes by it (give "
                      "its source destinations)\n");
}

// Reads and their responses (tests/tool/request_response.yaml): a responder answers each of
// the CPU's requests 10 cycles after popping it, to the CPU's receiver. Each way takes the
// two routers' 5H + 2 = 12 cycles and two more, alone; every flit of both sources is
// accounted every cycle, the responder's as a source of its own.
BOOST_AUTO_TEST_CASE(a_responder_answers_reads_across_two_routers_in_both_views) {
  const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL, "run request_response.yaml");
  const json& requests = doc.at("flows").at("cpu:mem");
  const json& responses = doc.at("flows").at("mem:cpu_rx");
  BOOST_TEST(requests.at("latency").at("histogram").at(0).at(0).get<int>() == 14);
  BOOST_TEST(responses.at("latency").at("histogram").at(0).at(0).get<int>() == 14);
  BOOST_TEST(requests.at("delivered_in_window").get<int>() == 602);
  BOOST_TEST(responses.at("delivered_in_window").get<int>() == 601);
  BOOST_TEST(doc.at("accounting").get<std::string>() == "checked every cycle");
  const json& mem = doc.at("sources").at("mem");
  BOOST_TEST(mem.at("created").get<int>() == 805);
  BOOST_TEST(mem.at("delivered").get<int>() == 798);
  // Held where each packet's tail is: by place within a router.
  BOOST_TEST(mem.at("in_flight").at("r1 in0 VC 0").get<int>() == 1);
  BOOST_TEST(mem.at("in_flight").at("r1 out1 VC 0").get<int>() == 1);
  // The loop from the memory's interface is offered what the CPU sends the memory.
  BOOST_TEST(!cftool::diagnosis_line(doc, "link 'mem.in' carries its offered load of 0.200 (0.201 measured").empty(),
             doc.at("diagnosis").dump());
  const auto err = [](const std::string& set) {
    return cftool::tool("run request_response.yaml --set '" + set + "'").err;
  };
  BOOST_TEST(err("mem.replies=cpu") ==
             "creditflow: --set mem.replies=cpu: mem.replies: 'cpu' is not a pair (allowed source=receiver, e.g. "
             "cpu=cpu_rx)\n");
  BOOST_TEST(err("mem.replies=cpu_rx=cpu_rx") ==
             "creditflow: --set mem.replies=cpu_rx=cpu_rx: mem.replies names 'cpu_rx', a credit_receiver, not a "
             "source that makes flits (allowed: cpu)\n");
  BOOST_TEST(err("mem.replies=cpu=mem") ==
             "creditflow: mem: a request from 'mem' came at cycle 37, and replies names no receiver for it\n");
}

// models/soc_on_mesh.yaml: a CPU and two DMA engines read a memory controller at 800 MHz
// behind crossings across a 2x2 mesh (a network component made into router kinds), in both views, accounted every cycle
// across both clocks. The controller answers at most 8 requests at a time, each for 20 of
// its cycles: 0.4 a cycle of its own, 0.32 of the mesh's, against 0.7 offered; the
// diagnosis says so and gives the depth that the rate needs (0.875 x 20 = 17.5: 18). With
// it the CPU's reads are served as offered and their p99 falls from thousands of cycles to
// tens, the answers then waiting on the response crossing.
BOOST_AUTO_TEST_CASE(an_soc_on_a_mesh_of_router_kinds_names_what_limits_the_cpu) {
  const json shipped = cftool::same_in_both_views(CREDITFLOW_TOOL, "run ../../models/soc_on_mesh.yaml");
  BOOST_TEST(shipped.at("accounting").get<std::string>() == "checked every cycle");
  BOOST_TEST(shipped.at("accounting_violations").get<int>() == 0);
  BOOST_TEST(shipped.at("sources").at("mem").at("created").get<int>() == 6090);
  BOOST_TEST(shipped.at("flows").at("cpu:mem").at("latency").at("p99").get<int>() == 3829);
  BOOST_TEST(cftool::diagnosis_line(shipped, "link 'req_x' ") ==
             "link 'req_x' runs at 0.305 of full rate against 0.700 offered: the sender was out of credits in 12514 of "
             "18000 cycles (0 with the receiver empty, 12514 with it holding flits); its receiver, responder 'mem', "
             "takes a request only with room for its answer: at most 8 answers pending (queue_depth), each for at "
             "least its 20-cycle latency, so it takes at most 0.400 requests per cycle of its own (0.320 per cycle of "
             "this link), and it held requests with no room for another answer in 8915 of its cycles; for 0.700 "
             "offered it needs queue_depth >= 18 (rate x latency)");
  BOOST_TEST(cftool::diagnosis_line(shipped, "link 'cpu_rx' ") ==
             "link 'cpu_rx' runs at 0.076 of full rate and never waited for a credit (4 credits, 2-cycle round trip); "
             "it is limited by what the network delivers to net_node0: 0.076 of the 0.100 its sources offer");
  // Each flow short of its offer is said to be held where it is: past the last router, by
  // the memory's link; the answers, offered only what reached the memory, are not.
  BOOST_TEST(cftool::diagnosis_line(shipped, "flow 'cpu:mem' ") ==
             "flow 'cpu:mem' carries 0.076 of the 0.100 its source offers: it is held beyond the last router: at net_router_1_1, "
             "switch requests on its VCs toward out4 were held for credits 27711 times (its input there, in3 on VCs "
             "0-1, had 24485 failed VC allocations and 0 switch requests lost to other traffic) for net_node3, whose link "
             "'req_x' waited for credits in 12514 of its cycles");
  BOOST_TEST(cftool::diagnosis_line(shipped, "flow 'mem:cpu_rx' ").empty());
  const json fixed = cftool::same_in_both_views(CREDITFLOW_TOOL, "run ../../models/soc_on_mesh.yaml "
                                                                 "--set mem.queue_depth=18");
  BOOST_TEST(fixed.at("flows").at("cpu:mem").at("latency").at("p99").get<int>() == 65);
  BOOST_TEST(fixed.at("flows").at("cpu:mem").at("throughput").get<double>() > 0.099);
  BOOST_TEST(cftool::diagnosis_line(fixed, "link 'req_x' ").find("needs queue_depth >= 18 (rate x latency), which it has: its answers "
                                               "wait to leave on link 'rsp_x'") != std::string::npos);
  // Then the DMA engine that shares its input into the controller's router with the CPU
  // gets less, its requests there held for credits a little more often than they lost.
  BOOST_TEST(cftool::diagnosis_line(fixed, "flow 'dma0:mem' ") ==
                 "flow 'dma0:mem' carries 0.269 of the 0.300 its source offers: it is held beyond the last router: at "
                 "net_router_1_1, switch requests on its VCs toward out4 were held for credits 11729 times (its input "
                 "there, in3 on VCs 0-1, had 10406 failed VC allocations and 132 switch requests lost to other traffic) "
                 "for net_node3, whose link 'req_x' waited for credits in 6000 of its cycles",
             fixed.at("diagnosis").dump());
}

// Two CPUs at 0.6 each into one router output (tests/tool/two_into_one.yaml): each gets
// half, held by the router's arbitration between its two inputs, with no credit missed
// anywhere after it; the diagnosis names the router, the input and the VCs.
BOOST_AUTO_TEST_CASE(a_flow_held_by_a_routers_arbitration_is_said_to_be_held_there) {
  const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL, "run two_into_one.yaml");
  BOOST_TEST(doc.at("flows").at("cpuA:mem").at("throughput").get<double>() == 0.5);
  BOOST_TEST(doc.at("flows").at("cpuB:mem").at("throughput").get<double>() == 0.5);
  BOOST_TEST(cftool::diagnosis_line(doc, "flow 'cpuA:mem' ") ==
             "flow 'cpuA:mem' carries 0.500 of the 0.600 its source offers: it is held at r0 in0 (VCs 0-1), which "
             "shares out2 with other traffic: over the run the flits on those VCs had 1994 failed VC allocations and "
             "1 switch request lost to other traffic there against 0 switch requests held for credits");
  BOOST_TEST(cftool::diagnosis_line(doc, "flow 'cpuB:mem' ").rfind(
                 "flow 'cpuB:mem' carries 0.500 of the 0.600 its source offers: it is held at r0 in1 (VCs 0-1)", 0) == 0);
  // At 0.4 each the output carries both: no flow is short, and none is said to be held.
  const json light = cftool::same_in_both_views(CREDITFLOW_TOOL, "run two_into_one.yaml --set cpuA.rate=0.4 "
                                                                 "--set cpuB.rate=0.4");
  BOOST_TEST(cftool::diagnosis_line(light, "flow ").empty(), light.at("diagnosis").dump());
}

// tests/tool/two_routers.yaml with 8 stages between the routers and 2 flits a VC: 4 credits
// over a round trip of about 22 cycles carry 0.19 of the CPU's 0.5. The first router waits
// for credits, the second barely waits (one stray lost request): the channel holds it.
BOOST_AUTO_TEST_CASE(a_flow_held_by_a_channels_round_trip_is_said_to_be_held_on_it) {
  const json doc = cftool::same_in_both_views(
      CREDITFLOW_TOOL, "run two_routers.yaml --set r0r1.latency=8 --set ni0.vc_buf_size=2 --set r0.vc_buf_size=2 "
                       "--set r1.vc_buf_size=2 --set ni1.vc_buf_size=2 --set cpu.rate=0.5");
  BOOST_TEST(cftool::diagnosis_line(doc, "flow 'cpu:mem' ") ==
             "flow 'cpu:mem' carries 0.191 of the 0.500 its source offers: it is held on the channel r0 out1 -> r1 in1: "
             "at r0, switch requests on its VCs toward out1 were held for credits 5700 times (its input there, in0 on "
             "VCs 0-1, had 0 failed VC allocations and 0 switch requests lost to other traffic), while at r1 they "
             "waited 1 time, less than a tenth as often: the buffers at r1 in1 are too few for the channel's round trip");
}

// examples/hand_wired_mesh.cpp wires a 2x2 mesh of router, channel and interface modules
// by sc_signals in its own sc_main; models/hand_wired_mesh.yaml is the same mesh in YAML.
// Every flow's figures are the same: created, delivered, in the window, p50, p99, max.
BOOST_AUTO_TEST_CASE(the_hand_wired_mesh_gives_its_yamls_figures) {
  const auto example = cftool::run(CREDITFLOW_HAND_WIRED_MESH, "");
  BOOST_TEST_REQUIRE(example.status == 0, example.err);
  const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL, "run ../../models/hand_wired_mesh.yaml");
  std::vector<std::string> from_yaml;
  for (const auto& [name, f] : doc.at("flows").items())
    from_yaml.push_back("flow " + name + " created " + std::to_string(f.at("created").get<int>()) + " delivered " +
                        std::to_string(f.at("delivered").get<int>()) + " in_window " +
                        std::to_string(f.at("delivered_in_window").get<int>()) + " p50 " +
                        std::to_string(f.at("latency").at("p50").get<int>()) + " p99 " +
                        std::to_string(f.at("latency").at("p99").get<int>()) + " max " +
                        std::to_string(f.at("latency").at("max").get<int>()));
  std::vector<std::string> printed;
  for (const std::string& line : cftool::lines(example.out))
    if (line.rfind("flow ", 0) == 0) printed.push_back(line);
  BOOST_TEST(printed.size() == 4u);
  BOOST_TEST(printed == from_yaml, example.out);
  BOOST_TEST(printed.front() == "flow src0:rx3 created 793 delivered 784 in_window 594 p50 19 p99 23 max 24");
}

// Two nodes reading each other's memory (tests/tool/protocol_deadlock.yaml): requests and
// answers on separate VC classes, the answers always drain and both memories serve 0.2 a
// cycle; on one class, a memory's interface cannot eject requests until it can inject
// answers, which wait behind the other node's requests: within a few hundred cycles
// nothing moves, and the watchdog stops the run and names the cycle of waits, part by part
// and VC by VC, the same in both views.
BOOST_AUTO_TEST_CASE(one_vc_class_for_requests_and_answers_deadlocks_two_do_not) {
  const json apart = cftool::same_in_both_views(CREDITFLOW_TOOL, "run protocol_deadlock.yaml");
  BOOST_TEST(apart.at("status").get<std::string>() == "ok");
  BOOST_TEST(apart.at("flows").at("cpuA:memB").at("throughput").get<double>() == 0.2);  // 3800 in 19000 cycles
  BOOST_TEST(apart.at("flows").at("memA:cpuB_rx").at("latency").at("max").get<int>() == 14);
  const auto shared = cftool::tool("run protocol_deadlock.yaml --set r0.vc_classes=1 --set niA_mem.message_class=0 "
                                   "--set niB_mem.message_class=0");
  BOOST_TEST(shared.status == 1);
  const std::string cycle =
      "creditflow: deadlock: parts wait for each other in a cycle, each holding what the next must move first: memA "
      "answers -> niA_mem in -> r0 in2 VC 0 -> r1 in1 VC 1 -> niB_mem from_router VC 1 -> niB_mem out -> memB in -> "
      "memB answers -> niB_mem in -> r1 in2 VC 0 -> r0 in1 VC 1 -> niA_mem from_router VC 1 -> niA_mem out -> memA "
      "in -> memA answers\n";
  BOOST_TEST(shared.err.rfind(cycle, 0) == 0u, shared.err);
  BOOST_TEST(shared.err.find("creditflow: deadlock on link 'memA.in' at cycle 10175: nothing sent, popped, dropped or "
                             "in flight for 10000 cycles with work pending") != std::string::npos, shared.err);
  BOOST_TEST(shared.err.find("  niB_mem (network_interface): credits 0, offering a flit\n"
                             "  memB (responder): occupancy 2 (not popping)\n") != std::string::npos, shared.err);
  BOOST_TEST(shared.out.find("flow 'cpuA:memB': 1074 created, 29 delivered") != std::string::npos, shared.out);
  const auto tl = cftool::tool("run protocol_deadlock.yaml --view tl --set r0.vc_classes=1 "
                               "--set niA_mem.message_class=0 --set niB_mem.message_class=0");
  BOOST_TEST(tl.status == 1);
  BOOST_TEST(tl.err.rfind(cycle, 0) == 0u, tl.err);
}

// tests/tool/router_ring_deadlock.yaml: a ring of four routers, every packet routed the same
// way round. The buffers round the ring fill with packets each waiting for the next, while
// the loops from the interfaces to the receivers hold nothing, so no loop's watchdog sees
// it: the VCs' own watchdog does, stops the run and names the cycle, in both views.
BOOST_AUTO_TEST_CASE(a_ring_of_routers_locked_up_is_stopped_by_its_vcs_watchdog) {
  for (const char* view : {"cycle", "tl"}) {
    const auto o = cftool::tool(std::string("run router_ring_deadlock.yaml --json --view ") + view);
    BOOST_TEST(o.status == 1, view);
    const json doc = json::parse(o.out);
    BOOST_TEST(doc.at("status") == "deadlocked", view);
    BOOST_TEST(doc.at("cycles").get<int>() == 3072, view);  // stopped, not run to 20000
    BOOST_TEST(doc.at("wait_cycle") == "r2 in1 VC 0 -> r3 in1 VC 0 -> r0 in1 VC 0 -> r1 in1 VC 1 -> r1 in2 VC 1 -> r2 "
                                       "in1 VC 0",
               view);
    BOOST_TEST(o.err.find("creditflow: watchdog at cycle 3072: 16 VCs of the network's channels held flits and let "
                          "none go for 2000 cycles or more: r0 in2 VC 0 (4 flits, no credit back since cycle 1024), ") !=
                   std::string::npos,
               o.err);
    BOOST_TEST(o.err.find(" and 8 more; the run stopped (raise --watchdog if a stall this long is intended)\n") !=
                   std::string::npos,
               o.err);
    BOOST_TEST(doc.at("flows").at("src0:rx2").at("delivered").get<int>() == 2, view);
    for (const json& line : doc.at("diagnosis"))  // a deadlock, not a limit of any flow
      BOOST_TEST(line.get<std::string>().rfind("flow '", 0) == std::string::npos, line);
  }
}
