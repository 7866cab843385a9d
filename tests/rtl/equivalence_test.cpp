// The verilated rtl/credit_receiver.sv against the model CreditReceiver: the same source,
// sender and link drive each, in its own process, and every flit's arrival cycle, every
// credit's return cycle and every popped flit must be identical.
#include <boost/test/unit_test.hpp>
#include <sstream>
#include <systemc>

#include "Vcredit_receiver.h"
#include "creditflow/creditflow.hpp"
#include "creditflow/cycle/rtl_credit_receiver.hpp"
#include "creditflow/platform/isolated_run.hpp"

using namespace creditflow;

namespace {

constexpr std::int64_t depth = 4;  // the RTL is verilated with DEPTH = 4

struct Scenario {
  std::int64_t latency = 1;
  core::DrainSpec drain;
  core::TrafficSpec traffic = core::TrafficSpec::saturating();
};

// Reads every signal half way through each cycle, when all are settled.
struct Recorder : sc_core::sc_module {
  sc_core::sc_in<bool> clk{"clk"};
  const sc_core::sc_signal<bool> *arrive = nullptr, *credit = nullptr, *pop = nullptr;
  const sc_core::sc_signal<core::Flit>* arrived = nullptr;
  std::function<std::uint64_t()> popped_id;
  std::ostringstream log;
  int cycle = 0;

  SC_HAS_PROCESS(Recorder);
  explicit Recorder(sc_core::sc_module_name n) : sc_module(n) {
    SC_METHOD(sample);
    sensitive << clk.neg();
    dont_initialize();
  }
  void sample() {
    if (arrive->read()) log << cycle << ": arrive " << arrived->read().id << "\n";
    if (pop->read()) log << cycle << ": pop " << popped_id() << "\n";
    if (credit->read()) log << cycle << ": credit back\n";
    ++cycle;
  }
};

std::string run(const Scenario& s, bool rtl) {
  sc_core::sc_clock clk("clk", 2, sc_core::SC_NS);  // rising at 0: opens cycle 0 for both
  core::SourceParams sp;
  sp.traffic = s.traffic;
  cycle::TrafficSource<> src("src", sp);
  cycle::CreditSender<> tx("tx", depth);
  cycle::PipelinedLink<> link("link", core::LinkParams{s.latency, s.latency});
  sc_core::sc_signal<bool> valid, ready, send, arrive, pop, credit, popped_valid;
  sc_core::sc_signal<core::Flit> offered, sent, arrived, popped_flit;
  src.clk(clk), tx.clk(clk), link.clk(clk);
  src.out_valid(valid), src.out_flit(offered), src.out_ready(ready);
  tx.in_valid(valid), tx.in_flit(offered), tx.in_ready(ready);
  tx.out_valid(send), tx.out_flit(sent), tx.credit_in(credit);
  link.in_valid(send), link.in_flit(sent), link.out_valid(arrive), link.out_flit(arrived);
  link.credit_in(pop), link.credit_out(credit);

  Recorder rec("rec");
  rec.clk(clk);
  rec.arrive = &arrive;
  rec.arrived = &arrived;
  rec.pop = &pop;
  rec.credit = &credit;
  monitor::LoopMonitor mon("mon", 3000, 0);
  mon.clk(clk);

  std::unique_ptr<cycle::CreditReceiver<>> model;
  std::unique_ptr<cycle::RtlCreditReceiver<Vcredit_receiver>> hw;
  const monitor::LoopParticipant* receiver = nullptr;
  if (rtl) {
    hw = std::make_unique<cycle::RtlCreditReceiver<Vcredit_receiver>>("rx", s.drain);
    hw->clk(clk), hw->in_valid(arrive), hw->in_flit(arrived), hw->credit_out(pop);
    rec.popped_id = [&] { return hw->out_data(); };
    receiver = hw.get();
  } else {
    model = std::make_unique<cycle::CreditReceiver<>>("rx", core::ReceiverParams{depth, s.drain});
    model->clk(clk), model->in_valid(arrive), model->in_flit(arrived), model->credit_out(pop);
    model->out_valid(popped_valid), model->out_flit(popped_flit);
    rec.popped_id = [&] { return popped_flit.read().id; };
    receiver = model.get();
  }
  const core::LoopObserver& obs = mon.watch("link", depth, {&tx, &link, receiver});
  sc_core::sc_start();
  BOOST_TEST_REQUIRE(obs.conservation_violations() == 0u);
  rec.log << "sent " << obs.sent_in_window() << ", popped " << obs.popped_in_window() << "\n";
  return rec.log.str();
}

void same_in_rtl(const Scenario& s) {
  const auto model = platform::run_isolated([&] { return run(s, false); });
  const auto rtl = platform::run_isolated([&] { return run(s, true); });
  BOOST_TEST_REQUIRE(model.ok, model.error);
  BOOST_TEST_REQUIRE(rtl.ok, rtl.error);
  BOOST_TEST(model.output.size() > 1000u);  // thousands of events, not an empty match
  BOOST_TEST(model.output == rtl.output);
  BOOST_TEST_MESSAGE(model.output.substr(model.output.rfind("sent")));
}

}  // namespace

BOOST_AUTO_TEST_CASE(rtl_matches_model_draining_every_cycle) {
  same_in_rtl(Scenario{});
  Scenario l4;
  l4.latency = 4;
  same_in_rtl(l4);
}

BOOST_AUTO_TEST_CASE(rtl_matches_model_with_a_slow_consumer) {
  Scenario s;
  s.latency = 2;
  s.drain.every = 3;
  same_in_rtl(s);
}

BOOST_AUTO_TEST_CASE(rtl_matches_model_with_random_drain_and_traffic) {
  Scenario s;
  s.latency = 3;
  s.drain.rate = 0.6;
  s.drain.stalls.push_back({500, 540});
  s.traffic = core::TrafficSpec::bernoulli(0.7);
  same_in_rtl(s);
}
