// One router-to-router channel (timing.md section 6): the credit round trip is 5 + 2L cycles for
// a head flit and 3 + 2L for a body flit, and a VC starts a packet at most every 3 cycles.
// BookSim2's measured table is reproduced to its last printed digit wherever BookSim2's
// own random numbers do not decide it.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <string>

#include "noc_testing.hpp"

using namespace noc_testing;

namespace {

double accepted(int latency, int buffer, int packet, const std::string& rate, bool flits, int credit_delay = 0) {
  return measured(one_channel(latency, buffer, packet, rate, flits, credit_delay)).accepted;
}

}  // namespace

// Single-flit packets: the source makes one every cycle, nothing random is drawn, and the
// table is BookSim2's to the sixth digit: min(B / (5 + 2L), 1/3) over the same window.
BOOST_AUTO_TEST_CASE(single_flit_packets_match_booksim2_to_every_digit) {
  const auto rows = reference_csv("booksim_credit.csv");
  BOOST_REQUIRE_EQUAL(rows.size(), 15u);
  for (const auto& row : rows) {
    const int buffer = std::stoi(row.at("vc_buf_size"));
    const double l1 = accepted(1, buffer, 1, "1.0", false);
    const double l4 = accepted(4, buffer, 1, "1.0", false);
    BOOST_TEST_INFO("vc_buf_size " << buffer);
    BOOST_CHECK_CLOSE_FRACTION(l1, std::stod(row.at("any_L1_P1")), 1e-5);
    BOOST_CHECK_CLOSE_FRACTION(l1, std::stod(row.at("mesh2_P1")), 1e-5);
    BOOST_CHECK_CLOSE_FRACTION(l4, std::stod(row.at("any_L4_P1")), 1e-5);
    // The loop, within the one flit a 3000-cycle window can cut.
    BOOST_CHECK_SMALL(l1 - std::min(buffer / 7.0, 1.0 / 3.0), 1.0 / 3000);
    BOOST_CHECK_SMALL(l4 - std::min(buffer / 13.0, 1.0 / 3.0), 1.0 / 3000);
  }
}

// 64-flit packets from sources that always have one ready (injection_rate 1 packet a
// cycle): BookSim2 at 28f4329, run on this machine with credit_anynet.cfg and these keys,
// printed these; creditflow prints the same.
BOOST_AUTO_TEST_CASE(long_packets_from_backlogged_sources_match_booksim2_to_every_digit) {
  const double l1[] = {0.198, 0.392667, 0.582, 0.771333, 0.94, 0.955, 0.97, 0.97};
  const double l4[] = {0.0906667, 0.181333, 0.271333, 0.359, 0.452333, 0.540333, 0.614667,
                       0.711, 0.780333, 0.865667, 0.94, 0.955, 0.97, 0.97};
  const double l1_credit_delay_2[] = {0.142, 0.283, 0.421, 0.561667, 0.695333, 0.821, 0.94, 0.955, 0.97, 0.97};
  for (int b = 1; b <= 8; ++b) {
    BOOST_TEST_INFO("L=1 vc_buf_size " << b);
    BOOST_CHECK_CLOSE_FRACTION(accepted(1, b, 64, "1.0", false), l1[b - 1], 1e-5);
  }
  for (int b = 1; b <= 14; ++b) {
    BOOST_TEST_INFO("L=4 vc_buf_size " << b);
    BOOST_CHECK_CLOSE_FRACTION(accepted(4, b, 64, "1.0", false), l4[b - 1], 1e-5);
  }
  for (int b = 1; b <= 10; ++b) {
    BOOST_TEST_INFO("L=1 credit_delay 2 vc_buf_size " << b);
    BOOST_CHECK_CLOSE_FRACTION(accepted(1, b, 64, "1.0", false, 2), l1_credit_delay_2[b - 1], 1e-5);
  }
}

// The reference table's 64-flit columns offer 1.5 flits a cycle in packets drawn by a coin:
// when a source's first packets fall is BookSim2's random number, and it sets where the
// 3000-cycle window cuts the stream of 64-flit packets (bursts with a gap after each
// head). creditflow is within two flits per node of that window (2/3000) at every point;
// with no coin drawn (the test above) it is exact.
BOOST_AUTO_TEST_CASE(long_packets_at_booksim2s_random_load_within_one_flit_of_its_window) {
  const auto rows = reference_csv("booksim_credit.csv");
  for (const auto& row : rows) {
    const int buffer = std::stoi(row.at("vc_buf_size"));
    BOOST_TEST_INFO("vc_buf_size " << buffer);
    BOOST_CHECK_SMALL(accepted(1, buffer, 64, "1.5", true) - std::stod(row.at("any_L1_P64")), 2.0 / 3000 + 1e-6);
    BOOST_CHECK_SMALL(accepted(1, buffer, 64, "1.5", true) - std::stod(row.at("mesh2_P64")), 2.0 / 3000 + 1e-6);
    BOOST_CHECK_SMALL(accepted(4, buffer, 64, "1.5", true) - std::stod(row.at("any_L4_P64")), 2.0 / 3000 + 1e-6);
    BOOST_CHECK_SMALL(accepted(1, buffer, 64, "1.5", true, 2) - std::stod(row.at("any_L1_P64_cd2")),
                      2.0 / 3000 + 1e-6);
  }
}

// timing.md section 6's flit trace: with one flit of buffer at L = 4, router 0 sends the flits
// of a 64-flit packet 3 + 2L = 11 cycles apart, and 5 + 2L = 13 after a head flit.
BOOST_AUTO_TEST_CASE(body_flits_go_every_3_plus_2L_cycles_and_head_flits_every_5_plus_2L) {
  auto words = one_channel(4, 1, 64, "0", false);
  creditflow::noc::Network network(config_of(words), "test");
  std::vector<creditflow::noc::Cycle> sent;
  std::vector<bool> after_head;
  bool last_was_head = false;
  network.set_watcher([&](const creditflow::noc::NocEvent& e) {
    if (std::string(e.what) != "sent" || e.router != 0 || e.port != 0) return;  // router 0, +x
    sent.push_back(e.cycle);
    after_head.push_back(last_was_head);
    last_was_head = e.flit.head;
  });
  network.send_packet(0, 1, 64);
  network.send_packet(0, 1, 64);
  for (int i = 0; i < 3000; ++i) network.step();
  BOOST_REQUIRE_EQUAL(sent.size(), 128u);
  int body_gaps = 0, head_gaps = 0;
  for (std::size_t i = 1; i < sent.size(); ++i) {
    const auto gap = sent[i] - sent[i - 1];
    BOOST_TEST_INFO("flit " << i);
    BOOST_CHECK_EQUAL(gap, after_head[i] ? 13 : 11);
    (after_head[i] ? head_gaps : body_gaps)++;
  }
  BOOST_CHECK_EQUAL(head_gaps, 2);
  BOOST_CHECK_EQUAL(body_gaps, 125);
}

// BookSim2's own configuration of the table: an anynet of two routers (credit_anynet.cfg
// with anynet_L1.net and anynet_L4.net), min routing: the same figures as the k = 2 mesh.
BOOST_AUTO_TEST_CASE(the_anynet_of_the_reference_gives_its_table) {
  const auto rows = reference_csv("booksim_credit.csv");
  for (int latency : {1, 4}) {
    const std::string netlist =
        "router 0 node 0 router 1 " + std::to_string(latency) + "\nrouter 1 node 1 router 0 " + std::to_string(latency);
    for (const auto& row : rows) {
      const int buffer = std::stoi(row.at("vc_buf_size"));
      const auto f = measured({"topology=anynet", "netlist=" + netlist, "routing_function=min", "traffic=bitcomp",
                               "num_vcs=1", "sim_type=throughput", "vc_buf_size=" + std::to_string(buffer),
                               "packet_size=1", "injection_rate=1.0"});
      BOOST_TEST_INFO("L=" << latency << " vc_buf_size " << buffer);
      BOOST_CHECK_CLOSE_FRACTION(f.accepted, std::stod(row.at(latency == 1 ? "any_L1_P1" : "any_L4_P1")), 1e-5);
    }
  }
}
