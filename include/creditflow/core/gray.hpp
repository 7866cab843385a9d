// Gray code and the pointer arithmetic of asynchronous FIFOs (timing.md section 3). Pointers
// count modulo 2^width; successive codes differ in exactly one bit, so a pointer sampled
// mid-change by another clock reads as either its old or its new value, never a third.
#pragma once
#include <cstdint>

namespace creditflow::core {

inline std::uint64_t to_gray(std::uint64_t binary) { return binary ^ (binary >> 1); }

inline std::uint64_t from_gray(std::uint64_t gray) {
  for (std::uint64_t shift = 1; shift < 64; shift <<= 1) gray ^= gray >> shift;
  return gray;
}

// A pointer of `width` bits (1..63): its binary count wraps at 2^width. Width must exceed
// log2(depth) so that "full" (distance depth) and "empty" (distance 0) differ.
class GrayPointer {
 public:
  explicit GrayPointer(unsigned width) : mask_((std::uint64_t{1} << width) - 1) {}

  std::uint64_t binary() const { return value_; }
  std::uint64_t gray() const { return to_gray(value_); }
  void advance(std::uint64_t by = 1) { value_ = (value_ + by) & mask_; }
  // How far `ahead` (a binary pointer of the same width) is in front of `behind`.
  std::uint64_t distance(std::uint64_t ahead, std::uint64_t behind) const { return (ahead - behind) & mask_; }
  std::uint64_t mask() const { return mask_; }

 private:
  std::uint64_t mask_;
  std::uint64_t value_ = 0;
};

// The smallest pointer width for a FIFO of `depth` slots: floor(log2(depth)) + 2, so the
// distance up to `depth` is never ambiguous.
inline unsigned pointer_width(std::uint64_t depth) {
  unsigned bits = 1;
  while ((std::uint64_t{1} << bits) <= depth) ++bits;
  return bits + 1;
}

}  // namespace creditflow::core
