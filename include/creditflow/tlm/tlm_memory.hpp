// A TLM-2.0 memory target with a fixed access time: a stand-in for the target IP at the
// far end of a credit link, in examples and tests.
#pragma once
#include <algorithm>
#include <cstddef>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>
#include <vector>

namespace creditflow::tlm_bridge {

class TlmMemory : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<TlmMemory> socket{"socket"};
  std::vector<unsigned char> bytes;

  TlmMemory(sc_core::sc_module_name name, std::size_t size, sc_core::sc_time access)
      : sc_core::sc_module(name), bytes(size, 0), access_(access) {
    socket.register_b_transport(this, &TlmMemory::b_transport);
  }

 private:
  // Honours byte enables (a disabled byte is neither written nor read) and streaming width
  // (the address wraps every streaming_width bytes), as a TLM-2.0 base-protocol target may.
  void b_transport(tlm::tlm_generic_payload& t, sc_core::sc_time& delay) {
    const std::size_t length = t.get_data_length();
    const std::size_t width = t.get_streaming_width() ? t.get_streaming_width() : length;
    if (t.get_address() + std::min(width, length) > bytes.size()) {
      t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
      return;
    }
    const unsigned char* enables = t.get_byte_enable_ptr();
    for (std::size_t i = 0; i < length; ++i) {
      if (enables && enables[i % t.get_byte_enable_length()] != TLM_BYTE_ENABLED) continue;
      unsigned char& cell = bytes[t.get_address() + i % width];
      if (t.is_write())
        cell = t.get_data_ptr()[i];
      else
        t.get_data_ptr()[i] = cell;
    }
    delay += access_;
    t.set_response_status(tlm::TLM_OK_RESPONSE);
  }

  sc_core::sc_time access_;
};

}  // namespace creditflow::tlm_bridge
