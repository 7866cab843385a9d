// Speedup (BookSim2's input_speedup, output_speedup and internal_speedup): an input's VCs
// share its input_speedup crossbar ports by VC number, the inputs share an output's
// output_speedup ports by input number, and internal_speedup runs the pipeline that many
// times a cycle. One router driven by hand shows two VCs of one input crossing in the same
// cycle only with input speedup, and two inputs reaching one output in the same cycle only
// with output speedup; a packet alone takes 3 or 4 cycles a router instead of 5 with
// internal speedup; then a 4x4 mesh against BookSim2 run with the same keys
// (reference/booksim2/booksim_speedup.csv).
#include <boost/test/unit_test.hpp>

#include <functional>
#include <string>
#include <tuple>
#include <vector>

#include "creditflow/noc/vc_router.hpp"
#include "noc_testing.hpp"

using namespace noc_testing;
using namespace creditflow::noc;

namespace {

// A head goes to the output its destination names, on the VC its input's number gives
// (so that heads from two inputs never want the same output VC).
struct ToDestination : Routing {
  Route route(int, int input, NocFlit& flit) const override { return {flit.destination, input % 2, input % 2}; }
};

struct Discard : RouterOutbox {  // what leaves is told to the watcher
  void flit(int, int, const NocFlit&) override {}
  void credit(int, int, VcMask) override {}
};

NocFlit flit_of(std::int64_t packet, int vc, int destination, bool head, bool tail) {
  NocFlit f;
  f.packet = packet;
  f.vc = static_cast<std::int16_t>(vc);
  f.destination = destination;
  f.head = head;
  f.tail = tail;
  f.watched = true;
  return f;
}

// Feeds (cycle, input, flit) into a 3-port router with 2 VCs and returns, for each flit
// step named `what` (switch_granted, sent), its packet and cycle: "packet@cycle ...".
std::string steps(const char* what, const std::vector<std::string>& speedup,
                  const std::vector<std::tuple<Cycle, int, NocFlit>>& arrivals) {
  std::vector<std::string> words{"num_vcs=2", "vc_buf_size=4"};
  words.insert(words.end(), speedup.begin(), speedup.end());
  const NocConfig config = config_of(words);
  const ToDestination routing;
  VcRouter router(config, 0, 3, routing);
  std::string wins;
  const std::function<void(const NocEvent&)> watcher = [&](const NocEvent& e) {
    if (std::string(e.what) == what)
      wins += (wins.empty() ? "" : " ") + std::to_string(e.flit.packet) + "@" + std::to_string(e.cycle);
  };
  router.watch_with(&watcher);
  Discard out;
  for (Cycle now = 0; now < 12; ++now) {
    for (const auto& [cycle, input, flit] : arrivals)
      if (cycle == now) router.arrive(input, flit, now);
    router.step(now, out);
  }
  return wins;
}

}  // namespace

// Input 0 gets packet 1 (two flits, VC 0, to output 1) and packet 2 (one flit, VC 1, to
// output 2), interleaved: 1's head at cycle 0, 2's at 1, 1's tail at 2. Packet 1's head
// wins the switch at 2 (routed at 0, a VC at 1); at 3 its tail and packet 2's head both
// ask. With one crossbar port per input only one crosses: input 0's accept pointer, moved
// past output 1 by packet 1's head, takes output 2 first, so packet 2 crosses at 3 and 1's
// tail at 4. With two, VC 0 and VC 1 have a port each and both cross at 3.
BOOST_AUTO_TEST_CASE(input_speedup_lets_two_vcs_of_one_input_cross_in_one_cycle) {
  const std::vector<std::tuple<Cycle, int, NocFlit>> arrivals{{0, 0, flit_of(1, 0, 1, true, false)},
                                                              {1, 0, flit_of(2, 1, 2, true, true)},
                                                              {2, 0, flit_of(1, 0, 1, false, true)}};
  BOOST_TEST(steps("switch_granted", {}, arrivals) == "1@2 2@3 1@4");
  BOOST_TEST(steps("switch_granted", {"input_speedup=2"}, arrivals) == "1@2 2@3 1@3");
}

// Inputs 0 and 1 each get a one-flit packet for output 2 at cycle 0: both ask the switch at
// 2. One port per output takes input 0's at 2 and input 1's at 3; with two ports (inputs
// 0 and 1 take different ones) both cross at 2, and output 2 sends one a cycle: at 3 and 4.
BOOST_AUTO_TEST_CASE(output_speedup_lets_two_inputs_reach_one_output_in_one_cycle) {
  const std::vector<std::tuple<Cycle, int, NocFlit>> arrivals{{0, 0, flit_of(1, 0, 2, true, true)},
                                                              {0, 1, flit_of(2, 0, 2, true, true)}};
  BOOST_TEST(steps("switch_granted", {}, arrivals) == "1@2 2@3");
  BOOST_TEST(steps("switch_granted", {"output_speedup=2"}, arrivals) == "1@2 2@2");
  BOOST_TEST(steps("sent", {"output_speedup=2"}, arrivals) == "1@3 2@4");
}

// Every pair of a 4x4 mesh, a packet alone: a router's four steps (route, VC, switch,
// crossbar) take 2 cycles at internal speedup 2 and 3 at 1.5 (one step, then two, in
// turn), plus its channel's cycle: 3H + 2 and 4H + 2 for H routers, as BookSim2's average
// at a load of 0.002 (12.47 and 15.96 for 3.49 routers) says.
BOOST_AUTO_TEST_CASE(internal_speedup_takes_3_or_4_cycles_a_router_at_zero_load) {
  for (const auto& [speedup, per_router] : {std::pair<const char*, int>{"2.0", 3}, {"1.5", 4}, {"1.0", 5}}) {
    auto words = mesh(4, 2, "0", "latency");
    words.push_back(std::string("internal_speedup=") + speedup);
    Network network(config_of(words), "test");
    for (int source = 0; source < network.nodes(); ++source) {
      for (int destination = 0; destination < network.nodes(); ++destination) {
        const Alone alone = send_alone(network, source, destination, 40);
        BOOST_TEST_INFO("internal_speedup " << speedup << ", " << source << " -> " << destination);
        BOOST_CHECK_EQUAL(alone.cycles, per_router * alone.routers + 2);
      }
    }
  }
}

// BookSim2 itself on a 4x4 mesh: saturation with 4 VCs for each crossbar speedup within 3%
// (speedup raises it from 0.75 to 0.93 there), latency with both within 3%, and latency
// and saturation with internal speedup 1.5 and 2 within 3%.
BOOST_AUTO_TEST_CASE(a_mesh_with_speedup_is_within_3_percent_of_booksim2) {
  int compared = 0;
  for (const auto& row : reference_csv("booksim_speedup.csv")) {
    const bool saturation = row.at("injection_rate") == "saturation";
    auto words = mesh(4, std::stoi(row.at("num_vcs")), saturation ? "1.0" : row.at("injection_rate"),
                      saturation ? "throughput" : "latency");
    words.push_back("input_speedup=" + row.at("input_speedup"));
    words.push_back("output_speedup=" + row.at("output_speedup"));
    words.push_back("internal_speedup=" + row.at("internal_speedup"));
    words.push_back("sample_period=10000");
    const auto f = measured(words);
    BOOST_TEST_INFO("speedup " << row.at("input_speedup") << "x" << row.at("output_speedup") << ", internal "
                               << row.at("internal_speedup") << ", at " << row.at("injection_rate"));
    BOOST_CHECK_CLOSE_FRACTION(f.accepted, std::stod(row.at("accepted_flits_per_node_cycle")), 0.03);
    if (!saturation) BOOST_CHECK_CLOSE_FRACTION(f.packet_latency, std::stod(row.at("avg_packet_latency")), 0.03);
    ++compared;
  }
  BOOST_CHECK_EQUAL(compared, 12);
}
