// A link wired by hand in C++ (the README's way) gets the diagnosis the tool gives the same
// link from a platform file: models/first_link.yaml's Bernoulli source at 0.6, 6 credits,
// 3 stages each way, 20000 cycles from 2000. The source, given to the monitor, says what it
// offers; without it the link would be sized as if saturated.
#include <boost/test/unit_test.hpp>

#include "hand_wired.hpp"

using namespace creditflow;

BOOST_AUTO_TEST_CASE(a_hand_wired_link_is_diagnosed_as_the_tool_diagnoses_its_platform) {
  core::SourceParams sp;
  sp.traffic = core::TrafficSpec::bernoulli(0.6);
  cftest::HandWiredLink w(sp, 6, core::LinkParams{3, 3}, 6, 20000, 2000);
  const core::LoopObserver& obs = w.mon.watch("link", {&w.tx, &w.link, &w.rx}, &w.src);
  sc_core::sc_start();
  const core::LinkReport report = w.mon.report(obs);
  BOOST_TEST(report.offered_rate == 0.6);
  const std::vector<std::string> lines = core::diagnose(report);
  BOOST_TEST_REQUIRE(lines.size() == 1u);
  // The tool's line for models/first_link.yaml (the README's "make run" output, pinned by
  // tool.readme_output_blocks_are_what_the_tool_prints).
  BOOST_TEST(lines[0] ==
             "link 'link' carries its offered load of 0.600 (0.600 measured over 18000 cycles); its flits waited for a "
             "credit in 1066 cycles (1066 with the receiver empty, 0 with it holding flits), p99 3 cycles, max 7: for a "
             "p99 credit wait of at most 0 cycles it needs B >= 8, it has 6 (from a replay of its flits over the 8-cycle "
             "round trip, which gives back the measured waits)");
}

// An asynchronous FIFO wired by hand is timed flit by flit as the tool's is (its shell says
// it crosses clocks): the 1 GHz writer and 600 MHz reader at Bernoulli 0.5, sized
// by the worst round trip of a flit that met no queue, not by the queue its depth let build.
BOOST_AUTO_TEST_CASE(a_hand_wired_async_fifo_is_sized_by_its_unqueued_round_trip) {
  core::SourceParams sp;
  sp.traffic = core::TrafficSpec::bernoulli(0.5);
  core::AsyncFifoParams fp;
  fp.depth = 8;
  fp.uncertainty = 1;
  sc_core::sc_clock wr("wr_clk", 1, sc_core::SC_NS), rd("rd_clk", 1.667, sc_core::SC_NS);
  cycle::TrafficSource<> src("src", sp);
  cycle::AsyncFifo<> fifo("fifo", fp);
  sc_core::sc_signal<bool> valid, ready;
  sc_core::sc_signal<core::Flit> flit;
  monitor::LoopMonitor mon("mon", 6000, 3000);
  src.clk(wr), fifo.wr_clk(wr), fifo.rd_clk(rd), mon.clk(wr);
  src.out_valid(valid), src.out_flit(flit), src.out_ready(ready);
  fifo.in_valid(valid), fifo.in_flit(flit), fifo.in_ready(ready);
  const core::LoopObserver& obs = mon.watch("fifo", {&fifo}, &src);
  sc_core::sc_start();
  const core::LinkReport r = mon.report(obs);
  BOOST_TEST(r.crosses_clocks);
  BOOST_TEST(r.unqueued_rtts > 1000u);
  BOOST_TEST(r.unqueued_max_rtt == 11u);  // as models/cdc_fifo.yaml gives at every depth
  BOOST_TEST(r.max_rtt > r.unqueued_max_rtt);
  BOOST_TEST(core::depth_needed(r) == 6);
}
