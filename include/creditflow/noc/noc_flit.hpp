// A flit in a network of routers: what BookSim2's flit carries that a figure needs.
#pragma once
#include <cstdint>
#include <ostream>

namespace creditflow::noc {

using Cycle = std::int64_t;

struct NocFlit {
  std::int64_t packet = 0;
  Cycle created = 0;        // the cycle its packet was due at the source (source queueing counts)
  Cycle injected = 0;       // the cycle it entered the injection channel
  Cycle head_injected = 0;  // the cycle its packet's head did (network latency is from there)
  Cycle arrived = 0;        // the cycle it entered the input buffer it is in
  std::int32_t source = 0;
  std::int32_t destination = 0;
  std::int32_t intermediate = -1;  // valiant, romm: the router its first phase goes to
  std::uint16_t hops = 0;   // routers crossed
  std::int16_t vc = -1;     // the VC it holds on the channel it is on
  std::uint8_t dateline = 0;  // a torus route's VC class in its current dimension
  std::uint8_t message_class = 0;  // in a platform: the VC class it keeps (requests, responses)
  std::uint8_t phase = 0;          // valiant, romm: 0 on the way to the intermediate router, then 1
  bool head = false;
  bool tail = false;
  bool measured = false;    // created in the measurement window
  bool watched = false;     // its steps are told to the network's watcher

  // For a platform's sc_signal between routers.
  friend bool operator==(const NocFlit& a, const NocFlit& b) {
    return a.packet == b.packet && a.created == b.created && a.injected == b.injected &&
           a.head_injected == b.head_injected && a.arrived == b.arrived && a.source == b.source &&
           a.destination == b.destination && a.intermediate == b.intermediate && a.hops == b.hops &&
           a.vc == b.vc && a.dateline == b.dateline &&
           a.message_class == b.message_class && a.phase == b.phase &&
           a.head == b.head && a.tail == b.tail && a.measured == b.measured && a.watched == b.watched;
  }
  friend bool operator!=(const NocFlit& a, const NocFlit& b) { return !(a == b); }
  friend std::ostream& operator<<(std::ostream& os, const NocFlit& f) {
    return os << "noc_flit{packet=" << f.packet << " source=" << f.source << " destination=" << f.destination
              << " vc=" << f.vc << " head=" << f.head << " tail=" << f.tail << "}";
  }
};

// A step of a watched flit: where (a router's name and port, or a terminal) and what.
struct NocEvent {
  Cycle cycle;
  const char* what;  // injected, received, routed, vc_allocated, switch_granted, sent, retired
  int router;        // -1 at a terminal
  int port;          // the input (received, routed, ...), the output (sent), or the node
  NocFlit flit;
};

// A set of VCs, one bit each (num_vcs <= 64).
using VcMask = std::uint64_t;

}  // namespace creditflow::noc
