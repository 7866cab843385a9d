// A TLM-2.0 interconnect whose timing is a credit link's: each initiator reaches the
// targets over a link of its own (TlmCreditLink's two credit loops: request beats out,
// response beats back), and each target serves one whole transaction at a time, in the
// order they reach it. Decoding, debug, DMI and the phases with initiators and targets
// are every interconnect's (tlm/interconnect_base.hpp); this is the links' timing.
//
// Loosely timed: b_transport annotates the delay in the call that issues the transaction
// (LinkTiming): no clocked process, no wait, so it works under temporal decoupling
// (tlm_utils::tlm_quantumkeeper). With every initiator synchronising after each
// transaction (a quantum of zero), the delays are the cycle-level bridge's to the cycle
// (tests/tlm). Approximately timed: nb_transport with the base protocol's four phases on
// both sides, the same loops timing each phase, credits holding the initiator back (see
// the AT path below).
#pragma once
#include <algorithm>
#include <cstdint>
#include <deque>
#include <string>
#include <systemc>
#include <tlm>
#include <utility>
#include <vector>

#include "creditflow/core/error.hpp"
#include "creditflow/core/trace_record.hpp"
#include "creditflow/tlm/interconnect_base.hpp"
#include "creditflow/tlm/link_timing.hpp"

namespace creditflow::tlm_bridge {

class CreditInterconnect : public InterconnectBase {
 public:
  // `links[i]` is initiator i's link; `map[t]` target t's addresses (ranges must not
  // overlap); `period` the links' clock.
  CreditInterconnect(sc_core::sc_module_name name, const std::vector<LinkTimingParams>& links,
                     const std::vector<AddressRange>& map, sc_core::sc_time period = sc_core::sc_time(1, sc_core::SC_NS))
      : InterconnectBase(name, links.size(), map, period) {
    for (std::size_t i = 0; i < links.size(); ++i)
      links_.emplace_back(links[i], std::string(this->name()) + ".link" + std::to_string(i));
    for (std::size_t i = 0; i < links.size(); ++i) at_links_.emplace_back();
    for (std::size_t i = 0; i < links.size(); ++i) {
      sc_core::sc_spawn([this, i] { at_sender(i); });
      sc_core::sc_spawn([this, i] { at_far_end(i); });
    }
  }

  // Every transaction of the loosely timed path told to `sink` as two records of a trace,
  // by the names given to the initiators and targets in socket order: its request (header
  // and data beats, from the cycle it is offered; waiting for the initiator's last
  // response, as a blocking call's next one does) and its response (waiting for the
  // request's arrival, by the cycles its target took). What a virtual platform carried,
  // to replay on other fabrics (docs/guide/workloads.md).
  void record_to(core::TraceSink& sink, std::vector<std::string> initiators, std::vector<std::string> targets) {
    if (initiators.size() != target_socket.size() || targets.size() != initiator_socket.size())
      throw ParameterError(std::string(name()) + ": record_to names " + std::to_string(initiators.size()) +
                           " initiators and " + std::to_string(targets.size()) + " targets for " +
                           std::to_string(target_socket.size()) + " and " + std::to_string(initiator_socket.size()));
    sink_ = &sink;
    initiator_names_ = std::move(initiators);
    target_names_ = std::move(targets);
    last_response_.assign(initiator_names_.size(), {0, 0});
  }

 private:
  DataBeats beats_of(std::size_t initiator, const tlm::tlm_generic_payload& trans) const {
    return data_beats(static_cast<std::uint64_t>(links_[initiator].width()), trans);
  }

  void b_transport(std::size_t initiator, std::size_t t, tlm::tlm_generic_payload& trans,
                   sc_core::sc_time& delay) override {
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    LinkTiming& link = links_[initiator];
    const DataBeats beats = beats_of(initiator, trans);
    // Whole at the far end, then the target's turn.
    const core::Cycle offer = offer_cycle(now, delay);
    const TargetTurn turn = target_turn(t, trans, now, link.request(offer, beats.request));
    const core::Cycle done = link.response(turn.respond, beats.response, turn.free);
    delay = from_now(done, now);
    if (sink_) record(initiator, t, offer, turn.forward, turn.respond, done, beats);
  }

  // A transaction's request and response (record_to): bytes are its beats' (a header beat
  // and its data beats each way, of the link's width).
  void record(std::size_t initiator, std::size_t target, core::Cycle offer, core::Cycle arrived, core::Cycle respond,
              core::Cycle done, const DataBeats& beats) {
    const std::uint64_t width = static_cast<std::uint64_t>(links_[initiator].width());
    // No call to come is offered before the cycle after this instant's edge.
    sink_->settle(cycles_down(sc_core::sc_time_stamp()));
    core::TraceOut request{offer, initiator_names_[initiator], target_names_[target], (1 + beats.request) * width};
    const auto& [last, last_done] = last_response_[initiator];
    if (last != 0) {
      request.waits_for = last;
      request.delay = offer > last_done ? offer - last_done : 0;
    }
    const std::uint64_t asked = sink_->add(std::move(request));
    core::TraceOut response{respond, target_names_[target], initiator_names_[initiator],
                            (1 + beats.response) * width, 0, asked, respond - arrived};
    last_response_[initiator] = {sink_->add(std::move(response)), done};
  }

  // --- The approximately timed path: the base protocol's four phases on both sides. ---
  // On each initiator's link, a sender takes the requests in order and sends END_REQ when
  // a request's last beat has its credit and has left (so credits are what holds an AT
  // initiator back); the far end pops the beats as they come, one a cycle, and once a
  // request is whole hands it to its target's port, then pops nothing more until that
  // target has taken it (END_REQ, or an answer): a slow target backs up into the credits.
  // Responses join their initiator's response link in the order the targets begin them,
  // and each is whole at the near end at the edge the link's timing gives.
  struct AtLink {
    std::deque<AtTransaction*> to_send, to_pop;  // requests for the sender, then for the far end
    sc_core::sc_event requested, sent, popped;
  };

  void carry_request(AtTransaction& tx) override {
    const DataBeats beats = beats_of(tx.initiator, *tx.trans);
    tx.request_beats = 1 + beats.request;
    tx.response_data = beats.response;
    AtLink& link = at_links_[tx.initiator];
    link.to_send.push_back(&tx);
    link.requested.notify(sc_core::SC_ZERO_TIME);
  }

  // The response begins `delay` after now: it joins its initiator's response link, offered
  // from the first edge at or after then, or from the next edge when the target answered
  // in the instant it was called (as b_transport's responses are).
  void carry_response(AtTransaction& tx, const sc_core::sc_time& delay) override {
    const sc_core::sc_time begins = sc_core::sc_time_stamp() + delay;
    const core::Cycle offer = begins <= from_now(tx.whole, sc_core::SC_ZERO_TIME) ? tx.whole + 1 : cycles_up(begins);
    response_whole(tx, links_[tx.initiator].delivered(offer, tx.response_data));
  }

  void at_sender(std::size_t i) {
    AtLink& link = at_links_[i];
    LoopTiming& loop = links_[i].request_loop();
    for (;;) {
      while (link.to_send.empty()) sc_core::wait(link.requested);
      AtTransaction& tx = *link.to_send.front();
      core::Cycle last = 0;
      for (std::uint64_t k = 0; k < tx.request_beats; ++k) {
        while (!loop.credit_known()) sc_core::wait(link.popped);
        last = loop.send(k == 0 ? tx.offer : 0);
        if (k == 0) link.to_pop.push_back(&tx);
        link.sent.notify(sc_core::SC_ZERO_TIME);
      }
      link.to_send.pop_front();
      request_sent(tx, last + 1);  // the edge at which its last beat has left
    }
  }

  void at_far_end(std::size_t i) {
    AtLink& link = at_links_[i];
    LoopTiming& loop = links_[i].request_loop();
    core::Cycle far_free = 0;  // no pop before this cycle: the last request's target took it then
    for (;;) {
      while (link.to_pop.empty()) sc_core::wait(link.sent);
      AtTransaction& tx = *link.to_pop.front();
      core::Cycle last = 0;
      for (std::uint64_t k = 0; k < tx.request_beats; ++k) {
        while (!loop.unpopped()) sc_core::wait(link.sent);
        last = loop.pop(far_free);
        link.popped.notify(sc_core::SC_ZERO_TIME);
      }
      link.to_pop.pop_front();
      wait_for_cycle(last + 1);  // whole in the assembly register
      request_whole(tx, last + 1);
      if (!tx.accepted) sc_core::wait(tx.taken);
      far_free = cycles_up(sc_core::sc_time_stamp());
    }
  }

  core::TraceSink* sink_ = nullptr;  // record_to
  std::vector<std::string> initiator_names_, target_names_;
  std::vector<std::pair<std::uint64_t, core::Cycle>> last_response_;  // each initiator's: handle, cycle done
  std::vector<LinkTiming> links_;
  std::deque<AtLink> at_links_;  // a deque: its events cannot move
};

}  // namespace creditflow::tlm_bridge
