// Asynchronous FIFO between two clock domains (SPEC section 3). The write side runs on
// wr_clk: in_ready during a writer cycle is "not full", i.e. the writer holds a credit,
// and a beat offered with in_ready high is written at the edge closing the cycle. The read
// side runs on rd_clk: out_valid/out_flit during a reader cycle is the beat popped in it.
// The pointers cross as Gray codes on signals, so neither side reads the other's state.
#pragma once
#include <cstdint>
#include <systemc>

#include "creditflow/core/async_fifo_core.hpp"
#include "creditflow/core/seed.hpp"
#include "creditflow/cycle/clocking.hpp"
#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/protocol_errors.hpp"
#include "creditflow/core/loop_terms.hpp"
#include "creditflow/monitor/loop_participant.hpp"

namespace creditflow::cycle {

template <class T = core::Flit>
class AsyncFifo : public sc_core::sc_module, public monitor::LoopParticipant {
 public:
  sc_core::sc_in<bool> wr_clk{"wr_clk"};
  sc_core::sc_in<bool> rd_clk{"rd_clk"};
  sc_core::sc_in<bool> in_valid{"in_valid"};
  sc_core::sc_in<T> in_flit{"in_flit"};
  sc_core::sc_out<bool> in_ready{"in_ready"};
  optional_out<bool> out_valid{"out_valid"};
  optional_out<T> out_flit{"out_flit"};

  SC_HAS_PROCESS(AsyncFifo);
  AsyncFifo(sc_core::sc_module_name name, const core::AsyncFifoParams& params, std::uint64_t run_seed = 1)
      : sc_core::sc_module(name), core_(params, core::derive_seed(run_seed, this->name()), this->name()) {
    SC_METHOD(on_write);
    sensitive << wr_clk.pos();
    dont_initialize();
    SC_METHOD(on_read);
    sensitive << rd_clk.pos();
    dont_initialize();
    in_ready.initialize(core_.can_write());
  }

  const core::AsyncFifoCore<T>& core() const { return core_; }
  void measure_from(core::Cycle reader_cycle) { core_.measure_from(reader_cycle); }
  // The writer's clock and the reader's: creation to pop across both in ps.
  void set_clocks(const core::ClockPair& clocks) { core_.set_clocks(clocks); }

  void contribute(core::LoopState& s) const override { core::add_terms(s, core_, in_valid.read()); }

 private:
  void on_write() {
    if (opening_edge()) return;
    report_protocol_errors([&] { core_.write_edge(in_valid.read(), in_flit.read(), read_gray_.read()); });
    write_gray_.write(core_.write_gray());
    in_ready.write(core_.can_write());
  }

  void on_read() {
    if (opening_edge()) return;
    core_.read_edge(write_gray_.read());
    read_gray_.write(core_.read_gray());
    write_if_bound(out_valid, core_.will_pop());
    if (core_.will_pop()) write_if_bound(out_flit, core_.head());
  }

  core::AsyncFifoCore<T> core_;
  sc_core::sc_signal<std::uint64_t> write_gray_{"write_gray"}, read_gray_{"read_gray"};
};

}  // namespace creditflow::cycle
