#include "creditflow/platform/sweep_saturation.hpp"

#include <algorithm>

#include "creditflow/core/figure_text.hpp"

#include "creditflow/platform/network_results.hpp"
#include "report/gnuplot.hpp"
#include "sweep/point_document.hpp"

namespace creditflow::platform {

using nlohmann::json;

std::string saturation_figure(double v) { return core::significant(v, 3); }

std::vector<Saturation> network_saturations(const std::vector<const PointResult*>& points, const std::string& curve) {
  std::vector<Saturation> all;
  int failed = 0;
  for (const PointResult* r : points) {
    if (!r->ok) {
      ++failed;
      continue;
    }
    const json& doc = document(*r);
    if (!doc.contains("networks")) continue;
    for (const auto& [name, n] : doc.at("networks").items()) {
      auto s = std::find_if(all.begin(), all.end(), [&, &name = name](const Saturation& x) { return x.network == name; });
      if (s == all.end()) {
        Saturation fresh;
        fresh.network = name;
        fresh.curve = curve;
        s = all.insert(all.end(), fresh);
      }
      if (n.at("deadlock_cycle").get<std::int64_t>() > 0) {
        ++s->left_out;
        continue;
      }
      s->mean_packet_flits = n.at("mean_packet_flits").get<double>();
      const double offered = n.at("offered").get<double>(), accepted = n.at("accepted").get<double>();
      const noc::SaturationTest test = saturation_from_json(n);
      if (!test.saturated()) {
        if (offered > s->taken_offered) {
          s->taken_offered = offered;
          s->taken_accepted = accepted;
          s->taken_why = test.why_not();
        }
        continue;
      }
      if (!s->seen || offered < s->first_offered) {
        s->first_offered = offered;
        s->first_accepted = accepted;
        s->first_because = test.because();
      }
      if (!s->seen || accepted > s->plateau) {
        s->plateau = accepted;
        s->plateau_packets = n.at("accepted_packets").get<double>();
      }
      s->seen = true;
    }
  }
  // A failed point has no networks: it is left out of every one.
  for (Saturation& s : all) s.left_out += failed;
  return all;
}

std::string saturation_text(const Saturation& s) {
  const auto figure = [](double v) { return core::significant(v, 4); };
  std::string line = "network '" + s.network + "'" + (s.curve.empty() ? "" : " (" + s.curve + ")") + ": ";
  if (!s.seen) {
    if (s.taken_offered < 0) return line + "no point measured it";
    line += "not saturated: it took every load offered, up to " + figure(s.taken_offered) + " flits/node/cycle (accepted " +
            figure(s.taken_accepted) + "; " + s.taken_why + ")";
  } else {
    line += "saturated at about " + saturation_figure(s.plateau) + " flits/node/cycle";
    if (s.mean_packet_flits != 1) line += " (" + saturation_figure(s.plateau_packets) + " packets/node/cycle)";
    line += ", the most it accepted once saturated; from " + figure(s.first_offered) + " offered it did not keep up (accepted " +
            figure(s.first_accepted) + ": " + s.first_because + ")";
    if (s.taken_offered >= 0)
      line += "; the highest load it took: " + figure(s.taken_offered) + " (accepted " + figure(s.taken_accepted) + ": " +
              s.taken_why + ")";
  }
  if (s.left_out > 0)
    line += "; " + std::to_string(s.left_out) + (s.left_out == 1 ? " point" : " points") +
            " left out: deadlocked or failed, they measure no saturation";
  return line;
}

std::vector<SweepCurve> load_curves(const std::vector<const PointResult*>& plan_points) {
  std::vector<SweepCurve> curves;
  for (const PointResult* r : plan_points) {
    const auto& values = r->point.values;
    std::size_t load = 0;
    for (std::size_t a = 0; a < values.size(); ++a)
      if (ends_with(values[a].first, ".injection_rate")) {
        load = a;
        break;
      }
    std::string name;
    for (std::size_t a = 0; a < values.size(); ++a)
      if (a != load) name += (name.empty() ? "" : " ") + values[a].first + "=" + values[a].second;
    auto c = std::find_if(curves.begin(), curves.end(), [&](const SweepCurve& x) { return x.name == name; });
    if (c == curves.end()) c = curves.insert(curves.end(), SweepCurve{name, {}});
    c->points.push_back(r);
  }
  return curves;
}

}  // namespace creditflow::platform
