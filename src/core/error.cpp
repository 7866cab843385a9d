#include "creditflow/core/error.hpp"

#include <sstream>

namespace creditflow {

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

}  // namespace creditflow
