// Credit sender: holds the link's credits and forwards a flit only while it holds one.
// Timing (SPEC section 1): in_ready during t is credits(t) > 0; out_valid during t is
// in_valid(t) && credits(t) > 0 (combinational), the flit stamped with send cycle t;
// credits change at the edge closing t by credit_in(t) - send(t).
#pragma once
#include <cstdint>
#include <systemc>

#include "creditflow/core/sender_core.hpp"
#include "creditflow/cycle/clocking.hpp"
#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/protocol_errors.hpp"
#include "creditflow/core/loop_terms.hpp"
#include "creditflow/core/report_figures.hpp"
#include "creditflow/monitor/loop_participant.hpp"

namespace creditflow::cycle {

template <class T = core::Flit>
class CreditSender : public sc_core::sc_module, public monitor::LoopParticipant {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_in<bool> in_valid{"in_valid"};
  sc_core::sc_in<T> in_flit{"in_flit"};
  sc_core::sc_out<bool> in_ready{"in_ready"};
  sc_core::sc_out<bool> out_valid{"out_valid"};
  sc_core::sc_out<T> out_flit{"out_flit"};
  sc_core::sc_in<bool> credit_in{"credit_in"};

  SC_HAS_PROCESS(CreditSender);
  CreditSender(sc_core::sc_module_name name, std::int64_t credits)
      : sc_core::sc_module(name), core_(credits, this->name()) {
    SC_METHOD(on_edge);
    sensitive << clk.pos();
    dont_initialize();
    SC_METHOD(drive);
    sensitive << in_valid << in_flit << decided_;
    in_ready.initialize(core_.can_send());
  }

  const core::SenderCore& core() const { return core_; }

  void contribute(core::LoopState& s) const override { core::add_terms(s, core_, in_valid.read()); }
  void add_figures(core::LinkReport& r) const override { core::add_sender_figures(r, core_); }

 private:
  void on_edge() {
    if (opening_edge()) return;
    report_protocol_errors([&] { core_.advance(in_valid.read(), credit_in.read()); });
    in_ready.write(core_.can_send());
    decided_.notify(sc_core::SC_ZERO_TIME);  // credits changed: drive again
  }

  void drive() {
    const bool send = core_.will_send(in_valid.read());
    out_valid.write(send);
    if (send) {
      T flit = in_flit.read();
      core::stamp_sent(flit, core_.now());
      out_flit.write(flit);
    }
  }

  core::SenderCore core_;
  sc_core::sc_event decided_;
};

}  // namespace creditflow::cycle
