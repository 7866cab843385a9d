// A watched packet's journey through a network, from its head flit's steps (NocEvent): its
// wait at the source, then at each router the cycle it is read off the channel and routed, its
// VC allocation, its switch allocation (a credit or the switch) and its switch traversal,
// and each channel it crossed, until its head and then its tail were retired. Each stage a
// span of cycles [from, to); consecutive spans tile the packet's latency. Kernel-free: the
// timeline and the words of --explain are both made from it.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "creditflow/noc/noc_flit.hpp"

namespace creditflow::noc {

struct JourneyStage {
  // "source queue", "channel", "routing", "VC allocation", "switch allocation", "switch
  // traversal" or "body flits"
  std::string what;
  int router = -1;     // where (-1: at a terminal, or on the channel to one)
  int port = -1;       // the router's input (in it) or output (leaving it)
  Cycle from = 0, to = 0;
  Cycle waited = 0;    // cycles beyond the stage's own: held for a VC, the switch or a credit
};

struct PacketJourney {
  std::int64_t packet = 0;
  int source = 0, destination = 0;
  Cycle created = 0;
  std::vector<JourneyStage> stages;
};

// Collects the steps of watched packets and hands each journey on once its tail is retired.
class JourneyLog {
 public:
  // `stage_cycles`: a stage's own cycles (routing, VC allocation, switch allocation, switch
  // traversal): what is beyond them is a wait.
  JourneyLog(std::function<void(const PacketJourney&)> done, Cycle routing, Cycle vc_allocation,
             Cycle switch_allocation, Cycle switch_traversal);
  void step(const NocEvent& e);

 private:
  struct Open {
    PacketJourney journey;
    Cycle last = 0;           // the end of the last stage
    int router = -1, port = -1;
  };
  void add(Open& o, const std::string& what, Cycle to, Cycle own);

  std::function<void(const PacketJourney&)> done_;
  Cycle routing_, vc_allocation_, switch_allocation_, switch_traversal_;
  std::unordered_map<std::int64_t, Open> open_;
};

}  // namespace creditflow::noc
