// Fault injection on a wire (core/fault_injection.hpp), as zero-latency modules to put on
// a credit return path (CreditFault: drops or duplicates credits) or a flit path
// (FlitFault: flips a payload bit). Both are combinational: the output during a cycle is
// the input of that cycle as the fault owed at its start changes it.
#pragma once
#include <systemc>

#include "creditflow/core/fault_injection.hpp"
#include "creditflow/cycle/clocking.hpp"
#include "creditflow/cycle/flit_trace.hpp"

namespace creditflow::cycle {

class CreditFault : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_in<bool> credit_in{"credit_in"};
  sc_core::sc_out<bool> credit_out{"credit_out"};

  SC_HAS_PROCESS(CreditFault);
  CreditFault(sc_core::sc_module_name name, core::CreditFaultCore core) : sc_core::sc_module(name), core_(core) {
    SC_METHOD(on_edge);
    sensitive << clk.pos();
    dont_initialize();
    SC_METHOD(drive);
    sensitive << credit_in << advanced_;
  }
  const core::CreditFaultCore& core() const { return core_; }

 private:
  void on_edge() {
    if (edges_.opening()) return;
    core_.edge(credit_in.read());
    advanced_.notify(sc_core::SC_ZERO_TIME);
  }
  void drive() { credit_out.write(core_.out(credit_in.read())); }

  core::CreditFaultCore core_;
  EdgeCount edges_;
  sc_core::sc_event advanced_;
};

template <class T = core::Flit>
class FlitFault : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_in<bool> in_valid{"in_valid"};
  sc_core::sc_in<T> in_flit{"in_flit"};
  sc_core::sc_out<bool> out_valid{"out_valid"};
  sc_core::sc_out<T> out_flit{"out_flit"};

  SC_HAS_PROCESS(FlitFault);
  FlitFault(sc_core::sc_module_name name, core::FlitFaultCore<T> core) : sc_core::sc_module(name), core_(core) {
    SC_METHOD(on_edge);
    sensitive << clk.pos();
    dont_initialize();
    SC_METHOD(drive);
    sensitive << in_valid << in_flit << advanced_;
  }
  const core::FlitFaultCore<T>& core() const { return core_; }

 private:
  void on_edge() {
    if (edges_.opening()) return;
    core_.edge(in_valid.read());
    advanced_.notify(sc_core::SC_ZERO_TIME);
  }
  void drive() {
    out_valid.write(in_valid.read());
    if (in_valid.read()) out_flit.write(core_.out(true, in_flit.read()));
  }

  core::FlitFaultCore<T> core_;
  EdgeCount edges_;
  sc_core::sc_event advanced_;
};

}  // namespace creditflow::cycle
