// A TLM-2.0 interconnect whose fabric is a network of routers (noc::Network: BookSim2's
// routers on a mesh, torus, ring or anynet): each initiator and each target sits at a node,
// and a transaction crosses as two packets of its beats, `flit_bytes` a flit: its request
// (a header flit, then a write's data or a read's byte enables) from the initiator's node
// to the target's on message class 0, and its response (a header flit, then a read's data)
// back on message class 1, each class keeping to its half of the VCs so that responses
// never wait behind requests. Decoding, debug, DMI and the phases with initiators and
// targets are every interconnect's (tlm/interconnect_base.hpp); this is the network's timing.
//
// Approximately timed: exact, from the network's own cycles. A request offered from cycle
// o is given to the network then; END_REQ goes to its initiator at the edge after its tail
// flit is injected (so the network's buffers, through the injection channel's credits, are
// what holds an AT initiator back); its target is offered it (one request at a time) from
// the edge after its tail arrives; its response is offered from the first edge after the
// target begins it, and its initiator gets BEGIN_RESP from the edge after the response's
// tail arrives, responses in the order they arrive. The network is stepped only while it
// holds something; idle cycles are skipped. Its terminals take every flit that arrives:
// requests a target has not yet taken wait whole at its node, outside the network.
//
// Loosely timed: b_transport annotates what the transaction takes through an empty network
// (noc::ZeroLoadLatency: each packet's cycles measured once on a network of its own), plus
// the target's turn (one transaction at a time) and its own delay. So with nothing
// contending it equals the approximately timed path to the cycle (tests/tlm); it does not
// see, nor load, the network the approximately timed transactions cross: under contention
// it is optimistic by what they would have waited (docs/guide/tlm.md measures by how much).
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <systemc>
#include <tlm>
#include <unordered_map>
#include <vector>

#include "creditflow/core/error.hpp"
#include "creditflow/noc/packet_carrier.hpp"
#include "creditflow/tlm/interconnect_base.hpp"

namespace creditflow::tlm_bridge {

class NetworkInterconnect : public InterconnectBase {
 public:
  // `network`: the routers and channels (its traffic keys are not read; num_vcs must be
  // even: half for requests, half for responses); initiator i sits at node
  // `initiator_nodes[i]`, target t at `target_nodes[t]` with the addresses `map[t]`;
  // `flit_bytes` each flit carries; `period` the network's clock.
  NetworkInterconnect(sc_core::sc_module_name name, const noc::NocConfig& network,
                      const std::vector<int>& initiator_nodes, const std::vector<int>& target_nodes,
                      const std::vector<AddressRange>& map, std::int64_t flit_bytes = 8,
                      sc_core::sc_time period = sc_core::sc_time(1, sc_core::SC_NS))
      : InterconnectBase(name, initiator_nodes.size(), map, period),
        carrier_(two_classes(network), this->name()),
        zero_load_(two_classes(network), this->name()),
        initiator_nodes_(initiator_nodes),
        target_nodes_(target_nodes),
        flit_bytes_(static_cast<std::uint64_t>(checked_flit_bytes(flit_bytes))) {
    const int nodes = carrier_.network().nodes();
    if (target_nodes.size() != map.size())
      throw ParameterError(std::string(this->name()) + ": " + std::to_string(target_nodes.size()) +
                           " target nodes for " + std::to_string(map.size()) + " address ranges (allowed: one each)");
    check_nodes("initiator", initiator_nodes, nodes);
    check_nodes("target", target_nodes, nodes);
    sc_core::sc_spawn([this] { run(); });
  }

  // The network the approximately timed transactions crossed: its figures (stats()).
  const noc::Network& network() const { return carrier_.network(); }

 private:
  static noc::NocConfig two_classes(noc::NocConfig config) {
    config.message_classes = 2;
    return config;
  }
  std::int64_t checked_flit_bytes(std::int64_t bytes) const {
    check_range(name(), "flit_bytes", bytes, 1, std::int64_t{1} << 20);
    return bytes;
  }
  void check_nodes(const char* what, const std::vector<int>& at, int nodes) const {
    for (std::size_t i = 0; i < at.size(); ++i)
      if (at[i] < 0 || at[i] >= nodes)
        throw ParameterError(std::string(name()) + ": " + what + " " + std::to_string(i) + " at node " +
                             std::to_string(at[i]) + " (allowed nodes 0.." + std::to_string(nodes - 1) + ")");
  }
  static constexpr int kRequests = 0, kResponses = 1;  // message classes

  void b_transport(std::size_t initiator, std::size_t t, tlm::tlm_generic_payload& trans,
                   sc_core::sc_time& delay) override {
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    const DataBeats beats = data_beats(flit_bytes_, trans);
    const int from = initiator_nodes_[initiator], to = target_nodes_[t];
    // Whole at the target's node, then the target's turn; its response is offered as the
    // approximately timed path offers it.
    const core::Cycle offer = offer_cycle(now, delay);
    const TargetTurn turn =
        target_turn(t, trans, now, offer + zero_load_.cycles(from, to, flits(beats.request), kRequests));
    delay = from_now(turn.respond + zero_load_.cycles(to, from, flits(beats.response), kResponses), now);
  }

  // A packet's flits: its header and `data` flits; a packet has at most 2^30.
  int flits(std::uint64_t data) const {
    if (data >= (std::uint64_t{1} << 30))
      throw ParameterError(std::string(name()) + ": a transaction of " + std::to_string(data) + " data flits of " +
                           std::to_string(flit_bytes_) +
                           " bytes (allowed: fewer than 2^30 a packet; widen flit_bytes)");
    return static_cast<int>(1 + data);
  }

  void carry_request(AtTransaction& tx) override {
    const DataBeats beats = data_beats(flit_bytes_, *tx.trans);
    tx.request_beats = static_cast<std::uint64_t>(flits(beats.request));
    tx.response_data = static_cast<std::uint64_t>(flits(beats.response)) - 1;
    carry(tx, kRequests, tx.offer);
  }
  // The response begins `delay` after now: offered from the first edge after then (the
  // next edge when it begins at once), as a request is.
  void carry_response(AtTransaction& tx, const sc_core::sc_time& delay) override {
    carry(tx, kResponses, offer_cycle(sc_core::sc_time_stamp(), delay));
  }
  void carry(AtTransaction& tx, int message_class, core::Cycle offer) {
    const bool request = message_class == kRequests;
    const int at_initiator = initiator_nodes_[tx.initiator], at_target = target_nodes_[tx.target];
    const std::uint64_t token = next_token_++;
    carried_.emplace(token, Carried{&tx, request});
    carrier_.carry(token, request ? at_initiator : at_target, request ? at_target : at_initiator,
                   static_cast<int>(request ? tx.request_beats : 1 + tx.response_data), message_class, offer);
    work_.notify(sc_core::SC_ZERO_TIME);
  }

  // Steps the network at each cycle's start while it holds something or something is
  // offered, and tells each packet's news at its edge; sleeps while there is neither.
  void run() {
    for (;;) {
      const bool stepping = carrier_.busy();
      if (!stepping && due_.empty()) {
        sc_core::wait(work_);
        continue;
      }
      noc::Cycle next = stepping ? carrier_.next_cycle() : due_.front().edge;
      if (!due_.empty()) next = std::min(next, due_.front().edge);
      const sc_core::sc_time now = sc_core::sc_time_stamp();
      const auto edge = static_cast<core::Cycle>(next);
      if (edge * period().value() > now.value()) {
        sc_core::wait(from_now(edge, now), work_);  // a packet offered meanwhile may come sooner
        continue;
      }
      tell_due(next);
      if (stepping && carrier_.next_cycle() == next)
        for (const noc::PacketCarrier::Told& t : carrier_.step()) due_.push_back(t);
    }
  }
  // The news due at the start of cycle `edge`: a request has left (END_REQ) or is whole
  // at its target's node; a response is whole at its initiator's (its leaving is no news).
  void tell_due(noc::Cycle edge) {
    std::size_t told = 0;
    for (; told < due_.size() && due_[told].edge <= edge; ++told) {
      const noc::PacketCarrier::Told& t = due_[told];
      const bool whole = t.what == noc::PacketCarrier::What::whole;
      const Carried c = carried_.at(t.token);
      if (whole) carried_.erase(t.token);
      const auto at = static_cast<core::Cycle>(t.edge);
      if (!c.request) {
        if (whole) response_whole(*c.tx, at);
      } else if (whole) {
        request_whole(*c.tx, at);
      } else {
        request_sent(*c.tx, at);
      }
    }
    due_.erase(due_.begin(), due_.begin() + static_cast<std::ptrdiff_t>(told));
  }

  noc::PacketCarrier carrier_;
  noc::ZeroLoadLatency zero_load_;
  std::vector<int> initiator_nodes_, target_nodes_;
  std::uint64_t flit_bytes_;
  std::uint64_t next_token_ = 0;
  struct Carried {
    AtTransaction* tx;
    bool request;  // else its response
  };
  std::unordered_map<std::uint64_t, Carried> carried_;  // by token, until its packet is whole
  std::vector<noc::PacketCarrier::Told> due_;  // news to tell, by edge (the order the network told it)
  sc_core::sc_event work_;
};

}  // namespace creditflow::tlm_bridge
