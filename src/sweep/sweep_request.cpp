#include "sweep/sweep_request.hpp"

#include "creditflow/core/input_file.hpp"
#include "creditflow/platform/network_run.hpp"

#include <cstdint>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "cli/run_text.hpp"
#include "creditflow/core/error.hpp"

namespace creditflow::cli {

std::vector<platform::SweepPlan> plans_of(const SweepRequest& request, const platform::Netlist& netlist) {
  std::vector<platform::SweepPlan> plans;
  if (!request.vary.empty()) {
    if (!request.sweeps.empty()) throw Error("sweep: give --vary or --sweep, not both");
    platform::SweepPlan plan;
    plan.name = "vary";
    for (const std::string& v : request.vary) plan.axes.push_back(platform::parse_vary(v));
    plans.push_back(plan);
    return plans;
  }
  for (platform::SweepPlan& plan : platform::sweep_plans(netlist)) {
    bool chosen = request.sweeps.empty();
    for (const std::string& s : request.sweeps) chosen = chosen || s == plan.name;
    if (chosen) plans.push_back(std::move(plan));
  }
  if (plans.empty())
    throw Error(request.model + ": no sweep to run: the file has " +
                (netlist.sweeps.empty() ? std::string("no sweeps") : std::string("no sweep of that name")) +
                "; give --vary component.param=values");
  return plans;
}

platform::SweepOptions options_of(const SweepRequest& request) {
  platform::SweepOptions options;
  options.jobs = request.jobs;
  options.view = request.view;
  options.isolate = request.isolate;
  options.sets = parse_sets(request.sets);
  options.run = run_overrides(request.run);
  return options;
}

std::vector<std::string> point_arguments(const SweepRequest& request) {
  std::vector<std::string> args{request.model};
  auto repeated = [&args](const char* flag, const std::vector<std::string>& values) {
    for (const std::string& v : values) args.insert(args.end(), {flag, v});
  };
  auto single = [&args](const char* flag, const std::string& value) {
    if (!value.empty()) args.insert(args.end(), {flag, value});
  };
  repeated("--vary", request.vary);
  repeated("--sweep", request.sweeps);
  repeated("--set", request.sets);
  RunText run = request.run;
  for (const auto& [flag, value] : run.fields()) single(flag, *value);
  single("--view", request.view);
  single("--jobs", std::to_string(request.jobs));
  if (request.isolate) args.push_back("--isolate");
  return args;
}

std::string text_digest(const std::string& text) {
  std::uint64_t h = 14695981039346656037ull;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

std::vector<std::string> model_inputs(const SweepRequest& request, const platform::Netlist& netlist) {
  std::vector<platform::Override> sets = options_of(request).sets;
  for (const platform::SweepPlan& plan : plans_of(request, netlist)) {
    sets.insert(sets.end(), plan.fixed.begin(), plan.fixed.end());
    for (const platform::Axis& axis : plan.axes)
      for (const std::string& value : axis.values) sets.push_back({axis.param, value, ""});
  }
  return platform::network_files(netlist, sets);
}

std::string inputs_digest(const SweepRequest& request, const std::string& model_text, const platform::Netlist& netlist) {
  std::string all = text_digest(model_text);
  for (const std::string& file : model_inputs(request, netlist)) {
    std::string content;
    try {
      content = text_digest(core::read_input_file(file, "a network's netlist", core::kMaxInputBytes));
    } catch (const Error&) {
      content = "unreadable";  // the points say why; the identity only needs to differ
    }
    all += " " + file + " " + content;
  }
  return text_digest(all);
}

std::string sweep_id(const SweepRequest& request, const std::string& inputs) {
  // Not the view: both give the same figures (tested), so their shards may be merged.
  nlohmann::json what = {{"model", inputs}, {"vary", request.vary},
                         {"sweeps", request.sweeps}, {"sets", request.sets}};
  RunText run = request.run;
  for (const auto& [flag, value] : run.fields()) what[flag + 2] = *value;
  return text_digest(what.dump());
}

nlohmann::json to_json(const SweepRequest& r) {
  nlohmann::json doc = {{"model", r.model}, {"vary", r.vary}, {"sweeps", r.sweeps}, {"sets", r.sets},
                        {"view", r.view},   {"jobs", r.jobs}, {"csv", r.csv},       {"json", r.json},
                        {"plot", r.plot},   {"metric", r.metric}, {"isolate", r.isolate}};
  RunText run = r.run;
  for (const auto& [flag, value] : run.fields()) doc[flag + 2] = *value;  // "cycles", ...
  return doc;
}

SweepRequest request_from_json(const nlohmann::json& doc) {
  SweepRequest r;
  doc.at("model").get_to(r.model);
  doc.at("vary").get_to(r.vary);
  doc.at("sweeps").get_to(r.sweeps);
  doc.at("sets").get_to(r.sets);
  for (const auto& [flag, value] : r.run.fields()) doc.at(flag + 2).get_to(*value);
  doc.at("view").get_to(r.view);
  doc.at("jobs").get_to(r.jobs);
  doc.at("csv").get_to(r.csv);
  doc.at("json").get_to(r.json);
  doc.at("plot").get_to(r.plot);
  doc.at("metric").get_to(r.metric);
  r.isolate = doc.value("isolate", false);  // absent from plans written before it was an option
  return r;
}

}  // namespace creditflow::cli
