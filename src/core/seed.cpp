#include "creditflow/core/seed.hpp"

namespace creditflow::core {

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
