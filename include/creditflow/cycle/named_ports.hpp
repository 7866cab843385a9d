// The port names of the hand-wired modules, by group: a module that is a cycle::Shell
// derives from the groups of its ports, so `tx.in_valid` is the shell's port of that name.
#pragma once
#include <systemc>

#include "creditflow/cycle/clocking.hpp"
#include "creditflow/cycle/shell.hpp"

namespace creditflow::cycle {

// A stream input: in_valid, in_flit in, in_ready out.
template <class T>
struct InStream {
  explicit InStream(Pins<T>& p)
      : in_valid(p.valid_in.required()), in_flit(p.flit_in.required()), in_ready(p.ready_out.required()) {}
  sc_core::sc_in<bool>& in_valid;
  sc_core::sc_in<T>& in_flit;
  sc_core::sc_out<bool>& in_ready;
};

// A flow input (no ready: credits guarantee room): in_valid, in_flit.
template <class T>
struct InFlow {
  explicit InFlow(Pins<T>& p) : in_valid(p.valid_in.required()), in_flit(p.flit_in.required()) {}
  sc_core::sc_in<bool>& in_valid;
  sc_core::sc_in<T>& in_flit;
};

// A stream output: out_valid, out_flit out, out_ready in.
template <class T>
struct OutStream {
  explicit OutStream(Pins<T>& p)
      : out_valid(p.valid_out.required()), out_flit(p.flit_out.required()), out_ready(p.ready_in.required()) {}
  sc_core::sc_out<bool>& out_valid;
  sc_core::sc_out<T>& out_flit;
  sc_core::sc_in<bool>& out_ready;
};

// A flow output: out_valid, out_flit.
template <class T>
struct OutFlow {
  explicit OutFlow(Pins<T>& p) : out_valid(p.valid_out.required()), out_flit(p.flit_out.required()) {}
  sc_core::sc_out<bool>& out_valid;
  sc_core::sc_out<T>& out_flit;
};

// A flow output that may be left unbound: what a buffer pops, for whatever consumes it.
template <class T>
struct OptionalOutFlow {
  explicit OptionalOutFlow(Pins<T>& p) : out_valid(p.valid_out.optional()), out_flit(p.flit_out.optional()) {}
  optional_out<bool>& out_valid;
  optional_out<T>& out_flit;
};

}  // namespace creditflow::cycle
