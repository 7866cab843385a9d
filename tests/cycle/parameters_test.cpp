// Bad parameters and wiring give one clear line naming what, where and what is allowed.
#include <boost/test/unit_test.hpp>
#include <systemc>

#include "creditflow/creditflow.hpp"
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
