// A whole credit loop of SPEC section 1 as one module: source `src`, sender `tx`,
// pipelined link `link` and receiver `rx`, wired by sc_signals, plus the report that
// gathers what the monitor and the parts measured.
#pragma once
#include <cstdint>
#include <string>
#include <systemc>
#include <vector>

#include "creditflow/core/credit_loop_report.hpp"
#include "creditflow/cycle/credit_receiver.hpp"
#include "creditflow/cycle/credit_sender.hpp"
#include "creditflow/cycle/pipelined_link.hpp"
#include "creditflow/cycle/traffic_source.hpp"

namespace creditflow::cycle {

using CreditLoopParams = core::CreditLoopParams;

template <class T = core::Flit>
class CreditLoop : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};

  TrafficSource<T> src;
  CreditSender<T> tx;
  PipelinedLink<T> link;
  CreditReceiver<T> rx;

  CreditLoop(sc_core::sc_module_name name, const CreditLoopParams& p)
      : sc_core::sc_module(name),
        src("src", p.source, p.seed),
        tx("tx", p.receiver.depth),
        link("link", p.link),
        rx("rx", p.receiver, p.seed),
        params_(p) {
    src.clk(clk);
    tx.clk(clk);
    link.clk(clk);
    rx.clk(clk);
    src.out_valid(src_valid_);
    src.out_flit(src_flit_);
    src.out_ready(tx_ready_);
    tx.in_valid(src_valid_);
    tx.in_flit(src_flit_);
    tx.in_ready(tx_ready_);
    tx.out_valid(send_);
    tx.out_flit(sent_flit_);
    tx.credit_in(credit_to_tx_);
    link.in_valid(send_);
    link.in_flit(sent_flit_);
    link.out_valid(arrive_);
    link.out_flit(arrived_flit_);
    link.credit_in(pop_);
    link.credit_out(credit_to_tx_);
    rx.in_valid(arrive_);
    rx.in_flit(arrived_flit_);
    rx.credit_out(pop_);
  }

  std::vector<const monitor::LoopParticipant*> holders() const { return {&tx, &link, &rx}; }
  std::int64_t capacity() const { return params_.receiver.depth; }

  // Signals for tracing: send(t), arrive(t), pop(t), credit_in(t) of SPEC section 1.
  const sc_core::sc_signal<bool>& send_signal() const { return send_; }
  const sc_core::sc_signal<bool>& arrive_signal() const { return arrive_; }
  const sc_core::sc_signal<bool>& pop_signal() const { return pop_; }
  const sc_core::sc_signal<bool>& credit_in_signal() const { return credit_to_tx_; }

  void trace(sc_core::sc_trace_file* tf) const {
    const std::string base = this->name();
    sc_core::sc_trace(tf, src_valid_, base + ".src_valid");
    sc_core::sc_trace(tf, tx_ready_, base + ".tx_ready");
    sc_core::sc_trace(tf, send_, base + ".send");
    sc_core::sc_trace(tf, sent_flit_, base + ".sent_flit");
    sc_core::sc_trace(tf, arrive_, base + ".arrive");
    sc_core::sc_trace(tf, pop_, base + ".pop");
    sc_core::sc_trace(tf, credit_to_tx_, base + ".credit_in");
  }

  core::LinkReport report(const core::LoopObserver& observer) const {
    return core::credit_loop_report(observer, params_, src.core(), tx.core(), rx.core());
  }

 private:
  CreditLoopParams params_;
  sc_core::sc_signal<bool> src_valid_{"src_valid"}, tx_ready_{"tx_ready"};
  sc_core::sc_signal<T> src_flit_{"src_flit"};
  sc_core::sc_signal<bool> send_{"send"};
  sc_core::sc_signal<T> sent_flit_{"sent_flit"};
  sc_core::sc_signal<bool> arrive_{"arrive"};
  sc_core::sc_signal<T> arrived_flit_{"arrived_flit"};
  sc_core::sc_signal<bool> pop_{"pop"}, credit_to_tx_{"credit_to_tx"};
};

}  // namespace creditflow::cycle
