#include "creditflow/noc/knuth_random.hpp"

namespace creditflow::noc {

KnuthRandom::KnuthRandom(std::int64_t seed) : batch_(1009) {
  // The seed's bits pick one of 2^30 - 2 streams: a buffer of shifted copies of it is
  // "squared" and "multiplied by z" in the polynomial ring mod 2 that the recurrence lives in,
  // once per bit of the seed and then 69 times more, so that nearby seeds part at once.
  std::vector<std::int64_t> x(2 * kLong - 1, 0);
  std::int64_t shifted = (seed + 2) & (kModulus - 2);
  for (int j = 0; j < kLong; ++j) {
    x[j] = shifted;
    shifted <<= 1;
    if (shifted >= kModulus) shifted -= kModulus - 2;
  }
  ++x[1];  // the one odd entry
  std::int64_t bits = seed & (kModulus - 1);
  for (int rounds = 69; rounds > 0;) {
    for (int j = kLong - 1; j > 0; --j) {  // square
      x[2 * j] = x[j];
      x[2 * j - 1] = 0;
    }
    for (int j = 2 * kLong - 2; j >= kLong; --j) {  // reduce mod the generator's polynomial
      x[j - (kLong - kShort)] = minus(x[j - (kLong - kShort)], x[j]);
      x[j - kLong] = minus(x[j - kLong], x[j]);
    }
    if (bits & 1) {  // multiply by z: shift the buffer round by one
      for (int j = kLong; j > 0; --j) x[j] = x[j - 1];
      x[0] = x[kLong];
      x[kShort] = minus(x[kShort], x[kLong]);
    }
    if (bits) bits >>= 1;
    else --rounds;
  }
  for (int j = 0; j < kShort; ++j) state_[j + kLong - kShort] = x[j];
  for (int j = kShort; j < kLong; ++j) state_[j - kShort] = x[j];
  for (int warm = 0; warm < 10; ++warm) fill(x);
}

void KnuthRandom::fill(std::vector<std::int64_t>& out) {
  const int n = static_cast<int>(out.size());
  int j = 0;
  for (; j < kLong; ++j) out[j] = state_[j];
  for (; j < n; ++j) out[j] = minus(out[j - kLong], out[j - kShort]);
  int i = 0;
  for (; i < kShort; ++i, ++j) state_[i] = minus(out[j - kLong], out[j - kShort]);
  for (; i < kLong; ++i, ++j) state_[i] = minus(out[j - kLong], state_[i - kShort]);
}

std::int64_t KnuthRandom::next() {
  if (used_ == kLong) {
    fill(batch_);
    used_ = 0;
  }
  return batch_[used_++];
}

std::vector<int> booksim_permutation(int nodes, std::int64_t seed) {
  KnuthRandom random(seed);
  // The free places counted in a Fenwick tree, so that the draw-th free one is found in
  // log(nodes) steps rather than by a walk (a 64-ary 3-cube has 262,144 nodes).
  std::vector<int> tree(nodes + 1, 0);
  int top = 1;
  while (top * 2 <= nodes) top *= 2;
  for (int place = 1; place <= nodes; ++place) {
    ++tree[place];
    if (place + (place & -place) <= nodes) tree[place + (place & -place)] += tree[place];
  }
  std::vector<int> source_to(nodes, -1);
  for (int destination = 0; destination < nodes; ++destination) {
    int skip = static_cast<int>(random.next() % (nodes - destination));  // free places to pass
    int place = 0;
    for (int step = top; step > 0; step /= 2)
      if (place + step <= nodes && tree[place + step] <= skip) {
        place += step;
        skip -= tree[place];
      }
    source_to[place] = destination;  // the tree counts from 1: this is its place + 1
    for (int p = place + 1; p <= nodes; p += p & -p) --tree[p];
  }
  return source_to;
}

}  // namespace creditflow::noc
