// The trade-off between one target and the buffers it costs: a search per bound.
#include <sstream>

#include "creditflow/core/error.hpp"
#include "creditflow/platform/size_platform.hpp"
#include "report/gnuplot.hpp"

namespace creditflow::platform {

ParetoCurve size_pareto(const Netlist& netlist, const Registry& registry, const SizeRequest& request,
                        const std::string& spec) {
  const std::string shape = "--pareto '" + spec + "': expected FIGURE<=FROM:TO:STEP (or >=), e.g. "
                            "cpu:mem.latency.p99<=12:40:4";
  std::size_t at = spec.find_first_of("<>=");
  if (at == std::string::npos || at == 0) throw ParameterError(shape);
  const bool at_most = spec[at] != '>';
  const std::size_t values_at = spec[at] == '=' ? at + 1 : at + 2;
  if (spec[at] != '=' && (at + 1 >= spec.size() || spec[at + 1] != '=')) throw ParameterError(shape);
  const std::string figure = spec.substr(0, at), range = spec.substr(values_at);
  if (range.find(':') == std::string::npos) throw ParameterError(shape);
  const std::vector<std::string> bounds = expand_values(range, "--pareto " + spec);
  ParetoCurve curve;
  SizeRequest each = request;
  if (!each.cache) each.cache = std::make_shared<SizeRunCache>();
  for (const std::string& bound : bounds) {
    const std::string target = figure + (at_most ? "<=" : ">=") + bound;
    const SizeTarget parsed = parse_size_target(target, "--pareto");
    SizeRequest r = each;
    r.targets.push_back(target);
    ParetoPoint p;
    p.answer = size_platform(netlist, registry, r);
    p.bound = parsed.bound;
    curve.runs += p.answer.runs;
    if (curve.points.empty()) curve.target = parsed;
    curve.points.push_back(std::move(p));
  }
  return curve;
}

void plot_pareto(const ParetoCurve& curve, const std::string& file) {
  check_plot_file(file);
  const std::string unit = curve.points.empty() ? "slots" : curve.points.front().answer.unit;
  std::ostringstream script;
  script << "set title " << quoted("least total buffer against " + curve.target.figure) << "\n"
         << "set xlabel " << quoted(curve.target.figure + (curve.target.at_most ? " at most" : " at least")) << "\n"
         << "set ylabel " << quoted("total buffer (" + unit + ")") << "\n"
         << "set grid\nset key below\nset yrange [0:*]\nset offsets graph 0.03, graph 0.03, 0, graph 0.08\n"
         << "$met << EOD\n";
  std::size_t unmet = 0;
  for (const ParetoPoint& p : curve.points)
    if (p.answer.met) script << p.bound << " " << p.answer.total << "\n";
    else ++unmet;
  script << "EOD\n";
  if (unmet) {
    script << "$unmet << EOD\n";
    for (const ParetoPoint& p : curve.points)
      if (!p.answer.met) script << p.bound << " " << p.answer.total << "\n";
    script << "EOD\n";
  }
  script << "plot $met using 1:2 with linespoints pointtype 7 title " << quoted("least total that meets every target");
  if (unmet) script << ", $unmet using 1:2 with points pointtype 4 title " << quoted("not met within the ranges");
  script << "\n";
  draw_with_gnuplot(script.str(), file, "--plot", "900,560");
}

}  // namespace creditflow::platform
