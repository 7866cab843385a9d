// A verilated RTL credit receiver in place of the model's CreditReceiver, on the same
// sc_signal ports (clk, in_valid, in_flit, credit_out), so the model sender and link
// drive it unchanged. `V` is the class Verilator generates with --sc from RTL with these
// ports (rtl/credit_receiver.sv is one):
//   input  clk, rst_n (asynchronous, active low), in_valid, in_data[63:0] (the flit's id),
//          drain_en (the consumer may pop this cycle)
//   output credit_out and out_valid (a pop this cycle, decided from registers and
//          drain_en), out_data[63:0], count[31:0] (occupancy), overflow (sticky error)
// Outputs must be functions of registers and drain_en only; registers change at clk's
// rising edge. The RTL is held in reset until clk's first falling edge, so a rising edge
// at time zero, which opens cycle 0 in the models, does not clock it either.
#pragma once
#include <cstdint>
#include <systemc>

#include "creditflow/core/drain_schedule.hpp"
#include "creditflow/core/seed.hpp"
#include "creditflow/cycle/clocking.hpp"
#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/protocol_errors.hpp"
#include "creditflow/monitor/loop_participant.hpp"

namespace creditflow::cycle {

template <class V>
class RtlCreditReceiver : public sc_core::sc_module, public monitor::LoopParticipant {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_in<bool> in_valid{"in_valid"};
  sc_core::sc_in<core::Flit> in_flit{"in_flit"};
  sc_core::sc_out<bool> credit_out{"credit_out"};

  SC_HAS_PROCESS(RtlCreditReceiver);
  RtlCreditReceiver(sc_core::sc_module_name name, const core::DrainSpec& drain, std::uint64_t run_seed = 1)
      : sc_core::sc_module(name), rtl_("rtl"), drain_(drain, core::derive_seed(run_seed, this->name()), this->name()) {
    rtl_.clk(clk);
    rtl_.rst_n(rst_n_);
    rtl_.in_valid(in_valid);
    rtl_.in_data(in_data_);
    rtl_.drain_en(drain_en_);
    rtl_.credit_out(credit_out);
    rtl_.out_valid(out_valid_);
    rtl_.out_data(out_data_);
    rtl_.count(count_);
    rtl_.overflow(overflow_);
    SC_METHOD(convert);
    sensitive << in_flit;
    SC_METHOD(on_edge);
    sensitive << clk.pos();
    dont_initialize();
    SC_THREAD(release_reset);
    drain_en_.write(drain_.allows(0));
  }

  // The beat popped in the current cycle (valid when a credit is returned).
  std::uint64_t out_data() const { return out_data_.read(); }
  std::uint64_t popped() const { return popped_; }

  void contribute(core::LoopState& s) const override {
    s.receiver_occupancy += count_.read();
    s.popped += popped_;
    s.receiver_popping = s.receiver_popping || out_valid_.read();
  }

 private:
  void convert() { in_data_.write(in_flit.read().id); }

  void release_reset() {
    wait(clk.negedge_event());
    rst_n_.write(true);
  }

  void on_edge() {
    if (opening_edge()) return;
    popped_ += out_valid_.read() ? 1 : 0;  // the pop of the cycle this edge closes
    if (overflow_.read())
      report_protocol_errors([&] { throw ProtocolError(std::string(name()) + ": the RTL buffer overflowed"); });
    drain_en_.write(drain_.allows(++now_));
  }

  V rtl_;
  core::DrainSchedule drain_;
  sc_core::sc_signal<bool> rst_n_{"rst_n", false}, drain_en_{"drain_en"}, out_valid_{"out_valid"}, overflow_{"overflow"};
  sc_core::sc_signal<std::uint64_t> in_data_{"in_data"}, out_data_{"out_data"};
  sc_core::sc_signal<std::uint32_t> count_{"count"};
  core::Cycle now_ = 0;
  std::uint64_t popped_ = 0;
};

}  // namespace creditflow::cycle
