// A sweep point's JSON document, parsed once: the table, CSV, JSON, plot and verdicts each
// read every point, and parsing it each time cost more than running the point.
#pragma once
#include <nlohmann/json.hpp>

#include "creditflow/platform/sweep.hpp"

namespace creditflow::platform {

struct ParsedResult {
  nlohmann::json doc;
};

// The point's document (its run's JSON); only for a point that is ok.
const nlohmann::json& document(const PointResult& r);

}  // namespace creditflow::platform
