// A router and a channel as kinds (kinds/router.hpp, kinds/vc_link.hpp), stepped as a platform
// steps its parts: the flit's cycles are timing.md section 6's, the same as the network's
// own engine gives (pipeline_test.cpp: received 2 cycles after injection, sent 3 after,
// received at the next router 2 after that).
#include <boost/test/unit_test.hpp>

#include <array>
#include <map>
#include <vector>

#include "creditflow/kinds/router.hpp"
#include "creditflow/kinds/vc_link.hpp"

namespace cf = creditflow;
using cf::kinds::RouterKind;
using cf::kinds::VcLinkKind;
using Wire = cf::kinds::BasicWire<cf::core::Flit>;

namespace {

// Two routers of two ports: port 0 a terminal the test drives and watches, port 1 to the
// other router over a channel of `latency` stages each way.
struct TwoRouters {
  explicit TwoRouters(std::int64_t latency)
      : a(config(), 2, {{7, 1}, {3, 0}}, "a"), b(config(), 2, {{7, 0}, {3, 1}}, "b"), link_ab(latency, "ab"),
        link_ba(latency, "ba") {
    for (auto* io : {&io_a, &io_b}) io->fill(&spare);
    io_a[RouterKind::in(0)] = &a_in0;
    io_a[RouterKind::in_credit(0)] = &a_in0_credit;
    io_a[RouterKind::out(0)] = &spare_out_a;
    io_a[RouterKind::out(1)] = &ab_in;
    io_a[RouterKind::out_credit(1)] = &ab_credit_out;
    io_a[RouterKind::in(1)] = &ba_out;
    io_a[RouterKind::in_credit(1)] = &ba_credit_in;
    io_b[RouterKind::in(1)] = &ab_out;
    io_b[RouterKind::in_credit(1)] = &ab_credit_in;
    io_b[RouterKind::out(1)] = &ba_in;
    io_b[RouterKind::out_credit(1)] = &ba_credit_out;
    io_b[RouterKind::out(0)] = &b_out0;
    io_b[RouterKind::in(0)] = &spare_in_b;
    io_ab = {&ab_in, &ab_out, &ab_credit_in, &ab_credit_out};
    io_ba = {&ba_in, &ba_out, &ba_credit_in, &ba_credit_out};
    drive();
  }
  static cf::noc::NocConfig config() {
    cf::noc::NocConfig c;
    c.num_vcs = 2;
    c.vc_buf_size = 4;
    return c;
  }
  // Registered outputs first, then what follows them (a channel of no stages).
  void drive() {
    a.drive(io_a);
    b.drive(io_b);
    link_ab.drive(io_ab);
    link_ba.drive(io_ba);
  }
  void edge() {
    a.edge(0, io_a);
    b.edge(0, io_b);
    link_ab.edge(0, io_ab);
    link_ba.edge(0, io_ba);
    drive();
  }

  RouterKind a, b;
  VcLinkKind link_ab, link_ba;
  Wire a_in0, a_in0_credit, spare_out_a, ab_in, ab_out, ab_credit_in, ab_credit_out, ba_in, ba_out, ba_credit_in,
      ba_credit_out, b_out0, spare_in_b, spare;
  RouterKind::Io io_a{}, io_b{};
  VcLinkKind::Io io_ab{}, io_ba{};
};

}  // namespace

BOOST_AUTO_TEST_CASE(a_packet_crosses_two_router_kinds_in_the_networks_cycles) {
  for (const std::int64_t latency : {1, 3}) {
    TwoRouters net(latency);
    std::map<std::string, int> seen;  // what happened, by the first cycle it did
    for (int t = 0; t < 40; ++t) {
      net.a_in0.valid = t == 10;
      if (t == 10) {
        net.a_in0.noc = {};
        net.a_in0.noc.packet = 1;
        net.a_in0.noc.destination = 7;
        net.a_in0.noc.vc = 1;
        net.a_in0.noc.head = net.a_in0.noc.tail = true;
      }
      if (net.a_in0_credit.vcs != 0 && !seen.count("credit to the terminal")) seen["credit to the terminal"] = t;
      if (net.ab_in.valid && !seen.count("a sends")) seen["a sends"] = t;
      if (net.b_out0.valid && !seen.count("b sends")) {
        seen["b sends"] = t;
        BOOST_TEST(net.b_out0.noc.packet == 1);
        BOOST_TEST(net.b_out0.noc.hops == 2);  // each router it crossed
      }
      if (net.ab_credit_out.vcs != 0 && !seen.count("credit back to a")) seen["credit back to a"] = t;
      net.edge();
    }
    BOOST_TEST_INFO("latency " << latency);
    // In at 10, read at the edge closing 10: routed in 10, a VC in 11, the switch in 12
    // (the flit leaves its buffer, its credit goes back: seen in 13), across in 13; on the
    // channel from 14, at b's input L cycles later, and out of b 4 cycles after it is read
    // there; b's credit leaves in the third of those and takes L cycles back.
    BOOST_TEST(seen.at("credit to the terminal") == 13);
    BOOST_TEST(seen.at("a sends") == 14);
    BOOST_TEST(seen.at("b sends") == 14 + latency + 4);
    BOOST_TEST(seen.at("credit back to a") == 14 + latency + 3 + latency);
  }
}
