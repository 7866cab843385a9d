// BookSim2's cmesh (reference/booksim2/cmesh.cfg: k = 4, 4 nodes a router, 64 nodes): its
// wiring and express channels, a packet alone taking 4 cycles a router plus its channels'
// cycles plus 3 (injection, ejection and the injection channel) on every pair, and its
// latency and saturation under dor, xy_yx and their no_express forms against BookSim2's
// (reference/booksim2/booksim_cmesh*.csv: latency within 3% up to 80% of the knee,
// saturation within 3%).
#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "creditflow/noc/concentrated_mesh.hpp"
#include "noc_testing.hpp"

using creditflow::noc::ConcentratedMesh;
using namespace noc_testing;

namespace {

std::vector<std::string> cmesh(const std::string& routing, const std::string& rate, const std::string& sim_type) {
  return {"topology=cmesh", "k=4",        "n=2",           "c=4",           "x=4", "y=4", "xr=2", "yr=2",
          "routing_function=" + routing, "num_vcs=2", "vc_buf_size=8", "packet_size=1", "traffic=uniform",
          "sim_type=" + sim_type,        "injection_rate=" + rate};
}

// Routers a packet crosses in one dimension, and its channels' cycles, by the rule the
// routing follows: along an edge line (the first or last row or column across) a way of
// `express_from` or more starts with an express channel of k cycles over k/2 routers.
struct Leg {
  int routers = 0, cycles = 0;
};
Leg leg(int from, int to, bool on_edge, int express_from, int k) {
  const int way = std::abs(to - from);
  if (express_from > 0 && on_edge && way >= express_from) return {1 + (way - k / 2), k + 2 * (way - k / 2)};
  return {way, 2 * way};
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_cmesh_is_wired_as_booksim2_wires_it) {
  const ConcentratedMesh mesh(4, true);
  BOOST_CHECK_EQUAL(mesh.routers(), 16);
  BOOST_CHECK_EQUAL(mesh.nodes(), 64);
  // Every channel feeds one input, and every input but the nodes' is fed.
  std::set<std::pair<int, int>> fed;
  for (int r = 0; r < 16; ++r)
    for (int p = 4; p < 8; ++p) {
      const auto to = mesh.out(r, p);
      BOOST_CHECK(to.router >= 0);
      BOOST_CHECK(to.port >= 4);
      BOOST_CHECK(fed.insert({to.router, to.port}).second);
    }
  BOOST_CHECK_EQUAL(fed.size(), 64u);
  // Nodes row by row over an 8 x 8 grid, a 2 x 2 block a router.
  for (int node = 0; node < 64; ++node) {
    const auto at = mesh.out(mesh.router_of(node), mesh.port_of(node));
    BOOST_CHECK_EQUAL(at.router, -1);
    BOOST_CHECK_EQUAL(at.port, node);
  }
  BOOST_CHECK_EQUAL(mesh.router_of(9), 0);   // row 1, column 1
  BOOST_CHECK_EQUAL(mesh.router_of(18), 5);  // row 2, column 2: router (1, 1)
  BOOST_CHECK_EQUAL(mesh.port_of(27), 3);
  // Express channels: router (3, 0)'s +x goes to (3, 2), (0, 0)'s -y to (2, 0), k cycles each.
  BOOST_CHECK_EQUAL(mesh.out(3, ConcentratedMesh::kPlusX).router, 11);
  BOOST_CHECK_EQUAL(mesh.out(0, ConcentratedMesh::kMinusY).router, 2);
  BOOST_CHECK_EQUAL(mesh.latency(0, ConcentratedMesh::kMinusY), 4);
  BOOST_CHECK_EQUAL(mesh.latency(0, ConcentratedMesh::kPlusX), 2);
  BOOST_CHECK_EQUAL(mesh.port_name(0, ConcentratedMesh::kMinusY), "-y_express");
  BOOST_CHECK_EQUAL(ConcentratedMesh(4, false).latency(0, ConcentratedMesh::kMinusY), 1);
}

BOOST_AUTO_TEST_CASE(a_packet_alone_takes_4_a_router_its_channels_and_3_on_every_pair) {
  for (const std::string routing : {"dor", "dor_no_express", "xy_yx_no_express"}) {
    creditflow::noc::Network network(config_of(cmesh(routing, "0", "latency")), "test");
    const ConcentratedMesh mesh(4, true);
    const int express_from = routing == "dor" ? 2 : 0;
    for (int source = 0; source < 64; ++source)
      for (int destination = 0; destination < 64; ++destination) {
        const Alone alone = send_alone(network, source, destination, 60);
        const int from = mesh.router_of(source), to = mesh.router_of(destination);
        // x first along the source's row, then y along the destination's column (for
        // xy_yx_no_express either order crosses as many routers over as many cycles).
        const Leg x = leg(from % 4, to % 4, from / 4 == 0 || from / 4 == 3, express_from, 4);
        const Leg y = leg(from / 4, to / 4, to % 4 == 0 || to % 4 == 3, express_from, 4);
        BOOST_TEST_INFO(routing << " " << source << " -> " << destination);
        BOOST_CHECK_EQUAL(alone.routers, 1 + x.routers + y.routers);
        BOOST_CHECK_EQUAL(alone.cycles, 4 * alone.routers + x.cycles + y.cycles + 3);
      }
  }
}

BOOST_AUTO_TEST_CASE(xy_yx_draws_its_order_and_keeps_to_its_half_of_the_vcs) {
  creditflow::noc::Network network(config_of(cmesh("xy_yx", "0", "latency")), "test");
  const ConcentratedMesh mesh(4, true);
  std::map<int, int> seen;  // routers crossed from node 9 (router 0) to node 54 (router 15)
  for (int i = 0; i < 200; ++i) {
    const Alone alone = send_alone(network, 9, 54, 60);
    int channel_cycles = 0;
    for (const auto& [router, port] : alone.sent)
      if (port >= 4) channel_cycles += mesh.latency(router, port);
    BOOST_CHECK_EQUAL(alone.cycles, 4 * alone.routers + channel_cycles + 3);
    ++seen[alone.routers];
  }
  // Either way: an express channel to (2, 0) or (0, 2), one step, an express one, one step.
  BOOST_CHECK_EQUAL(seen.size(), 1u);
  BOOST_CHECK_EQUAL(seen.begin()->first, 5);
}

BOOST_AUTO_TEST_CASE(latency_and_saturation_within_3_percent_of_booksim2) {
  const std::map<std::string, double> knee =
      knees("booksim_cmesh.csv", "booksim_cmesh_saturation.csv", "routing_function");
  const auto rows = reference_csv("booksim_cmesh.csv");
  int compared = 0;
  for (const auto& row : rows) {
    const std::string routing = row.at("routing_function");
    if (std::stod(row.at("injection_rate")) > 0.8 * knee.at(routing)) continue;
    BOOST_TEST_INFO(routing << " at " << row.at("injection_rate"));
    within_3_percent_of(measured(cmesh(routing, row.at("injection_rate"), "latency")), row);
    ++compared;
  }
  BOOST_CHECK_EQUAL(compared, 24);  // 7 by dor, 6 by xy_yx and dor_no_express, 5 by xy_yx_no_express
  for (const auto& row : reference_csv("booksim_cmesh_saturation.csv")) {
    BOOST_TEST_INFO(row.at("routing_function"));
    BOOST_CHECK_CLOSE_FRACTION(measured(cmesh(row.at("routing_function"), "1.0", "throughput")).accepted,
                               std::stod(row.at("accepted_flits_per_node_cycle")), 0.03);
  }
}

BOOST_AUTO_TEST_CASE(what_booksim2s_cmesh_cannot_be_is_refused_in_one_line) {
  auto words = cmesh("dor", "0.1", "latency");
  words.push_back("k=3");
  BOOST_CHECK_EQUAL(refusal(words), "cfg: a cmesh's express channels pair the routers k/2 apart along its edges, "
                                    "which needs an even k (k = 3)");
  words = cmesh("dor", "0.1", "latency");
  words.push_back("c=2");
  BOOST_CHECK_EQUAL(refusal(words), "cfg: a cmesh is BookSim2's: n = 2, c = 4, xr = yr = 2 and x = y (here n = 2, "
                                    "c = 2, xr = 2, yr = 2, x = 4, y = 4)");
  words = cmesh("xy_yx", "0.1", "latency");
  words.insert(words.end(), {"k=8", "x=8", "y=8"});
  BOOST_CHECK_EQUAL(refusal(words), "cfg: routing_function = xy_yx takes an express channel for a way of 2 or more, "
                                    "which on a cmesh of k = 8 jumps k/2 past the destination and back without end, "
                                    "in BookSim2 too (allowed: k <= 4, or xy_yx_no_express, or dor)");
  words = cmesh("nca", "0.1", "latency");
  BOOST_CHECK_EQUAL(refusal(words), "cfg: routing_function = nca does not route a cmesh (allowed: dor, "
                                    "dor_no_express, xy_yx, xy_yx_no_express)");
  words = mesh(4, 2, "0.1", "latency");
  words.push_back("c=4");
  BOOST_CHECK_EQUAL(refusal(words), "cfg: c, xr and yr are a cmesh's nodes a router (a mesh has c = xr = yr = 1; "
                                    "BookSim2's patterns would count digits of k xr and send packets off it)");
  words = mesh(4, 2, "0.1", "latency");
  words.push_back("routing_function=xy_yx");
  BOOST_CHECK_EQUAL(refusal(words), "cfg: routing_function = xy_yx routes a cmesh, not a mesh");
  // Its express routing at k = 8 (dor) is BookSim2's too: a way of 4 or more along an edge.
  words = cmesh("dor", "0.1", "latency");
  words.insert(words.end(), {"k=8", "x=8", "y=8"});
  BOOST_CHECK_EQUAL(refusal(words), "accepted");
}
