// A `network` nothing attaches to is its parts (expand_networks.hpp): routers, a vc_link
// per channel and BookSim2's terminal at each node, which the network's engine steps as
// written; a part set apart from what the network can step together is refused in one line.
#include <boost/test/unit_test.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

#include "harness.hpp"

using nlohmann::json;

namespace {

// Two routers and one channel each way (BookSim2's k = 2 mesh of timing.md section 6):
// node 0 sends to node 1 and back, at 0.05 flits/node/cycle, over 20,000 cycles.
json line_figures(const cftool::TempDir& dir, const std::string& sets) {
  const std::string model = dir / "line.yaml";
  std::ofstream(model) << "components:\n  net: { kind: network, topology: mesh, k: 2, n: 1, routing_function: dor, "
                          "traffic: bitcomp, num_vcs: 1, vc_buf_size: 8, injection_rate: 0.05, sim_type: window }\n";
  const cftool::Outcome o = cftool::tool("run " + model + " --cycles 20000 --warmup 2000 --json " + sets);
  BOOST_TEST_REQUIRE(o.status == 0, o.err);
  return json::parse(o.out).at("networks").at("net");
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_network_nothing_attaches_to_steps_its_channels_as_written) {
  cftool::TempDir dir;
  const json plain = line_figures(dir, "");
  // Its two channels, each a vc_link part: set to 5 cycles one by one, they are the
  // network whose channels all take 5, figure for figure.
  const json each = line_figures(dir, "--set net_router_0_out0.latency=5 --set net_router_1_out1.latency=5");
  const json all = line_figures(dir, "--set net.channel_latency=5");
  BOOST_TEST(each == all);
  // One hop each way: 4 cycles more a packet, nothing else moved.
  const double longer = each.at("packet_latency").get<double>() - plain.at("packet_latency").get<double>();
  BOOST_TEST(longer > 3.9);
  BOOST_TEST(longer < 4.1);
  BOOST_TEST(each.at("hops") == plain.at("hops"));
  // One channel alone at 5: between the two.
  const json one = line_figures(dir, "--set net_router_0_out0.latency=5");
  BOOST_TEST(one.at("packet_latency").get<double>() > plain.at("packet_latency").get<double>() + 1.5);
  BOOST_TEST(one.at("packet_latency").get<double>() < each.at("packet_latency").get<double>() - 1.5);
}

BOOST_AUTO_TEST_CASE(a_part_of_a_network_set_apart_from_what_it_steps_together_is_refused_in_one_line) {
  const auto refused = [](const std::string& set, const std::string& line) {
    const cftool::Outcome o = cftool::tool("run ../../models/mesh4x4.yaml " + set);
    BOOST_TEST(o.status != 0, set);
    BOOST_TEST(o.err == "creditflow: " + line + "\n", set);
  };
  refused("--set net_router_1_2.routing_delay=2",
          "../../models/mesh4x4.yaml:9: net: net_router_1_2.routing_delay = 2, but net.routing_delay = 1 (a "
          "network's routers share its keys: set net.routing_delay)");
  refused("--set net_router_1_2.position=5",
          "../../models/mesh4x4.yaml:9: net: net_router_1_2 routes by its place (mesh, position 5) in a 4-ary "
          "2-cube, and its channels are not that place's (allowed: the cube's routers in order, each port joined as "
          "the cube joins it)");
  refused("--set net_node3.network=other",
          "../../models/mesh4x4.yaml:9: net: net_node3.network = other, but it is a terminal of net (allowed: net)");
  refused("--set net_router_1_2.routing=torus",
          "../../models/mesh4x4.yaml:9: net: net_router_0_0 routes by mesh and net_router_1_2 by torus (allowed: "
          "every router of a network routed one way)");
}

BOOST_AUTO_TEST_CASE(booksim2s_terminal_runs_only_as_its_networks) {
  cftool::TempDir dir;
  const std::string model = dir / "pair.yaml";
  std::ofstream(model) << "components:\n"
                          "  t0: { kind: booksim_terminal, node: 0, network: net }\n"
                          "  t1: { kind: booksim_terminal, node: 1, network: net }\n"
                          "connections:\n"
                          "  - t0.to_router -> t1.from_router\n"
                          "  - t1.from_router_credit -> t0.to_router_credit\n"
                          "  - t1.to_router -> t0.from_router\n"
                          "  - t0.from_router_credit -> t1.to_router_credit\n";
  for (const std::string view : {"tl", "cycle"}) {
    const cftool::Outcome o = cftool::tool("run " + model + " --view " + view);
    BOOST_TEST(o.status != 0);
    BOOST_TEST(o.err == "creditflow: t0 (booksim_terminal) runs as node 0 of network 'net', which steps its terminals "
                        "together (one random stream, drawn in node order as BookSim2 draws it); a network with "
                        "nothing attached at that node makes it\n",
               view);
  }
}

BOOST_AUTO_TEST_CASE(a_kinds_numbered_ports_are_listed_one_line_a_kind_of_port) {
  const cftool::Outcome router = cftool::tool("list router");
  BOOST_TEST_REQUIRE(router.status == 0, router.err);
  BOOST_TEST(router.out.find("    in<p>, p 0..63 (vc_flow input, optional): flits in, each holding a VC\n") !=
             std::string::npos, router.out);
  BOOST_TEST(router.out.find("    out<p>_credit, p 0..63 (vc_credit input, optional)") != std::string::npos);
  BOOST_TEST(router.out.find("in7 ") == std::string::npos);
  const cftool::Outcome terminal = cftool::tool("list booksim_terminal");
  BOOST_TEST(terminal.out.find("    to_router (vc_flow output): flits into the router's terminal port\n") !=
             std::string::npos, terminal.out);
}

BOOST_AUTO_TEST_CASE(a_router_placed_by_hand_routes_a_mesh_by_its_place_as_by_its_table) {
  // The 2x2 mesh placed by hand routes by tables; routed by each router's place instead
  // (routing: mesh, BookSim2's dor), every flow's figures are the same.
  std::string by_place;
  int position = 0;
  for (const std::string r : {"0_0", "0_1", "1_0", "1_1"}) {
    const std::string at = " --set net_router_" + r;
    by_place += at + ".routing=mesh" + at + ".k=2" + at + ".n=2" + at + ".position=" + std::to_string(position++) +
                at + ".routes=rx0=node0,rx1=node1,rx2=node2,rx3=node3";
  }
  const std::string model = "run ../../tests/tool/generated_mesh_by_hand.yaml --json";
  const cftool::Outcome table = cftool::tool(model), place = cftool::tool(model + by_place);
  BOOST_TEST_REQUIRE(table.status == 0, table.err);
  BOOST_TEST_REQUIRE(place.status == 0, place.err);
  const json a = json::parse(table.out).at("flows"), b = json::parse(place.out).at("flows");
  BOOST_TEST(a == b);
  BOOST_TEST(b.at("src0:rx3").at("delivered").get<int>() > 1100);
}
