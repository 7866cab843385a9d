// sc_trace for per-class credit counts, so a multi-class link's credit channel can sit in
// an sc_signal and a VCD (one trace per class and credit type).
#pragma once
#include <string>
#include <systemc>

#include "creditflow/core/class_credits.hpp"

namespace creditflow::core {

inline void sc_trace(sc_core::sc_trace_file* tf, const ClassCredits& c, const std::string& name) {
  for (std::size_t i = 0; i < max_classes; ++i) {
    sc_core::sc_trace(tf, c.header[i], name + ".header" + std::to_string(i));
    sc_core::sc_trace(tf, c.data[i], name + ".data" + std::to_string(i));
  }
}

}  // namespace creditflow::core
