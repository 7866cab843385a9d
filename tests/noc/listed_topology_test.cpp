// A network steps the routers and channels it is given (noc/listed_topology.hpp), not the
// topology's kind: on a listed copy of a cube it gives the cube's figures to the last
// digit, a channel's latency is its own, and a listing with a node missing or a port fed
// twice is refused in one line.
#include <boost/test/unit_test.hpp>

#include <memory>
#include <string>

#include "creditflow/core/error.hpp"
#include "creditflow/noc/listed_topology.hpp"
#include "noc_testing.hpp"

using namespace noc_testing;
namespace noc = creditflow::noc;

namespace {

// `t` router by router, port by port, as a listing.
std::unique_ptr<noc::ListedTopology> listed_copy(const noc::Topology& t) {
  auto listed = std::make_unique<noc::ListedTopology>();
  for (int r = 0; r < t.routers(); ++r) {
    std::vector<std::string> names;
    for (int p = 0; p < t.ports(r); ++p) names.push_back(t.port_name(r, p));
    listed->add_router(t.router_name(r), names);
  }
  for (int r = 0; r < t.routers(); ++r)
    for (int p = 0; p < t.ports(r); ++p) {
      const noc::PortLink to = t.out(r, p);
      if (to.router >= 0) listed->connect(r, p, to.router, to.port, t.latency(r, p));
      if (to.router == -1) listed->attach(to.port, r, p, t.latency(r, p));
    }
  listed->check("test");
  return listed;
}

// The figures of `words`' network run on a listed copy of its topology, routed as the
// cube routes (the cube kept for the routing to read coordinates from).
noc::NocFigures measured_on_listing(const std::vector<std::string>& words) {
  const noc::NocConfig config = config_of(words);
  auto cube = std::shared_ptr<noc::Topology>(noc::Network::shape_of(config, "test").topology);
  noc::Network::Shape shape{listed_copy(*cube), [cube, config](const noc::Topology&, noc::Rng& coin) {
                              return noc::Network::shape_of(config, "test").routing(*cube, coin);
                            }};
  noc::Network network(config, "test", std::move(shape));
  noc::NocRun run(network);
  while (run.next()) network.step();
  return run.figures();
}

void same_figures(const noc::NocFigures& a, const noc::NocFigures& b) {
  BOOST_TEST(a.cycles == b.cycles);
  BOOST_TEST(a.packets == b.packets);
  BOOST_TEST(a.accepted == b.accepted);
  BOOST_TEST(a.packet_latency == b.packet_latency);
  BOOST_TEST(a.packet_latency_p99 == b.packet_latency_p99);
  BOOST_TEST(a.hops == b.hops);
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_network_on_a_listed_copy_of_its_cube_gives_the_cubes_figures) {
  for (const std::string topology : {"mesh", "torus"}) {
    auto words = mesh(4, 4, "0.3", "latency");
    words.push_back("topology=" + topology);
    if (topology == "torus") words.push_back("routing_function=dim_order");
    BOOST_TEST_INFO(topology);
    const noc::NocFigures cube = measured(words), listed = measured_on_listing(words);
    BOOST_TEST(cube.packets > 1000);
    same_figures(cube, listed);
  }
}

BOOST_AUTO_TEST_CASE(a_listed_channel_keeps_its_own_latency) {
  // Two routers, node 0 at the first sending to node 1 at the second over one channel:
  // listed with latency 5, it is the one-channel network of latency 5 (timing.md section 6).
  const auto words = one_channel(5, 8, 1, "0.1", true);
  const noc::NocConfig config = config_of(words);
  auto line = std::make_unique<noc::ListedTopology>();
  line->add_router("left", {"+x", "-x", "terminal"});
  line->add_router("right", {"+x", "-x", "terminal"});
  line->connect(0, 0, 1, 1, 5);
  line->connect(1, 1, 0, 0, 5);
  line->attach(0, 0, 2, 1);
  line->attach(1, 1, 2, 1);
  auto cube = std::shared_ptr<noc::Topology>(noc::Network::shape_of(config, "test").topology);
  noc::Network network(config, "test", {std::move(line), [cube, config](const noc::Topology&, noc::Rng& coin) {
                                          return noc::Network::shape_of(config, "test").routing(*cube, coin);
                                        }});
  noc::NocRun run(network);
  while (run.next()) network.step();
  same_figures(measured(words), run.figures());
  BOOST_TEST(run.figures().packet_latency > 5.0);  // the channel's 5 cycles are in it
}

BOOST_AUTO_TEST_CASE(a_listing_with_a_node_missing_or_twice_or_a_port_fed_twice_is_refused) {
  const auto message = [](const noc::ListedTopology& t) {
    try {
      t.check("net");
    } catch (const creditflow::ParameterError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  noc::ListedTopology gap;
  gap.add_router("r", {"a", "b", "c"});
  gap.attach(0, 0, 0, 1);
  gap.attach(2, 0, 1, 1);
  BOOST_TEST(message(gap) == "net: no terminal is node 1 (allowed: nodes numbered 0..2, each once)");
  noc::ListedTopology twice;
  twice.add_router("r", {"a", "b"});
  twice.attach(0, 0, 0, 1);
  twice.attach(0, 0, 1, 1);
  BOOST_TEST(message(twice) == "net: two terminals are node 0 (allowed: each node once)");
  noc::ListedTopology fed;
  fed.add_router("r", {"a", "b"});
  fed.attach(0, 0, 0, 1);
  fed.connect(0, 1, 0, 0, 1);
  BOOST_TEST(message(fed) == "net: r a is fed 2 times (allowed: one channel or one terminal per port)");
}
