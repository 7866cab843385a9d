// Deterministic random numbers: every generator is seeded from the run's seed and the
// component's name, so the same inputs give the same bytes out on any machine.
#pragma once
#include <cstdint>
#include <string_view>

namespace creditflow::core {

// Mixes the run seed with a component name (FNV-1a of the name, then SplitMix64).
std::uint64_t derive_seed(std::uint64_t run_seed, std::string_view component);

// SplitMix64: tiny, fast, and fully specified, unlike std:: distributions whose output
// differs between standard libraries.
class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0) : state_(seed) {}
  // Inline: random traffic and drains draw in the hot loop.
  std::uint64_t next() { return mix(state_ += kStep); }
  // The n-th number (from 1) a generator seeded with `seed` gives, without the n - 1
  // before it: the state is a counter, seed + n steps.
  static std::uint64_t nth(std::uint64_t seed, std::uint64_t n) { return mix(seed + n * kStep); }
  // Uniform in [0, 1) with 53 random bits.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  // True with probability p.
  bool bernoulli(double p) { return uniform() < p; }

 private:
  static constexpr std::uint64_t kStep = 0x9E3779B97F4A7C15ull;
  static std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  std::uint64_t state_;
};

}  // namespace creditflow::core
