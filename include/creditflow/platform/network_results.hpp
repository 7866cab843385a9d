// A network's figures as the run's JSON and summary give them.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "creditflow/platform/network_run.hpp"

namespace creditflow::platform {

nlohmann::json network_json(const NetworkReport& report);
// Its summary lines, each ending in a newline; every statement follows from the figures it
// quotes.
std::string network_summary(const NetworkReport& report);
// Its channels over its routers as a PNG or SVG, coloured by use and by credit waits
// (networks of one or two dimensions); throws Error naming --heatmap and the file.
void draw_network_heatmap(const NetworkReport& report, const std::string& file);

}  // namespace creditflow::platform
