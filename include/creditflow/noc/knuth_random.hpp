// Knuth's lagged-Fibonacci generator ran_array (The Art of Computer Programming, vol. 2,
// 3rd edition, section 3.6, with the seeding of its 2002 printing), which BookSim2 draws
// with. creditflow draws its own traffic from its own generator; it uses this one only
// where BookSim2's draw decides the network's shape rather than a packet's chance: the
// permutation of `traffic = randperm`, which must be the same permutation to give the
// same figures.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

namespace creditflow::noc {

class KnuthRandom {
 public:
  // Seeded as ran_start(seed) seeds it.
  explicit KnuthRandom(std::int64_t seed);
  // The next number in [0, 2^30), as ran_arr_next() gives it: the first 100 of every
  // batch of 1009 the generator makes (Knuth's recommended quality).
  std::int64_t next();

 private:
  static constexpr int kLong = 100, kShort = 37;
  static constexpr std::int64_t kModulus = std::int64_t{1} << 30;
  static std::int64_t minus(std::int64_t a, std::int64_t b) { return (a - b) & (kModulus - 1); }
  // ran_array: `out` (at least kLong numbers) from the state, and the state moved on.
  void fill(std::vector<std::int64_t>& out);

  std::array<std::int64_t, kLong> state_{};
  std::vector<std::int64_t> batch_;
  int used_ = kLong;  // of the batch's first kLong
};

// BookSim2's random permutation of `nodes` nodes under `seed` (its randperm pattern):
// destination i goes to the source at the draw-th free place, draw = next() % (nodes - i).
std::vector<int> booksim_permutation(int nodes, std::int64_t seed);

}  // namespace creditflow::noc
