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

}  // namespace creditflow::platform
