// A figure as the summaries print it: a fixed number of decimals.
#pragma once
#include <cstdio>
#include <string>

namespace creditflow::platform {

inline std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

}  // namespace creditflow::platform
