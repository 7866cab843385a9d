// A credit link wired by hand, module by module on signals, as the README shows: a source,
// a sender, a pipelined link and a receiver, watched by a monitor. For the tests that a
// hand-wired link reports and is diagnosed as the tool's own.
#pragma once
#include <creditflow/creditflow.hpp>

namespace cftest {

struct HandWiredLink {
  HandWiredLink(const creditflow::core::SourceParams& source, std::int64_t credits, creditflow::core::LinkParams pipes,
                std::int64_t depth, creditflow::core::Cycle cycles, creditflow::core::Cycle warmup)
      : src("src", source),
        tx("tx", credits),
        link("link", pipes),
        rx("rx", creditflow::core::ReceiverParams{depth, creditflow::core::DrainSpec{}}),
        mon("mon", cycles, warmup) {
    src.clk(clk), tx.clk(clk), link.clk(clk), rx.clk(clk);
    src.out_valid(valid), src.out_flit(offered), src.out_ready(ready);
    tx.in_valid(valid), tx.in_flit(offered), tx.in_ready(ready);
    tx.out_valid(send), tx.out_flit(sent), tx.credit_in(credit);
    link.in_valid(send), link.in_flit(sent), link.out_valid(arrive), link.out_flit(arrived);
    link.credit_in(pop), link.credit_out(credit);
    rx.in_valid(arrive), rx.in_flit(arrived), rx.credit_out(pop);
    mon.clk(clk);
  }

  sc_core::sc_clock clk{"clk", 1, sc_core::SC_NS};
  creditflow::cycle::TrafficSource<> src;
  creditflow::cycle::CreditSender<> tx;
  creditflow::cycle::PipelinedLink<> link;
  creditflow::cycle::CreditReceiver<> rx;
  sc_core::sc_signal<bool> valid, ready, send, arrive, pop, credit;
  sc_core::sc_signal<creditflow::core::Flit> offered, sent, arrived;
  creditflow::monitor::LoopMonitor mon;
};

}  // namespace cftest
