#include "creditflow/core/seed.hpp"

namespace creditflow::core {

std::uint64_t Rng::next() {
  std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::uint64_t derive_seed(std::uint64_t run_seed, std::string_view component) {
  std::uint64_t h = 0xCBF29CE484222325ull;
  for (unsigned char c : component) {
    h ^= c;
    h *= 0x100000001B3ull;
  }
  Rng mix(run_seed ^ h);
  return mix.next();
}

}  // namespace creditflow::core
