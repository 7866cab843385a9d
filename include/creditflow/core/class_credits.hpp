// Credits returned in one cycle, per traffic class and credit type (a header each packet,
// data units beside it): the payload of a multi-class link's credit channel. Fixed arrays,
// so a VCD can trace each count in place.
#pragma once
#include <array>
#include <cstdint>
#include <ostream>

namespace creditflow::core {

inline constexpr std::size_t max_classes = 8;

struct ClassCredits {
  std::array<std::int64_t, max_classes> header{};
  std::array<std::int64_t, max_classes> data{};

  friend bool operator==(const ClassCredits& a, const ClassCredits& b) {
    return a.header == b.header && a.data == b.data;
  }
  friend std::ostream& operator<<(std::ostream& os, const ClassCredits& c) {
    os << "credits{";
    for (std::size_t i = 0; i < max_classes; ++i) os << (i ? " " : "") << c.header[i] << "h+" << c.data[i] << "d";
    return os << "}";
  }
};

}  // namespace creditflow::core
