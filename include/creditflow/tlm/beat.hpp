// What a credit link carries for TLM-2.0 transactions: a header beat (command, address,
// length, streaming width, tag, whether byte enables follow) followed by data beats of up
// to `max_width` bytes each, every byte with its enable bit; responses travel the same way
// back (a response header with the target's status, then read data).
#pragma once
#include <array>
#include <cstdint>
#include <ostream>
#include <string>
#include <algorithm>
#include <cstring>
#include <systemc>
#include <tlm>
#include <vector>

#include "creditflow/core/error.hpp"
#include "creditflow/core/flit.hpp"

namespace creditflow::tlm_bridge {

struct TlmBeat {
  static constexpr std::size_t max_width = 64;  // bytes per data beat: bus widths up to 512 bits
  enum Kind : std::uint8_t { request = 0, data = 1, response = 2 };
  std::uint8_t kind = request;
  std::uint8_t write = 0;        // request: 1 for a write, 0 for a read
  std::uint8_t has_enables = 0;  // request: its data beats carry the initiator's byte enables
  std::int8_t status = 0;        // response: the target's tlm_response_status, as it is
  std::uint8_t bytes = 0;        // data: valid bytes in `lanes`, low first
  std::uint32_t length = 0;      // request and response: the transaction's length in bytes
  std::uint32_t streaming_width = 0;  // request: as the initiator set it
  std::uint32_t tag = 0;         // pairs a response with its request
  std::uint64_t address = 0;
  std::uint64_t enables = ~std::uint64_t{0};  // data: bit i set when byte i is enabled
  std::array<std::uint8_t, max_width> lanes{};  // data: the bytes, lane i = byte i of the beat

  friend bool operator==(const TlmBeat& a, const TlmBeat& b) {
    return a.kind == b.kind && a.write == b.write && a.has_enables == b.has_enables && a.status == b.status &&
           a.bytes == b.bytes && a.length == b.length && a.streaming_width == b.streaming_width && a.tag == b.tag &&
           a.address == b.address && a.enables == b.enables && a.lanes == b.lanes;
  }
  friend std::ostream& operator<<(std::ostream& os, const TlmBeat& b) {
    return os << "beat{kind=" << int(b.kind) << " tag=" << b.tag << " addr=" << b.address << " len=" << b.length
              << " bytes=" << int(b.bytes) << "}";
  }
};

inline void sc_trace(sc_core::sc_trace_file* tf, const TlmBeat& b, const std::string& name) {
  sc_core::sc_trace(tf, b.kind, name + ".kind");
  sc_core::sc_trace(tf, b.tag, name + ".tag");
  sc_core::sc_trace(tf, b.address, name + ".address");
  sc_core::sc_trace(tf, b.bytes, name + ".bytes");
  sc_core::sc_trace(tf, b.enables, name + ".enables");
}

using TlmFlit = core::BasicFlit<TlmBeat>;

// A bridge's bytes per data beat, checked: 1 to TlmBeat::max_width.
inline std::int64_t checked_width(std::int64_t width, const std::string& where) {
  check_range(where, "width", width, 1, static_cast<std::int64_t>(TlmBeat::max_width));
  return width;
}

// The data beats of a transaction's `length` bytes, `width` a beat: the bytes of `data`
// (none when null: a read's beats carry only its enables) and each byte's enable from
// `enables`, a TLM-2.0 byte-enable array of `enable_length` bytes repeated (null: all on).
inline std::vector<TlmBeat> data_beats(std::uint32_t tag, const unsigned char* data, std::uint32_t length,
                                       std::int64_t width, const unsigned char* enables,
                                       std::uint32_t enable_length) {
  std::vector<TlmBeat> beats;
  const auto w = static_cast<std::uint32_t>(width);
  for (std::uint32_t at = 0; at < length; at += w) {
    TlmBeat b;
    b.kind = TlmBeat::data;
    b.tag = tag;
    b.bytes = static_cast<std::uint8_t>(std::min(w, length - at));
    if (data) std::memcpy(b.lanes.data(), data + at, b.bytes);
    if (enables) {
      b.enables = 0;
      for (std::uint32_t i = 0; i < b.bytes; ++i)
        if (enables[(at + i) % enable_length] == TLM_BYTE_ENABLED) b.enables |= std::uint64_t{1} << i;
    }
    beats.push_back(b);
  }
  return beats;
}

}  // namespace creditflow::tlm_bridge
