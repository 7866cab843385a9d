#include "cli/size_platform.hpp"

#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/output_paths.hpp"
#include "creditflow/core/error.hpp"
#include "creditflow/core/figure_text.hpp"
#include "creditflow/platform/atomic_file.hpp"
#include "creditflow/platform/isolated_run.hpp"
#include "creditflow/platform/size_platform.hpp"
#include "creditflow/platform/sweep.hpp"

namespace creditflow::cli {
namespace {

using platform::SizeAnswer;

std::string figure(double v) { return core::significant(v, 6); }


std::string seeds_text(const SizeAnswer& a) {
  if (!a.random) return "seed " + std::to_string(a.seeds.front()) + " (the traffic draws nothing at random: a second "
                        "seed gave the same figures)";
  std::string out = a.seeds.size() == 1 ? "seed " : "seeds ";
  for (std::size_t i = 0; i < a.seeds.size(); ++i) out += (i ? ", " : "") + std::to_string(a.seeds[i]);
  return out;
}

}  // namespace

std::string answer_text(const std::string& model, const SizeAnswer& a) {
  std::ostringstream os;
  if (a.met)
    os << "sized " << model << ": " << figure(a.total) << " " << a.unit << " in all, every target met over "
       << seeds_text(a) << "; " << a.runs << " runs\n";
  else
    os << "not sized " << model << ": " << a.why << "; " << a.runs << " runs\n";
  std::size_t width = 0;
  for (const auto& k : a.knobs) width = std::max(width, k.param.size());
  for (std::size_t i = 0; i < a.knobs.size(); ++i) {
    const auto& k = a.knobs[i];
    os << "  " << k.param << std::string(width - k.param.size(), ' ') << "  " << a.values[i] << "  (was "
       << k.shipped;
    for (const std::string& f : k.follows) os << "; " << f << " follows";
    if (k.list_item >= 0 && k.weight == 0) os << "; a share of the pool, no slot more";
    else if (k.weight != 1) os << "; " << figure(k.weight) << " a unit";
    os << ")\n";
  }
  if (a.cycles > 0) {
    os << "each run " << a.cycles << " cycles, measured from " << a.warmup;
    if (a.lengthened_from)
      os << " (the model runs " << a.lengthened_from << ": too short to tell a queue a slot short of its load, "
         << "slowly falling behind, from noise; --cycles to choose)";
    os << "\n";
  }
  if (a.bound_total > 0)
    os << "the search began at " << figure(a.bound_total) << " " << a.unit
       << ": each loop's rate x round trip with every buffer at its largest, else the bottom of its range\n";
  if (!a.targets.empty()) os << "targets (the worst over the seeds):\n";
  for (const auto& t : a.targets)
    os << "  " << (t.met ? "met    " : "UNMET  ") << t.target.text << ": " << t.target.path << " = " << figure(t.value)
       << ", margin " << figure(t.margin) << " (seed " << t.seed << ")\n";
  if (a.met) {
    os << "locally minimal: each parameter one lower breaks a target\n";
    for (const auto& p : a.minimal)
      os << "  " << p.param << "=" << p.lower << ": "
         << (p.breaks.empty() ? "the bottom of its range" : p.breaks) << "\n";
  }
  return os.str();
}

nlohmann::ordered_json answer_json(const std::string& model, const SizeAnswer& a) {
  nlohmann::ordered_json j;
  j["model"] = model;
  j["met"] = a.met;
  if (!a.met) j["why"] = a.why;
  j["parameters"] = nlohmann::ordered_json::object();
  for (std::size_t i = 0; i < a.knobs.size(); ++i) j["parameters"][a.knobs[i].param] = a.values[i];
  j["total"] = a.total;
  j["unit"] = a.unit;
  j["bound_total"] = a.bound_total;
  j["runs"] = a.runs;
  j["seeds"] = a.seeds;
  j["random"] = a.random;
  j["cycles"] = a.cycles;
  j["warmup"] = a.warmup;
  j["targets"] = nlohmann::ordered_json::array();
  for (const auto& t : a.targets)
    j["targets"].push_back({{"target", t.target.text}, {"figure", t.target.path}, {"value", t.value},
                            {"bound", t.target.bound}, {"at_most", t.target.at_most}, {"met", t.met},
                            {"margin", t.margin}, {"seed", t.seed}});
  j["minimal"] = nlohmann::ordered_json::array();
  for (const auto& p : a.minimal)
    j["minimal"].push_back({{"parameter", p.param}, {"lower", p.lower}, {"breaks", p.breaks}});
  return j;
}

namespace {

// "size: 23 runs, 41.2 s, best so far 21 slots (search)": a line at most every 2 s.
class SizeProgressLine {
 public:
  void operator()(const platform::SizeProgress& p) {
    if (p.seconds < last_ + 2.0 && p.phase == phase_) return;
    last_ = p.seconds;
    phase_ = p.phase;
    const double each = p.runs ? p.seconds / static_cast<double>(p.runs) : 0.0;
    std::fprintf(stderr, "size: %zu runs, %.1f s, %s, %s; a step takes at most %zu more runs, about %.1f s\n",
                 p.runs, p.seconds, p.phase.c_str(),
                 p.best ? ("best so far " + figure(*p.best)).c_str() : "nothing meets yet", p.runs_left,
                 each * static_cast<double>(p.runs_left));
    std::fflush(stderr);
  }

 private:
  double last_ = -10;
  std::string phase_;
};

}  // namespace

platform::SizeRequest size_request(const SizePlatformArgs& args) {
  if (!args.meet.empty() && args.meet != "offered")
    throw ParameterError("--meet " + args.meet + ": the one criterion is `offered` (every flow carries what its "
                         "source offers)");
  if (args.jobs < 1 || args.jobs > 1024)
    throw ParameterError("--jobs " + std::to_string(args.jobs) + " is out of range (allowed 1..1024)");
  if (args.view != "cycle" && args.view != "tl")
    throw ParameterError("--view " + args.view + ": unknown view (allowed: cycle, tl)");
  platform::SizeRequest request;
  request.meet_offered = args.meet == "offered";
  request.targets = args.targets;
  for (const std::string& v : args.vary) {
    std::stringstream items(v);
    for (std::string item; std::getline(items, item, ',');)
      if (!item.empty()) request.vary.push_back(item);
  }
  for (const std::string& c : args.costs) {
    if (c == "bytes") request.bytes = true;
    else if (c != "slots") request.costs.push_back(c);
  }
  request.seeds = args.seeds;
  request.jobs = platform::parallel_allowed(args.jobs);
  request.sets = parse_sets(args.sets);
  request.run = run_overrides(args.run);
  request.view = args.view;
  return request;
}

int size_platform_command(const SizePlatformArgs& args, const platform::Registry& registry) {
  platform::SizeRequest request = size_request(args);
  std::vector<NamedPath> outputs{{"--write", args.write}, {"--plot", args.plot}};
  for (const auto& [option, file] : outputs) check_output(option, file, false);
  check_distinct(outputs, {{"model", args.model}});
  if (!args.plot.empty() && args.pareto.empty())
    throw ParameterError("size: --plot draws --pareto's curve; give --pareto");
  if (!args.plot.empty()) platform::check_plot_file(args.plot);
  check_not_replacing("--write", args.write, args.force);
  if (!args.write.empty() && !args.pareto.empty())
    throw ParameterError("size: --write takes one answer and --pareto gives one per bound; give one of them");

  const std::string text = platform::read_model_text(args.model);
  const platform::Netlist netlist = platform::parse_netlist(text, args.model);
  SizeProgressLine line;
  request.progress = [&line](const platform::SizeProgress& p) { line(p); };

  if (!args.pareto.empty()) {
    const platform::ParetoCurve curve = platform::size_pareto(netlist, registry, request, args.pareto);
    std::ostringstream table;
    table << "least total for each bound of " << curve.target.figure << " (" << curve.runs << " runs in all):\n";
    nlohmann::ordered_json j;
    j["model"] = args.model;
    j["figure"] = curve.target.figure;
    j["at_most"] = curve.target.at_most;
    j["runs"] = curve.runs;
    j["points"] = nlohmann::ordered_json::array();
    for (const auto& p : curve.points) {
      table << "  " << (curve.target.at_most ? "<= " : ">= ") << figure(p.bound) << ": "
            << (p.answer.met ? figure(p.answer.total) + " " + p.answer.unit : "not met (" + p.answer.why + ")");
      for (std::size_t i = 0; p.answer.met && i < p.answer.knobs.size(); ++i)
        table << (i ? ", " : " (") << p.answer.knobs[i].param << "=" << p.answer.values[i];
      table << (p.answer.met ? ")" : "") << ", " << p.answer.runs << " runs\n";
      nlohmann::ordered_json point = answer_json(args.model, p.answer);
      point["bound"] = p.bound;
      j["points"].push_back(point);
    }
    if (!args.plot.empty()) {
      platform::plot_pareto(curve, args.plot);
      table << "plot: " << args.plot << "\n";
    }
    std::cout << (args.json ? j.dump(2) + "\n" : table.str());
    return 0;
  }

  const SizeAnswer answer = platform::size_platform(netlist, registry, request);
  std::cout << (args.json ? answer_json(args.model, answer).dump(2) + "\n" : answer_text(args.model, answer));
  if (!args.write.empty() && answer.met) {
    platform::write_file_atomically(args.write, platform::model_with_values(text, netlist, answer, request.sets));
    if (!args.json) std::cout << "written: " << args.write << "\n";
  }
  return answer.met ? 0 : 1;
}

}  // namespace creditflow::cli
