#include "cli/shell_words.hpp"

#include <cstdio>

#include "creditflow/core/error.hpp"

namespace creditflow::cli {

std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::string shell_line(const std::vector<std::string>& argv) {
  std::string line;
  for (const std::string& a : argv) {
    const bool plain = !a.empty() && a.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                         "0123456789-_=+./,:%@") == std::string::npos;
    line += (line.empty() ? "" : " ") + (plain ? a : shell_quote(a));
  }
  return line;
}

void refuse_control_characters(const std::string& option, const std::string& value) {
  for (const char c : value) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u != 0x7f) continue;
    char code[8];
    std::snprintf(code, sizeof code, "0x%02x", u);
    throw Error(option + ": the value holds a control character (" + code + (u == '\n' ? ", a newline" : "") +
                "); give one without");
  }
}

}  // namespace creditflow::cli
