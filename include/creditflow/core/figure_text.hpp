// A figure in words with `digits` significant digits ("0.0131", "0.379"): the verdicts'
// sentences, the refusals that quote a computed value, and a plot's labels that must read
// as those sentences do.
#pragma once
#include <cstdio>
#include <string>

namespace creditflow::core {

inline std::string significant(double v, int digits) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*g", digits, v);
  return text;
}

}  // namespace creditflow::core
