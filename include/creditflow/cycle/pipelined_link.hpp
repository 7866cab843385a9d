// Pipelined link: Lf forward stages for flits, Lr return stages for credits (each >= 0).
// Timing: out_valid/out_flit during t are what entered in_* during t - Lf; credit_out
// during t is credit_in during t - Lr. A zero-stage direction is a combinational wire.
// One module for every link core: PipelinedLink carries one credit per pulse
// (core::LinkCore), ClassLink (cycle/class_link.hpp) each cycle's per-class credits.
#pragma once
#include <systemc>

#include "creditflow/core/link_core.hpp"
#include "creditflow/core/loop_terms.hpp"
#include "creditflow/core/report_figures.hpp"
#include "creditflow/cycle/clocking.hpp"
#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/protocol_errors.hpp"
#include "creditflow/monitor/loop_participant.hpp"

namespace creditflow::cycle {

template <class Core, class T, class Credit>
class BasicPipelinedLink : public sc_core::sc_module, public monitor::LoopParticipant {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_in<bool> in_valid{"in_valid"};
  sc_core::sc_in<T> in_flit{"in_flit"};
  sc_core::sc_out<bool> out_valid{"out_valid"};
  sc_core::sc_out<T> out_flit{"out_flit"};
  sc_core::sc_in<Credit> credit_in{"credit_in"};    // from the receiver
  sc_core::sc_out<Credit> credit_out{"credit_out"};  // to the sender

  SC_HAS_PROCESS(BasicPipelinedLink);
  BasicPipelinedLink(sc_core::sc_module_name name, const core::LinkParams& params)
      : sc_core::sc_module(name), core_(params, this->name()), params_(params) {
    if (!core_.forward_is_wire() || !core_.credit_is_wire()) {
      SC_METHOD(on_edge);
      sensitive << clk.pos();
      dont_initialize();
    }
    if (core_.forward_is_wire()) {
      SC_METHOD(forward_wire);
      sensitive << in_valid << in_flit;
    }
    if (core_.credit_is_wire()) {
      SC_METHOD(credit_wire);
      sensitive << credit_in;
    }
  }

  const Core& core() const { return core_; }

  void contribute(core::LoopState& s) const override { core::add_terms(s, core_); }
  void add_figures(core::LinkReport& r) const override { core::add_link_figures(r, params_); }

 private:
  void on_edge() {
    if (opening_edge()) return;
    report_protocol_errors([&] { core_.advance(in_valid.read(), in_flit.read(), credit_in.read()); });
    if (!core_.forward_is_wire()) {
      out_valid.write(core_.arrive_valid());
      if (core_.arrive_valid()) out_flit.write(core_.arrive_flit());
    }
    if (!core_.credit_is_wire()) credit_out.write(core_.credit_out());
  }

  void forward_wire() {
    out_valid.write(in_valid.read());
    if (in_valid.read()) out_flit.write(in_flit.read());
  }

  void credit_wire() { credit_out.write(credit_in.read()); }

  Core core_;
  core::LinkParams params_;
};

// A credit loop's link: one credit per pulse on credit_in/credit_out.
template <class T = core::Flit>
using PipelinedLink = BasicPipelinedLink<core::LinkCore<T>, T, bool>;

}  // namespace creditflow::cycle
