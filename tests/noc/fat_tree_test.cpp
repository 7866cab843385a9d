// BookSim2's fattree (a k-ary n-tree) with nca and anca routing: its wiring, a packet alone
// crossing 2m + 1 routers for a nearest common ancestor m levels up, in 5 cycles a router
// plus 2, and its latency-load curve and saturation against BookSim2's own runs
// (reference/booksim2/fattree.cfg, booksim_fattree*.csv: latency within 3% up to 80% of the
// knee, saturation within 3%, 5% for the adaptive anca).
#include <boost/test/unit_test.hpp>

#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "creditflow/noc/buffer_state.hpp"
#include "creditflow/noc/fat_tree.hpp"
#include "noc_testing.hpp"

using namespace noc_testing;
using creditflow::noc::FatTree;

namespace {

std::vector<std::string> fat_tree(int n, const std::string& rate, const std::string& sim_type,
                                  const std::string& routing = "nca") {
  return {"topology=fattree", "k=4", "n=" + std::to_string(n), "routing_function=" + routing, "num_vcs=2",
          "vc_buf_size=8",    "packet_size=1", "traffic=uniform", "sim_type=" + sim_type, "injection_rate=" + rate};
}

// BookSim2's saturation of the tree (booksim_fattree_saturation.csv).
double reference_knee(int n, const std::string& routing) {
  for (const auto& row : reference_csv("booksim_fattree_saturation.csv"))
    if (std::stoi(row.at("n")) == n && row.at("routing_function") == routing)
      return std::stod(row.at("accepted_flits_per_node_cycle"));
  throw std::runtime_error("no saturation for the " + std::to_string(n) + "-tree by " + routing);
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_channel_joins_a_down_port_to_an_up_port_one_level_apart_once) {
  for (const auto& [k, n] : {std::pair{4, 2}, std::pair{2, 3}, std::pair{4, 3}, std::pair{3, 3}}) {
    const FatTree tree(k, n);
    BOOST_TEST_INFO(k << "-ary " << n << "-tree");
    BOOST_CHECK_EQUAL(tree.routers(), n * (n == 2 ? k : k * k));
    std::set<std::pair<int, int>> inputs_fed;
    for (int r = 0; r < tree.routers(); ++r)
      for (int p = 0; p < tree.ports(r); ++p) {
        const auto to = tree.out(r, p);
        if (tree.level(r) == n - 1 && p < k) {  // a leaf's node
          BOOST_CHECK_EQUAL(to.router, -1);
          BOOST_CHECK_EQUAL(to.port, tree.position(r) * k + p);
          continue;
        }
        BOOST_REQUIRE_GE(to.router, 0);
        BOOST_CHECK(inputs_fed.insert({to.router, to.port}).second);
        // Down arrives from above (an input k..2k-1) one level lower; up arrives from below.
        BOOST_CHECK_EQUAL(tree.level(to.router), tree.level(r) + (p < k ? 1 : -1));
        BOOST_CHECK_EQUAL(to.port >= k, p < k);
        // And the way back is the channel the other way: the pair is one link.
        const auto back = tree.out(to.router, to.port);
        BOOST_CHECK_EQUAL(back.router, r);
        BOOST_CHECK_EQUAL(back.port, p);
      }
    BOOST_CHECK_EQUAL(inputs_fed.size(), static_cast<std::size_t>(2 * (n - 1) * tree.nodes()));  // k^n each way a gap
  }
  // BookSim2's numbering on a 4-ary 2-tree: top router p's down port j reaches leaf j at its
  // up input 4 + p.
  const FatTree two(4, 2);
  BOOST_CHECK_EQUAL(two.out(1, 2).router, 4 + 2);
  BOOST_CHECK_EQUAL(two.out(1, 2).port, 4 + 1);
  BOOST_CHECK_EQUAL(two.router_name(5), "router_level1_1");
  BOOST_CHECK_EQUAL(two.port_name(5, 6), "up2");
}

BOOST_AUTO_TEST_CASE(a_packet_alone_crosses_2m_plus_1_routers_in_5_cycles_each_plus_2) {
  for (const auto& [n, routing] : {std::pair{2, "nca"}, std::pair{3, "nca"}, std::pair{3, "anca"}}) {
    creditflow::noc::Network network(config_of(fat_tree(n, "0", "latency", routing)), "test");
    each_pair_alone_crosses_its_nearest_common_ancestor(network, 3, std::to_string(n) + "-tree by " + routing);
  }
}

BOOST_AUTO_TEST_CASE(latency_and_hops_within_3_percent_of_booksim2_up_to_80_percent_of_the_knee) {
  int compared = 0;
  for (const auto& row : reference_csv("booksim_fattree.csv")) {
    const int n = std::stoi(row.at("n"));
    const std::string routing = row.at("routing_function");
    const double rate = std::stod(row.at("injection_rate"));
    if (rate > 0.8 * reference_knee(n, routing)) continue;
    const auto f = measured(fat_tree(n, row.at("injection_rate"), "latency", routing));
    BOOST_TEST_INFO(n << "-tree by " << routing << " at " << rate);
    within_3_percent_of(f, row);
    BOOST_CHECK_CLOSE_FRACTION(f.accepted, rate, 0.05);
    ++compared;
  }
  BOOST_CHECK_EQUAL(compared, 24);  // six loads on each tree, by each routing
}

BOOST_AUTO_TEST_CASE(saturation_within_3_percent_of_booksim2_5_adaptive) {
  for (const auto& row : reference_csv("booksim_fattree_saturation.csv")) {
    const int n = std::stoi(row.at("n"));
    const std::string routing = row.at("routing_function");
    BOOST_TEST_INFO(n << "-tree by " << routing);
    BOOST_CHECK_CLOSE_FRACTION(measured(fat_tree(n, "1.0", "throughput", routing)).accepted,
                               std::stod(row.at("accepted_flits_per_node_cycle")), routing == "anca" ? 0.05 : 0.03);
  }
}

// anca draws two up ports and takes the one with fewer credits in use; nca draws one. With
// one up port of a leaf holding flits downstream and the other three empty, nca still takes
// it a quarter of the time, anca only when both draws fall on it (1 in 16).
BOOST_AUTO_TEST_CASE(anca_weighs_the_up_ports_credits_and_nca_does_not) {
  std::vector<creditflow::noc::BufferState> outputs(8, creditflow::noc::BufferState(2, 8, false));
  creditflow::noc::NocFlit flit;
  for (int i = 0; i < 5; ++i) outputs[4 + 1].sending(flit, 0);  // up1: 5 flits in its buffer downstream
  for (const bool adaptive : {false, true}) {
    std::mt19937_64 coin(7);
    const creditflow::noc::NcaFatTree routing(FatTree(4, 2), 2, coin, adaptive);
    int loaded = 0;
    for (int i = 0; i < 1600; ++i) {
      creditflow::noc::NocFlit head;
      head.destination = 4 + i % 12;  // off leaf 0 (router 4): up
      const auto route = routing.route(4, 0, head, outputs.data());
      BOOST_REQUIRE(route.port >= 4 && route.port < 8);
      loaded += route.port == 5;
    }
    BOOST_TEST_INFO(adaptive);
    BOOST_CHECK_CLOSE_FRACTION(static_cast<double>(loaded), adaptive ? 100.0 : 400.0, 0.25);
  }
}
