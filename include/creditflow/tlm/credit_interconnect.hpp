// A loosely timed TLM-2.0 interconnect whose timing is a credit link's: each initiator
// reaches the targets over a link of its own (TlmCreditLink's two credit loops: request
// beats out, response beats back), and each target serves one whole transaction at a
// time, in the order they reach it. b_transport annotates the delay in the call that
// issues the transaction (LinkTiming): no clocked process, no wait, so it works under
// temporal decoupling (tlm_utils::tlm_quantumkeeper). With every initiator synchronising
// after each transaction (a quantum of zero), the delays are the cycle-level bridge's to
// the cycle (tests/tlm).
//
// Addresses are decoded by a map of ranges, one per target, and translated to the
// target's own (address - base), as Accellera's SimpleBusLT does; transport_dbg and DMI
// pass through with the same translation, DMI ranges translated back, and a target's
// invalidation goes to every initiator. Byte enables, streaming width and the target's
// response status pass as they are; an address no target claims gets
// TLM_ADDRESS_ERROR_RESPONSE at once, without reaching any target.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <vector>

#include "creditflow/core/error.hpp"
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
      target_socket[i].register_transport_dbg(this, &CreditInterconnect::transport_dbg, static_cast<int>(i));
      target_socket[i].register_get_direct_mem_ptr(this, &CreditInterconnect::get_direct_mem_ptr, static_cast<int>(i));
    }
    for (std::size_t t = 0; t < map.size(); ++t)
      initiator_socket[t].register_invalidate_direct_mem_ptr(this, &CreditInterconnect::invalidate, static_cast<int>(t));
  }

  std::uint64_t transactions() const { return transactions_; }

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

  void b_transport(int initiator, tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
    const std::uint64_t address = trans.get_address();
    const std::size_t t = decode(address);
    if (t == map_.size()) {
      trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
      return;
    }
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    // The request is offered from the first edge after the call (the cycle-level bridge
    // queues it at its time, after that instant's edge); a delay annotated on the call
    // moves it to the first edge at or after now + delay.
    const core::Cycle offer = delay > sc_core::SC_ZERO_TIME ? cycles_up(now + delay) : cycles_down(now) + 1;
    LinkTiming& link = links_[static_cast<std::size_t>(initiator)];
    const bool write = trans.is_write();
    const bool enables = trans.get_byte_enable_ptr() != nullptr && trans.get_byte_enable_length() > 0;
    const std::uint64_t beats = link.data_beats(trans.get_data_length());
    // Whole at the far end, then the target's turn (one transaction at a time).
    const core::Cycle forward = std::max(link.request(offer, write || enables ? beats : 0), target_free_[t]);
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
    const core::Cycle done = link.response(respond, write ? 0 : beats, target_free_[t]);
    delay = from_now(done, now);
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

  std::vector<AddressRange> map_;
  sc_core::sc_time period_;
  std::vector<LinkTiming> links_;
  std::vector<core::Cycle> target_free_;  // each target's first cycle free for the next transaction
  std::uint64_t transactions_ = 0;
};

}  // namespace creditflow::tlm_bridge
