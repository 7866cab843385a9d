// A value's text without the blanks around it (spaces, tabs, line ends), as a BookSim2
// configuration and a --set give them.
#pragma once
#include <string>

namespace creditflow::noc {

inline std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  const auto last = text.find_last_not_of(" \t\r\n");
  return text.substr(first, last - first + 1);
}

}  // namespace creditflow::noc
