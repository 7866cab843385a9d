// Flits into another clock domain, for a buffer in the receiver's domain (SPEC section 3).
// clk is the sender's side: a flit on in_valid/in_flit is written at the edge closing the
// cycle. to_clk is the receiver's side: out_valid/out_flit during a cycle is the next
// flit whose Gray-coded count has passed the synchronizer, one per cycle.
#pragma once
#include <cstdint>
#include <systemc>

#include "creditflow/core/flit_crossing.hpp"
#include "creditflow/core/seed.hpp"
#include "creditflow/cycle/clocking.hpp"
#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/core/loop_terms.hpp"
#include "creditflow/monitor/loop_participant.hpp"

namespace creditflow::cycle {

template <class T = core::Flit>
class FlitCrossing : public sc_core::sc_module, public monitor::LoopParticipant {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_in<bool> to_clk{"to_clk"};
  sc_core::sc_in<bool> in_valid{"in_valid"};
  sc_core::sc_in<T> in_flit{"in_flit"};
  sc_core::sc_out<bool> out_valid{"out_valid"};
  sc_core::sc_out<T> out_flit{"out_flit"};

  SC_HAS_PROCESS(FlitCrossing);
  FlitCrossing(sc_core::sc_module_name name, std::int64_t sync_stages, double uncertainty, std::uint64_t run_seed = 1)
      : sc_core::sc_module(name),
        core_(sync_stages, uncertainty, core::derive_seed(run_seed, this->name()), this->name()) {
    SC_METHOD(on_source);
    sensitive << clk.pos();
    dont_initialize();
    SC_METHOD(on_dest);
    sensitive << to_clk.pos();
    dont_initialize();
  }

  void contribute(core::LoopState& s) const override { core::add_terms(s, core_); }

 private:
  void on_source() {
    if (opening_edge()) return;
    core_.source_edge(in_valid.read(), in_flit.read());
    wire_.write(core_.wire());
  }
  void on_dest() {
    if (opening_edge()) return;
    core_.dest_edge(wire_.read());
    out_valid.write(core_.out_valid());
    if (core_.out_valid()) out_flit.write(core_.out_flit());
  }

  core::FlitCrossing<T> core_;
  sc_core::sc_signal<std::uint64_t> wire_{"wire"};
};

}  // namespace creditflow::cycle
