#include "report/network_timeline.hpp"

#include <unistd.h>

#include <sstream>

#include "creditflow/core/error.hpp"
#include "creditflow/platform/atomic_file.hpp"

namespace creditflow::platform {

namespace {

std::string json_string(const std::string& s) {
  std::string q = "\"";
  for (const char c : s) q += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
  return q + "\"";
}

std::string stage_name(const noc::JourneyStage& s) {
  return s.waited > 0 ? s.what + " (waited " + std::to_string(s.waited) + ")" : s.what;
}

}  // namespace

std::string stage_place(const noc::JourneyStage& s, const noc::Topology& topology) {
  if (s.what == "source queue") return "at node " + std::to_string(s.port);
  if (s.what == "body flits") return "into node " + std::to_string(s.port);
  if (s.what == "channel") {
    if (s.router < 0) return "from node " + std::to_string(s.port) + " to " + topology.router_name(topology.router_of(s.port));
    const noc::PortLink to = topology.out(s.router, s.port);
    return "from " + topology.router_name(s.router) + " " + topology.port_name(s.router, s.port) + " to " +
           (to.router >= 0 ? topology.router_name(to.router) : "node " + std::to_string(to.port));
  }
  return "in " + topology.router_name(s.router) + (s.what == "switch traversal" ? " to " : " at ") +
         topology.port_name(s.router, s.port);
}

NetworkTimeline::NetworkTimeline(const std::string& path, const std::string& network, const noc::Topology& topology)
    : path_(path), partial_(path + ".partial-" + std::to_string(::getpid())), network_(network), topology_(topology) {
  file_ = std::fopen(partial_.c_str(), "w");
  if (!file_) throw Error("--timeline " + path_ + ": cannot write (open " + partial_ + ")");
  std::fputs("{\"displayTimeUnit\": \"ns\", \"otherData\": {\"time\": \"1 microsecond is 1 cycle\", \"network\": ", file_);
  std::fputs(json_string(network_).c_str(), file_);
  std::fputs("},\n\"traceEvents\": [\n", file_);
}

NetworkTimeline::~NetworkTimeline() {
  if (file_) {
    std::fclose(file_);
    std::remove(partial_.c_str());
  }
}

void NetworkTimeline::put(const std::string& event) {
  if (events_++ > 0) std::fputs(",\n", file_);
  std::fputs(event.c_str(), file_);
}

void NetworkTimeline::add(const noc::PacketJourney& j) {
  const std::string pid = std::to_string(j.source), tid = std::to_string(j.packet);
  if (named_nodes_.size() <= static_cast<std::size_t>(j.source)) named_nodes_.resize(j.source + 1, false);
  if (!named_nodes_[j.source]) {
    named_nodes_[j.source] = true;
    put("{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": " + pid + ", \"args\": {\"name\": " +
        json_string("packets from node " + pid) + "}}");
  }
  put("{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": " + pid + ", \"tid\": " + tid + ", \"args\": {\"name\": " +
      json_string("packet " + tid + " to node " + std::to_string(j.destination)) + "}}");
  for (const noc::JourneyStage& s : j.stages) {
    std::ostringstream e;
    e << "{\"ph\": \"X\", \"name\": " << json_string(stage_name(s)) << ", \"cat\": " << json_string(s.what)
      << ", \"pid\": " << pid << ", \"tid\": " << tid << ", \"ts\": " << s.from << ", \"dur\": " << s.to - s.from
      << (s.waited > 0 ? ", \"cname\": \"bad\"" : "") << ", \"args\": {\"where\": " << json_string(stage_place(s, topology_))
      << ", \"waited\": " << s.waited << "}}";
    put(e.str());
  }
}

void NetworkTimeline::finish() {
  std::fputs("\n]}\n", file_);
  const bool failed = std::ferror(file_) != 0;
  const int closed = std::fclose(file_);
  file_ = nullptr;
  if (failed || closed != 0) {
    std::remove(partial_.c_str());
    throw Error("--timeline " + path_ + ": cannot write (is the disk full?); nothing was written");
  }
  rename_into_place(partial_, path_, "--timeline");
}

std::string journey_text(const noc::PacketJourney& j, const std::string& network, const noc::Topology& topology) {
  std::ostringstream os;
  const noc::Cycle end = j.stages.empty() ? j.created : j.stages.back().to;
  noc::Cycle waited = 0;
  for (const noc::JourneyStage& s : j.stages) waited += s.waited;
  os << "packet " << j.packet << " of network '" << network << "', node " << j.source << " to node " << j.destination
     << ": created in cycle " << j.created << ", its tail retired in cycle " << end << ", " << end - j.created
     << " cycles, " << waited << " of them waiting\n";
  for (const noc::JourneyStage& s : j.stages) {
    os << "  " << s.from << ".." << s.to << " " << s.what << " " << stage_place(s, topology) << ": " << s.to - s.from
       << (s.to - s.from == 1 ? " cycle" : " cycles");
    if (s.waited > 0) os << ", " << s.waited << " of them waiting" << (s.what == "VC allocation" ? " for a VC" : s.what == "switch allocation" ? " for the switch or a credit" : "");
    os << "\n";
  }
  return os.str();
}

}  // namespace creditflow::platform
