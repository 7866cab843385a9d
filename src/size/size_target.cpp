#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "creditflow/core/error.hpp"
#include "size/size_figures.hpp"

namespace creditflow::platform {

using nlohmann::json;

namespace {
std::string short_number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}
}  // namespace

SizeTarget parse_size_target(const std::string& text, const std::string& option) {
  const std::string shape = option + " '" + text + "': expected FIGURE<=NUMBER or FIGURE>=NUMBER, a flow's, a "
                            "link's or a network's figure by its name (cpu:mem.latency.p99<=20) or a JSON path";
  const std::size_t at = text.find_first_of("<>");
  if (at == std::string::npos || at == 0 || at + 1 >= text.size() || text[at + 1] != '=') throw ParameterError(shape);
  SizeTarget t;
  t.text = text;
  t.figure = text.substr(0, at);
  t.at_most = text[at] == '<';
  const std::string number = text.substr(at + 2);
  char* end = nullptr;
  t.bound = std::strtod(number.c_str(), &end);
  if (number.empty() || end != number.c_str() + number.size() || !std::isfinite(t.bound) ||
      t.figure.find_first_of(" \t") != std::string::npos)
    throw ParameterError(shape);
  return t;
}

std::optional<double> figure_at(const json& doc, const std::string& path) {
  const json* node = &doc;
  std::stringstream parts(path);
  for (std::string key; std::getline(parts, key, '.');) {
    if (!node->is_object() || !node->contains(key)) return std::nullopt;
    node = &node->at(key);
  }
  if (node->is_boolean()) return node->get<bool>() ? 1.0 : 0.0;
  if (!node->is_number()) return std::nullopt;
  return node->get<double>();
}

std::string figure_path(const json& doc, const SizeTarget& target) {
  if (figure_at(doc, target.figure)) return target.figure;
  const std::size_t dot = target.figure.find('.');
  const std::string name = target.figure.substr(0, dot);
  std::vector<std::string> named;
  for (const char* group : {"flows", "links", "networks"}) {
    if (!doc.contains(group)) continue;
    if (doc.at(group).contains(name)) {
      const std::string path = std::string(group) + "." + target.figure;
      if (dot != std::string::npos && figure_at(doc, path)) return path;
      named.push_back(std::string(group) + "." + name);
    }
  }
  std::string known;
  for (const char* group : {"flows", "links", "networks"})
    if (doc.contains(group))
      for (const auto& item : doc.at(group).items()) {
        if (known.size() > 200) break;
        known += (known.empty() ? "" : ", ") + item.key();
      }
  if (!named.empty())
    throw ParameterError("--target '" + target.text + "': " + named.front() + " has no number '" +
                         (dot == std::string::npos ? std::string() : target.figure.substr(dot + 1)) +
                         "' (docs/json.md lists its figures, e.g. throughput, latency.p99)");
  throw ParameterError("--target '" + target.text + "': no flow, link or network is named '" + name +
                       "' and no JSON path '" + target.figure + "' holds a number; the run has " +
                       (known.empty() ? std::string("none") : known));
}

std::vector<SizeTarget> offered_targets(const json& doc) {
  std::vector<SizeTarget> out;
  if (doc.contains("flows"))
    for (const auto& [name, flow] : doc.at("flows").items()) {
      if (!flow.contains("offered") || !flow.contains("offered_noise")) continue;
      const double offered = flow.at("offered").get<double>();
      if (offered <= 0) continue;
      SizeTarget t;
      t.figure = t.path = "flows." + name + ".throughput";
      t.at_most = false;
      t.bound = offered - flow.at("offered_noise").get<double>();
      t.text = name + " carries its offered " + short_number(offered) + " (throughput >= " +
               short_number(t.bound) + ")";
      t.made_by_meet = true;
      out.push_back(t);
    }
  if (doc.contains("links"))
    for (const auto& [name, link] : doc.at("links").items()) {
      if (link.value("source_backlog_noise", 0.0) <= 0) continue;
      SizeTarget t;
      t.figure = t.path = "links." + name + ".source_backlog_growth";
      t.bound = std::floor(link.at("source_backlog_noise").get<double>());
      t.text = "the queue of " + name + "'s source does not grow (growth <= " + short_number(t.bound) + ")";
      t.made_by_meet = true;
      out.push_back(t);
    }
  if (doc.contains("sources"))
    for (const auto& [name, source] : doc.at("sources").items()) {
      if (!source.contains("refused")) continue;
      SizeTarget t;
      t.figure = t.path = "sources." + name + ".refused";
      t.bound = 0;
      t.text = name + "'s queue never fills (refused <= 0)";
      t.made_by_meet = true;
      out.push_back(t);
    }
  if (doc.contains("networks"))
    for (const auto& [name, network] : doc.at("networks").items()) {
      if (!network.contains("saturated")) continue;
      SizeTarget t;
      t.figure = t.path = "networks." + name + ".saturated";
      t.bound = 0;
      t.text = name + " carries its offered " + short_number(network.value("offered", 0.0)) +
               " (not saturated)";
      t.made_by_meet = true;
      out.push_back(t);
    }
  return out;
}

double margin(const SizeTarget& target, double value) {
  return target.at_most ? target.bound - value : value - target.bound;
}

double shortfall(const SizeTarget& target, double value) {
  const double outside = -margin(target, value);
  if (outside <= 0) return 0.0;
  // Relative to the bound; against a bound of 0 (refused flits, saturated) a count, which
  // outside / (1 + outside) keeps below one, as a miss of the whole bound would be.
  const double scale = std::fabs(target.bound);
  return scale > 0 ? outside / scale : outside / (1.0 + outside);
}

}  // namespace creditflow::platform
