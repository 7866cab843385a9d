#include "run/record_trace.hpp"

#include <algorithm>
#include <set>

#include "creditflow/core/error.hpp"
#include "creditflow/platform/registry.hpp"
#include "model/check_traces.hpp"

namespace creditflow::platform {

namespace {

// The final receivers flits from `from` can reach, along streams and flows downstream.
std::set<std::string> receivers_after(const Platform& platform, const std::string& from) {
  std::set<std::string> seen{from}, found;
  std::vector<std::string> next{from};
  while (!next.empty()) {
    const std::string at = next.back();
    next.pop_back();
    for (const ResolvedConnection& k : platform.connections) {
      if (k.from != at || (k.type != ChannelType::stream && k.type != ChannelType::flow)) continue;
      if (!seen.insert(k.to).second) continue;
      if (is_destination(*platform.component(k.to).kind))
        found.insert(k.to);
      else
        next.push_back(k.to);
    }
  }
  return found;
}

}  // namespace

RunRecorder::RunRecorder(const Platform& platform, const std::string& path)
    : platform_(platform), writer_(path, "--record-trace") {
  if (platform.clocks.size() > 1)
    throw Error("--record-trace " + path + ": a trace counts cycles of one clock, and " + platform.file + " has " +
                std::to_string(platform.clocks.size()) + " clocks");
}

const RunRecorder::Source& RunRecorder::source(std::uint32_t id) {
  const auto known = sources_.find(id);
  if (known != sources_.end()) return known->second;
  Source s;
  s.name = endpoint_name(platform_, id);
  if (!s.name.empty()) {
    const ResolvedComponent& c = platform_.component(s.name);
    const std::set<std::string> ends = receivers_after(platform_, s.name);
    if (ends.size() == 1) s.path_end = *ends.begin();
    s.width = static_cast<std::uint64_t>(std::max<std::int64_t>(flit_width(platform_, c), 1));
  }
  return sources_.emplace(id, std::move(s)).first->second;
}

void RunRecorder::created(const core::Creation& c) {
  const Source& s = source(c.source);
  TraceWriter::Record r;
  r.cycle = c.cycle;
  r.source = s.name;
  r.destination = c.destination != 0 ? endpoint_name(platform_, c.destination) : s.path_end;
  r.bytes = c.flits * s.width;
  r.traffic_class = c.traffic_class;
  if (c.answers) {
    const auto asked = handle_of_.find({c.answers_source, c.answers_id});
    if (asked != handle_of_.end()) r.waits_for = asked->second;
    r.delay = c.delay;
  }
  const std::uint64_t handle = writer_.add(std::move(r));
  if (handle_of_.emplace(std::make_pair(c.source, c.id), handle).second) made_.emplace_back(c.source, c.id);
  if (made_.size() > core::kTraceReach) {
    handle_of_.erase(made_.front());
    made_.pop_front();
  }
  writer_.settle(c.made_at + 1);
}

NetworkRecorder::NetworkRecorder(noc::Network& network, const std::string& name, const std::string& path)
    : network_(network),
      name_(name),
      path_(path),
      writer_(path, "--record-trace"),
      flit_bytes_(static_cast<std::uint64_t>(std::max(network.config().flit_bytes, 1))) {
  network_.on_made([this](const noc::NocFlit& head, int size) {
    TraceWriter::Record r;
    r.cycle = static_cast<core::Cycle>(head.created);
    r.source = std::to_string(head.source);
    r.destination = std::to_string(head.destination);
    r.bytes = static_cast<std::uint64_t>(size) * flit_bytes_;
    writer_.add(std::move(r));
  });
}

void NetworkRecorder::stepped() {
  const noc::Cycle from = network_.unmade_from();
  writer_.settle(static_cast<core::Cycle>(from));
  if (writer_.held() > kMaxHeld)
    throw Error("--record-trace " + path_ + ": network '" + name_ + "' holds " + std::to_string(writer_.held()) +
                " packets made but not yet written at cycle " + std::to_string(network_.now()) +
                ": a source fell " + std::to_string(network_.now() - from) +
                " cycles behind what it was offered (past saturation, a backlog that grows without bound); "
                "record it below saturation (a lower injection_rate)");
}

}  // namespace creditflow::platform
