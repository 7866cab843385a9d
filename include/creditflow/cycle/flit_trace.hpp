// sc_trace for the default flit and a network's, so either can sit in an sc_signal and
// appear in a VCD.
// It lives in the flit's namespace because sc_signal finds sc_trace by argument lookup.
#pragma once
#include <string>
#include <systemc>

#include "creditflow/core/flit.hpp"
#include "creditflow/noc/noc_flit.hpp"

namespace creditflow::core {

template <class Payload>
void sc_trace(sc_core::sc_trace_file* tf, const BasicFlit<Payload>& flit, const std::string& name) {
  sc_core::sc_trace(tf, flit.id, name + ".id");
  sc_core::sc_trace(tf, flit.traffic_class, name + ".traffic_class");
  sc_core::sc_trace(tf, flit.created, name + ".created");
  sc_core::sc_trace(tf, flit.sent, name + ".sent");
  sc_core::sc_trace(tf, flit.data_units, name + ".data_units");
  sc_core::sc_trace(tf, flit.source, name + ".source");
  sc_core::sc_trace(tf, flit.destination, name + ".destination");
  sc_core::sc_trace(tf, flit.head, name + ".head");
  sc_core::sc_trace(tf, flit.tail, name + ".tail");
  using sc_core::sc_trace;  // a user's payload type brings its own, found by argument lookup
  sc_trace(tf, flit.payload, name + ".payload");
}

}  // namespace creditflow::core

namespace creditflow::noc {

inline void sc_trace(sc_core::sc_trace_file* tf, const NocFlit& flit, const std::string& name) {
  sc_core::sc_trace(tf, flit.packet, name + ".packet");
  sc_core::sc_trace(tf, flit.source, name + ".source");
  sc_core::sc_trace(tf, flit.destination, name + ".destination");
  sc_core::sc_trace(tf, flit.vc, name + ".vc");
  sc_core::sc_trace(tf, flit.head, name + ".head");
  sc_core::sc_trace(tf, flit.tail, name + ".tail");
}

}  // namespace creditflow::noc
