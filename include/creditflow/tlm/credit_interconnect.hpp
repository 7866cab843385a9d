// A TLM-2.0 interconnect whose timing is a credit link's: each initiator reaches the
// targets over a link of its own (TlmCreditLink's two credit loops: request beats out,
// response beats back), and each target serves one whole transaction at a time, in the
// order they reach it.
//
// Loosely timed: b_transport annotates the delay in the call that issues the transaction
// (LinkTiming): no clocked process, no wait, so it works under temporal decoupling
// (tlm_utils::tlm_quantumkeeper). With every initiator synchronising after each
// transaction (a quantum of zero), the delays are the cycle-level bridge's to the cycle
// (tests/tlm). Approximately timed: nb_transport with the base protocol's four phases on
// both sides, the same loops timing each phase, credits holding the initiator back (see
// the AT path below).
//
// Addresses are decoded by a map of ranges, one per target, and translated to the
// target's own (address - base), as Accellera's SimpleBus does; transport_dbg and DMI
// pass through with the same translation, DMI ranges translated back, and a target's
// invalidation goes to every initiator. Byte enables, streaming width and the target's
// response status pass as they are; an address no target claims gets
// TLM_ADDRESS_ERROR_RESPONSE at once, without reaching any target.
#pragma once
#include <algorithm>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <vector>

#include "creditflow/core/error.hpp"
#include "creditflow/core/trace_record.hpp"
#include "creditflow/tlm/link_timing.hpp"

namespace creditflow::tlm_bridge {

// A target's addresses: [base, base + size).
struct AddressRange {
  std::uint64_t base = 0;
  std::uint64_t size = 0;
};

class CreditInterconnect : public sc_core::sc_module {
 public:
  using TargetSocket = tlm_utils::simple_target_socket_tagged<CreditInterconnect>;
  using InitiatorSocket = tlm_utils::simple_initiator_socket_tagged<CreditInterconnect>;

  // Initiators bind to target_socket[i], targets to initiator_socket[t].
  sc_core::sc_vector<TargetSocket> target_socket;
  sc_core::sc_vector<InitiatorSocket> initiator_socket;

  // `links[i]` is initiator i's link; `map[t]` target t's addresses (ranges must not
  // overlap); `period` the links' clock.
  CreditInterconnect(sc_core::sc_module_name name, const std::vector<LinkTimingParams>& links,
                     const std::vector<AddressRange>& map, sc_core::sc_time period = sc_core::sc_time(1, sc_core::SC_NS))
      : sc_core::sc_module(name),
        target_socket("target_socket", links.size()),
        initiator_socket("initiator_socket", map.size()),
        map_(checked_map(map)),
        period_(period),
        target_free_(map.size(), 0) {
    if (period <= sc_core::SC_ZERO_TIME) throw ParameterError(std::string(this->name()) + ": the period must be above 0");
    for (std::size_t i = 0; i < links.size(); ++i) {
      links_.emplace_back(links[i], std::string(this->name()) + ".link" + std::to_string(i));
      target_socket[i].register_b_transport(this, &CreditInterconnect::b_transport, static_cast<int>(i));
      target_socket[i].register_nb_transport_fw(this, &CreditInterconnect::nb_transport_fw, static_cast<int>(i));
      target_socket[i].register_transport_dbg(this, &CreditInterconnect::transport_dbg, static_cast<int>(i));
      target_socket[i].register_get_direct_mem_ptr(this, &CreditInterconnect::get_direct_mem_ptr, static_cast<int>(i));
    }
    for (std::size_t t = 0; t < map.size(); ++t) {
      initiator_socket[t].register_invalidate_direct_mem_ptr(this, &CreditInterconnect::invalidate, static_cast<int>(t));
      initiator_socket[t].register_nb_transport_bw(this, &CreditInterconnect::nb_transport_bw, static_cast<int>(t));
    }
    // The approximately timed path's processes (idle unless an initiator uses nb_transport).
    for (std::size_t i = 0; i < links.size(); ++i) at_links_.emplace_back();
    for (std::size_t t = 0; t < map.size(); ++t) at_ports_.emplace_back();
    for (std::size_t i = 0; i < links.size(); ++i) {
      sc_core::sc_spawn([this, i] { at_sender(i); });
      sc_core::sc_spawn([this, i] { at_far_end(i); });
      sc_core::sc_spawn([this, i] { at_responder(i); });
    }
    for (std::size_t t = 0; t < map.size(); ++t) sc_core::sc_spawn([this, t] { at_port(t); });
  }

  std::uint64_t transactions() const { return transactions_; }

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
  static std::vector<AddressRange> checked_map(const std::vector<AddressRange>& map) {
    for (std::size_t a = 0; a < map.size(); ++a) {
      if (map[a].size == 0) throw ParameterError("target " + std::to_string(a) + ": an address range of size 0");
      for (std::size_t b = 0; b < a; ++b)
        if (map[a].base < map[b].base + map[b].size && map[b].base < map[a].base + map[a].size)
          throw ParameterError("targets " + std::to_string(b) + " and " + std::to_string(a) +
                               ": their address ranges overlap");
    }
    return map;
  }

  // The target claiming `address`, or map_.size() for none.
  std::size_t decode(std::uint64_t address) const {
    for (std::size_t t = 0; t < map_.size(); ++t)
      if (address >= map_[t].base && address - map_[t].base < map_[t].size) return t;
    return map_.size();
  }

  // Cycles of the links' clock in `t`, rounded down or up: in the kernel's ticks, exact.
  core::Cycle cycles_down(const sc_core::sc_time& t) const { return t.value() / period_.value(); }
  core::Cycle cycles_up(const sc_core::sc_time& t) const { return (t.value() + period_.value() - 1) / period_.value(); }
  // The time of cycle c's start, relative to `now` (c never starts before now here).
  sc_core::sc_time from_now(core::Cycle c, const sc_core::sc_time& now) const {
    return sc_core::sc_time::from_value(c * period_.value() - now.value());
  }

  // The cycle a request is offered from: the first edge after the call (the cycle-level
  // bridge queues it at its time, after that instant's edge); a delay annotated on the
  // call moves it to the first edge at or after now + delay.
  core::Cycle offer_cycle(const sc_core::sc_time& now, const sc_core::sc_time& delay) const {
    return delay > sc_core::SC_ZERO_TIME ? cycles_up(now + delay) : cycles_down(now) + 1;
  }
  // Data beats each way besides the headers: a write's data or a read's byte enables out,
  // a read's data back.
  struct DataBeats {
    std::uint64_t request, response;
  };
  static DataBeats data_beats(const LinkTiming& link, const tlm::tlm_generic_payload& trans) {
    const std::uint64_t beats = link.data_beats(trans.get_data_length());
    const bool enables = trans.get_byte_enable_ptr() != nullptr && trans.get_byte_enable_length() > 0;
    return {trans.is_write() || enables ? beats : 0, trans.is_write() ? 0 : beats};
  }

  // Each link is timed for one kind of call: an initiator calling both is an error, and
  // the call is refused (TLM_GENERIC_ERROR_RESPONSE) where the error does not stop the run.
  enum class Call : std::uint8_t { none, blocking, non_blocking };
  bool use(int initiator, Call call, tlm::tlm_generic_payload& trans) {
    Call& kind = calls_[static_cast<std::size_t>(initiator)];
    if (kind == Call::none) kind = call;
    if (kind == call) return true;
    SC_REPORT_ERROR(name(), ("initiator " + std::to_string(initiator) +
                             " calls both b_transport and nb_transport: its link is timed for one kind of call")
                                .c_str());
    trans.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
    return false;
  }

  void b_transport(int initiator, tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
    if (!use(initiator, Call::blocking, trans)) return;
    const std::uint64_t address = trans.get_address();
    const std::size_t t = decode(address);
    if (t == map_.size()) {
      trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
      return;
    }
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    LinkTiming& link = links_[static_cast<std::size_t>(initiator)];
    const DataBeats beats = data_beats(link, trans);
    // Whole at the far end, then the target's turn (one transaction at a time).
    const core::Cycle offer = offer_cycle(now, delay);
    const core::Cycle forward = std::max(link.request(offer, beats.request), target_free_[t]);
    const sc_core::sc_time at_target = from_now(forward, now);
    sc_core::sc_time target_delay = at_target;
    trans.set_address(address - map_[t].base);
    initiator_socket[t]->b_transport(trans, target_delay);
    trans.set_address(address);
    const sc_core::sc_time answered = now + target_delay;
    // The response is offered from the edge after the target's answer (the next edge when
    // it answered at once, in the instant of the call).
    const bool at_once = target_delay == at_target;
    const core::Cycle respond = at_once ? forward + 1 : cycles_up(answered);
    target_free_[t] = at_once ? forward : respond;
    const core::Cycle done = link.response(respond, beats.response, target_free_[t]);
    delay = from_now(done, now);
    ++transactions_;
    if (sink_) record(static_cast<std::size_t>(initiator), t, offer, forward, respond, done, beats);
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

  unsigned int transport_dbg(int /*initiator*/, tlm::tlm_generic_payload& trans) {
    const std::uint64_t address = trans.get_address();
    const std::size_t t = decode(address);
    if (t == map_.size()) {
      trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
      return 0;
    }
    trans.set_address(address - map_[t].base);
    const unsigned int n = initiator_socket[t]->transport_dbg(trans);
    trans.set_address(address);
    return n;
  }

  bool get_direct_mem_ptr(int /*initiator*/, tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi) {
    const std::uint64_t address = trans.get_address();
    const std::size_t t = decode(address);
    if (t == map_.size()) {
      // Nothing claims it: no access of any kind, over the whole space (TLM-2.0 8.2.4).
      dmi.allow_none();
      dmi.set_start_address(0);
      dmi.set_end_address(~std::uint64_t{0});
      return false;
    }
    trans.set_address(address - map_[t].base);
    const bool granted = initiator_socket[t]->get_direct_mem_ptr(trans, dmi);
    trans.set_address(address);
    // Back into the initiator's addresses, within what the map gives this target.
    const AddressRange& r = map_[t];
    dmi.set_start_address(r.base + std::min<std::uint64_t>(dmi.get_start_address(), r.size - 1));
    dmi.set_end_address(r.base + std::min<std::uint64_t>(dmi.get_end_address(), r.size - 1));
    return granted;
  }

  void invalidate(int target, sc_dt::uint64 start, sc_dt::uint64 end) {
    const AddressRange& r = map_[static_cast<std::size_t>(target)];
    if (start >= r.size) return;  // outside what the map gives it: no initiator sees it
    const std::uint64_t from = r.base + start, to = r.base + std::min<std::uint64_t>(end, r.size - 1);
    for (TargetSocket& s : target_socket) s->invalidate_direct_mem_ptr(from, to);
  }

  // --- The approximately timed path: the base protocol's four phases on both sides. ---
  // On each initiator's link, a sender takes the requests in order and sends END_REQ when
  // a request's last beat has its credit and has left (so credits are what holds an AT
  // initiator back); the far end pops the beats as they come, one a cycle, and once a
  // request is whole offers it to its target's port, then pops nothing more until that
  // target has taken it (END_REQ, or an answer): a slow target backs up into the credits.
  // Each target's port offers one request at a time (the request exclusion rule).
  // Responses join their initiator's response link in the order the targets begin them,
  // and each is passed on with BEGIN_RESP at the edge at which the near end has it whole,
  // after the initiator's END_RESP for the one before (the response exclusion rule).
  struct AtTransaction {
    tlm::tlm_generic_payload* trans = nullptr;
    std::size_t initiator = 0, target = 0;
    std::uint64_t address = 0;  // the initiator's, restored before BEGIN_RESP
    core::Cycle offer = 0;      // the request is offered from this cycle
    core::Cycle whole = 0;      // the edge at which it is whole at the far end (its target called)
    std::uint64_t request_beats = 0;  // its header and data beats
    std::uint64_t response_data = 0;  // data beats of its response, beside the header
    sc_core::sc_event taken;  // its target has taken it
    bool accepted = false;
  };
  struct AtLink {
    std::deque<AtTransaction*> to_send, to_pop;  // requests for the sender, then for the far end
    std::deque<std::pair<AtTransaction*, core::Cycle>> responses;  // with the edge each is whole at
    sc_core::sc_event requested, sent, popped, responded, end_resp;
  };
  struct AtPort {
    std::deque<AtTransaction*> waiting;
    sc_core::sc_event arrived, end_req;
  };

  tlm::tlm_sync_enum nb_transport_fw(int initiator, tlm::tlm_generic_payload& trans, tlm::tlm_phase& phase,
                                     sc_core::sc_time& delay) {
    AtLink& link = at_links_[static_cast<std::size_t>(initiator)];
    if (phase == tlm::END_RESP) {
      link.end_resp.notify(delay);
      return tlm::TLM_COMPLETED;
    }
    if (phase != tlm::BEGIN_REQ) {
      SC_REPORT_ERROR(name(), "nb_transport_fw: an initiator sent a phase other than BEGIN_REQ or END_RESP");
      return tlm::TLM_COMPLETED;
    }
    if (!use(initiator, Call::non_blocking, trans)) return tlm::TLM_COMPLETED;
    const std::size_t t = decode(trans.get_address());
    if (t == map_.size()) {
      trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
      return tlm::TLM_COMPLETED;
    }
    auto tx = std::make_unique<AtTransaction>();
    tx->trans = &trans;
    tx->initiator = static_cast<std::size_t>(initiator);
    tx->target = t;
    tx->address = trans.get_address();
    tx->offer = offer_cycle(sc_core::sc_time_stamp(), delay);
    const DataBeats beats = data_beats(links_[tx->initiator], trans);
    tx->request_beats = 1 + beats.request;
    tx->response_data = beats.response;
    if (trans.has_mm()) trans.acquire();
    link.to_send.push_back(tx.get());
    at_pending_[&trans] = std::move(tx);
    link.requested.notify(sc_core::SC_ZERO_TIME);
    return tlm::TLM_ACCEPTED;
  }

  tlm::tlm_sync_enum nb_transport_bw(int target, tlm::tlm_generic_payload& trans, tlm::tlm_phase& phase,
                                     sc_core::sc_time& delay) {
    AtPort& port = at_ports_[static_cast<std::size_t>(target)];
    if (phase == tlm::END_REQ) {
      port.end_req.notify(delay);
      return tlm::TLM_ACCEPTED;
    }
    if (phase != tlm::BEGIN_RESP) {
      SC_REPORT_ERROR(name(), "nb_transport_bw: a target sent a phase other than END_REQ or BEGIN_RESP");
      return tlm::TLM_COMPLETED;
    }
    port.end_req.notify(delay);  // BEGIN_RESP takes the request too, if END_REQ did not come first
    respond(*at_pending_.at(&trans), sc_core::sc_time_stamp() + delay);
    return tlm::TLM_COMPLETED;  // taken whole: the target waits for no END_RESP
  }

  // The response begins at `begins`: it joins its initiator's response link, offered from
  // the first edge at or after then, or from the next edge when the target answered in the
  // instant it was called (as b_transport's responses are).
  void respond(AtTransaction& tx, const sc_core::sc_time& begins) {
    const core::Cycle offer = begins.value() <= tx.whole * period_.value() ? tx.whole + 1 : cycles_up(begins);
    AtLink& link = at_links_[tx.initiator];
    link.responses.emplace_back(&tx, links_[tx.initiator].delivered(offer, tx.response_data));
    link.responded.notify(sc_core::SC_ZERO_TIME);
  }

  // Waits until the start of cycle c (at once if it has started).
  void wait_for_cycle(core::Cycle c) {
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    if (c * period_.value() > now.value()) sc_core::wait(from_now(c, now));
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
      wait_for_cycle(last + 1);  // the edge at which its last beat has left
      tlm::tlm_phase phase = tlm::END_REQ;
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      target_socket[i]->nb_transport_bw(*tx.trans, phase, delay);
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
      tx.whole = last + 1;
      wait_for_cycle(tx.whole);  // whole in the assembly register
      AtPort& port = at_ports_[tx.target];
      port.waiting.push_back(&tx);
      port.arrived.notify(sc_core::SC_ZERO_TIME);
      if (!tx.accepted) sc_core::wait(tx.taken);
      far_free = cycles_up(sc_core::sc_time_stamp());
    }
  }

  void at_port(std::size_t t) {
    AtPort& port = at_ports_[t];
    for (;;) {
      while (port.waiting.empty()) sc_core::wait(port.arrived);
      AtTransaction& tx = *port.waiting.front();
      port.waiting.pop_front();
      tx.trans->set_address(tx.address - map_[t].base);
      tlm::tlm_phase phase = tlm::BEGIN_REQ;
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      switch (initiator_socket[t]->nb_transport_fw(*tx.trans, phase, delay)) {
        case tlm::TLM_ACCEPTED:
          sc_core::wait(port.end_req);  // END_REQ, or BEGIN_RESP, through nb_transport_bw
          break;
        case tlm::TLM_UPDATED:
          if (phase == tlm::BEGIN_RESP) respond(tx, sc_core::sc_time_stamp() + delay);
          if (phase == tlm::BEGIN_REQ)
            sc_core::wait(port.end_req);
          else
            sc_core::wait(delay);
          break;
        case tlm::TLM_COMPLETED:
          respond(tx, sc_core::sc_time_stamp() + delay);
          sc_core::wait(delay);
          break;
      }
      tx.accepted = true;
      tx.taken.notify(sc_core::SC_ZERO_TIME);
    }
  }

  void at_responder(std::size_t i) {
    AtLink& link = at_links_[i];
    for (;;) {
      while (link.responses.empty()) sc_core::wait(link.responded);
      const auto [tx, whole] = link.responses.front();
      link.responses.pop_front();
      wait_for_cycle(whole);
      tlm::tlm_generic_payload* trans = tx->trans;
      trans->set_address(tx->address);
      // Forgotten before the initiator has it: it may send the payload again at once.
      at_pending_.erase(trans);
      tlm::tlm_phase phase = tlm::BEGIN_RESP;
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      if (target_socket[i]->nb_transport_bw(*trans, phase, delay) == tlm::TLM_ACCEPTED)
        sc_core::wait(link.end_resp);
      else
        sc_core::wait(delay);
      if (trans->has_mm()) trans->release();
      ++transactions_;
    }
  }

  std::vector<AddressRange> map_;
  core::TraceSink* sink_ = nullptr;  // record_to
  std::vector<std::string> initiator_names_, target_names_;
  std::vector<std::pair<std::uint64_t, core::Cycle>> last_response_;  // each initiator's: handle, cycle done
  sc_core::sc_time period_;
  std::vector<LinkTiming> links_;
  std::vector<core::Cycle> target_free_;  // each target's first cycle free for the next transaction
  std::vector<Call> calls_ = std::vector<Call>(target_socket.size(), Call::none);  // each link's kind
  std::uint64_t transactions_ = 0;
  std::deque<AtLink> at_links_;  // deques: their events cannot move
  std::deque<AtPort> at_ports_;
  std::map<tlm::tlm_generic_payload*, std::unique_ptr<AtTransaction>> at_pending_;
};

}  // namespace creditflow::tlm_bridge
