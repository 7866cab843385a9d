// Traffic source: offers flits on a valid/ready interface by a pattern (saturating, every
// k cycles, bursts, Bernoulli). Timing: out_valid/out_flit during cycle t are the head of
// its queue at the start of t; the head leaves at the edge closing t if out_ready was high.
#pragma once
#include <cstdint>
#include <systemc>

#include "creditflow/core/seed.hpp"
#include "creditflow/core/source_core.hpp"
#include "creditflow/cycle/clocking.hpp"
#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/core/loop_terms.hpp"
#include "creditflow/monitor/loop_participant.hpp"

namespace creditflow::cycle {

template <class T = core::Flit>
class TrafficSource : public sc_core::sc_module, public monitor::LoopParticipant {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_out<bool> out_valid{"out_valid"};
  sc_core::sc_out<T> out_flit{"out_flit"};
  sc_core::sc_in<bool> out_ready{"out_ready"};

  SC_HAS_PROCESS(TrafficSource);
  TrafficSource(sc_core::sc_module_name name, const core::SourceParams& params,
                std::uint64_t run_seed = 1)
      : sc_core::sc_module(name),
        core_(params, core::derive_seed(run_seed, this->name()), this->name()) {
    SC_METHOD(on_edge);
    sensitive << clk.pos();
    dont_initialize();
    out_valid.initialize(core_.has_data());
    if (core_.has_data()) out_flit.initialize(core_.head());
  }

  const core::SourceCore<T>& core() const { return core_; }

  // On a ready/valid link (no credits): what left the source, and whether it is held now.
  void contribute(core::LoopState& s) const override { core::add_terms(s, core_, out_ready.read()); }

 private:
  void on_edge() {
    if (opening_edge()) return;
    core_.advance(core_.has_data() && out_ready.read());
    out_valid.write(core_.has_data());
    if (core_.has_data()) out_flit.write(core_.head());
  }

  core::SourceCore<T> core_;
};

}  // namespace creditflow::cycle
