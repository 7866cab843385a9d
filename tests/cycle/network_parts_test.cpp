// Routers wired by hand in a user's sc_main (cycle/network_parts.hpp): two routers joined by
// cycle::VcCrossing on two clocks that tick together take the cycles of a cycle::VcLink of
// sync_stages + 1 stages (kinds/vc_crossing.hpp; tests/noc/router_kind_test.cpp steps the
// kinds without the kernel), each router on its own clock.
#include <boost/test/unit_test.hpp>

#include <memory>
#include <string>

#include <systemc>

#include "creditflow/cycle/network_parts.hpp"

using namespace creditflow;

namespace {

// Drives single-flit packets into a router's port 0 from cycle 10, one every 3 cycles on VCs
// 0 and 1 by turns, and notes the edge at which the other router's port 0 sends each of
// the first few; takes whatever that port sends and returns its credit the next cycle.
struct Terminal : sc_core::sc_module {
  sc_core::sc_in<bool> clk;
  cycle::VcWires& into;
  cycle::VcWires& out_of;
  long edges = 0;
  std::string seen;  // "edge:packet " for each flit out

  Terminal(sc_core::sc_module_name name, cycle::VcWires& in, cycle::VcWires& out)
      : sc_core::sc_module(name), into(in), out_of(out) {
    SC_HAS_PROCESS(Terminal);
    SC_METHOD(edge);
    sensitive << clk.pos();
    dont_initialize();
  }
  void edge() {
    ++edges;
    if (out_of.valid.read()) seen += std::to_string(edges) + ":" + std::to_string(out_of.flit.read().packet) + " ";
    out_of.credits.write(out_of.valid.read() ? noc::VcMask{1} << out_of.flit.read().vc : 0);
    const bool send = edges >= 10 && edges < 40 && (edges - 10) % 3 == 0;
    noc::NocFlit f{};
    f.packet = edges;
    f.destination = 7;
    f.vc = static_cast<std::int16_t>((edges / 3) % 2);
    f.head = f.tail = true;
    into.valid.write(send);
    into.flit.write(f);
  }
};

// Router a (on `clk`) sends to router b (on `other`) over `Channel` each way.
template <class Channel>
struct TwoRouters {
  template <class Make>
  TwoRouters(const std::string& name, sc_core::sc_clock& clk, sc_core::sc_clock& other, const Make& make)
      : into_a((name + "_into_a").c_str()),
        unused((name + "_unused").c_str()),
        a_out((name + "_a_out").c_str()),
        b_in((name + "_b_in").c_str()),
        b_in0((name + "_b_in0").c_str()),
        out_of_b((name + "_out_of_b").c_str()),
        b_back((name + "_b_back").c_str()),
        a_back((name + "_a_back").c_str()),
        a((name + "_a").c_str(), config(), 2, {{7, 1}}),
        b((name + "_b").c_str(), config(), 2, {{7, 0}}),
        ab(make(name + "_ab")),
        ba(make(name + "_ba")),
        terminal((name + "_terminal").c_str(), into_a, out_of_b) {
    a.clk(clk);
    b.clk(other);
    clock(*ab, clk, other);
    clock(*ba, other, clk);
    a.in(0, into_a);
    a.out(0, unused);
    a.out(1, a_out);
    ab->in(a_out);
    ab->out(b_in);
    b.in(1, b_in);
    b.in(0, b_in0);
    b.out(0, out_of_b);
    b.out(1, b_back);
    ba->in(b_back);
    ba->out(a_back);
    a.in(1, a_back);
    terminal.clk(clk);
  }
  static noc::NocConfig config() {
    noc::NocConfig c;
    c.num_vcs = 2;
    c.vc_buf_size = 4;
    return c;
  }
  static void clock(cycle::VcLink& link, sc_core::sc_clock& from, sc_core::sc_clock&) { link.clk(from); }
  static void clock(cycle::VcCrossing& crossing, sc_core::sc_clock& from, sc_core::sc_clock& to) {
    crossing.clk(from);
    crossing.to_clk(to);
  }

  cycle::VcWires into_a, unused, a_out, b_in, b_in0, out_of_b, b_back, a_back;
  cycle::Router a, b;
  std::unique_ptr<Channel> ab, ba;
  Terminal terminal;
};

}  // namespace

BOOST_AUTO_TEST_CASE(routers_wired_by_hand_across_a_vc_crossing_take_a_channels_cycles) {
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS), other("other", 1, sc_core::SC_NS);
  TwoRouters<cycle::VcCrossing> crossed("crossed", clk, other, [](const std::string& n) {
    return std::make_unique<cycle::VcCrossing>(n.c_str(), 2, 2);
  });
  TwoRouters<cycle::VcLink> linked("linked", clk, clk, [](const std::string& n) {
    return std::make_unique<cycle::VcLink>(n.c_str(), 3);
  });
  TwoRouters<cycle::VcLink> short_link("short", clk, clk, [](const std::string& n) {
    return std::make_unique<cycle::VcLink>(n.c_str(), 1);
  });
  sc_core::sc_start(80, sc_core::SC_NS);
  BOOST_TEST(!crossed.terminal.seen.empty());
  BOOST_TEST(crossed.terminal.seen == linked.terminal.seen);
  // Two stages fewer each way: every flit two edges sooner.
  BOOST_TEST(short_link.terminal.seen != linked.terminal.seen);
  // Driven at edge 10, the first flit is into a during the cycle after it and out of b 4 + 3
  // + 4 cycles later (the kernel-free test's 14 + L + 4 from 10), seen at the edge closing
  // that cycle: 22.
  BOOST_TEST(linked.terminal.seen.rfind("22:10 ", 0) == 0, linked.terminal.seen);
}
