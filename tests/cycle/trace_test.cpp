// timing.md section 1 cycle trace, L = 2, B = 3, read mid-cycle from the modules' signals.
#include <boost/test/unit_test.hpp>
#include <fstream>
#include <sstream>
#include <systemc>
#include <vector>

#include "creditflow/cycle/credit_loop.hpp"
#include "creditflow/monitor/loop_monitor.hpp"
#include "helpers.hpp"

using namespace creditflow;

namespace {
// Samples at the falling edge, half way through each cycle, when every register holds
// its start-of-cycle value and every combinational output has settled.
struct SlotTracer : sc_core::sc_module {
  sc_core::sc_in<bool> clk;
  const cycle::CreditLoop<>& loop;
  std::vector<int> credits, send, pop, credit_in;

  SC_HAS_PROCESS(SlotTracer);
  SlotTracer(sc_core::sc_module_name n, const cycle::CreditLoop<>& l) : sc_module(n), loop(l) {
    SC_METHOD(sample);
    sensitive << clk.neg();
    dont_initialize();
  }
  void sample() {
    credits.push_back(static_cast<int>(loop.core().sender().credits()));
    send.push_back(loop.send_signal().read());
    pop.push_back(loop.pop_signal().read());
    credit_in.push_back(loop.credit_in_signal().read());
  }
};
}  // namespace

BOOST_AUTO_TEST_CASE(slot_trace_l2_b3) {
  sc_core::sc_clock clk("clk", 2, sc_core::SC_NS);  // rising at 0 (opens cycle 0), 2, 4, ...
  cycle::CreditLoop<> loop("loop", cftest::loop_params(2, 3));
  loop.clk(clk);
  SlotTracer tracer("tracer", loop);
  tracer.clk(clk);
  monitor::LoopMonitor mon("mon", 36);
  mon.clk(clk);
  const auto& obs = mon.watch("link", 3, loop.holders());
  sc_core::sc_start();

  using V = std::vector<int>;
  const auto first12 = [](const V& v) { return V(v.begin(), v.begin() + 12); };
  BOOST_TEST_REQUIRE(tracer.send.size() == 36u);
  BOOST_TEST(first12(tracer.credits) == (V{3, 2, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0}), boost::test_tools::per_element());
  BOOST_TEST(first12(tracer.send) == (V{1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0}), boost::test_tools::per_element());
  BOOST_TEST(first12(tracer.pop) == (V{0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1}), boost::test_tools::per_element());
  BOOST_TEST(first12(tracer.credit_in) == (V{0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 1}), boost::test_tools::per_element());
  int late_sends = 0;
  for (std::size_t t = 12; t < 36; ++t) late_sends += tracer.send[t];
  BOOST_TEST(late_sends == 12);  // four round trips of 6 cycles, B = 3 flits each
  BOOST_TEST(obs.cycles() == 36u);
  BOOST_TEST(obs.conservation_violations() == 0u);
  BOOST_TEST(loop.core().sender().round_trips().min() == 6u);
  BOOST_TEST(loop.core().sender().round_trips().max() == 6u);
}

BOOST_AUTO_TEST_CASE(clock_rising_first_after_zero_gives_the_same_cycles) {
  // First rising edge at 1 ns instead of 0: cycle 0 is [0, 1 ns) and nothing shifts.
  sc_core::sc_clock clk("clk", sc_core::sc_time(2, sc_core::SC_NS), 0.5, sc_core::SC_ZERO_TIME, false);
  cycle::CreditLoop<> loop("loop", cftest::loop_params(2, 3));
  loop.clk(clk);
  monitor::LoopMonitor mon("mon", 36);
  mon.clk(clk);
  const auto& obs = mon.watch("link", 3, loop.holders());
  sc_core::sc_start();
  BOOST_TEST(obs.sent_in_window() == 18u);  // 3 per 6-cycle round trip from cycle 0
  BOOST_TEST(loop.core().sender().round_trips().min() == 6u);
}

BOOST_AUTO_TEST_CASE(vcd_trace_has_the_loop_signals) {
  const std::string file = "cycle_trace_test";
  {
    sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
    cycle::CreditLoop<> loop("loop", cftest::loop_params(1, 2));
    loop.clk(clk);
    monitor::LoopMonitor mon("mon", 20);
    mon.clk(clk);
    sc_core::sc_trace_file* tf = sc_core::sc_create_vcd_trace_file(file.c_str());
    loop.trace(tf);
    sc_core::sc_start();
    sc_core::sc_close_vcd_trace_file(tf);
  }
  std::ifstream in(file + ".vcd");
  std::stringstream text;
  text << in.rdbuf();
  // VCD writes dotted names as nested scopes: loop / sent_flit / id.
  for (const char* line : {"$scope module loop $end", " send ", " pop ", " credit_in ",
                           "$scope module sent_flit $end", " id [63:0]", " sent [63:0]"})
    BOOST_TEST(text.str().find(line) != std::string::npos, line);
  BOOST_TEST(text.str().find("#19") != std::string::npos);  // value changes up to cycle 19
}

// A loop that observes itself counts exactly what a LoopMonitor on its clock counts.
BOOST_AUTO_TEST_CASE(self_observing_loop_matches_a_monitor) {
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  auto p = cftest::loop_params(3, 5);
  p.receiver.drain.every = 2;
  cycle::CreditLoop<> loop("loop", p);
  loop.clk(clk);
  monitor::LoopMonitor mon("mon", 1000, 100);  // samples a delta after the loop: it ends the run
  mon.clk(clk);
  const auto& by_monitor = mon.watch("link", 5, loop.holders());
  const auto& by_itself = loop.observe("link", 0, 100);
  sc_core::sc_start();
  BOOST_TEST(by_itself.cycles() == 1000u);
  BOOST_TEST(by_monitor.cycles() == 1000u);
  BOOST_TEST(by_itself.sent_in_window() == by_monitor.sent_in_window());
  BOOST_TEST(by_itself.sent_in_window() == 450u);  // drain every 2nd cycle: half of 900
  BOOST_TEST(by_itself.stall_receiver_busy() == by_monitor.stall_receiver_busy());
  BOOST_TEST(by_itself.stall_receiver_empty() == by_monitor.stall_receiver_empty());
  BOOST_TEST(by_itself.conservation_violations() == 0u);
}
