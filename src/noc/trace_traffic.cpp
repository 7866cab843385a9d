#include "creditflow/noc/trace_traffic.hpp"

#include <optional>
#include <string>

namespace creditflow::noc {

std::optional<std::uint32_t> trace_node(const std::string& name, int nodes) {
  if (name.empty() || name.size() > 9 || name.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  const int node = std::stoi(name);
  if (node >= nodes) return std::nullopt;
  return static_cast<std::uint32_t>(node);
}

namespace {

core::TraceEndpointIds node_ids(int nodes) {
  core::TraceEndpointIds ids;
  ids.source = [nodes](const std::string& name) { return trace_node(name, nodes); };
  ids.destination = ids.source;
  return ids;
}

}  // namespace

TraceTraffic::TraceTraffic(Network& network, std::unique_ptr<core::TraceStream> trace, Cycle measure_from)
    : network_(network),
      replay_(std::move(trace), node_ids(network.nodes()), static_cast<std::uint64_t>(network.config().flit_bytes),
              board_),
      measure_from_(measure_from) {
  network_.on_retire([this](const NocFlit& flit, int node) { retired(flit, node); });
}

void TraceTraffic::step() {
  if (network_.waiting_packets() >= kTraceBacklog) return;
  core::DueRecord r;
  const Cycle now = network_.now();
  while (replay_.pop_due(now, r)) {
    const std::int64_t packet = network_.send_packet(static_cast<int>(r.source), static_cast<int>(r.destination),
                                                     static_cast<int>(r.flits), false, r.at);
    in_flight_.emplace(packet, r.id);
    board_->issued(r.id, r.flits);
    core::FlowFigures& f = flows_[{r.source + 1, r.destination + 1}];
    f.traced = true;
    f.created += r.flits;
    ++f.records;
    f.bytes += r.bytes;
    if (network_.waiting_packets() >= kTraceBacklog) break;
  }
}

void TraceTraffic::retired(const NocFlit& flit, int node) {
  const auto record = in_flight_.find(flit.packet);
  if (record == in_flight_.end()) return;  // not the trace's
  const Cycle now = network_.now();
  board_->popped(record->second, now);
  core::FlowFigures& f = flows_[{static_cast<std::uint32_t>(flit.source) + 1, static_cast<std::uint32_t>(node) + 1}];
  ++f.delivered;
  f.last_delivered = now;
  if (now >= measure_from_) {
    ++f.delivered_in_window;
    f.latency.add(now - flit.created);
  }
  if (flit.tail) in_flight_.erase(record);
}

core::FlowTable TraceTraffic::flows() const {
  core::FlowTable table = flows_;
  for (auto& [key, f] : table) {
    f.width = replay_.width();
    f.trace_done = replay_.done();
  }
  return table;
}

}  // namespace creditflow::noc
