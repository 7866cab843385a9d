// A network carrying packets for someone else: message classes keep to their blocks of
// VCs, an idle network skips to the cycle its next packet is offered from (and only an
// idle one may), and what the carrier tells is the network's own timing.
#include <boost/test/unit_test.hpp>
#include <set>
#include <string>
#include <vector>

#include "creditflow/core/error.hpp"
#include "creditflow/noc/packet_carrier.hpp"

using namespace creditflow;
using namespace creditflow::noc;

namespace {

NocConfig two_class_torus() {
  NocConfig c;
  c.topology = "torus";
  c.k = 4;
  c.n = 2;
  c.routing_function = "dim_order";
  c.num_vcs = 8;
  c.message_classes = 2;
  c.injection_rate = 0;
  return c;
}

}  // namespace

BOOST_AUTO_TEST_CASE(each_message_class_keeps_to_its_block_of_vcs) {
  Network network(two_class_torus(), "net");
  std::set<int> vcs[2];
  network.set_watcher([&](const NocEvent& e) {
    if (e.flit.vc >= 0) vcs[e.flit.message_class].insert(e.flit.vc);
  });
  // Across the torus's wrap-around both ways, so each class uses both its dateline halves.
  for (int k = 0; k < 400; ++k) {
    network.send_packet(k % 16, (k * 7 + k / 16) % 16, 3, true, Network::kNow, (k / 2) % 2);
    network.step();
  }
  for (int i = 0; i < 400; ++i) network.step();
  BOOST_TEST(network.idle());
  BOOST_TEST(vcs[0] == (std::set<int>{0, 1, 2, 3}));
  BOOST_TEST(vcs[1] == (std::set<int>{4, 5, 6, 7}));
  BOOST_CHECK_THROW(network.send_packet(0, 1, 1, false, Network::kNow, 2), ParameterError);
  NocConfig odd = two_class_torus();
  odd.num_vcs = 6;  // 3 a class: a dateline needs an even number
  try {
    Network refused(odd, "net");
    BOOST_FAIL("built");
  } catch (const ParameterError& e) {
    BOOST_TEST(std::string(e.what()) == "net: num_vcs = 6 gives each of 2 message classes an odd number of VCs on a "
                                         "torus (dim_order splits each class's VCs in two dateline classes)");
  }
}

BOOST_AUTO_TEST_CASE(an_idle_network_skips_to_the_next_packet_and_a_busy_one_may_not) {
  NocConfig mesh = two_class_torus();
  mesh.topology = "mesh";
  mesh.routing_function = "dor";
  PacketCarrier carrier(mesh, "net");
  BOOST_TEST(!carrier.busy());
  // Offered from cycle 1,000,000: one step takes the network there.
  carrier.carry(7, 0, 5, 2, 1, 1000000);
  BOOST_TEST(carrier.next_cycle() == 1000000);
  std::vector<std::string> told;
  int steps = 0;
  while (carrier.busy()) {
    ++steps;
    for (const PacketCarrier::Told& t : carrier.step())
      told.push_back(std::to_string(t.token) + (t.what == PacketCarrier::What::left ? " left " : " whole ") +
                     std::to_string(t.edge));
  }
  // 0 to 5 on a 4x4 mesh crosses 3 routers: the tail (a cycle behind the head) injected in
  // 1,000,001, whole from 1,000,000 + 5 * 3 + 2 + 2.
  BOOST_TEST(told == (std::vector<std::string>{"7 left 1000002", "7 whole 1000019"}));
  BOOST_TEST(steps < 30);  // the million idle cycles before were not stepped
  Network busy(mesh, "net");
  busy.send_packet(0, 5, 1);
  busy.step();
  BOOST_CHECK_THROW(busy.skip_to(100), ProtocolError);
  BOOST_CHECK_THROW(carrier.carry(8, 0, 5, 1, 0, 10), ProtocolError);  // before the network's now
}
