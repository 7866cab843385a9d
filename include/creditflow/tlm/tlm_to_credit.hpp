// TLM-2.0 into a credit link: a target socket whose b_transport turns each transaction
// into a header beat and ceil(length / width) data beats (a write's data, or a read's byte
// enables when it has any), offered on a ready/valid stream
// (into a CreditSender), and blocks until its response has come back over the return
// link, whose receiver this bridge is (it pops a beat every cycle). The call so takes the
// time the links impose: waiting for credits, serialisation, latency both ways. Byte
// enables, streaming width and the target's response status pass through as they are.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <deque>
#include <map>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>
#include <vector>

#include "creditflow/core/latency_stats.hpp"
#include "creditflow/core/receiver_core.hpp"
#include "creditflow/cycle/clocking.hpp"
#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/protocol_errors.hpp"
#include "creditflow/monitor/loop_participant.hpp"
#include "creditflow/tlm/beat.hpp"

namespace creditflow::tlm_bridge {

class TlmToCredit : public sc_core::sc_module, public monitor::LoopParticipant {
 public:
  tlm_utils::simple_target_socket<TlmToCredit> target{"target"};
  sc_core::sc_in<bool> clk{"clk"};
  // Requests out, into a CreditSender.
  sc_core::sc_out<bool> out_valid{"out_valid"};
  sc_core::sc_out<TlmFlit> out_flit{"out_flit"};
  sc_core::sc_in<bool> out_ready{"out_ready"};
  // Responses in, from the return link: this bridge is their receiver.
  sc_core::sc_in<bool> resp_valid{"resp_valid"};
  sc_core::sc_in<TlmFlit> resp_flit{"resp_flit"};
  sc_core::sc_out<bool> resp_credit{"resp_credit"};

  SC_HAS_PROCESS(TlmToCredit);
  TlmToCredit(sc_core::sc_module_name name, std::int64_t width, std::int64_t response_depth)
      : sc_core::sc_module(name),
        width_(checked_width(width, std::string(this->name()) + ": width")),
        responses_(core::ReceiverParams{response_depth, {}}, 0, this->name()) {
    target.register_b_transport(this, &TlmToCredit::b_transport);
    SC_METHOD(on_edge);
    sensitive << clk.pos();
    dont_initialize();
    out_valid.initialize(false);
  }

  // Cycles from each b_transport call to its return.
  const core::LatencyStats& transaction_cycles() const { return latency_; }
  std::uint64_t transactions() const { return latency_.count(); }

  void contribute(core::LoopState& s) const override {
    s.receiver_occupancy += responses_.occupancy();
    s.popped += responses_.popped();
    s.receiver_popping = s.receiver_popping || responses_.will_pop();
  }

 private:
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
    wait(delay);
    delay = sc_core::SC_ZERO_TIME;
    const sc_core::sc_time start = sc_core::sc_time_stamp();
    const std::uint32_t tag = next_tag_++;
    const bool write = trans.get_command() == tlm::TLM_WRITE_COMMAND;
    TlmFlit header;
    header.payload.kind = TlmBeat::request;
    header.payload.write = write;
    header.payload.length = trans.get_data_length();
    header.payload.tag = tag;
    header.payload.address = trans.get_address();
    header.payload.streaming_width = trans.get_streaming_width();
    const unsigned char* enables = trans.get_byte_enable_ptr();
    header.payload.has_enables = enables != nullptr && trans.get_byte_enable_length() > 0;
    queue_.push_back(header);
    if (write || header.payload.has_enables)
      for (const TlmBeat& b : data_beats(tag, write ? trans.get_data_ptr() : nullptr, trans.get_data_length(), width_,
                                         header.payload.has_enables ? enables : nullptr,
                                         trans.get_byte_enable_length())) {
        TlmFlit beat;
        beat.payload = b;
        queue_.push_back(beat);
      }
    while (!done_.count(tag)) wait(response_done_);
    const Response r = done_.at(tag);
    done_.erase(tag);
    if (!write) std::memcpy(trans.get_data_ptr(), r.data.data(), std::min<std::size_t>(r.data.size(), trans.get_data_length()));
    trans.set_response_status(static_cast<tlm::tlm_response_status>(r.status));
    latency_.add(static_cast<std::uint64_t>((sc_core::sc_time_stamp() - start) / clk_period()));
  }

  sc_core::sc_time clk_period() const {
    const auto* c = dynamic_cast<const sc_core::sc_clock*>(clk.get_interface());
    return c ? c->period() : sc_core::sc_time(1, sc_core::SC_NS);
  }

  void on_edge() {
    if (cycle::opening_edge()) return;
    // Requests: the head leaves if the sender took it.
    if (offered_ && out_ready.read()) queue_.pop_front();
    // Responses: take the beat popped this cycle, then store any arrival.
    if (responses_.will_pop()) collect(responses_.head().payload);
    cycle::report_protocol_errors([&] { responses_.advance(resp_valid.read(), resp_flit.read()); });
    resp_credit.write(responses_.will_pop());
    offered_ = !queue_.empty();
    out_valid.write(offered_);
    if (offered_) out_flit.write(queue_.front());
  }

  void collect(const TlmBeat& b) {
    if (b.kind == TlmBeat::response) {
      assembling_[b.tag] = Response{b.status, {}, b.length};
    } else {
      Response& r = assembling_.at(b.tag);
      r.data.insert(r.data.end(), b.lanes.begin(), b.lanes.begin() + b.bytes);
    }
    Response& r = assembling_.at(b.tag);
    if (r.data.size() >= r.expected) {
      done_[b.tag] = r;
      assembling_.erase(b.tag);
      response_done_.notify(sc_core::SC_ZERO_TIME);
    }
  }

  struct Response {
    int status = tlm::TLM_INCOMPLETE_RESPONSE;  // the target's, as it set it
    std::vector<unsigned char> data;
    std::size_t expected = 0;  // bytes of read data still to come (0 for a write)
  };

  std::int64_t width_;
  std::deque<TlmFlit> queue_;
  bool offered_ = false;
  std::uint32_t next_tag_ = 0;
  core::ReceiverCore<TlmFlit> responses_;
  std::map<std::uint32_t, Response> assembling_, done_;
  sc_core::sc_event response_done_;
  core::LatencyStats latency_;
};

}  // namespace creditflow::tlm_bridge
