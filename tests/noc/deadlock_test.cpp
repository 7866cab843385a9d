// A routing function a user writes in C++ (registered by name), and the watchdog that
// names the cycle of channels a deadlocking one makes.
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <string>

#include "creditflow/core/error.hpp"
#include "creditflow/core/stop_request.hpp"
#include "creditflow/noc/topology.hpp"
#include "noc_testing.hpp"

using namespace noc_testing;
using namespace creditflow::noc;

namespace {

// Always rightwards round a ring, every VC allowed: no dateline, so packets that wrap can
// wait on each other all the way round.
class Clockwise : public Routing {
 public:
  Clockwise(const Topology& topology, int vcs) : topology_(topology), vcs_(vcs) {}
  Route route(int router, int, NocFlit& flit) const override {
    if (router == topology_.router_of(flit.destination)) return {topology_.port_of(flit.destination), 0, vcs_ - 1};
    return {0, 0, vcs_ - 1};
  }

 private:
  const Topology& topology_;
  int vcs_;
};

void register_clockwise() {
  static const bool once = [] {
    register_routing("clockwise", [](const Topology& cube, const NocConfig& config, std::mt19937_64&) {
      return std::make_unique<Clockwise>(cube, config.num_vcs);
    });
    return true;
  }();
  (void)once;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_users_routing_function_routes_by_its_name) {
  register_clockwise();
  auto words = std::vector<std::string>{"topology=ring", "k=4", "routing_function=clockwise", "num_vcs=1",
                                        "injection_rate=0"};
  Network network(config_of(words), "test");
  Cycle injected = -1, retired = -1;
  network.set_watcher([&](const NocEvent& e) {
    if (std::string(e.what) == "injected") injected = e.cycle;
    if (std::string(e.what) == "retired") retired = e.cycle;
  });
  network.send_packet(1, 0, 1);  // clockwise: 1 -> 2 -> 3 -> 0, four routers, 2-cycle channels
  for (int i = 0; i < 60; ++i) network.step();
  BOOST_CHECK_EQUAL(retired - injected, 6 * 3 + 5 + 2);
  BOOST_CHECK_THROW(register_routing("dor", {}), creditflow::Error);
}

BOOST_AUTO_TEST_CASE(a_routing_deadlock_is_named_as_its_cycle_of_channels) {
  register_clockwise();
  const auto words = std::vector<std::string>{"topology=ring", "k=4", "routing_function=clockwise", "num_vcs=1",
                                              "vc_buf_size=2", "packet_size=8", "traffic=uniform_noself",
                                              "injection_rate=0.1", "sim_type=window"};
  Network network(config_of(words), "test");
  NocRun run(network, 1000, 4000, 500);
  while (run.next()) network.step();
  const NocFigures& f = run.figures();
  BOOST_TEST_REQUIRE(f.deadlock_cycle > 0);
  BOOST_CHECK(!f.stable);
  BOOST_CHECK_EQUAL(f.deadlock_cycle - network.last_progress(), 501);
  // Every channel of the ring, each waiting on the next for a credit.
  BOOST_TEST_MESSAGE(f.wait_cycle);
  for (const char* channel : {"router_0 +x VC 0", "router_1 +x VC 0", "router_2 +x VC 0", "router_3 +x VC 0"})
    BOOST_CHECK_NE(f.wait_cycle.find(channel), std::string::npos);
  const auto first = f.wait_cycle.substr(0, f.wait_cycle.find(" -> "));
  BOOST_CHECK_EQUAL(f.wait_cycle.substr(f.wait_cycle.rfind(" -> ") + 4), first);
}

BOOST_AUTO_TEST_CASE(a_routing_function_that_names_no_port_is_stopped_in_one_line) {
  static const bool once = [] {
    register_routing("nowhere", [](const Topology&, const NocConfig&, std::mt19937_64&) {
      struct Nowhere : Routing {
        Route route(int, int, NocFlit&) const override { return {9, 0, 0}; }
      };
      return std::make_unique<Nowhere>();
    });
    return true;
  }();
  (void)once;
  Network network(config_of({"topology=mesh", "k=2", "n=1", "routing_function=nowhere", "num_vcs=1",
                             "injection_rate=0"}),
                  "test");
  network.send_packet(0, 1, 1);
  BOOST_CHECK_EXCEPTION(
      for (int i = 0; i < 10; ++i) network.step(), creditflow::ProtocolError, [](const creditflow::ProtocolError& e) {
        return std::string(e.what()) ==
               "routing function 'nowhere' gave router 0 output 9 VCs 0..0 (allowed outputs 0..2, VCs 0..0)";
      });
}

namespace {
// A chain of `routers` routers, a node on each.
std::string chain(int routers) {
  std::string net;
  for (int r = 0; r < routers; ++r)
    net += "router " + std::to_string(r) + " node " + std::to_string(r) +
           (r + 1 < routers ? " router " + std::to_string(r + 1) : "") + "\n";
  return net;
}
}  // namespace

// An anynet's shortest-path tables take a heap-ordered search per router (it was a scan,
// cubic in a chain: 2000 routers took 17.7 s), and a stop request ends their set-up.
BOOST_AUTO_TEST_CASE(an_anynets_routes_are_set_up_in_n_log_n_and_a_stop_ends_it) {
  NocConfig c = config_of({"topology=anynet", "routing_function=min", "num_vcs=1", "injection_rate=0"});
  c.netlist = chain(2000);
  const auto start = std::chrono::steady_clock::now();
  Network network(c, "chain");
  BOOST_TEST(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < 10.0);
  // The route from one end to the other: 1999 channels, every router on the way.
  network.send_packet(0, 1999, 1);
  int steps = 0;
  while (network.flits_in_flight() > 0 && steps < 100000) network.step(), ++steps;
  BOOST_TEST(network.stats().hops.mean() == 2000.0);
  creditflow::core::stop_signal() = 2;
  BOOST_CHECK_THROW(Network(c, "chain"), creditflow::Error);
  creditflow::core::stop_signal() = 0;
}
