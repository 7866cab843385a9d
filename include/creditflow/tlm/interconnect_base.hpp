// What a TLM-2.0 interconnect does whatever its fabric: sockets, address decoding, debug
// and DMI passed through, and the base protocol's four phases with its initiators and
// targets. A fabric (a credit link per initiator, tlm/credit_interconnect.hpp; a network,
// tlm/network_interconnect.hpp) adds only how long requests and responses take: the
// loosely timed b_transport, and for the approximately timed path, when a request has left
// its initiator (END_REQ), when it is whole at its target and when its response is whole
// back at its initiator.
//
// Addresses are decoded by a map of ranges, one per target, and translated to the
// target's own (address - base), as Accellera's SimpleBus does; transport_dbg and DMI
// pass through with the same translation, DMI ranges translated back, and a target's
// invalidation goes to every initiator. Byte enables, streaming width and the target's
// response status pass as they are; an address no target claims gets
// TLM_ADDRESS_ERROR_RESPONSE at once, without reaching any target.
//
// Approximately timed, on both sides: each target is offered one request at a time (the
// request exclusion rule), once the fabric has it whole there; a target's BEGIN_RESP is
// taken whole (TLM_COMPLETED: it waits for no END_RESP) and handed to the fabric; each
// initiator is given its responses with BEGIN_RESP in the order they are whole at its end,
// each after its END_RESP for the one before (the response exclusion rule).
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
#include <utility>
#include <vector>

#include "creditflow/core/error.hpp"
#include "creditflow/core/types.hpp"

namespace creditflow::tlm_bridge {

// A target's addresses: [base, base + size).
struct AddressRange {
  std::uint64_t base = 0;
  std::uint64_t size = 0;
};

class InterconnectBase : public sc_core::sc_module {
 public:
  using TargetSocket = tlm_utils::simple_target_socket_tagged<InterconnectBase>;
  using InitiatorSocket = tlm_utils::simple_initiator_socket_tagged<InterconnectBase>;

  // Initiators bind to target_socket[i], targets to initiator_socket[t].
  sc_core::sc_vector<TargetSocket> target_socket;
  sc_core::sc_vector<InitiatorSocket> initiator_socket;

  std::uint64_t transactions() const { return transactions_; }

 protected:
  // `initiators` sockets for initiators; `map[t]` target t's addresses (ranges must not
  // overlap); `period` the fabric's clock.
  InterconnectBase(sc_core::sc_module_name name, std::size_t initiators, const std::vector<AddressRange>& map,
                   sc_core::sc_time period)
      : sc_core::sc_module(name),
        target_socket("target_socket", initiators),
        initiator_socket("initiator_socket", map.size()),
        map_(checked_map(map)),
        period_(period),
        calls_(initiators, Call::none),
        target_free_(map.size(), 0) {
    if (period <= sc_core::SC_ZERO_TIME)
      throw ParameterError(std::string(this->name()) + ": the period must be above 0");
    for (std::size_t i = 0; i < initiators; ++i) {
      const int tag = static_cast<int>(i);
      target_socket[i].register_b_transport(this, &InterconnectBase::blocking_call, tag);
      target_socket[i].register_nb_transport_fw(this, &InterconnectBase::nb_transport_fw, tag);
      target_socket[i].register_transport_dbg(this, &InterconnectBase::transport_dbg, tag);
      target_socket[i].register_get_direct_mem_ptr(this, &InterconnectBase::get_direct_mem_ptr, tag);
    }
    for (std::size_t t = 0; t < map.size(); ++t) {
      const int tag = static_cast<int>(t);
      initiator_socket[t].register_invalidate_direct_mem_ptr(this, &InterconnectBase::invalidate, tag);
      initiator_socket[t].register_nb_transport_bw(this, &InterconnectBase::nb_transport_bw, tag);
    }
    // The approximately timed path's processes (idle unless an initiator uses nb_transport).
    for (std::size_t i = 0; i < initiators; ++i) at_initiators_.emplace_back();
    for (std::size_t t = 0; t < map.size(); ++t) at_ports_.emplace_back();
    for (std::size_t i = 0; i < initiators; ++i) sc_core::sc_spawn([this, i] { at_responder(i); });
    for (std::size_t t = 0; t < map.size(); ++t) sc_core::sc_spawn([this, t] { at_port(t); });
  }

  // A transaction on the approximately timed path, from BEGIN_REQ to its initiator's END_RESP.
  struct AtTransaction {
    tlm::tlm_generic_payload* trans = nullptr;
    std::size_t initiator = 0, target = 0;
    std::uint64_t address = 0;  // the initiator's, restored before BEGIN_RESP
    core::Cycle offer = 0;      // the request is offered from this cycle
    core::Cycle whole = 0;      // the edge at which it is whole at its target's end (its target called)
    std::uint64_t request_beats = 0;  // its header and data beats
    std::uint64_t response_data = 0;  // data beats of its response, beside the header
    sc_core::sc_event taken;  // its target has taken it
    bool accepted = false;
  };

  // The fabric's part. A blocking call: annotate `delay` with what the transaction takes
  // (`target`: the one decoded; the payload's address is the initiator's).
  virtual void b_transport(std::size_t initiator, std::size_t target, tlm::tlm_generic_payload& trans,
                           sc_core::sc_time& delay) = 0;
  // A request the fabric is to carry, offered from tx.offer: it calls request_sent when
  // its last beat has left (END_REQ) and request_whole when its target may be called.
  virtual void carry_request(AtTransaction& tx) = 0;
  // tx's response, begun by its target `delay` after now: the fabric calls response_whole
  // when its initiator may have it.
  virtual void carry_response(AtTransaction& tx, const sc_core::sc_time& delay) = 0;

  // The request's last beat has left: END_REQ to its initiator at the start of cycle `edge`.
  void request_sent(AtTransaction& tx, core::Cycle edge) {
    wait_for_cycle(edge);
    tlm::tlm_phase phase = tlm::END_REQ;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    target_socket[tx.initiator]->nb_transport_bw(*tx.trans, phase, delay);
  }
  // The request is whole at its target's end from edge `edge` (tx.whole): to the target's
  // port, which offers it after the requests before it there.
  void request_whole(AtTransaction& tx, core::Cycle edge) {
    tx.whole = edge;
    AtPort& port = at_ports_[tx.target];
    port.waiting.push_back(&tx);
    port.arrived.notify(sc_core::SC_ZERO_TIME);
  }
  // The response is whole at its initiator's end from edge `edge`: BEGIN_RESP then, after
  // the responses before it there.
  void response_whole(AtTransaction& tx, core::Cycle edge) {
    AtInitiator& at = at_initiators_[tx.initiator];
    at.responses.emplace_back(&tx, edge);
    at.responded.notify(sc_core::SC_ZERO_TIME);
  }

  std::size_t targets() const { return map_.size(); }
  std::size_t initiators() const { return target_socket.size(); }
  void count_transaction() { ++transactions_; }

  const sc_core::sc_time& period() const { return period_; }
  // Cycles of the clock in `t`, rounded down or up: in the kernel's ticks, exact.
  core::Cycle cycles_down(const sc_core::sc_time& t) const { return t.value() / period_.value(); }
  core::Cycle cycles_up(const sc_core::sc_time& t) const { return (t.value() + period_.value() - 1) / period_.value(); }
  // The time of cycle c's start, relative to `now` (c never starts before now here).
  sc_core::sc_time from_now(core::Cycle c, const sc_core::sc_time& now) const {
    return sc_core::sc_time::from_value(c * period_.value() - now.value());
  }
  // Waits until the start of cycle c (at once if it has started).
  void wait_for_cycle(core::Cycle c) {
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    if (c * period_.value() > now.value()) sc_core::wait(from_now(c, now));
  }
  // The cycle a request is offered from: the first edge after the call (the cycle-level
  // bridge queues it at its time, after that instant's edge); a delay annotated on the
  // call moves it to the first edge at or after now + delay.
  core::Cycle offer_cycle(const sc_core::sc_time& now, const sc_core::sc_time& delay) const {
    return delay > sc_core::SC_ZERO_TIME ? cycles_up(now + delay) : cycles_down(now) + 1;
  }

  // Data beats each way besides the headers, of `width` bytes: a write's data or a read's
  // byte enables out, a read's data back.
  struct DataBeats {
    std::uint64_t request, response;
  };
  static DataBeats data_beats(std::uint64_t width, const tlm::tlm_generic_payload& trans) {
    const std::uint64_t beats = (trans.get_data_length() + width - 1) / width;
    const bool enables = trans.get_byte_enable_ptr() != nullptr && trans.get_byte_enable_length() > 0;
    return {trans.is_write() || enables ? beats : 0, trans.is_write() ? 0 : beats};
  }
  // A loosely timed transaction's turn at target t (one transaction at a time), its
  // request whole there from cycle `arrives`: called at max(arrives, the target's first
  // free cycle) with its own address; its response is offered from the edge after its
  // answer (the next edge when it answered at once, in the instant of the call).
  struct TargetTurn {
    core::Cycle forward;  // the cycle it was called at
    core::Cycle respond;  // its response is offered from this cycle
    core::Cycle free;     // it may take the next transaction from this cycle
  };
  TargetTurn target_turn(std::size_t t, tlm::tlm_generic_payload& trans, const sc_core::sc_time& now,
                         core::Cycle arrives) {
    const core::Cycle forward = std::max(arrives, target_free_[t]);
    const sc_core::sc_time at_target = from_now(forward, now);
    sc_core::sc_time target_delay = at_target;
    const std::uint64_t address = trans.get_address();
    trans.set_address(address - map_[t].base);
    initiator_socket[t]->b_transport(trans, target_delay);
    trans.set_address(address);
    const bool at_once = target_delay == at_target;
    const core::Cycle respond = at_once ? forward + 1 : cycles_up(now + target_delay);
    target_free_[t] = at_once ? forward : respond;
    return {forward, respond, target_free_[t]};
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

  // Each initiator is timed for one kind of call: an initiator calling both is an error,
  // and the call is refused (TLM_GENERIC_ERROR_RESPONSE) where the error does not stop the run.
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

  void blocking_call(int initiator, tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
    if (!use(initiator, Call::blocking, trans)) return;
    const std::size_t t = decode(trans.get_address());
    if (t == map_.size()) {
      trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
      return;
    }
    b_transport(static_cast<std::size_t>(initiator), t, trans, delay);
    ++transactions_;
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

  // --- The approximately timed path's two ends. ---
  struct AtInitiator {
    std::deque<std::pair<AtTransaction*, core::Cycle>> responses;  // with the edge each is whole at
    sc_core::sc_event responded, end_resp;
  };
  struct AtPort {
    std::deque<AtTransaction*> waiting;
    sc_core::sc_event arrived, end_req;
  };

  tlm::tlm_sync_enum nb_transport_fw(int initiator, tlm::tlm_generic_payload& trans, tlm::tlm_phase& phase,
                                     sc_core::sc_time& delay) {
    if (phase == tlm::END_RESP) {
      at_initiators_[static_cast<std::size_t>(initiator)].end_resp.notify(delay);
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
    if (trans.has_mm()) trans.acquire();
    AtTransaction& carried = *tx;
    at_pending_[&trans] = std::move(tx);
    carry_request(carried);
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
    carry_response(*at_pending_.at(&trans), delay);
    return tlm::TLM_COMPLETED;  // taken whole: the target waits for no END_RESP
  }

  void at_port(std::size_t t) {
    AtPort& port = at_ports_[t];
    for (;;) {
      while (port.waiting.empty()) sc_core::wait(port.arrived);
      AtTransaction& tx = *port.waiting.front();
      port.waiting.pop_front();
      wait_for_cycle(tx.whole);
      tx.trans->set_address(tx.address - map_[t].base);
      tlm::tlm_phase phase = tlm::BEGIN_REQ;
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      switch (initiator_socket[t]->nb_transport_fw(*tx.trans, phase, delay)) {
        case tlm::TLM_ACCEPTED:
          sc_core::wait(port.end_req);  // END_REQ, or BEGIN_RESP, through nb_transport_bw
          break;
        case tlm::TLM_UPDATED:
          if (phase == tlm::BEGIN_RESP) carry_response(tx, delay);
          if (phase == tlm::BEGIN_REQ)
            sc_core::wait(port.end_req);
          else
            sc_core::wait(delay);
          break;
        case tlm::TLM_COMPLETED:
          carry_response(tx, delay);
          sc_core::wait(delay);
          break;
      }
      tx.accepted = true;
      tx.taken.notify(sc_core::SC_ZERO_TIME);
    }
  }

  void at_responder(std::size_t i) {
    AtInitiator& at = at_initiators_[i];
    for (;;) {
      while (at.responses.empty()) sc_core::wait(at.responded);
      const auto [tx, whole] = at.responses.front();
      at.responses.pop_front();
      wait_for_cycle(whole);
      tlm::tlm_generic_payload* trans = tx->trans;
      trans->set_address(tx->address);
      // Forgotten before the initiator has it: it may send the payload again at once.
      at_pending_.erase(trans);
      // A payload without a memory manager is its initiator's: gone, maybe, once answered.
      const bool held = trans->has_mm();
      tlm::tlm_phase phase = tlm::BEGIN_RESP;
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      if (target_socket[i]->nb_transport_bw(*trans, phase, delay) == tlm::TLM_ACCEPTED)
        sc_core::wait(at.end_resp);
      else
        sc_core::wait(delay);
      if (held) trans->release();
      ++transactions_;
    }
  }

  std::vector<AddressRange> map_;
  sc_core::sc_time period_;
  std::vector<Call> calls_;  // each initiator's kind of call
  std::vector<core::Cycle> target_free_;  // loosely timed: each target's first cycle free for the next one
  std::uint64_t transactions_ = 0;
  std::deque<AtInitiator> at_initiators_;  // deques: their events cannot move
  std::deque<AtPort> at_ports_;
  std::map<tlm::tlm_generic_payload*, std::unique_ptr<AtTransaction>> at_pending_;
};

}  // namespace creditflow::tlm_bridge
