#include "creditflow/platform/json_input.hpp"

#include "creditflow/core/error.hpp"

namespace creditflow::platform {

nlohmann::json parse_json_input(const std::string& text, const std::string& where) {
  // The parser calls back at every value with its depth, before it goes deeper.
  const nlohmann::json::parser_callback_t bounded = [&where](int depth, nlohmann::json::parse_event_t, nlohmann::json&) {
    if (depth > kMaxJsonDepth)
      throw Error(where + ": nested deeper than " + std::to_string(kMaxJsonDepth) +
                  " levels, which no file creditflow writes is; not read further");
    return true;
  };
  return nlohmann::json::parse(text, bounded);
}

}  // namespace creditflow::platform
