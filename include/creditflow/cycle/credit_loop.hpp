// A whole credit loop of timing.md section 1 as one module: source, sender, pipelined link and
// receiver stepped by one process per rising edge (core::CreditLoopCore), so the kernel
// wakes once per cycle rather than once per part. Its wires are signals for tracing and
// for whatever else watches them: send(t), arrive(t), pop(t), credit_in(t) of timing.md
// section 1, the source's valid and the sender's ready, and, once traced, the flit sent.
// To wire the parts to other IP one by one, use TrafficSource, CreditSender,
// PipelinedLink and CreditReceiver (cycle/*.hpp), as platforms do.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <systemc>
#include <vector>

#include "creditflow/core/credit_loop_core.hpp"
#include "creditflow/cycle/clocking.hpp"
#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/protocol_errors.hpp"
#include "creditflow/monitor/loop_monitor.hpp"
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

  // Observes itself, as a LoopMonitor on its clock would, without a process of its own:
  // every cycle's state is whole right after this module's edge. With cycles > 0 the
  // simulation stops after that many cycles. A conservation violation is a SystemC error
  // naming the link, the cycle and each term. Call before the simulation starts.
  const core::LoopObserver& observe(const std::string& link, core::Cycle cycles, core::Cycle warmup = 0) {
    observer_.emplace(link, capacity(), warmup);
    stop_after_ = cycles;
    sample(0);
    return *observer_;
  }
  void measure_from(core::Cycle start) { core_.measure_from(start); }
  std::vector<const monitor::LoopParticipant*> holders() const { return {this}; }
  std::int64_t capacity() const { return core_.params().receiver.depth; }
  void contribute(core::LoopState& s) const override { core_.add_terms(s); }

  const sc_core::sc_signal<bool>& send_signal() const { return send_; }
  const sc_core::sc_signal<bool>& arrive_signal() const { return arrive_; }
  const sc_core::sc_signal<bool>& pop_signal() const { return pop_; }
  const sc_core::sc_signal<bool>& credit_in_signal() const { return credit_in_; }

  // Adds the wires to a VCD (sc_object's hook); from then on the flit sent is written
  // every cycle too.
  void trace(sc_core::sc_trace_file* tf) const override {
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
    update(src_valid_, w.has_data);
    update(tx_ready_, core_.sender().can_send());
    update(send_, w.send);
    update(arrive_, w.arrive);
    update(pop_, w.pop);
    update(credit_in_, w.credit_in);
    if (traced_ && w.send) sent_flit_.write(core_.sent_flit());
    if (observer_) sample(++cycle_);
  }

  void sample(core::Cycle t) {
    if (auto violation = observer_->observe(t, core_.state()))
      SC_REPORT_ERROR(monitor::conservation_msg_type, violation->c_str());
    if (stop_after_ != 0 && t == stop_after_) monitor::stop_at_planned_end();
  }

  // A write only when the value changes: at a steady rate most wires hold still, and an
  // unchanged write still costs the kernel an update request.
  static void update(sc_core::sc_signal<bool>& wire, bool value) {
    if (wire.read() != value) wire.write(value);
  }

  core::CreditLoopCore<T> core_;
  EdgeCount edges_;
  mutable bool traced_ = false;  // set by trace(), which SystemC declares const
  std::optional<core::LoopObserver> observer_;
  core::Cycle cycle_ = 0;
  core::Cycle stop_after_ = 0;
  // Reset values: the wires of cycle 0.
  sc_core::sc_signal<bool> src_valid_{"src_valid", core_.wires().has_data};
  sc_core::sc_signal<bool> tx_ready_{"tx_ready", core_.sender().can_send()};
  sc_core::sc_signal<bool> send_{"send", core_.wires().send}, arrive_{"arrive", core_.wires().arrive};
  sc_core::sc_signal<bool> pop_{"pop", core_.wires().pop}, credit_in_{"credit_in", core_.wires().credit_in};
  sc_core::sc_signal<T> sent_flit_{"sent_flit"};
};

}  // namespace creditflow::cycle
