// A network's saturation along one curve of a sweep (timing.md section 6): the points
// that share every other axis's value, the network's offered load changing along them.
// Each point's own run says whether it is saturated and on what evidence (accepted below
// offered beyond the window's noise, or a backlog growing through it: noc/saturation.hpp);
// the curve's verdict gathers them, every number from the points, deadlocked and failed
// points left out and counted.
#pragma once
#include <string>
#include <vector>

#include "creditflow/platform/sweep.hpp"

namespace creditflow::platform {

struct Saturation {
  std::string network;
  std::string curve;  // the other axes' values, "net.num_vcs=4" ("": the sweep has one curve)
  bool seen = false;  // some point saturated
  // The highest load not saturated (-1: none), and why it is not.
  double taken_offered = -1, taken_accepted = 0;
  std::string taken_why;
  // The lowest load saturated, and the evidence.
  double first_offered = 0, first_accepted = 0;
  std::string first_because;
  // The most it accepted once saturated, in flits and in packets per node and cycle.
  double plateau = 0, plateau_packets = 0;
  double mean_packet_flits = 1;  // the network's mean packet size
  int left_out = 0;              // deadlocked or failed points
};

// One per network the points' runs hold, in their documents' order; the points are one
// curve, named `curve`.
std::vector<Saturation> network_saturations(const std::vector<const PointResult*>& curve_points,
                                            const std::string& curve);
// Its sentence, every number in it from the figures.
std::string saturation_text(const Saturation& s);
// The saturation figure as the sentence words it ("0.379"), so that a plot marks the same.
std::string saturation_figure(double v);

// The points of one plan grouped into curves along its load axis (the axis that sets a
// network's injection_rate, else the first), each named by the other axes' values.
struct SweepCurve {
  std::string name;
  std::vector<const PointResult*> points;
};
std::vector<SweepCurve> load_curves(const std::vector<const PointResult*>& plan_points);

}  // namespace creditflow::platform
