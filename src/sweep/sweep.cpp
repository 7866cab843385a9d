#include "creditflow/platform/sweep.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "creditflow/core/error.hpp"
#include "creditflow/platform/isolated_run.hpp"
#include "creditflow/platform/threaded_run.hpp"
#include "creditflow/platform/results.hpp"
#include "creditflow/platform/simulate.hpp"
#include "creditflow/platform/sweep_saturation.hpp"
#include "sweep/point_document.hpp"

namespace creditflow::platform {

using nlohmann::json;

const json& document(const PointResult& r) {
  if (!r.parsed) r.parsed = std::make_shared<const ParsedResult>(ParsedResult{json::parse(r.json)});
  return r.parsed->doc;
}

Axis parse_vary(const std::string& text) {
  const Override o = parse_override(text, "--vary");
  return Axis{o.target, expand_values(o.value, "--vary " + text)};
}

std::vector<SweepPlan> sweep_plans(const Netlist& netlist) {
  std::vector<SweepPlan> plans;
  for (const SweepDecl& s : netlist.sweeps) {
    SweepPlan p;
    p.name = s.name;
    for (const auto& [param, value] : s.set)
      p.fixed.push_back({param, value.text, netlist.file + ":" + std::to_string(value.line)});
    for (const VaryDecl& v : s.vary) p.axes.push_back({v.param, v.values});
    plans.push_back(std::move(p));
  }
  return plans;
}

std::size_t point_count(const SweepPlan& plan) {
  std::size_t count = 1;
  for (const Axis& a : plan.axes) {
    // Checked at each product, which is how four axes of 65536 values once made 0 points.
    if (a.values.empty() || a.values.size() > kMaxSweepPoints / count)
      throw ParameterError("sweep " + plan.name + ": " + (a.values.empty() ? a.param + " has no values" :
                           "more than " + std::to_string(kMaxSweepPoints) + " points (the most a sweep may have) "
                           "by the time " + a.param + " is varied; split it into sweeps or vary fewer values"));
    count *= a.values.size();
  }
  return count;
}

std::size_t point_count(const std::vector<SweepPlan>& plans) {
  std::size_t total = 0;
  for (const SweepPlan& plan : plans) {
    total += point_count(plan);
    if (total > kMaxSweepPoints)
      throw ParameterError("sweeps " + plans.front().name + ".." + plan.name + ": more than " +
                           std::to_string(kMaxSweepPoints) + " points together, the most one run may have; run "
                           "them one --sweep at a time");
  }
  return total;
}

std::vector<SweepPoint> expand(const std::vector<SweepPlan>& plans) {
  std::vector<SweepPoint> points;
  points.reserve(point_count(plans));
  for (std::size_t p = 0; p < plans.size(); ++p) {
    const SweepPlan& plan = plans[p];
    const std::size_t count = point_count(plan);
    for (std::size_t i = 0; i < count; ++i) {
      SweepPoint pt;
      pt.index = points.size();
      pt.plan = p;
      pt.overrides = plan.fixed;
      std::size_t rest = i;
      for (const Axis& a : plan.axes) {  // the first axis varies fastest
        const std::string& v = a.values[rest % a.values.size()];
        rest /= a.values.size();
        pt.values.push_back({a.param, v});
        pt.overrides.push_back({a.param, v, "sweep " + plan.name + " " + a.param + "=" + v});
      }
      points.push_back(std::move(pt));
    }
  }
  return points;
}

std::pair<std::size_t, std::size_t> shard_range(const std::string& shard, std::size_t total) {
  const auto slash = shard.find('/');
  const auto whole = [](const std::string& s, unsigned long long& v) {
    if (s.empty() || s.size() > 19 || s.find_first_not_of("0123456789") != std::string::npos) return false;
    v = std::stoull(s);
    return true;
  };
  unsigned long long k = 0, n = 0;
  if (slash == std::string::npos || !whole(shard.substr(0, slash), k) || !whole(shard.substr(slash + 1), n) ||
      n == 0 || k == 0 || k > n)
    throw ParameterError("--shard " + shard + ": expected K/N with 1 <= K <= N (whole numbers below 10^19)");
  // total * k overflows 64 bits for a huge N: 128-bit products give the exact slice.
  __extension__ typedef unsigned __int128 wide;
  const auto at = [&](unsigned long long i) { return static_cast<std::size_t>(static_cast<wide>(total) * i / n); };
  return {at(k - 1), at(k)};
}

std::vector<PointResult> run_sweep(const Netlist& netlist, const Registry& registry,
                                   const std::vector<SweepPoint>& points, const SweepOptions& options) {
  // Each point resolves where it runs: the first runs at once however many there are, and
  // the parent holds no platform.
  std::vector<Work> work;
  work.reserve(points.size());
  for (const SweepPoint& pt : points)
    work.push_back([&pt, &netlist, &registry, &options] {
      std::vector<Override> overrides = options.sets;
      overrides.insert(overrides.end(), pt.overrides.begin(), pt.overrides.end());
      const Platform p = resolve(netlist, registry, overrides, options.run);
      return run_json(p, simulate_view(p, registry, options.view));
    });
  std::vector<PointResult> results(points.size());
  std::size_t finished = 0;  // run to their end: a point Ctrl-C stopped is not progress
  const OnDone on_done = [&](std::size_t i, const IsolatedResult& o, std::size_t) {
    results[i] = {points[i], o.ok, o.output, o.error, o.interrupted, {}};
    if (options.on_point) options.on_point(results[i]);
    if (o.interrupted) return;
    ++finished;
    if (options.progress) options.progress(finished, points.size());
  };
  // The TL view runs no kernel, so its points need no process each (a fork costs more
  // than most of their runs).
  const bool in_threads = options.view == "tl" && !options.isolate;
  const auto outcomes = in_threads ? run_threaded_all(work, options.jobs, on_done)
                                   : run_isolated_all(work, options.jobs, on_done);
  for (std::size_t i = 0; i < points.size(); ++i)
    if (outcomes[i].interrupted) results[i] = {points[i], false, "", outcomes[i].error, true, {}};
  return results;
}

PointVerdict point_verdict(const PointResult& r) {
  if (!r.ok) return {"failed", r.error};
  const json& doc = document(r);
  PointVerdict v{doc.at("status").get<std::string>(), ""};
  if (v.status != "ok") v.why = doc.at("problems").at(0).get<std::string>();
  return v;
}

namespace {

// Every number under links, classes, flows and networks, by JSON path, in a stable order.
void flatten(const json& node, const std::string& path, std::map<std::string, json>& out) {
  if (node.is_object()) {
    for (const auto& [key, value] : node.items()) flatten(value, path.empty() ? key : path + "." + key, out);
  } else if (node.is_number()) {
    out[path] = node;
  }
}

std::map<std::string, json> numbers(const PointResult& r) {
  std::map<std::string, json> out;
  if (!r.ok) return out;
  const json& doc = document(r);
  flatten(doc.at("links"), "links", out);
  flatten(doc.at("classes"), "classes", out);
  if (doc.contains("flows")) flatten(doc.at("flows"), "flows", out);
  if (doc.contains("networks")) flatten(doc.at("networks"), "networks", out);  // not its channel list
  return out;
}

std::string cell(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  return v.dump();
}

// A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return before
// one) as a formula: such text, unless it is a plain number, gets a leading ' and quotes.
std::string csv_field(const std::string& s) {
  const bool formula = !s.empty() && std::string("=+-@\t\r").find(s.front()) != std::string::npos && !is_number_text(s);
  if (!formula && s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string q = formula ? "\"'" : "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

std::vector<std::string> param_columns(const std::vector<SweepPlan>& plans, const std::vector<Override>& sets) {
  std::vector<std::string> cols;
  auto add = [&](const std::string& p) {
    if (std::find(cols.begin(), cols.end(), p) == cols.end()) cols.push_back(p);
  };
  for (const SweepPlan& plan : plans) {
    for (const Axis& a : plan.axes) add(a.param);
    for (const Override& o : plan.fixed) add(o.target);
  }
  for (const Override& o : sets) add(o.target);
  return cols;
}

// The value a point ran with: the resolved one when it ran, else what it was given (its
// own values, then the command line's).
std::string param_value(const PointResult& r, const json* doc, const std::string& param,
                        const std::vector<Override>& sets) {
  if (doc && doc->at("parameters").contains(param)) return cell(doc->at("parameters").at(param));
  for (const std::vector<Override>* given : {&r.point.overrides, &sets})
    for (const Override& o : *given)
      if (o.target == param) return o.value;
  return "";
}

// Counts as integers, rates and means to three decimals, as in timing.md's tables.
std::string format_metric(double v, bool integral) {
  char buf[48];
  std::snprintf(buf, sizeof buf, integral ? "%.0f" : "%.3f", v);
  return buf;
}

}  // namespace

std::string sweep_csv(const std::vector<SweepPlan>& plans, const std::vector<PointResult>& results,
                      const std::string& sweep_id, const std::vector<Override>& sets) {
  std::vector<std::map<std::string, json>> rows;
  std::set<std::string> metric_set;
  for (const PointResult& r : results) {
    rows.push_back(numbers(r));
    for (const auto& [k, v] : rows.back()) metric_set.insert(k);
  }
  const std::vector<std::string> params = param_columns(plans, sets);
  std::ostringstream os;
  os << "sweep,point,points_total,sweep_id";
  for (const std::string& p : params) os << ',' << csv_field(p);
  os << ",status";
  for (const std::string& m : metric_set) os << ',' << csv_field(m);
  os << '\n';
  // Shards keep the global numbering: the total is that of the whole sweep.
  const std::size_t total = point_count(plans);
  for (std::size_t i = 0; i < results.size(); ++i) {
    const PointResult& r = results[i];
    const json* doc = r.ok ? &document(r) : nullptr;
    os << csv_field(plans[r.point.plan].name) << ',' << r.point.index << ',' << total << ',' << csv_field(sweep_id);
    for (const std::string& p : params) os << ',' << csv_field(param_value(r, doc, p, sets));
    const PointVerdict verdict = point_verdict(r);
    os << ',' << csv_field(verdict.status == "ok" ? verdict.status : verdict.status + ": " + verdict.why);
    for (const std::string& m : metric_set) {
      const auto it = rows[i].find(m);
      os << ',' << (it == rows[i].end() ? "" : cell(it->second));
    }
    os << '\n';
  }
  return os.str();
}

std::string sweep_json(const std::string& model, const std::vector<SweepPlan>& plans,
                       const std::vector<PointResult>& results, const std::string& sweep_id) {
  json doc;
  doc["model"] = model;
  doc["sweep_id"] = sweep_id;
  const std::size_t total = point_count(plans);
  doc["points_total"] = total;
  json points = json::array();
  for (const PointResult& r : results) {
    json p;
    p["sweep"] = plans[r.point.plan].name;
    p["point"] = r.point.index;
    json values = json::object();
    for (const auto& [param, value] : r.point.values) values[param] = value;
    p["values"] = values;
    p["status"] = point_verdict(r).status;
    if (r.ok)
      p["result"] = document(r);
    else
      p["error"] = r.error;
    points.push_back(p);
  }
  doc["points"] = points;
  return doc.dump(2) + "\n";
}

bool metric_of(const PointResult& r, const std::string& metric, double& value, std::string& path,
               bool& integral) {
  if (!r.ok) return false;
  const json& doc = document(r);
  path = metric;
  if (metric.find('.') == std::string::npos) {
    if (doc.at("links").empty()) return false;
    path = "links." + doc.at("links").begin().key() + "." + metric;
  }
  const json* node = &doc;
  std::stringstream parts(path);
  for (std::string key; std::getline(parts, key, '.');) {
    if (!node->is_object() || !node->contains(key)) return false;
    node = &node->at(key);
  }
  if (!node->is_number()) return false;
  value = node->get<double>();
  integral = !node->is_number_float();
  return true;
}

std::string sweep_tables(const std::vector<SweepPlan>& plans, const std::vector<PointResult>& results,
                         const std::string& metric) {
  std::ostringstream os;
  for (std::size_t p = 0; p < plans.size(); ++p) {
    const SweepPlan& plan = plans[p];
    std::vector<const PointResult*> mine;
    for (const PointResult& r : results)
      if (r.point.plan == p) mine.push_back(&r);
    if (mine.empty()) continue;
    std::string path = metric;
    auto value_text = [&](const PointResult& r) {
      double v = 0;
      bool integral = false;
      return metric_of(r, metric, v, path, integral) ? format_metric(v, integral)
                                                     : std::string(r.ok ? "n/a" : "failed");
    };
    std::vector<std::string> cells;
    for (const PointResult* r : mine) cells.push_back(value_text(*r));
    os << "sweep " << plan.name;
    for (const Override& o : plan.fixed) os << (&o == &plan.fixed.front() ? " (" : ", ") << o.target << "=" << o.value;
    os << (plan.fixed.empty() ? "" : ")") << ": " << path << "\n";
    if (plan.axes.size() == 2 && mine.size() == plan.axes[0].values.size() * plan.axes[1].values.size()) {
      const Axis& x = plan.axes[0];
      const Axis& y = plan.axes[1];
      std::size_t label = x.param.size() + 1;
      for (const std::string& v : y.values) label = std::max(label, y.param.size() + 1 + v.size());
      char buf[256];
      std::snprintf(buf, sizeof buf, "%*s", -static_cast<int>(label), (x.param + ":").c_str());
      os << buf;
      for (const std::string& v : x.values) {
        std::snprintf(buf, sizeof buf, " %6s", v.c_str());
        os << buf;
      }
      os << "\n";
      for (std::size_t row = 0; row < y.values.size(); ++row) {
        std::snprintf(buf, sizeof buf, "%*s", -static_cast<int>(label), (y.param + "=" + y.values[row]).c_str());
        os << buf;
        for (std::size_t col = 0; col < x.values.size(); ++col) {
          std::snprintf(buf, sizeof buf, " %6s", cells[row * x.values.size() + col].c_str());
          os << buf;
        }
        os << "\n";
      }
    } else {
      for (std::size_t i = 0; i < mine.size(); ++i) {
        for (const auto& [param, value] : mine[i]->point.values) os << "  " << param << "=" << value;
        os << "  " << cells[i] << "\n";
      }
    }
    const std::vector<SweepCurve> curves = load_curves(mine);
    for (const SweepCurve& curve : curves)
      for (const Saturation& s : network_saturations(curve.points, curves.size() > 1 ? curve.name : ""))
        os << saturation_text(s) << "\n";
  }
  return os.str();
}

bool is_number_text(const std::string& s) {
  char* end = nullptr;
  std::strtod(s.c_str(), &end);
  return !s.empty() && end == s.c_str() + s.size();
}

}  // namespace creditflow::platform
