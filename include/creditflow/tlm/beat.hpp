// What a credit link carries for TLM-2.0 transactions: a header beat (command, address,
// length, tag) followed by data beats of up to 8 bytes each; responses travel the same
// way back (a response header with the status, then read data).
#pragma once
#include <cstdint>
#include <ostream>
#include <string>
#include <systemc>

#include "creditflow/core/flit.hpp"

namespace creditflow::tlm_bridge {

struct TlmBeat {
  enum Kind : std::uint8_t { request = 0, data = 1, response = 2 };
  std::uint8_t kind = request;
  std::uint8_t write = 0;   // request: 1 for a write, 0 for a read
  std::uint8_t status = 0;  // response: 1 when the target answered OK
  std::uint8_t bytes = 0;   // data: valid bytes in `value`, low first
  std::uint32_t length = 0; // request and response: the transaction's length in bytes
  std::uint32_t tag = 0;    // pairs a response with its request
  std::uint64_t address = 0;
  std::uint64_t value = 0;  // data: up to 8 bytes

  friend bool operator==(const TlmBeat& a, const TlmBeat& b) {
    return a.kind == b.kind && a.write == b.write && a.status == b.status && a.bytes == b.bytes &&
           a.length == b.length && a.tag == b.tag && a.address == b.address && a.value == b.value;
  }
  friend std::ostream& operator<<(std::ostream& os, const TlmBeat& b) {
    return os << "beat{kind=" << int(b.kind) << " tag=" << b.tag << " addr=" << b.address << " len=" << b.length
              << " value=" << b.value << "}";
  }
};

inline void sc_trace(sc_core::sc_trace_file* tf, const TlmBeat& b, const std::string& name) {
  sc_core::sc_trace(tf, b.kind, name + ".kind");
  sc_core::sc_trace(tf, b.tag, name + ".tag");
  sc_core::sc_trace(tf, b.address, name + ".address");
  sc_core::sc_trace(tf, b.value, name + ".value");
}

using TlmFlit = core::BasicFlit<TlmBeat>;

}  // namespace creditflow::tlm_bridge
