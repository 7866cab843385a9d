#include "sweep/sweep_checks.hpp"
#include "sweep/sweep_journal.hpp"

#include "cli/output_paths.hpp"

#include <algorithm>
#include <set>

#include <nlohmann/json.hpp>

#include "creditflow/core/error.hpp"
#include "creditflow/platform/nearest.hpp"
#include "creditflow/platform/network_results.hpp"
#include "creditflow/platform/results.hpp"
#include "creditflow/platform/simulate.hpp"

namespace creditflow::cli {

namespace {

using nlohmann::json;

std::string component_of(const std::string& target) { return target.substr(0, target.find('.')); }

void check_axes(const std::vector<platform::SweepPlan>& plans, const std::vector<platform::Override>& sets) {
  for (const platform::SweepPlan& plan : plans) {
    std::set<std::string> seen;
    for (const platform::Axis& a : plan.axes)
      if (!seen.insert(a.param).second)
        throw Error("sweep " + plan.name + ": " + a.param + " is varied twice; give its values in one --vary");
    for (const platform::Override& o : plan.fixed) seen.insert(o.target);
    for (const platform::Override& s : sets)
      if (seen.count(s.target))
        throw Error(s.where + ": sweep " + plan.name + " sets " + s.target +
                    " at every point, so this --set would never apply; drop it, or vary it instead");
  }
}

// The first point of each plan that resolves, or nothing for a plan whose every point
// has a value out of range (those points fail one by one, as they would anyway). A name
// that is no component or parameter is the same at every point: it stops the sweep.
std::optional<platform::Platform> first_platform(const platform::Netlist& netlist, const platform::Registry& registry,
                                                 const std::vector<platform::SweepPlan>& plans,
                                                 const platform::SweepOptions& options) {
  std::optional<platform::Platform> first;
  std::vector<bool> checked(plans.size(), false);
  for (const platform::SweepPoint& point : platform::expand(plans)) {
    if (checked[point.plan]) continue;
    std::vector<platform::Override> overrides = options.sets;
    overrides.insert(overrides.end(), point.overrides.begin(), point.overrides.end());
    try {
      platform::Platform p = platform::resolve(netlist, registry, overrides, options.run);
      checked[point.plan] = true;
      if (!first) first = std::move(p);
    } catch (const ParameterError&) {
      // This point's values; a later point of the plan may resolve.
    }
  }
  return first;
}

// The link the varied parameters belong to: the loop holding the first varied component,
// else the first link.
std::string varied_link(const platform::Platform& p, const std::vector<platform::SweepPlan>& plans) {
  for (const platform::SweepPlan& plan : plans)
    for (const platform::Axis& a : plan.axes) {
      if (const platform::LoopPlan* loop = p.loop_of(component_of(a.param))) return loop->name;
    }
  return p.loops.empty() ? "" : p.loops.front().name;
}

void number_paths(const json& node, const std::string& path, std::vector<std::string>& out) {
  if (node.is_object())
    for (const auto& [key, value] : node.items()) number_paths(value, path.empty() ? key : path + "." + key, out);
  else if (node.is_number())
    out.push_back(path);
}

// "flows.cpu:rx.throughput" where a few cycles' document has "flows.cpu:*.throughput": a
// source that names no destination has its flow named by the receiver its flits reach,
// which a document of two cycles, where none has arrived, cannot know yet. The receiver
// must be a part of the platform.
bool names_a_flow_of_a_source_without_destinations(const std::string& metric, const std::vector<std::string>& paths,
                                                    const platform::Platform& p) {
  const std::string prefix = "flows.";
  const std::size_t colon = metric.find(':');
  if (metric.rfind(prefix, 0) != 0 || colon == std::string::npos) return false;
  const std::size_t dot = metric.find('.', colon);
  if (dot == std::string::npos || p.index_of(metric.substr(colon + 1, dot - colon - 1)) == p.components.size())
    return false;
  const std::string wildcard = metric.substr(0, colon) + ":*" + metric.substr(dot);
  return std::find(paths.begin(), paths.end(), wildcard) != paths.end();
}

// The run's document from a few cycles of the transaction-level view: its keys are those
// of every point's. Empty when a kind has no such view (the metric is then checked by the
// points themselves).
std::optional<json> document_shape(platform::Platform p) {
  p.run.cycles = 2;
  p.run.warmup = 1;
  p.run.watchdog = 0;
  try {
    return json::parse(platform::run_json(p, platform::simulate_tl(p)));
  } catch (const Error&) {
    return std::nullopt;
  }
}

// A platform of networks: a bare metric is a figure of the network the first varied
// parameter belongs to, else of the first ("throughput" its accepted rate); a metric is
// checked against the figures every network of the platform reports.
void check_network_metric(SweepRequest& request, const platform::Platform& p,
                          const std::vector<platform::SweepPlan>& plans) {
  const std::string given = request.metric;
  std::string name = p.components.front().name;
  const auto varied = [&] {
    for (const platform::SweepPlan& plan : plans)
      for (const platform::Axis& a : plan.axes)
        for (const platform::ResolvedComponent& c : p.components)
          if (c.name == component_of(a.param)) return c.name;
    return name;
  };
  if (given.find('.') == std::string::npos) {
    name = varied();
    request.metric = "networks." + name + "." + (given == "throughput" ? std::string("accepted") : given);
  }
  json doc;
  for (const platform::ResolvedComponent& c : p.components) {
    platform::NetworkReport empty;
    empty.name = c.name;
    doc["networks"][c.name] = platform::network_json(empty);
  }
  std::vector<std::string> paths;
  number_paths(doc, "", paths);
  if (std::find(paths.begin(), paths.end(), request.metric) != paths.end()) return;
  throw Error("--metric " + given + ": no network has a figure at " + request.metric +
              platform::did_you_mean(request.metric, paths) + " (e.g. networks." + name + ".packet_latency)");
}

void check_metric(SweepRequest& request, const platform::Platform& p, const std::vector<platform::SweepPlan>& plans) {
  if (platform::has_networks(p)) return check_network_metric(request, p, plans);
  const std::string given = request.metric;
  const bool bare = given.find('.') == std::string::npos;
  const std::string link = bare ? varied_link(p, plans) : "";
  if (bare && link.empty()) throw Error("--metric " + given + ": the platform has no link to take it from");
  if (bare) request.metric = "links." + link + "." + given;
  const std::optional<json> doc = document_shape(p);
  if (!doc) return;
  std::vector<std::string> paths;
  number_paths(*doc, "", paths);
  if (std::find(paths.begin(), paths.end(), request.metric) != paths.end()) return;
  if (names_a_flow_of_a_source_without_destinations(request.metric, paths, p)) return;
  if (bare) {
    std::vector<std::string> figures;  // the link's own numbers, by name
    for (const auto& [key, value] : doc->at("links").at(link).items())
      if (value.is_number()) figures.push_back(key);
    throw Error("--metric " + given + ": link '" + link + "' has no figure '" + given + "'" +
                platform::did_you_mean(given, figures) + " (or give a JSON path of `creditflow run --json`, " +
                "e.g. links." + link + ".latency.creation_to_pop.p99)");
  }
  throw Error("--metric " + given + ": no number at that path of the run's results" +
              platform::did_you_mean(given, paths) + " (paths as in `creditflow run --json`, e.g. links." +
              (p.loops.empty() ? std::string("LINK") : p.loops.front().name) + ".throughput)");
}

}  // namespace

void check_points(SweepRequest& request, const platform::Netlist& netlist, const platform::Registry& registry) {
  const std::vector<platform::SweepPlan> plans = plans_of(request, netlist);
  const platform::SweepOptions options = options_of(request);
  check_axes(plans, options.sets);
  if (const auto p = first_platform(netlist, registry, plans, options)) check_metric(request, *p, plans);
}

void check_request(SweepRequest& request, const platform::Registry& registry) {
  check_output("--csv", request.csv);
  check_output("--json", request.json);
  check_output("--plot", request.plot);
  if (request.csv == "-" && request.json == "-")
    throw Error("--csv - and --json -: only one output can go to standard output");
  // The journal is an output too: its clean-up would delete an output on its path.
  const std::string journal = journal_path(request).value_or("");
  const platform::Netlist netlist = platform::load_netlist(request.model);
  std::vector<NamedPath> inputs{{"model file", request.model}};
  for (const std::string& file : model_inputs(request, netlist)) inputs.push_back({"network_file", file});
  check_distinct({{"--csv", request.csv}, {"--json", request.json}, {"--plot", request.plot}, {"the sweep's journal", journal}},
                 inputs);
  check_points(request, netlist, registry);
}

}  // namespace creditflow::cli
