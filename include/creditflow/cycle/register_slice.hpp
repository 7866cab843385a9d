// Register slice: a 1- or 2-entry FIFO between two ready/valid streams, both sides
// registered, so backpressure walks upstream one stage per cycle. Timing: out_valid and
// out_flit during t are the head at the start of t; in_ready during t is count(t) < entries.
#pragma once
#include <cstdint>
#include <systemc>

#include "creditflow/core/slice_core.hpp"
#include "creditflow/cycle/clocking.hpp"
#include "creditflow/cycle/flit_trace.hpp"

namespace creditflow::cycle {

template <class T = core::Flit>
class RegisterSlice : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_in<bool> in_valid{"in_valid"};
  sc_core::sc_in<T> in_flit{"in_flit"};
  sc_core::sc_out<bool> in_ready{"in_ready"};
  sc_core::sc_out<bool> out_valid{"out_valid"};
  sc_core::sc_out<T> out_flit{"out_flit"};
  sc_core::sc_in<bool> out_ready{"out_ready"};

  SC_HAS_PROCESS(RegisterSlice);
  RegisterSlice(sc_core::sc_module_name name, std::int64_t entries = 2)
      : sc_core::sc_module(name), core_(entries, this->name()) {
    SC_METHOD(on_edge);
    sensitive << clk.pos();
    dont_initialize();
    in_ready.initialize(true);
  }

  const core::SliceCore<T>& core() const { return core_; }

 private:
  void on_edge() {
    if (opening_edge()) return;
    core_.advance(in_valid.read(), in_flit.read(), out_ready.read());
    in_ready.write(core_.in_ready());
    out_valid.write(core_.out_valid());
    if (core_.out_valid()) out_flit.write(core_.out_flit());
  }

  core::SliceCore<T> core_;
};

}  // namespace creditflow::cycle
