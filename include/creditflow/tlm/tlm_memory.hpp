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
  void b_transport(tlm::tlm_generic_payload& t, sc_core::sc_time& delay) {
    if (t.get_address() + t.get_data_length() > bytes.size()) {
      t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
      return;
    }
    unsigned char* at = bytes.data() + t.get_address();
    if (t.is_write())
      std::copy(t.get_data_ptr(), t.get_data_ptr() + t.get_data_length(), at);
    else
      std::copy(at, at + t.get_data_length(), t.get_data_ptr());
    delay += access_;
    t.set_response_status(tlm::TLM_OK_RESPONSE);
  }

  sc_core::sc_time access_;
};

}  // namespace creditflow::tlm_bridge
