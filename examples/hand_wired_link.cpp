// A credit link wired by hand, as in the README (whose snippet is this file, built and run
// by the test package.snippets): a saturating source, a sender holding B = 4 credits, a
// link of 4 stages each way and a receiver of 4 slots, watched by a monitor for 6000
// cycles. It prints the measured figures and the diagnosis.
#include <iostream>

#include <creditflow/creditflow.hpp>

using namespace creditflow;

int sc_main(int, char*[]) {
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);

  cycle::TrafficSource<> src("src", core::SourceParams{});  // saturating by default
  cycle::CreditSender<> tx("tx", /*credits=*/4);
  cycle::PipelinedLink<> link("link", core::LinkParams{/*forward*/ 4, /*credit*/ 4});
  cycle::CreditReceiver<> rx("rx", core::ReceiverParams{/*depth=*/4, core::DrainSpec{}});

  sc_core::sc_signal<bool> valid, ready, send, arrive, pop, credit;
  sc_core::sc_signal<core::Flit> offered, sent, arrived;
  src.clk(clk), tx.clk(clk), link.clk(clk), rx.clk(clk);
  src.out_valid(valid), src.out_flit(offered), src.out_ready(ready);
  tx.in_valid(valid), tx.in_flit(offered), tx.in_ready(ready);
  tx.out_valid(send), tx.out_flit(sent), tx.credit_in(credit);
  link.in_valid(send), link.in_flit(sent), link.out_valid(arrive), link.out_flit(arrived);
  link.credit_in(pop), link.credit_out(credit);
  rx.in_valid(arrive), rx.in_flit(arrived), rx.credit_out(pop);

  monitor::LoopMonitor mon("mon", /*cycles=*/6000, /*warmup=*/3000);
  mon.clk(clk);
  // The loop's credits come from its holders: tx starts with all 4. The source holds none,
  // but says what it offers, so the diagnosis sizes the link for that load.
  const core::LoopObserver& obs = mon.watch("link", {&tx, &link, &rx}, &src);

  sc_core::sc_start();  // the monitor stops after exactly 6000 cycles

  // One result object: counts from the monitor, figures from every holder.
  const core::LinkReport report = mon.report(obs);
  std::cout << "throughput " << report.throughput << ", round trip " << report.loop_rtt
            << " cycles, latency p50 " << report.latency.creation_to_pop.p50() << " p99 "
            << report.latency.creation_to_pop.p99() << " max " << report.latency.creation_to_pop.max() << "\n";
  for (const std::string& line : core::diagnose(report)) std::cout << line << "\n";
  return 0;
}
