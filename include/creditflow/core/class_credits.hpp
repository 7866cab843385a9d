// Credits returned in one cycle, per traffic class and credit type (a header each packet,
// data units beside it): the payload of a multi-class link's credit channel.
#pragma once
#include <cstdint>
#include <ostream>
#include <vector>

namespace creditflow::core {

struct ClassCredits {
  std::vector<std::int64_t> header, data;

  bool any() const {
    for (std::size_t c = 0; c < header.size(); ++c)
      if (header[c] || data[c]) return true;
    return false;
  }
  friend bool operator==(const ClassCredits& a, const ClassCredits& b) {
    return a.header == b.header && a.data == b.data;
  }
  friend std::ostream& operator<<(std::ostream& os, const ClassCredits& c) {
    os << "credits{";
    for (std::size_t i = 0; i < c.header.size(); ++i) os << (i ? " " : "") << c.header[i] << "h+" << c.data[i] << "d";
    return os << "}";
  }
};

}  // namespace creditflow::core
