// Turns a core ProtocolError (credit overflow, buffer overflow) raised inside a clocked
// process into a SystemC error report, so it reaches the user like any SystemC error.
#pragma once
#include <systemc>

#include "creditflow/core/error.hpp"

namespace creditflow::cycle {

inline constexpr const char* protocol_msg_type = "creditflow/protocol";

template <class F>
void report_protocol_errors(F&& step) {
  try {
    step();
  } catch (const ProtocolError& e) {
    SC_REPORT_ERROR(protocol_msg_type, e.what());
  }
}

}  // namespace creditflow::cycle
