// Credits back across a clock boundary (SPEC section 3) in one of three forms: "gray" (a
// Gray-coded count), "toggle" (a two-phase toggle per credit, acknowledged) or "pulse"
// (a single-cycle pulse per credit through two flops: unsafe, it loses credits). clk is
// the receiver's side, where a credit on credit_in is taken at the edge closing its cycle;
// to_clk is the sender's, where credit_out is high for one cycle per credit recognized.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <systemc>

#include "creditflow/core/credit_crossing.hpp"
#include "creditflow/core/seed.hpp"
#include "creditflow/cycle/clocking.hpp"
#include "creditflow/core/loop_terms.hpp"
#include "creditflow/monitor/loop_participant.hpp"

namespace creditflow::cycle {

class CreditCrossing : public sc_core::sc_module, public monitor::LoopParticipant {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_in<bool> to_clk{"to_clk"};
  sc_core::sc_in<bool> credit_in{"credit_in"};
  sc_core::sc_out<bool> credit_out{"credit_out"};

  SC_HAS_PROCESS(CreditCrossing);
  CreditCrossing(sc_core::sc_module_name name, const std::string& form, const core::CrossingParams& params,
                 std::uint64_t run_seed = 1)
      : sc_core::sc_module(name),
        core_(core::make_crossing(form, params, core::derive_seed(run_seed, this->name()), this->name())) {
    SC_METHOD(on_source);
    sensitive << clk.pos();
    dont_initialize();
    SC_METHOD(on_dest);
    sensitive << to_clk.pos();
    dont_initialize();
  }

  const core::CreditCrossing& core() const { return *core_; }
  // Fault injection (core::CreditCrossing::upset): before the simulation starts.
  void upset(std::uint64_t at, unsigned bit) { core_->upset(at, bit); }
  void contribute(core::LoopState& s) const override { core::add_terms(s, *core_); }

 private:
  void on_source() {
    if (opening_edge()) return;
    core_->source_edge(credit_in.read(), back_wire_.read());
    wire_.write(core_->wire());
  }
  void on_dest() {
    if (opening_edge()) return;
    core_->dest_edge(wire_.read());
    back_wire_.write(core_->back_wire());
    credit_out.write(core_->credit_out());
  }

  std::unique_ptr<core::CreditCrossing> core_;
  sc_core::sc_signal<std::uint64_t> wire_{"wire"}, back_wire_{"back_wire"};
};

}  // namespace creditflow::cycle
