// A credit link between two TLM-2.0 models: bind an initiator to `target()` and
// `initiator()` to the target IP. Requests cross a credit loop (TlmToCredit -> CreditSender
// -> PipelinedLink -> CreditToTlm), responses a loop of their own back. Both loops expose
// their credit holders for a LoopMonitor.
#pragma once
#include <cstdint>
#include <systemc>
#include <vector>

#include "creditflow/cycle/credit_sender.hpp"
#include "creditflow/cycle/pipelined_link.hpp"
#include "creditflow/tlm/credit_to_tlm.hpp"
#include "creditflow/tlm/tlm_to_credit.hpp"

namespace creditflow::tlm_bridge {

struct TlmLinkParams {
  std::int64_t width = 8;           // bytes per data beat
  std::int64_t request_depth = 16;  // the far end's buffer: the request loop's credits
  std::int64_t response_depth = 16; // the near end's buffer: the response loop's credits
  std::int64_t latency = 1;         // stages each way, on both loops
};

class TlmCreditLink : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};

  TlmCreditLink(sc_core::sc_module_name name, const TlmLinkParams& p)
      : sc_core::sc_module(name),
        near("near", p.width, p.response_depth),
        request_tx("request_tx", p.request_depth),
        request_link("request_link", core::LinkParams{p.latency, p.latency}),
        far("far", p.width, p.request_depth),
        response_tx("response_tx", p.response_depth),
        response_link("response_link", core::LinkParams{p.latency, p.latency}),
        params_(p) {
    for (sc_core::sc_in<bool>* c : {&near.clk, &request_tx.clk, &request_link.clk, &far.clk, &response_tx.clk,
                                    &response_link.clk})
      (*c)(clk);
    near.out_valid(req_valid_), near.out_flit(req_offered_), near.out_ready(req_ready_);
    request_tx.in_valid(req_valid_), request_tx.in_flit(req_offered_), request_tx.in_ready(req_ready_);
    request_tx.out_valid(req_send_), request_tx.out_flit(req_sent_), request_tx.credit_in(req_credit_);
    request_link.in_valid(req_send_), request_link.in_flit(req_sent_);
    request_link.out_valid(req_arrive_), request_link.out_flit(req_arrived_);
    request_link.credit_in(req_pop_), request_link.credit_out(req_credit_);
    far.in_valid(req_arrive_), far.in_flit(req_arrived_), far.credit_out(req_pop_);
    far.resp_valid(resp_valid_), far.resp_flit(resp_offered_), far.resp_ready(resp_ready_);
    response_tx.in_valid(resp_valid_), response_tx.in_flit(resp_offered_), response_tx.in_ready(resp_ready_);
    response_tx.out_valid(resp_send_), response_tx.out_flit(resp_sent_), response_tx.credit_in(resp_credit_);
    response_link.in_valid(resp_send_), response_link.in_flit(resp_sent_);
    response_link.out_valid(resp_arrive_), response_link.out_flit(resp_arrived_);
    response_link.credit_in(resp_pop_), response_link.credit_out(resp_credit_);
    near.resp_valid(resp_arrive_), near.resp_flit(resp_arrived_), near.resp_credit(resp_pop_);
  }

  tlm_utils::simple_target_socket<TlmToCredit>& target() { return near.target; }
  tlm_utils::simple_initiator_socket<CreditToTlm>& initiator() { return far.initiator; }

  std::vector<const monitor::LoopParticipant*> request_holders() const { return {&request_tx, &request_link, &far}; }
  std::vector<const monitor::LoopParticipant*> response_holders() const {
    return {&response_tx, &response_link, &near};
  }
  const TlmLinkParams& params() const { return params_; }

  TlmToCredit near;
  cycle::CreditSender<TlmFlit> request_tx;
  cycle::PipelinedLink<TlmFlit> request_link;
  CreditToTlm far;
  cycle::CreditSender<TlmFlit> response_tx;
  cycle::PipelinedLink<TlmFlit> response_link;

 private:
  TlmLinkParams params_;
  sc_core::sc_signal<bool> req_valid_, req_ready_, req_send_, req_arrive_, req_pop_, req_credit_;
  sc_core::sc_signal<TlmFlit> req_offered_, req_sent_, req_arrived_;
  sc_core::sc_signal<bool> resp_valid_, resp_ready_, resp_send_, resp_arrive_, resp_pop_, resp_credit_;
  sc_core::sc_signal<TlmFlit> resp_offered_, resp_sent_, resp_arrived_;
};

}  // namespace creditflow::tlm_bridge
