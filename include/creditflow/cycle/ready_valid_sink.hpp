// Ready/valid sink (SPEC section 2): a FIFO of `depth` beats drained by a scheduled
// consumer, in backpressure mode (in_ready = !full) or lossy (in_ready always high, beats
// meeting a full FIFO dropped and counted). Timing: in_ready during t comes from the
// count at the start of t; the beat is stored at the edge closing t; `popped` is high in
// the cycle after each pop, the credit a credit-counting source gets back.
#pragma once
#include <cstdint>
#include <systemc>

#include "creditflow/core/seed.hpp"
#include "creditflow/core/sink_core.hpp"
#include "creditflow/cycle/clocking.hpp"
#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/core/loop_terms.hpp"
#include "creditflow/monitor/loop_participant.hpp"

namespace creditflow::cycle {

template <class T = core::Flit>
class ReadyValidSink : public sc_core::sc_module, public monitor::LoopParticipant {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_in<bool> in_valid{"in_valid"};
  sc_core::sc_in<T> in_flit{"in_flit"};
  sc_core::sc_out<bool> in_ready{"in_ready"};
  optional_out<bool> popped{"popped"};
  optional_out<bool> out_valid{"out_valid"};  // the beat popped this cycle
  optional_out<T> out_flit{"out_flit"};

  SC_HAS_PROCESS(ReadyValidSink);
  ReadyValidSink(sc_core::sc_module_name name, const core::SinkParams& params, std::uint64_t run_seed = 1)
      : sc_core::sc_module(name), core_(params, core::derive_seed(run_seed, this->name()), this->name()) {
    SC_METHOD(on_edge);
    sensitive << clk.pos();
    dont_initialize();
    in_ready.initialize(core_.ready());
  }

  const core::SinkCore<T>& core() const { return core_; }
  void measure_from(core::Cycle start) { core_.measure_from(start); }
  void list_creations(bool on) { core_.list_creations(on); }

  void contribute(core::LoopState& s) const override { core::add_terms(s, core_); }

 private:
  void on_edge() {
    if (opening_edge()) return;
    core_.advance(in_valid.read(), in_flit.read());
    in_ready.write(core_.ready());
    write_if_bound(popped, core_.popped_register());
    write_if_bound(out_valid, core_.will_pop());
    if (core_.will_pop()) write_if_bound(out_flit, core_.head());
  }

  core::SinkCore<T> core_;
};

}  // namespace creditflow::cycle
