// Credit-counting source (SPEC section 2): offers flits by a pattern and sends only with a
// credit, returned through `return_delay` registers from a sink's `popped`; it never
// reads out_ready (the port exists so it plugs into any ready/valid sink). Timing:
// out_valid during t is has_data(t) && credits(t) > 0, registered; a credit on credit_in
// during t is counted at the edge closing t + R.
#pragma once
#include <cstdint>
#include <systemc>

#include "creditflow/core/credit_source_core.hpp"
#include "creditflow/core/seed.hpp"
#include "creditflow/cycle/clocking.hpp"
#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/protocol_errors.hpp"
#include "creditflow/core/loop_terms.hpp"
#include "creditflow/monitor/loop_participant.hpp"

namespace creditflow::cycle {

template <class T = core::Flit>
class CreditSource : public sc_core::sc_module, public monitor::LoopParticipant {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_out<bool> out_valid{"out_valid"};
  sc_core::sc_out<T> out_flit{"out_flit"};
  sc_core::sc_in<bool> out_ready{"out_ready"};  // deliberately never read
  sc_core::sc_in<bool> credit_in{"credit_in"};

  SC_HAS_PROCESS(CreditSource);
  CreditSource(sc_core::sc_module_name name, const core::CreditSourceParams& params, std::uint64_t run_seed = 1)
      : sc_core::sc_module(name), core_(params, core::derive_seed(run_seed, this->name()), this->name()) {
    SC_METHOD(on_edge);
    sensitive << clk.pos();
    dont_initialize();
    out_valid.initialize(core_.will_send());
    if (core_.will_send()) out_flit.initialize(stamped());
  }

  const core::CreditSourceCore<T>& core() const { return core_; }

  void contribute(core::LoopState& s) const override { core::add_terms(s, core_); }

 private:
  T stamped() const {
    T flit = core_.head();
    core::stamp_sent(flit, core_.now());
    return flit;
  }

  void on_edge() {
    if (opening_edge()) return;
    report_protocol_errors([&] { core_.advance(credit_in.read()); });
    out_valid.write(core_.will_send());
    if (core_.will_send()) out_flit.write(stamped());
  }

  core::CreditSourceCore<T> core_;
};

}  // namespace creditflow::cycle
