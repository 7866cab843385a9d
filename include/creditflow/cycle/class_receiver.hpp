// Multi-class receiver (SPEC section 4): a buffer and a consumer per class, each consumer
// on its own drain schedule. Timing: credit_out during t carries what the consumers pop
// in t, from the buffers at the start of t and, for a bypass receiver, the packet
// arriving in t (combinational); arrivals and pops take effect at the edge closing t.
#pragma once
#include <systemc>

#include "creditflow/core/class_link_core.hpp"
#include "creditflow/cycle/class_trace.hpp"
#include "creditflow/cycle/clocking.hpp"
#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/protocol_errors.hpp"
#include "creditflow/core/loop_terms.hpp"
#include "creditflow/monitor/loop_participant.hpp"

namespace creditflow::cycle {

class ClassReceiver : public sc_core::sc_module, public monitor::LoopParticipant {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_in<bool> in_valid{"in_valid"};
  sc_core::sc_in<core::Flit> in_flit{"in_flit"};
  sc_core::sc_out<core::ClassCredits> credit_out{"credit_out"};

  SC_HAS_PROCESS(ClassReceiver);
  ClassReceiver(sc_core::sc_module_name name, std::vector<std::string> classes, const core::ClassPoolSpec& pools,
                std::vector<core::DrainSpec> drains, bool bypass, std::uint64_t run_seed = 1)
      : sc_core::sc_module(name),
        core_(std::move(classes), pools, std::move(drains), bypass, run_seed, this->name()) {
    SC_METHOD(on_edge);
    sensitive << clk.pos();
    dont_initialize();
    SC_METHOD(drive);
    sensitive << in_valid << in_flit << advanced_;
  }

  const core::ClassReceiverCore& core() const { return core_; }
  void measure_from(core::Cycle start) { core_.measure_from(start); }

  void contribute(core::LoopState& s) const override { core::add_terms(s, core_); }

 private:
  void on_edge() {
    if (opening_edge()) return;
    report_protocol_errors([&] { core_.advance(in_valid.read(), in_flit.read()); });
    advanced_.notify(sc_core::SC_ZERO_TIME);  // new buffers and schedule: drive again
  }
  void drive() { credit_out.write(core_.pops(in_valid.read(), in_flit.read())); }

  core::ClassReceiverCore core_;
  sc_core::sc_event advanced_;
};

}  // namespace creditflow::cycle
