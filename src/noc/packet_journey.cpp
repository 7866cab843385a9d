#include "creditflow/noc/packet_journey.hpp"

#include <algorithm>
#include <cstring>

namespace creditflow::noc {

JourneyLog::JourneyLog(std::function<void(const PacketJourney&)> done, Cycle routing, Cycle vc_allocation,
                       Cycle switch_allocation, Cycle switch_traversal)
    : done_(std::move(done)),
      routing_(routing),
      vc_allocation_(vc_allocation),
      switch_allocation_(switch_allocation),
      switch_traversal_(switch_traversal) {}

void JourneyLog::add(Open& o, const std::string& what, Cycle to, Cycle own) {
  JourneyStage s;
  s.what = what;
  s.router = o.router;
  s.port = o.port;
  s.from = o.last;
  s.to = to;
  s.waited = to - o.last > own ? to - o.last - own : 0;
  o.journey.stages.push_back(s);
  o.last = to;
}

void JourneyLog::step(const NocEvent& e) {
  const NocFlit& f = e.flit;
  const auto is = [&](const char* what) { return std::strcmp(e.what, what) == 0; };
  if (!f.head) {
    if (!f.tail || !is("retired")) return;
    const auto at = open_.find(f.packet);
    if (at == open_.end()) return;
    Open& o = at->second;
    o.router = -1;
    o.port = e.port;  // the node
    if (e.cycle > o.last) add(o, "body flits", e.cycle, e.cycle - o.last);
    done_(o.journey);
    open_.erase(at);
    return;
  }
  if (is("injected")) {
    Open& o = open_[f.packet];
    o.journey.packet = f.packet;
    o.journey.source = f.source;
    o.journey.destination = f.destination;
    o.journey.created = f.created;
    o.last = f.created;
    o.port = e.port;
    if (e.cycle > f.created) add(o, "source queue", e.cycle, 0);
    return;
  }
  const auto at = open_.find(f.packet);
  if (at == open_.end()) return;
  Open& o = at->second;
  if (is("received")) {
    // Read off the wire in this cycle, which is its routing's first (timing.md section 6:
    // sent in t over a channel of latency L, read in t + L + 1).
    const Cycle routing_from = std::max(o.last, e.cycle - 1);
    add(o, "channel", routing_from, routing_from - o.last);
    o.router = e.router;
    o.port = e.port;
  } else if (is("routed")) {
    add(o, "routing", e.cycle, routing_);
  } else if (is("vc_allocated")) {
    add(o, "VC allocation", e.cycle, vc_allocation_);
  } else if (is("switch_granted")) {
    add(o, "switch allocation", e.cycle, switch_allocation_);
  } else if (is("sent")) {
    o.port = e.port;
    add(o, "switch traversal", e.cycle, switch_traversal_);
  } else if (is("retired")) {
    add(o, "channel", e.cycle, e.cycle - o.last);  // from the last router's output to the terminal
    if (f.tail) {
      done_(o.journey);
      open_.erase(at);
    }
  }
}

}  // namespace creditflow::noc
