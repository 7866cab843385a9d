// Bad parameters and wiring give one clear line naming what, where and what is allowed.
#include <boost/test/unit_test.hpp>
#include <systemc>

#include "creditflow/creditflow.hpp"
#include "hand_wired.hpp"
#include "helpers.hpp"

using namespace creditflow;

namespace {
auto says(const std::string& text) {
  return [text](const std::exception& e) {
    BOOST_TEST_MESSAGE(e.what());
    return std::string(e.what()) == text;
  };
}
}  // namespace

BOOST_AUTO_TEST_CASE(zero_depth_names_the_receiver) {
  BOOST_CHECK_EXCEPTION(cycle::CreditLoop<>("loop", cftest::loop_params(1, 0)), ParameterError,
                        says("loop.tx: credits = 0 is out of range (allowed 1..16777216)"));
}

BOOST_AUTO_TEST_CASE(negative_latency_names_the_link) {
  BOOST_CHECK_EXCEPTION(cycle::CreditLoop<>("loop", cftest::loop_params(-1, 4)), ParameterError,
                        says("loop.link: forward_latency = -1 is out of range (allowed 0..1048576)"));
}

BOOST_AUTO_TEST_CASE(drain_every_zero_names_the_receiver) {
  BOOST_CHECK_EXCEPTION(cycle::CreditLoop<>("loop", cftest::loop_params(1, 4, 0)), ParameterError,
                        says("loop.rx: drain_every = 0 is out of range (allowed 1..1073741824)"));
}

BOOST_AUTO_TEST_CASE(warmup_must_leave_a_window) {
  cycle::RunOptions o;
  o.cycles = 100;
  o.warmup = 100;
  BOOST_CHECK_EXCEPTION(cycle::run_credit_loop(cftest::loop_params(1, 4), o), ParameterError,
                        says("run: warmup = 100 is out of range (allowed 0..99)"));
}

BOOST_AUTO_TEST_CASE(dangling_port_is_named_at_elaboration) {
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  cycle::CreditSender<> tx("tx", 4);
  sc_core::sc_signal<bool> valid, ready, send;
  sc_core::sc_signal<core::Flit> in, out;
  tx.clk(clk), tx.in_valid(valid), tx.in_flit(in), tx.in_ready(ready);
  tx.out_valid(send), tx.out_flit(out);  // credit_in left unbound
  BOOST_CHECK_EXCEPTION(sc_core::sc_start(1, sc_core::SC_NS), sc_core::sc_report,
                        [](const sc_core::sc_report& r) {
                          BOOST_TEST_MESSAGE(r.what());
                          return std::string(r.get_msg()).find("tx.credit_in") != std::string::npos;
                        });
}

// Before: a second run in one process ended in SystemC's E113 from deep inside the kernel.
BOOST_AUTO_TEST_CASE(a_second_run_in_one_process_is_a_clear_error) {
  using namespace creditflow;
  cycle::CreditLoopParams params;
  const core::LinkReport first = cycle::run_credit_loop(params, cycle::RunOptions{});
  BOOST_TEST(first.sent > 0u);
  for (const char* view : {"cycle", "tl"}) {
    cycle::RunOptions again;
    again.view = view;
    try {
      cycle::run_credit_loop(params, again);
      BOOST_ERROR("a second run went ahead");
    } catch (const Error& e) {
      BOOST_TEST(std::string(e.what()) ==
                 "run_credit_loop: SystemC runs one simulation per process, and this process has run one already; run "
                 "each in a process of its own (platform::run_isolated, as creditflow sweep does), or use the "
                 "transaction-level view (platform::simulate_tl), which runs any number in one process");
    }
  }
}

// Before: the user passed the credits to watch() again and filled the report for the
// diagnosis by hand (credits, loop_rtt, measured_rtt).
BOOST_AUTO_TEST_CASE(a_hand_wired_link_reports_and_diagnoses_itself) {
  cftest::HandWiredLink w(core::SourceParams{}, 4, core::LinkParams{4, 4}, 4, 6000, 3000);
  const core::LoopObserver& obs = w.mon.watch("link", {&w.tx, &w.link, &w.rx});
  BOOST_TEST(obs.capacity() == 4);  // taken from the sender
  sc_core::sc_start();
  const core::LinkReport r = w.mon.report(obs);
  BOOST_TEST(r.credits == 4);
  BOOST_TEST(r.receiver_depth == 4);
  BOOST_TEST(r.forward_latency == 4);
  BOOST_TEST(r.loop_rtt == 10u);
  BOOST_TEST(r.measured_rtt == 10u);
  BOOST_TEST(r.sent == 1200u);
  BOOST_TEST(r.throughput == 0.4);
  BOOST_TEST(r.latency.send_to_arrival.mean() == 4.0);
  BOOST_TEST(core::depth_needed(r) == 10);
  // The same words the tool prints for the same loop (models/credit_loop.yaml).
  BOOST_TEST(core::diagnose(r).at(0) ==
             "link 'link' runs at 0.400 of full rate: its 4 credits cover 4 of the 10-cycle round trip; it needs B >= "
             "10 for full rate (the sender was out of credits with the receiver empty in 1800 of 3000 cycles)");
}
