// A network made of its parts routes by what its routers say: a user's routing function,
// registered by name, routes the routers a network with nothing attached makes
// (`routing: network`) as it routes the network its keys describe. TL view, no kernel.
#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <unistd.h>

#include "creditflow/noc/routing.hpp"
#include "creditflow/noc/topology.hpp"
#include "creditflow/platform/netlist.hpp"
#include "creditflow/platform/simulate.hpp"

namespace noc = creditflow::noc;
namespace pf = creditflow::platform;

namespace {

// Always rightwards round a ring (port 0), then out at the destination's terminal port.
class Rightwards : public noc::Routing {
 public:
  Rightwards(const noc::Topology& topology, int vcs) : topology_(topology), vcs_(vcs) {}
  noc::Route route(int router, int, noc::NocFlit& flit) const override {
    if (router == topology_.router_of(flit.destination)) return {topology_.port_of(flit.destination), 0, vcs_ - 1};
    return {0, 0, vcs_ - 1};
  }

 private:
  const noc::Topology& topology_;
  int vcs_;
};

// The mean routers a packet crosses on a ring of 4 at `sets`, 20,000 cycles.
double hops(const std::string& routing) {
  char dir[] = "/tmp/creditflow-routing-XXXXXX";
  BOOST_TEST_REQUIRE(::mkdtemp(dir) != nullptr);
  const std::string file = std::string(dir) + "/ring.yaml";
  std::ofstream(file) << "components:\n  net: { kind: network, topology: ring, k: 4, num_vcs: 2, routing_function: "
                      << routing << ", traffic: uniform, injection_rate: 0.05, sim_type: window }\n";
  const pf::Registry registry = pf::builtin_registry();
  pf::RunOverrides run;
  run.cycles = "20000";
  run.warmup = "2000";
  const pf::Platform p = pf::resolve(pf::load_netlist(file), registry, {}, run);
  std::remove(file.c_str());
  ::rmdir(dir);
  BOOST_TEST(std::get<std::string>(p.component("net_router_2").params.at("routing")) ==
             (routing == "dim_order" ? "torus" : "network"));
  const pf::RunResult r = pf::simulate_view(p, registry, "tl");
  BOOST_TEST_REQUIRE(r.networks.size() == 1u);
  BOOST_TEST(r.networks.front().figures.packets > 3000);
  return r.networks.front().figures.hops;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_users_routing_function_routes_a_network_made_of_its_parts) {
  noc::register_routing("rightwards", [](const noc::Topology& t, const noc::NocConfig& c, std::mt19937_64&) {
    return std::make_unique<Rightwards>(t, c.num_vcs);
  });
  // Uniform over 4 nodes (itself included): rightwards a packet crosses 1, 2, 3 or 4
  // routers, 2.5 on average; the shorter way round, 1, 2, 3 or 2: 2.0.
  const double rightwards = hops("rightwards"), shorter = hops("dim_order");
  BOOST_TEST(rightwards > 2.4);
  BOOST_TEST(rightwards < 2.6);
  BOOST_TEST(shorter > 1.9);
  BOOST_TEST(shorter < 2.1);
}
