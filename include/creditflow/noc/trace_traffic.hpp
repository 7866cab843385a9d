// A network's terminals replaying a trace (traffic = trace): each record, when it falls
// due, a packet from its source node to its destination node (the trace names nodes by
// number) of its bytes over flit_bytes flits, rounded up, created in the cycle it was
// issued; a record that waits for others is issued after their delivery
// (core/trace_replay.hpp), the network telling each flit it retires. Per flow, what was
// issued and delivered, with each flit's latency from creation to retirement.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

#include "creditflow/core/delivery_board.hpp"
#include "creditflow/core/flow_stats.hpp"
#include "creditflow/core/trace_replay.hpp"
#include "creditflow/noc/network.hpp"

namespace creditflow::noc {

// The node a trace names by its number ("5"), or nullopt for a name that is none of `nodes`.
std::optional<std::uint32_t> trace_node(const std::string& name, int nodes);

class TraceTraffic {
 public:
  // Flows are counted from `measure_from` (the window's first cycle) for their latency.
  TraceTraffic(Network& network, std::unique_ptr<core::TraceStream> trace, Cycle measure_from);
  TraceTraffic(const TraceTraffic&) = delete;
  TraceTraffic& operator=(const TraceTraffic&) = delete;

  // Before the network steps a cycle: the packets due in it, to their terminals.
  void step();
  // By (source node + 1, destination node + 1): the platform's endpoint ids start at 1.
  core::FlowTable flows() const;

 private:
  void retired(const NocFlit& flit, int node);

  Network& network_;
  std::shared_ptr<core::DeliveryBoard> board_ = std::make_shared<core::DeliveryBoard>();
  core::TraceReplay replay_;
  Cycle measure_from_;
  core::FlowTable flows_;
  std::unordered_map<std::int64_t, std::uint64_t> in_flight_;  // network packet -> trace record
};

// Packets a trace keeps waiting at its terminals before it reads on: past this, records due
// wait in the file, keeping their cycle, so memory stays bounded however far behind the
// network falls.
inline constexpr std::int64_t kTraceBacklog = std::int64_t{1} << 20;

}  // namespace creditflow::noc
