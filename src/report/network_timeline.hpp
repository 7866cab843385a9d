// Packets' journeys (noc/packet_journey.hpp) as a Chrome trace-event file, which Perfetto
// and chrome://tracing open: a process per source node, a track per packet, a slice per
// stage (1 microsecond on the time axis is 1 cycle), waits marked in their names and
// colour; and as words, for --explain.
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>

#include "creditflow/noc/packet_journey.hpp"
#include "creditflow/noc/topology.hpp"

namespace creditflow::platform {

class NetworkTimeline {
 public:
  // Written to `path` through a partial file that finish() renames into place.
  NetworkTimeline(const std::string& path, const std::string& network, const noc::Topology& topology);
  ~NetworkTimeline();
  NetworkTimeline(const NetworkTimeline&) = delete;
  NetworkTimeline& operator=(const NetworkTimeline&) = delete;
  void add(const noc::PacketJourney& journey);
  void finish();

 private:
  void put(const std::string& event);

  std::string path_, partial_, network_;
  const noc::Topology& topology_;
  std::FILE* file_ = nullptr;
  std::uint64_t events_ = 0;
  std::vector<bool> named_nodes_;
};

// Where a stage was, in words: "router_0_1 +x", "the channel from router_0_1 +x", ...
std::string stage_place(const noc::JourneyStage& s, const noc::Topology& topology);
// A journey in words, a line a stage, every figure from the stages.
std::string journey_text(const noc::PacketJourney& journey, const std::string& network, const noc::Topology& topology);

}  // namespace creditflow::platform
