// A router's five cycles (timing.md section 6): route, VC allocation, switch allocation, switch
// traversal, a 1-cycle mesh channel; zero-load latency 5H + 2 for H routers crossed.
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "creditflow/noc/topology.hpp"
#include "noc_testing.hpp"

using namespace noc_testing;
using creditflow::noc::Cycle;
using creditflow::noc::NocEvent;

// BookSim2's trace of packet 5 (node 3 to node 14 on the 4x4 mesh, injected at cycle 17),
// reproduced step for step.
BOOST_AUTO_TEST_CASE(a_traced_packet_takes_five_cycles_per_router) {
  creditflow::noc::Network network(config_of(mesh(4, 2, "0", "latency")), "test");
  std::vector<std::string> steps;
  network.set_watcher([&](const NocEvent& e) {
    const std::string where = e.router < 0 ? "node" + std::to_string(e.port) : network.topology().router_name(e.router);
    steps.push_back(std::to_string(e.cycle) + " " + where + " " + e.what);
  });
  for (int i = 0; i < 17; ++i) network.step();
  network.send_packet(3, 14, 1);
  for (int i = 0; i < 40; ++i) network.step();
  const std::vector<std::string> expected{
      "17 node3 injected",
      "19 router_0_3 received", "19 router_0_3 routed", "20 router_0_3 vc_allocated",
      "21 router_0_3 switch_granted", "22 router_0_3 sent",
      "24 router_0_2 received", "24 router_0_2 routed", "25 router_0_2 vc_allocated",
      "26 router_0_2 switch_granted", "27 router_0_2 sent",
      "29 router_1_2 received", "29 router_1_2 routed", "30 router_1_2 vc_allocated",
      "31 router_1_2 switch_granted", "32 router_1_2 sent",
      "34 router_2_2 received", "34 router_2_2 routed", "35 router_2_2 vc_allocated",
      "36 router_2_2 switch_granted", "37 router_2_2 sent",
      "39 router_3_2 received", "39 router_3_2 routed", "40 router_3_2 vc_allocated",
      "41 router_3_2 switch_granted", "42 router_3_2 sent",
      "44 node14 retired"};
  BOOST_CHECK_EQUAL_COLLECTIONS(steps.begin(), steps.end(), expected.begin(), expected.end());
}

// Every pair of nodes of a 4x4 mesh and of a 3x3x3 one, a packet alone in the network:
// 5 cycles per router crossed (the Manhattan distance plus one) and 2 more.
BOOST_AUTO_TEST_CASE(zero_load_latency_is_5H_plus_2_for_every_pair) {
  for (const std::vector<std::string>& words :
       {mesh(4, 2, "0", "latency"),
        std::vector<std::string>{"topology=mesh", "k=3", "n=3", "routing_function=dor", "num_vcs=2",
                                 "injection_rate=0"}}) {
    creditflow::noc::Network network(config_of(words), "test");
    const creditflow::noc::KaryNcube cube(config_of(words));
    for (int source = 0; source < network.nodes(); ++source) {
      for (int destination = 0; destination < network.nodes(); ++destination) {
        const Alone alone = send_alone(network, source, destination, 60);
        int distance = 0;
        for (int d = 0; d < cube.n(); ++d)
          distance += std::abs(cube.coordinate(source, d) - cube.coordinate(destination, d));
        BOOST_TEST_INFO(source << " -> " << destination);
        BOOST_CHECK_EQUAL(alone.routers, distance + 1);
        BOOST_CHECK_EQUAL(alone.cycles, 5 * alone.routers + 2);
      }
    }
  }
}

// A torus channel takes 2 cycles (BookSim2's): 6 cycles per router there, 5 at the last.
BOOST_AUTO_TEST_CASE(a_torus_hop_takes_six_cycles) {
  creditflow::noc::Network network(
      config_of({"topology=torus", "k=4", "n=2", "routing_function=dim_order", "num_vcs=2", "injection_rate=0"}),
      "test");
  Cycle injected = -1, retired = -1;
  network.set_watcher([&](const NocEvent& e) {
    if (std::string(e.what) == "injected") injected = e.cycle;
    if (std::string(e.what) == "retired") retired = e.cycle;
  });
  network.send_packet(0, 3, 1);  // one hop left round the ring, not three right
  for (int i = 0; i < 40; ++i) network.step();
  BOOST_CHECK_EQUAL(retired - injected, 6 * 1 + 5 + 2);
}

// Longer stages add their cycles at every router: routing_delay 2, vc_alloc_delay 2,
// sw_alloc_delay 3 and st_final_delay 2 with a 1-cycle channel make a hop 10 cycles:
// (2 + 2 + 3 + 2 + 1) H + 2. (BookSim2 at 28f4329 stops on an assertion,
// iq_router.cpp:783, when two heads meet a VC allocation longer than a cycle.)
BOOST_AUTO_TEST_CASE(longer_stage_delays_add_at_every_router) {
  auto words = mesh(4, 2, "0", "latency");
  for (const char* w : {"routing_delay=2", "vc_alloc_delay=2", "sw_alloc_delay=3", "st_final_delay=2"}) words.push_back(w);
  creditflow::noc::Network network(config_of(words), "test");
  Cycle injected = -1, retired = -1;
  network.set_watcher([&](const NocEvent& e) {
    if (std::string(e.what) == "injected") injected = e.cycle;
    if (std::string(e.what) == "retired") retired = e.cycle;
  });
  network.send_packet(3, 14, 1);  // 5 routers
  for (int i = 0; i < 80; ++i) network.step();
  BOOST_CHECK_EQUAL(retired - injected, (2 + 2 + 3 + 2 + 1) * 5 + 2);
  // Under load the stages hold each VC until done, and nothing is lost or stuck.
  auto loaded = mesh(4, 2, "0.2", "latency");
  for (const char* w : {"vc_alloc_delay=2", "sw_alloc_delay=2"}) loaded.push_back(w);
  const auto f = measured(loaded);
  BOOST_CHECK(f.stable);
  BOOST_CHECK_CLOSE_FRACTION(f.accepted, 0.2, 0.03);
}

// The per-VC conservation of every channel, counted from the queues that hold each term,
// holds at every cycle of a loaded torus with long packets and delayed credits (step()
// checks the channels it touched; this checks them all, every cycle).
BOOST_AUTO_TEST_CASE(every_channel_conserves_its_credits_every_cycle) {
  creditflow::noc::Network network(
      config_of({"topology=torus", "k=4", "n=2", "routing_function=dim_order", "num_vcs=4", "vc_buf_size=3",
                 "packet_size=5", "credit_delay=2", "channel_latency=3", "injection_rate=0.12"}),
      "test");
  for (int i = 0; i < 3000; ++i) {
    network.step();
    network.check_conservation();
  }
  BOOST_CHECK_GT(network.stats().accepted_flits.size(), 0u);
  BOOST_CHECK_GT(network.flits_in_flight(), 0);
}
