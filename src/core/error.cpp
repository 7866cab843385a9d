#include "creditflow/core/error.hpp"

#include <algorithm>
#include <new>
#include <sstream>

namespace creditflow {

std::string one_line(const std::string& text) {
  // A message quoting a value of a million characters is no longer one line to read.
  constexpr std::size_t kLongest = 2000;
  std::size_t kept = std::min(text.size(), kLongest);
  while (kept < text.size() && kept > 0 && (static_cast<unsigned char>(text[kept]) & 0xc0) == 0x80) --kept;
  std::string out;
  out.reserve(kept + 40);
  for (const char c : text.substr(0, kept)) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (byte < 0x20 || byte == 0x7f) {
      static const char digits[] = "0123456789abcdef";
      out += "\\x";
      out += digits[byte >> 4];
      out += digits[byte & 15];
    } else {
      out += c;
    }
  }
  if (kept < text.size()) out += "... (" + std::to_string(text.size() - kept) + " more bytes)";
  return out;
}

void check_range(const std::string& where, const std::string& name, std::int64_t value,
                 std::int64_t lo, std::int64_t hi) {
  if (value >= lo && value <= hi) return;
  std::ostringstream msg;
  msg << where << ": " << name << " = " << value << " is out of range (allowed " << lo << ".."
      << hi << ")";
  throw ParameterError(msg.str());
}

void check_range(const std::string& where, const std::string& name, double value, double lo,
                 double hi) {
  if (value >= lo && value <= hi) return;  // also rejects NaN
  std::ostringstream msg;
  msg << where << ": " << name << " = " << value << " is out of range (allowed " << lo << ".."
      << hi << ")";
  throw ParameterError(msg.str());
}

std::string failure_text(const std::exception& e) {
  if (dynamic_cast<const std::bad_alloc*>(&e))
    return "out of memory: the platform (or -j runs of it) needs more than this machine has; lower its depths and "
           "latencies, or -j";
  return e.what();
}

}  // namespace creditflow
