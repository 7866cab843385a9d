// --plot: a sweep's metric drawn by gnuplot.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "creditflow/core/error.hpp"
#include "creditflow/core/figure_text.hpp"
#include "creditflow/platform/sweep.hpp"
#include "creditflow/platform/sweep_saturation.hpp"
#include "report/gnuplot.hpp"

namespace creditflow::platform {

namespace {

struct Curve {
  std::string title;
  std::vector<std::pair<std::string, double>> points;  // x value as given, metric
  std::vector<const PointResult*> runs;                // the point behind each
};

// A link's knee on a curve of its throughput against its own receiver's depth: the depth
// its diagnosis names for the link's most (its `depth_needed`, the same at every point), the
// rate the curve takes from there on, and the round trip. Found only where every point's x
// is that link's receiver depth and the curve reaches that depth, so a curve against
// anything else, or short of its knee, is left unmarked.
struct Knee {
  double depth = 0;
  double rate = 0;  // at the first point at or past `depth`
  double rtt = 0;
};

std::optional<Knee> knee_of(const Curve& curve, const std::string& metric) {
  const std::string suffix = ".throughput";
  if (metric.rfind("links.", 0) != 0 || !ends_with(metric, suffix.c_str())) return std::nullopt;
  const std::string link = metric.substr(0, metric.size() - suffix.size());
  Knee knee;
  bool reached = false;
  double knee_x = 0;  // the x of the point that gives the rate
  for (std::size_t i = 0; i < curve.points.size(); ++i) {
    double depth = 0, needed = 0, rtt = 0;
    std::string at;
    bool integral = false;
    const PointResult& r = *curve.runs[i];
    if (!metric_of(r, link + ".receiver_depth", depth, at, integral) ||
        !metric_of(r, link + ".depth_needed", needed, at, integral) ||
        !metric_of(r, link + ".loop_rtt", rtt, at, integral) || needed <= 0 ||
        !is_number_text(curve.points[i].first) || std::strtod(curve.points[i].first.c_str(), nullptr) != depth ||
        (i > 0 && (needed != knee.depth || rtt != knee.rtt)))
      return std::nullopt;
    knee.depth = needed;
    knee.rtt = rtt;
    if (depth >= needed && (!reached || depth < knee_x)) {
      knee.rate = curve.points[i].second;
      knee_x = depth;
      reached = true;
    }
  }
  if (!reached) return std::nullopt;
  return knee;
}

// Where a curve's network saturates, in the x axis's units: marked only where every point's
// x is the network's offered load, in flits or in packets per node and cycle, and at the
// figure the sweep's sentence gives (saturation_text).
std::optional<double> saturation_mark(const Curve& curve) {
  const std::vector<Saturation> found = network_saturations(curve.runs, "");
  const auto s = std::find_if(found.begin(), found.end(), [](const Saturation& x) { return x.seen; });
  if (s == found.end()) return std::nullopt;
  bool flits = true, packets = true;
  for (std::size_t i = 0; i < curve.runs.size(); ++i) {
    double offered = 0;
    std::string at;
    bool integral = false;
    if (!is_number_text(curve.points[i].first) ||
        !metric_of(*curve.runs[i], "networks." + s->network + ".offered", offered, at, integral))
      return std::nullopt;
    const double x = std::strtod(curve.points[i].first.c_str(), nullptr);
    flits = flits && std::fabs(x - offered) < 1e-9;
    packets = packets && std::fabs(x * s->mean_packet_flits - offered) < 1e-6;
  }
  if (flits) return std::strtod(saturation_figure(s->plateau).c_str(), nullptr);
  if (packets) return std::strtod(saturation_figure(s->plateau_packets).c_str(), nullptr);
  return std::nullopt;
}

std::string figure(double v) { return core::significant(v, 3); }

}  // namespace

void check_plot_file(const std::string& file) {
  if (!ends_with(file, ".svg") && !ends_with(file, ".png"))
    throw Error("--plot " + file + ": the file must end in .png or .svg");
  for (const char c : file)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
      throw Error("--plot " + file + ": a file name with a control character is refused");
}

void plot_sweep(const std::vector<SweepPlan>& plans, const std::vector<PointResult>& results,
                const std::string& metric, const std::string& file) {
  check_plot_file(file);
  std::string path = metric, x_param;
  std::vector<std::string> x_values;  // in the order given (the first plan's first axis)
  std::vector<Curve> curves;          // in the order their points come: the order given
  for (std::size_t p = 0; p < plans.size(); ++p) {
    const SweepPlan& plan = plans[p];
    if (plan.axes.empty()) continue;
    if (x_param.empty()) x_param = plan.axes[0].param;
    for (const std::string& v : plan.axes[0].values)
      if (std::find(x_values.begin(), x_values.end(), v) == x_values.end()) x_values.push_back(v);
    for (const PointResult& r : results) {
      if (r.point.plan != p) continue;
      double v = 0;
      bool integral = false;
      if (!metric_of(r, metric, v, path, integral)) continue;
      std::string title = plans.size() > 1 ? plan.name : "";
      for (std::size_t a = 1; a < r.point.values.size(); ++a)
        title += (title.empty() ? "" : " ") + r.point.values[a].first + "=" + r.point.values[a].second;
      for (const Override& o : plan.fixed) title += (title.empty() ? "" : " ") + o.target + "=" + o.value;
      auto it = std::find_if(curves.begin(), curves.end(), [&](const Curve& c) { return c.title == title; });
      if (it == curves.end()) it = curves.insert(curves.end(), Curve{title, {}, {}});
      it->points.push_back({r.point.values[0].second, v});
      it->runs.push_back(&r);
    }
  }
  if (curves.empty()) throw Error("--plot " + file + ": no point has a number at " + path);
  // Text values (a policy, a crossing kind) are labels at 0, 1, 2, ... in the order given.
  bool numeric = true;
  for (const std::string& v : x_values) numeric = numeric && is_number_text(v);
  const auto x_of = [&](const std::string& v) {
    if (numeric) return v;
    return std::to_string(std::find(x_values.begin(), x_values.end(), v) - x_values.begin());
  };
  // A rate of flits per cycle is drawn from 0 to just above 1, and a figure that cannot be
  // negative from 0: an axis below 0 would show values nothing can take.
  double lowest = 0, highest = 0;
  for (const Curve& c : curves)
    for (const auto& point : c.points) {
      lowest = std::min(lowest, point.second);
      highest = std::max(highest, point.second);
    }
  const bool rate = ends_with(path, "throughput") && lowest >= 0 && highest <= 1;
  std::ostringstream script;
  script << "set title " << quoted(path + " against " + x_param) << "\n"
         << "set xlabel " << quoted(x_param) << "\nset ylabel " << quoted(path) << "\n"
         << "set grid\nset key below\n"
         // A margin inside the frame, so a curve at the x axis's ends is drawn, not hidden
         // under the border.
         << "set offsets graph 0.03, graph 0.03, " << (lowest >= 0 ? "0" : "graph 0.08") << ", graph 0.08\n";
  if (rate) script << "set yrange [0:1.05]\n";
  else if (lowest >= 0) script << "set yrange [0:*]\n";
  if (!numeric) {
    script << "set xtics (";
    for (std::size_t i = 0; i < x_values.size(); ++i) script << (i ? ", " : "") << quoted(x_values[i]) << " " << i;
    script << ")\n";
  }
  for (std::size_t c = 0; c < curves.size(); ++c) {
    script << "$d" << c << " << EOD\n";
    for (const auto& [x, y] : curves[c].points) {
      char buf[64];
      std::snprintf(buf, sizeof buf, " %.17g\n", y);
      script << x_of(x) << buf;
    }
    script << "EOD\n";
  }
  // Each curve's knee: a point at the depth from which it runs at its most, labelled with the
  // round trip (B = RTT where the receiver drains every cycle).
  double x_low = 0, x_high = 0;
  for (std::size_t i = 0; numeric && i < x_values.size(); ++i) {
    const double x = std::strtod(x_values[i].c_str(), nullptr);
    x_low = i ? std::min(x_low, x) : x;
    x_high = i ? std::max(x_high, x) : x;
  }
  // Each curve's saturation: a dashed line in its colour, labelled on the side that keeps
  // the text inside the frame.
  for (std::size_t c = 0; c < curves.size(); ++c)
    if (const std::optional<double> at = saturation_mark(curves[c])) {
      const bool right_half = numeric && *at > (x_low + x_high) / 2;
      script << "set arrow from " << *at << ", graph 0 to " << *at << ", graph 1 nohead dashtype 2 linecolor " << (c + 1)
             << "\nset label " << quoted("saturation ~" + saturation_figure(*at)) << " at " << *at << ", graph "
             << 0.95 - 0.05 * static_cast<double>(c) << (right_half ? " right offset -0.5,0" : " left offset 0.5,0")
             << " textcolor lt " << (c + 1) << "\n";
    }
  for (std::size_t c = 0; numeric && c < curves.size(); ++c) {
    const std::optional<Knee> knee = knee_of(curves[c], metric);
    if (!knee) continue;
    const std::string text = knee->depth == knee->rtt
                                 ? "B = RTT = " + figure(knee->rtt)
                                 : "B = " + figure(knee->depth) + " for " + figure(knee->rate) + " (RTT " + figure(knee->rtt) + ")";
    // Below the point, on the side that keeps the text inside the frame.
    const bool right_half = knee->depth > (x_low + x_high) / 2;
    script << "set label " << (100 + c) << " " << quoted(text) << " at " << knee->depth << ", " << knee->rate
           << (right_half ? " right" : " left") << " point pointtype 7 pointsize 1.3 linecolor " << (c + 1)
           << " offset " << (right_half ? "-0.8" : "0.8") << ",-1 textcolor lt " << (c + 1) << "\n";
  }
  script << "plot ";
  for (std::size_t c = 0; c < curves.size(); ++c)
    script << (c ? ", " : "") << "$d" << c << " using 1:2 with linespoints title "
           << quoted(curves[c].title.empty() ? path : curves[c].title);
  script << "\n";
  draw_with_gnuplot(script.str(), file, "--plot", "900,560");
}

}  // namespace creditflow::platform
