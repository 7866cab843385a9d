// The limit of the benchmark: the same loop's rules as a plain C++ loop over ints and
// rings, with no statistics. See credit_loop_bench.cpp.
#pragma once

namespace bench {

// Flits sent in `cycles` cycles of a loop with L stages each way and B credits, a flit
// created every `every` cycles.
template <int L, int B>
long plain_loop(long cycles, int every) {
  int credits = B, occupancy = 0;
  bool fwd[L] = {}, ret[L] = {};
  int head = 0;  // both rings shift together
  long sent = 0;
  for (long t = 0; t < cycles; ++t) {
    const int tail = (head + L - 1) % L;  // the last stage
    const bool send = credits > 0 && t % every == 0, pop = occupancy > 0, arrive = fwd[tail], credit_in = ret[tail];
    sent += send;
    credits += credit_in - send;
    occupancy += arrive - pop;
    head = tail;  // the ring turns: the last stage's slot becomes the first
    fwd[head] = send;
    ret[head] = pop;
  }
  return sent;
}

}  // namespace bench
