#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "creditflow/core/error.hpp"
#include "creditflow/core/figure_text.hpp"
#include "size/size_figures.hpp"

namespace creditflow::platform {

using nlohmann::json;

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
  const auto add = [&out](const std::string& path, bool at_most, double bound, const std::string& text) {
    SizeTarget t;
    t.figure = t.path = path;
    t.at_most = at_most;
    t.bound = bound;
    t.text = text;
    t.made_by_meet = true;
    out.push_back(t);
  };
  const auto each = [&doc](const char* group, const auto& visit) {
    if (doc.contains(group))
      for (const auto& [name, item] : doc.at(group).items()) visit(name, item);
  };
  each("flows", [&](const std::string& name, const json& flow) {
    const double offered = flow.value("offered", 0.0);
    if (offered <= 0 || !flow.contains("offered_noise")) return;
    const double bound = offered - flow.at("offered_noise").get<double>();
    add("flows." + name + ".throughput", false, bound,
        name + " carries its offered " + core::significant(offered, 6) + " (throughput >= " +
            core::significant(bound, 6) + ")");
  });
  each("links", [&](const std::string& name, const json& link) {
    const double noise = std::floor(link.value("source_backlog_noise", 0.0));
    if (noise <= 0) return;
    add("links." + name + ".source_backlog_growth", true, noise,
        "the queue of " + name + "'s source does not grow (growth <= " + core::significant(noise, 6) + ")");
  });
  each("sources", [&](const std::string& name, const json& source) {
    if (source.contains("refused"))
      add("sources." + name + ".refused", true, 0, name + "'s queue never fills (refused <= 0)");
  });
  each("networks", [&](const std::string& name, const json& network) {
    if (network.contains("saturated"))
      add("networks." + name + ".saturated", true, 0,
          name + " carries its offered " + core::significant(network.value("offered", 0.0), 6) +
              " (not saturated)");
  });
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
