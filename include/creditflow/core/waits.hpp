// A deadlock's cycle of waits, part by part (the watchdog's report): what a part holds that
// cannot move, named by the input it came in on ("in1 VC 0"), and what it waits for:
// another of its own holdings, or the holding beyond one of its output ports (on a VC,
// between routers). A platform joins them along its connections into a cycle.
#pragma once
#include <string>
#include <vector>

namespace creditflow::core {

struct WaitEdge {
  std::string holding;  // what cannot move: "in1 VC 0", "in", "answers"
  std::string port;     // it waits on what is beyond this output port ...
  int vc = -1;          // ... on this VC (-1: the port has none)
  std::string own;      // or on this holding of its own (port empty)
};
using Waits = std::vector<WaitEdge>;

}  // namespace creditflow::core
