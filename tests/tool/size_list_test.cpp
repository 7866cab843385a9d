// creditflow size and creditflow list.
#include <boost/test/unit_test.hpp>

#include "harness.hpp"

BOOST_AUTO_TEST_CASE(size_from_bandwidth_and_rtt) {
  const auto o = cftool::tool("size --bandwidth 16GB/s --rtt 500ns --unit 16B");
  BOOST_TEST(o.status == 0);
  BOOST_TEST(o.out == "buffer >= bandwidth x RTT = 16GB/s x 500ns = 8000 B = 500 credits of 16B\n");
}

BOOST_AUTO_TEST_CASE(size_from_rate_and_cycles) {
  const auto o = cftool::tool("size --rate 0.5 --rtt-cycles 10");
  BOOST_TEST(o.status == 0);
  BOOST_TEST(o.out == "credits >= rate x RTT = 0.5 x 10 = 5\n");
  BOOST_TEST(cftool::tool("size --rate 0.8 --rtt-cycles 10").out == "credits >= rate x RTT = 0.8 x 10 = 8\n");
}

BOOST_AUTO_TEST_CASE(size_for_a_stall) {
  const auto o = cftool::tool("size --stall 12 --held 1");
  BOOST_TEST(o.status == 0);
  BOOST_TEST(o.out == "depth >= held + stall + 1 = 1 + 12 + 1 = 14\n");
}

BOOST_AUTO_TEST_CASE(size_rejects_bad_quantities) {
  const auto o = cftool::tool("size --bandwidth 16GB --rtt 500ns");
  BOOST_TEST(o.status == 2);
  BOOST_TEST(o.err == "creditflow: --bandwidth = 16GB is not a valid quantity (a number >= 0 with a unit: "
                      "B/s, KB/s, MB/s, GB/s, TB/s, KiB/s ... TiB/s, Kb/s ... Tb/s)\n");
  BOOST_TEST(cftool::tool("size --rate 1.5 --rtt-cycles 10").err ==
             "creditflow: --rate: rate = 1.5 is out of range (allowed 0..1)\n");
  BOOST_TEST(cftool::tool("size").status == 2);
}

BOOST_AUTO_TEST_CASE(list_shows_kinds_parameters_and_ports) {
  const auto o = cftool::tool("list");
  BOOST_TEST(o.status == 0);
  for (const char* line :
       {"traffic_source: offers flits on a ready/valid stream by a pattern, holding each until taken",
        "    pattern (choice, default saturating, allowed one of saturating, periodic, burst, bernoulli, on_off): "
        "when a flit is created",
        "    burst_beta (real, default 0.5, allowed 0..1): on_off: chance per cycle an on source turns off (bursts of "
        "1/burst_beta cycles on average)",
        "    credits (integer, required, allowed 1..16777216): initial credits; at most the loop's receiver depth",
        "    backpressure (boolean, default true, allowed true or false): true: ready = !full; false: always "
        "ready, beats meeting a full FIFO are dropped and counted",
        "    entries (integer, default 2, allowed 1..2): 2: full rate; 1: one beat every other cycle",
        "    forward_latency (integer, default ${latency}, allowed 0..1048576): stages for flits",
        "    depth (integer, default 4, allowed 1..16777216): buffer slots (B)",
        "    credit (credit output): one pulse per pop"})
    BOOST_TEST(o.out.find(std::string(line) + "\n") != std::string::npos, line);
  BOOST_TEST(cftool::tool("list credit_reciever").err ==
             "creditflow: list: unknown kind 'credit_reciever'; did you mean 'credit_receiver'?\n");
}

// Before: every key of a network said "allowed any text", and the speedups, which take 1..16
// and change the figures, were called "modelled at its default only". Each key is typed
// and ranged by the network's own table, the one the router kind takes its keys from.
BOOST_AUTO_TEST_CASE(list_network_says_what_each_key_takes) {
  const auto router = cftool::tool("list router");
  BOOST_TEST(router.out.find("    vc_buf_size (integer, default 8, allowed 1..4096): flits each VC buffers at each "
                             "input\n") != std::string::npos);
  const auto o = cftool::tool("list network");
  BOOST_TEST(o.out.find("    vc_buf_size (integer, default 8, allowed 1..4096): flits each VC buffers at each "
                        "input\n") != std::string::npos);
  BOOST_TEST_REQUIRE(o.status == 0);
  BOOST_TEST(o.out.find("any text") == std::string::npos);
  for (const char* line :
       {"    topology (choice, default torus, allowed one of mesh, torus, ring, anynet, fattree, qtree, cmesh): mesh, "
        "torus, "
        "ring (a torus of one dimension), anynet (a netlist), fattree (a k-ary n-tree), qtree (a tree of k = 4 "
        "children a router, n = 3 levels) or cmesh (a k x k mesh of 4 nodes a router, with express channels on its "
        "edges)",
        "    k (integer, default 8, allowed 2..64): routers per dimension (fattree: ports up and down a router)",
        "    injection_rate (real, default 0.1, allowed 0..64): packets per node and cycle (flits with "
        "injection_rate_uses_flits = 1)",
        "    input_speedup (integer, default 1, allowed 1..16): crossbar inputs per router input: VCs of one input that may "
        "cross in one cycle",
        "    router (text, default iq, allowed iq only (BookSim2's default, the one creditflow models)): BookSim2's key, "
        "modelled at its default only"})
    BOOST_TEST(o.out.find(std::string(line) + "\n") != std::string::npos, line);
}
