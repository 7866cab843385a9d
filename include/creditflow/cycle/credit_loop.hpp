// A whole credit loop of SPEC section 1 as one module: source, sender, pipelined link and
// receiver stepped by one process per rising edge (core::CreditLoopCore), so the kernel
// wakes once per cycle rather than once per part. Its wires are signals for tracing and
// for whatever else watches them: send(t), arrive(t), pop(t), credit_in(t) of SPEC
// section 1, the source's valid and the sender's ready, and, once traced, the flit sent.
// To wire the parts to other IP one by one, use TrafficSource, CreditSender,
// PipelinedLink and CreditReceiver (cycle/*.hpp), as platforms do.
#pragma once
#include <cstdint>
#include <string>
#include <systemc>
#include <vector>

#include "creditflow/core/credit_loop_core.hpp"
#include "creditflow/cycle/clocking.hpp"
#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/protocol_errors.hpp"
#include "creditflow/monitor/loop_participant.hpp"

namespace creditflow::cycle {

using CreditLoopParams = core::CreditLoopParams;

template <class T = core::Flit>
class CreditLoop : public sc_core::sc_module, public monitor::LoopParticipant {
 public:
  sc_core::sc_in<bool> clk{"clk"};

  SC_HAS_PROCESS(CreditLoop);
  CreditLoop(sc_core::sc_module_name name, const CreditLoopParams& p)
      : sc_core::sc_module(name), core_(p, this->name()) {
    SC_METHOD(on_edge);
    sensitive << clk.pos();
    dont_initialize();
  }

  const core::CreditLoopCore<T>& core() const { return core_; }
  void measure_from(core::Cycle start) { core_.measure_from(start); }
  std::vector<const monitor::LoopParticipant*> holders() const { return {this}; }
  std::int64_t capacity() const { return core_.params().receiver.depth; }
  void contribute(core::LoopState& s) const override { core_.add_terms(s); }

  const sc_core::sc_signal<bool>& send_signal() const { return send_; }
  const sc_core::sc_signal<bool>& arrive_signal() const { return arrive_; }
  const sc_core::sc_signal<bool>& pop_signal() const { return pop_; }
  const sc_core::sc_signal<bool>& credit_in_signal() const { return credit_in_; }

  // Adds the wires to a VCD; from then on the flit sent is written every cycle too.
  void trace(sc_core::sc_trace_file* tf) {
    const std::string base = this->name();
    sc_core::sc_trace(tf, src_valid_, base + ".src_valid");
    sc_core::sc_trace(tf, tx_ready_, base + ".tx_ready");
    sc_core::sc_trace(tf, send_, base + ".send");
    sc_core::sc_trace(tf, sent_flit_, base + ".sent_flit");
    sc_core::sc_trace(tf, arrive_, base + ".arrive");
    sc_core::sc_trace(tf, pop_, base + ".pop");
    sc_core::sc_trace(tf, credit_in_, base + ".credit_in");
    traced_ = true;
  }

  core::LinkReport report(const core::LoopObserver& observer) const { return core_.report(observer); }

 private:
  void on_edge() {
    if (edges_.opening()) return;
    report_protocol_errors([&] { core_.step(); });
    const auto w = core_.wires();
    src_valid_.write(w.has_data);
    tx_ready_.write(core_.sender().can_send());
    send_.write(w.send);
    arrive_.write(w.arrive);
    pop_.write(w.pop);
    credit_in_.write(w.credit_in);
    if (traced_ && w.send) sent_flit_.write(core_.sent_flit());
  }

  core::CreditLoopCore<T> core_;
  EdgeCount edges_;
  bool traced_ = false;
  // Reset values: the wires of cycle 0.
  sc_core::sc_signal<bool> src_valid_{"src_valid", core_.wires().has_data};
  sc_core::sc_signal<bool> tx_ready_{"tx_ready", core_.sender().can_send()};
  sc_core::sc_signal<bool> send_{"send", core_.wires().send}, arrive_{"arrive", core_.wires().arrive};
  sc_core::sc_signal<bool> pop_{"pop", core_.wires().pop}, credit_in_{"credit_in", core_.wires().credit_in};
  sc_core::sc_signal<T> sent_flit_{"sent_flit"};
};

}  // namespace creditflow::cycle
