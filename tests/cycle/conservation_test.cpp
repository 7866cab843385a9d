// The conservation monitor catches a broken credit path: the link's returned credits go
// nowhere and the sender's credit input is tied low, so every credit that leaves the
// return pipeline vanishes.
#include <boost/test/unit_test.hpp>
#include <systemc>

#include "creditflow/creditflow.hpp"

using namespace creditflow;

namespace {
bool is_first_loss(const sc_core::sc_report& r) {
  BOOST_TEST_MESSAGE(r.what());
  // L = 2, B = 3: sends in cycles 0-2, pops in 3-5; pop 3's credit leaves the return
  // pipeline in cycle 5 and is lost at its closing edge, so cycle 6 opens one short.
  return r.get_severity() == sc_core::SC_ERROR &&
         std::string(r.get_msg_type()) == monitor::conservation_msg_type &&
         std::string(r.get_msg()) ==
             "credit conservation violated on link 'broken' at cycle 6: sender credits 0 + "
             "forward flits 0 + receiver occupancy 0 + return credits 2 = 2, expected 3 (1 missing)";
}
}  // namespace

namespace {
// L = 2, B = 3, with the link's returned credits going nowhere and the sender's credit
// input tied low.
struct BrokenLoop {
  sc_core::sc_clock clk{"clk", 1, sc_core::SC_NS};
  cycle::TrafficSource<> src{"src", core::SourceParams{}};
  cycle::CreditSender<> tx{"tx", 3};
  cycle::PipelinedLink<> link{"link", core::LinkParams{2, 2}};
  cycle::CreditReceiver<> rx{"rx", core::ReceiverParams{3, {}}};
  sc_core::sc_signal<bool> valid, ready, send, arrive, pop, lost_credit, tied_low;
  sc_core::sc_signal<core::Flit> offered, sent, arrived;
  monitor::LoopMonitor mon{"mon", 100};
  const core::LoopObserver& obs;

  BrokenLoop() : obs(mon.watch("broken", 3, {&tx, &link, &rx})) {
    src.clk(clk), tx.clk(clk), link.clk(clk), rx.clk(clk), mon.clk(clk);
    src.out_valid(valid), src.out_flit(offered), src.out_ready(ready);
    tx.in_valid(valid), tx.in_flit(offered), tx.in_ready(ready);
    tx.out_valid(send), tx.out_flit(sent), tx.credit_in(tied_low);  // the break
    link.in_valid(send), link.in_flit(sent), link.out_valid(arrive), link.out_flit(arrived);
    link.credit_in(pop), link.credit_out(lost_credit);
    rx.in_valid(arrive), rx.in_flit(arrived), rx.credit_out(pop);
  }
};
}  // namespace

BOOST_AUTO_TEST_CASE(monitor_catches_lost_credits) {
  BrokenLoop loop;
  BOOST_CHECK_EXCEPTION(sc_core::sc_start(), sc_core::sc_report, is_first_loss);
  BOOST_TEST(loop.obs.conservation_violations() == 1u);
}

BOOST_AUTO_TEST_CASE(monitor_counts_every_violating_cycle_when_errors_do_not_stop) {
  // A user who wants to see how far the damage goes lets errors log instead of throw.
  sc_core::sc_report_handler::set_actions(monitor::conservation_msg_type, sc_core::SC_ERROR,
                                          sc_core::SC_LOG);
  BrokenLoop loop;
  sc_core::sc_start();
  // Cycles 6..100 open short of credits: one lost by cycle 6, two by 7, all three by 8.
  BOOST_TEST(loop.obs.conservation_violations() == 95u);
  BOOST_TEST(loop.obs.sent_in_window() == 3u);
}
