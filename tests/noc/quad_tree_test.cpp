// BookSim2's qtree (k = 4, n = 3) with nca: its wiring, a packet alone crossing 2m + 1
// routers in 5 cycles a router plus 2, and its latency-load curve and saturation against
// BookSim2's own runs (reference/booksim2/qtree.cfg, booksim_qtree.csv).
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "creditflow/noc/quad_tree.hpp"
#include "noc_testing.hpp"

using namespace noc_testing;
using creditflow::noc::QuadTree;

namespace {

const double kBookSimSaturation = 0.0470833;  // qtree.cfg at 1.0, sim_type = throughput

std::vector<std::string> quad_tree(const std::string& rate, const std::string& sim_type) {
  return {"topology=qtree", "k=4", "n=3", "routing_function=nca", "num_vcs=2", "vc_buf_size=8",
          "packet_size=1", "traffic=uniform", "sim_type=" + sim_type, "injection_rate=" + rate};
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_qtrees_routers_reach_their_children_and_parent_port_to_port) {
  const QuadTree tree(4, 3);
  BOOST_CHECK_EQUAL(tree.routers(), 1 + 4 + 16);
  BOOST_CHECK_EQUAL(tree.nodes(), 64);
  for (int r = 0; r < tree.routers(); ++r)
    for (int p = 0; p < tree.ports(r); ++p) {
      const auto to = tree.out(r, p);
      BOOST_TEST_INFO(tree.router_name(r) << " " << tree.port_name(r, p));
      if (tree.level(r) == 2 && p < 4) {
        BOOST_CHECK_EQUAL(to.router, -1);
        BOOST_CHECK_EQUAL(to.port, tree.position(r) * 4 + p);
        continue;
      }
      const auto back = tree.out(to.router, to.port);  // each channel has its way back
      BOOST_CHECK_EQUAL(back.router, r);
      BOOST_CHECK_EQUAL(back.port, p);
      BOOST_CHECK_EQUAL(tree.level(to.router), tree.level(r) + (p < 4 ? 1 : -1));
    }
  BOOST_CHECK_EQUAL(tree.ports(0), 4);  // the root has no way up
  BOOST_CHECK_EQUAL(tree.out(2, 3).router, 5 + 4 * 1 + 3);  // router_1_1's child 3 is router_2_7
  BOOST_CHECK_EQUAL(tree.router_of(29), 5 + 7);
}

BOOST_AUTO_TEST_CASE(a_packet_alone_in_a_qtree_crosses_2m_plus_1_routers_in_5_cycles_each_plus_2) {
  creditflow::noc::Network network(config_of(quad_tree("0", "latency")), "test");
  each_pair_alone_crosses_its_nearest_common_ancestor(network, 5, "qtree");
}

BOOST_AUTO_TEST_CASE(a_qtree_within_3_percent_of_booksim2_up_to_80_percent_of_the_knee) {
  int compared = 0;
  for (const auto& row : reference_csv("booksim_qtree.csv")) {
    const double rate = std::stod(row.at("injection_rate"));
    if (rate > 0.8 * kBookSimSaturation) continue;
    const auto f = measured(quad_tree(row.at("injection_rate"), "latency"));
    BOOST_TEST_INFO("at " << rate);
    within_3_percent_of(f, row);
    ++compared;
  }
  BOOST_CHECK_EQUAL(compared, 5);
  BOOST_CHECK_CLOSE_FRACTION(measured(quad_tree("1.0", "throughput")).accepted, kBookSimSaturation, 0.03);
}
