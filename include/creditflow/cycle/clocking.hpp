// How the cycle view maps SystemC time onto cycles.
//
// Cycle 0 is the reset state. Every clocked process advances its state at each rising
// edge, which closes the current cycle, except an edge at time zero: sc_clock's default
// rising edge at t = 0 opens cycle 0 rather than closing one. So a clock with its first
// rising edge at 0 and one whose first rising edge comes later give the same cycles.
#pragma once
#include <systemc>

namespace creditflow::cycle {

inline bool opening_edge() { return sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME; }

// The same question for a process that wants to ask the kernel only once: only its first
// rising edge can be at time zero.
class EdgeCount {
 public:
  bool opening() {
    if (seen_) return false;
    seen_ = true;
    return opening_edge();
  }

 private:
  bool seen_ = false;
};

// An output port that may be left unbound (e.g. a receiver's popped-flit output when
// nothing downstream consumes it). Write through write_if_bound().
template <class T>
using optional_out = sc_core::sc_port<sc_core::sc_signal_inout_if<T>, 1, sc_core::SC_ZERO_OR_MORE_BOUND>;

template <class T>
void write_if_bound(optional_out<T>& port, const T& value) {
  if (port.size() != 0) port->write(value);
}

}  // namespace creditflow::cycle
