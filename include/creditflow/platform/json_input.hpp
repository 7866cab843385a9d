// JSON that comes back to the tool from a file (a shard, a journal line, a Slurm plan):
// parsed with its nesting bounded. creditflow's own documents nest a few levels; a file
// nested 200,000 arrays deep crashed the parse, and 10,000 levels took 200 MB.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace creditflow::platform {

inline constexpr int kMaxJsonDepth = 64;

// nlohmann::json::parse, refusing (creditflow::Error "WHERE: nested deeper than 64 levels ...")
// a document deeper than kMaxJsonDepth before building it; other syntax errors are thrown
// as nlohmann's, for the caller's message.
nlohmann::json parse_json_input(const std::string& text, const std::string& where);

}  // namespace creditflow::platform
