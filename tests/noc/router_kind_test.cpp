// A router and a channel as kinds (kinds/router.hpp, kinds/vc_link.hpp, kinds/vc_crossing.hpp),
// stepped as a platform steps its parts: the flit's cycles are timing.md section 6's, the same
// as the network's own engine gives (pipeline_test.cpp: received 2 cycles after injection,
// sent 3 after, received at the next router 2 after that), and every VC of the channel
// between them keeps its credits (core/vc_terms.hpp).
#include <boost/test/unit_test.hpp>

#include <array>
#include <map>
#include <memory>
#include <type_traits>
#include <vector>

#include "creditflow/kinds/router.hpp"
#include "creditflow/kinds/vc_crossing.hpp"
#include "creditflow/kinds/vc_link.hpp"

namespace cf = creditflow;
using cf::kinds::RouterKind;
using cf::kinds::VcCrossingKind;
using cf::kinds::VcLinkKind;
using Wire = cf::kinds::BasicWire<cf::core::Flit>;

namespace {

// A channel's parts clocked as one clock: a crossing's two sides at each edge.
void clock_edge(VcLinkKind& link, VcLinkKind::Io& io) { link.edge(0, io); }
void clock_edge(VcCrossingKind& crossing, VcCrossingKind::Io& io) {
  crossing.edge(0, io);
  crossing.edge(1, io);
}

// Two routers of two ports: port 0 a terminal the test drives and watches, port 1 to the
// other router over a channel each way (`make(name)` makes one).
template <class Channel = VcLinkKind>
struct TwoRouters {
  explicit TwoRouters(std::int64_t latency)
      : TwoRouters([latency](const char* name) { return VcLinkKind(latency, name); }) {}
  template <class Make, class = std::enable_if_t<std::is_invocable_v<Make, const char*>>>
  explicit TwoRouters(const Make& make)
      : a(config(), 2, {{7, 1}, {3, 0}}, "a"), b(config(), 2, {{7, 0}, {3, 1}}, "b"), link_ab(make("ab")),
        link_ba(make("ba")) {
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
    io_b[RouterKind::out_credit(0)] = &b_out0_credit;
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
  // b's terminal takes each flit at the edge closing its cycle: its credit is back during
  // the next.
  void edge() {
    const cf::noc::VcMask taken = b_out0.valid ? cf::noc::VcMask{1} << b_out0.noc.vc : 0;
    a.edge(0, io_a);
    b.edge(0, io_b);
    clock_edge(link_ab, io_ab);
    clock_edge(link_ba, io_ba);
    drive();
    b_out0_credit.vcs = taken;
  }
  // The channel a.out1 -> ab -> b.in1, its credits back through ab.
  cf::core::VcTerms terms_ab() const {
    cf::core::VcTerms t(config().num_vcs);
    a.add_vc_terms(RouterKind::out(1), t);
    link_ab.add_vc_terms(Channel::in, t);
    b.add_vc_terms(RouterKind::in(1), t);
    link_ab.add_vc_terms(Channel::credit_in, t);
    return t;
  }

  RouterKind a, b;
  Channel link_ab, link_ba;
  Wire a_in0, a_in0_credit, spare_out_a, ab_in, ab_out, ab_credit_in, ab_credit_out, ba_in, ba_out, ba_credit_in,
      ba_credit_out, b_out0, b_out0_credit, spare_in_b, spare;
  RouterKind::Io io_a{}, io_b{};
  typename Channel::Io io_ab{}, io_ba{};
};

// What happened, by the first cycle it did, with one packet of one flit into a's terminal
// input at cycle 10 on VC 1, to b's terminal.
template <class Channel>
std::map<std::string, int> drive_packet(TwoRouters<Channel>& net) {
  std::map<std::string, int> seen;
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
      seen["packet out of b"] = static_cast<int>(net.b_out0.noc.packet);
      seen["hops out of b"] = net.b_out0.noc.hops;
    }
    if (net.ab_credit_out.vcs != 0 && !seen.count("credit back to a")) seen["credit back to a"] = t;
    net.edge();
  }
  return seen;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_packet_crosses_two_router_kinds_in_the_networks_cycles) {
  for (const std::int64_t latency : {1, 3}) {
    TwoRouters<> net(latency);
    const std::map<std::string, int> seen = drive_packet(net);
    BOOST_TEST(seen.at("packet out of b") == 1);
    BOOST_TEST(seen.at("hops out of b") == 2);  // each router it crossed
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

BOOST_AUTO_TEST_CASE(a_channels_vcs_keep_their_credits_every_cycle_wherever_the_flits_are) {
  TwoRouters<> net(3);
  cf::core::VcTerms most(2);  // the most each term held at once
  for (int t = 0; t < 120; ++t) {
    const bool send = t >= 10 && t < 70 && t % 2 == 0;
    net.a_in0.valid = send;
    if (send) {
      net.a_in0.noc = {};
      net.a_in0.noc.packet = t;
      net.a_in0.noc.destination = 7;
      net.a_in0.noc.vc = static_cast<std::int16_t>((t / 2) % 2);
      net.a_in0.noc.head = net.a_in0.noc.tail = true;
    }
    const cf::core::VcTerms terms = net.terms_ab();
    for (int vc = 0; vc < 2; ++vc) {
      BOOST_TEST_INFO("cycle " << t << " VC " << vc);
      BOOST_TEST(terms.holds(vc));
      for (auto [term, best] : {std::pair{&terms.spent, &most.spent}, {&terms.on_wire, &most.on_wire},
                                {&terms.held, &most.held}, {&terms.back, &most.back}})
        (*best)[vc] = std::max((*best)[vc], (*term)[vc]);
    }
    net.edge();
  }
  // Each term was at work: flits on the channel's 3 stages and their credits on its 3 back.
  for (int vc = 0; vc < 2; ++vc) {
    BOOST_TEST(most.spent[vc] >= 3);
    BOOST_TEST(most.on_wire[vc] >= 1);
    BOOST_TEST(most.back[vc] >= 1);
    BOOST_TEST(most.held[vc] >= 1);
  }
  // A credit lost on the way (a part that drops one) breaks the sum on its VC only.
  cf::core::VcTerms lost = net.terms_ab();
  ++lost.spent[1];
  BOOST_TEST(lost.holds(0));
  BOOST_TEST(!lost.holds(1));
}

BOOST_AUTO_TEST_CASE(a_routers_count_kept_by_its_moves_is_what_its_buffers_hold_every_cycle) {
  // Packets of 1 to 3 flits from three sources into a: each router's census (a tally of the
  // tails it holds per source, kept as they come and go) equals a walk over its buffers
  // and outputs (count_places) at every cycle, under a source's slot each.
  TwoRouters<> net(2);
  const auto slots = std::make_shared<std::vector<std::uint32_t>>(std::vector<std::uint32_t>{0, 1, 2, 3});
  int most = 0, left = 0, packet = 0;
  std::array<int, 2> credits{4, 4};  // a's input buffers, per VC
  for (int t = 0; t < 300; ++t) {
    for (int vc = 0; vc < 2; ++vc) credits[vc] += static_cast<int>(net.a_in0_credit.vcs >> vc & 1);
    const int vc = left > 0 ? net.a_in0.noc.vc : (packet + 1) % 2;
    const bool send = t >= 10 && t < 200 && (t % 3 != 0 || left > 0) && credits[vc] > 0;
    net.a_in0.valid = send;
    if (send) {
      cf::noc::NocFlit& f = net.a_in0.noc;
      const bool head = left == 0;
      if (head) {
        f = {};
        f.packet = ++packet;
        f.source = 1 + packet % 3;
        f.destination = 7;
        f.vc = static_cast<std::int16_t>(vc);
        left = 1 + packet % 3;
      }
      f.head = head;
      f.tail = --left == 0;
      --credits[vc];
    }
    for (const RouterKind* r : {&net.a, &net.b}) {
      cf::core::Census moved(4, slots), walked(4, slots);
      r->count(moved);
      r->count_places([&](const std::string&) -> cf::core::Census& { return walked; });
      BOOST_TEST_INFO("cycle " << t);
      BOOST_TEST(moved.held == walked.held);
      for (const std::uint64_t n : moved.held) most = std::max(most, static_cast<int>(n));
    }
    net.edge();
  }
  BOOST_TEST(most >= 2);  // a router held two packets of one source at once
  // A tally's word: a tail out that never came in is not what a walk finds.
  cf::kinds::TailTally tally;
  cf::noc::NocFlit tail;
  tail.tail = true;
  tail.source = 5;
  tally.add(tail);
  BOOST_TEST(tally.same_as({{5, 1}}));
  tally.remove(tail);
  BOOST_TEST(tally.same_as({}));
  tally.remove(tail);
  BOOST_TEST(!tally.same_as({}));
}

BOOST_AUTO_TEST_CASE(a_crossing_between_routers_of_one_clock_is_a_channel_of_its_flops_and_one) {
  // N synchronizer flops each way, equal aligned clocks, no uncertainty: a vc_link of N + 1.
  for (const std::int64_t flops : {2, 3}) {
    TwoRouters<VcCrossingKind> crossed([flops](const char* name) { return VcCrossingKind(2, flops, 0.0, 1, name); });
    TwoRouters<> linked(flops + 1);
    const std::map<std::string, int> seen = drive_packet(crossed);
    BOOST_TEST_INFO("sync_stages " << flops);
    BOOST_TEST(seen == drive_packet(linked));
    BOOST_TEST(seen.at("b sends") == 14 + (flops + 1) + 4);
  }
  // Many packets: the same cycles, and every VC's sum holds across the crossing each cycle.
  TwoRouters<VcCrossingKind> crossed([](const char* name) { return VcCrossingKind(2, 2, 0.0, 1, name); });
  TwoRouters<> linked(3);
  for (int t = 0; t < 200; ++t) {
    for (auto* in : {&crossed.a_in0, &linked.a_in0}) {
      in->valid = t >= 10 && t < 150 && t % 3 == 0;
      in->noc = {};
      in->noc.packet = t;
      in->noc.destination = 7;
      in->noc.vc = static_cast<std::int16_t>((t / 3) % 2);
      in->noc.head = in->noc.tail = true;
    }
    BOOST_TEST_INFO("cycle " << t);
    BOOST_TEST(crossed.b_out0.valid == linked.b_out0.valid);
    BOOST_TEST(crossed.ab_credit_out.vcs == linked.ab_credit_out.vcs);
    const cf::core::VcTerms terms = crossed.terms_ab();
    BOOST_TEST((terms.holds(0) && terms.holds(1)));
    crossed.edge();
    linked.edge();
  }
}
