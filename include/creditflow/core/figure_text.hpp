// A figure as the texts print it: with a fixed number of decimals (the summaries' and
// diagnoses' "0.400"), or with `digits` significant digits (the saturation verdicts'
// "0.0131", the refusals that quote a computed value, and a plot's labels that must read
// as those sentences do).
#pragma once
#include <cstdio>
#include <string>

namespace creditflow::core {

inline std::string fixed(double v, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, v);
  return text;
}

inline std::string significant(double v, int digits) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*g", digits, v);
  return text;
}

}  // namespace creditflow::core
