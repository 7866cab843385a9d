// A credit link into TLM-2.0: the receiver of the request link. Its consumer pops one
// beat per cycle, each returning a credit, into an assembly register that holds one
// transaction; once that is whole, an initiator socket forwards it to the target IP with
// b_transport, and no beat is popped until the target has answered: a slow target backs up
// into the credits and stalls the sender, as a slow consumer does. The response (status,
// then read data) leaves on a ready/valid stream into the return link's CreditSender.
// The target sees the initiator's byte enables and streaming width, and its response
// status goes back as it set it.
// Pops are decided after the target has answered within the cycle, so a zero-delay
// target drains exactly like a model receiver that pops every cycle.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <deque>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <vector>

#include "creditflow/core/error.hpp"
#include "creditflow/core/limits.hpp"
#include "creditflow/cycle/clocking.hpp"
#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/protocol_errors.hpp"
#include "creditflow/monitor/loop_participant.hpp"
#include "creditflow/tlm/beat.hpp"

namespace creditflow::tlm_bridge {

class CreditToTlm : public sc_core::sc_module, public monitor::LoopParticipant {
 public:
  tlm_utils::simple_initiator_socket<CreditToTlm> initiator{"initiator"};
  sc_core::sc_in<bool> clk{"clk"};
  // Requests in: this bridge is the request link's receiver.
  sc_core::sc_in<bool> in_valid{"in_valid"};
  sc_core::sc_in<TlmFlit> in_flit{"in_flit"};
  sc_core::sc_out<bool> credit_out{"credit_out"};
  // Responses out, into the return link's CreditSender.
  sc_core::sc_out<bool> resp_valid{"resp_valid"};
  sc_core::sc_out<TlmFlit> resp_flit{"resp_flit"};
  sc_core::sc_in<bool> resp_ready{"resp_ready"};

  SC_HAS_PROCESS(CreditToTlm);
  CreditToTlm(sc_core::sc_module_name name, std::int64_t width, std::int64_t depth)
      : sc_core::sc_module(name), width_(checked_width(width, std::string(this->name()) + ": width")), depth_(depth) {
    check_range(this->name(), "depth", depth, 1, core::limits::max_depth);
    SC_METHOD(on_edge);
    sensitive << clk.pos();
    dont_initialize();
    SC_METHOD(decide);
    sensitive << settle_;
    dont_initialize();
    SC_THREAD(forward);
    credit_out.initialize(false);
    resp_valid.initialize(false);
  }

  std::uint64_t transactions() const { return forwarded_; }

  void contribute(core::LoopState& s) const override {
    s.receiver_occupancy += static_cast<std::int64_t>(stored_.size());
    s.popped += popped_;
    s.receiver_popping = s.receiver_popping || pop_now_;
  }

 private:
  void on_edge() {
    if (cycle::opening_edge()) return;
    if (pop_now_) {
      assembly_.push_back(stored_.front());
      stored_.pop_front();
      ++popped_;
      if (whole()) {
        busy_ = true;
        assembled_.notify(sc_core::SC_ZERO_TIME);
      }
    }
    if (in_valid.read()) {
      if (static_cast<std::int64_t>(stored_.size()) == depth_)
        cycle::report_protocol_errors([&] {
          throw ProtocolError(std::string(name()) + ": a request beat arrived with all " + std::to_string(depth_) +
                              " slots full (more beats in flight than credits)");
        });
      stored_.push_back(in_flit.read().payload);
    }
    if (offered_ && resp_ready.read()) responses_.pop_front();
    offered_ = !responses_.empty();
    resp_valid.write(offered_);
    if (offered_) resp_flit.write(responses_.front());
    settle_.notify(sc_core::SC_ZERO_TIME);
  }

  // The pop of the coming cycle, once the worker has done what it can in this one.
  void decide() {
    pop_now_ = !stored_.empty() && !busy_;
    credit_out.write(pop_now_);
  }

  // Forwards each assembled transaction to the target, in order.
  void forward() {
    for (;;) {
      while (!busy_) wait(assembled_);
      const TlmBeat header = assembly_.front();
      // Data (a write's) and byte enables (either command's), as the initiator gave them.
      std::vector<unsigned char> data(header.length, 0), enables;
      if (header.has_enables) enables.assign(header.length, TLM_BYTE_DISABLED);
      std::size_t at = 0;
      for (std::size_t k = 1; k < assembly_.size(); ++k) {
        const TlmBeat& b = assembly_[k];
        if (header.write) std::memcpy(data.data() + at, b.lanes.data(), b.bytes);
        for (std::size_t i = 0; header.has_enables && i < b.bytes; ++i)
          if (b.enables >> i & 1) enables[at + i] = TLM_BYTE_ENABLED;
        at += b.bytes;
      }
      tlm::tlm_generic_payload trans;
      trans.set_command(header.write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
      trans.set_address(header.address);
      trans.set_data_ptr(data.data());
      trans.set_data_length(header.length);
      trans.set_streaming_width(header.streaming_width);
      trans.set_byte_enable_ptr(header.has_enables ? enables.data() : nullptr);
      trans.set_byte_enable_length(header.has_enables ? header.length : 0);
      trans.set_dmi_allowed(false);
      trans.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      initiator->b_transport(trans, delay);
      wait(delay);  // the target's own time
      ++forwarded_;
      respond(header, trans);
      assembly_.clear();
      busy_ = false;
      settle_.notify(sc_core::SC_ZERO_TIME);
    }
  }

  // Whether the assembly register holds a whole transaction.
  bool whole() const {
    const TlmBeat& header = assembly_.front();
    if (!header.write && !header.has_enables) return true;
    std::size_t bytes = 0;
    for (std::size_t k = 1; k < assembly_.size(); ++k) bytes += assembly_[k].bytes;
    return bytes >= header.length;
  }

  void respond(const TlmBeat& request, const tlm::tlm_generic_payload& trans) {
    TlmFlit r;
    r.payload.kind = TlmBeat::response;
    r.payload.tag = request.tag;
    r.payload.status = static_cast<std::int8_t>(trans.get_response_status());
    r.payload.length = request.write ? 0 : request.length;
    responses_.push_back(r);
    if (request.write) return;
    for (const TlmBeat& b : data_beats(request.tag, trans.get_data_ptr(), request.length, width_, nullptr, 0)) {
      TlmFlit d;
      d.payload = b;
      responses_.push_back(d);
    }
  }

  std::int64_t width_, depth_;
  std::deque<TlmBeat> stored_;     // the buffer: beats holding credits
  std::vector<TlmBeat> assembly_;  // the transaction being gathered or forwarded
  bool busy_ = false;              // the target has the assembled transaction
  bool pop_now_ = false;
  std::uint64_t popped_ = 0, forwarded_ = 0;
  std::deque<TlmFlit> responses_;
  bool offered_ = false;
  sc_core::sc_event assembled_, settle_;
};

}  // namespace creditflow::tlm_bridge
