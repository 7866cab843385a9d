#include <boost/test/unit_test.hpp>
#include <deque>
#include <vector>

#include "creditflow/core/delay_line.hpp"
#include "creditflow/core/link_core.hpp"
#include "creditflow/core/ring_fifo.hpp"

using namespace creditflow::core;

BOOST_AUTO_TEST_CASE(ring_fifo_wraps_in_order) {
  RingFifo<int> f(3);
  f.push(1);
  f.push(2);
  f.push(3);
  BOOST_TEST(f.full());
  f.pop();
  f.push(4);  // wraps around the ring
  std::vector<int> out;
  while (!f.empty()) {
    out.push_back(f.front());
    f.pop();
  }
  BOOST_TEST(out == (std::vector<int>{2, 3, 4}), boost::test_tools::per_element());
}

// Indices wrap by comparison (or by a mask, on a ring of a power of two slots): many
// laps, every fill level, and for_each from a head anywhere on the ring, against a plain
// queue; capacity 1 included, and capacities a power of two holds with slots to spare.
template <bool PowerOfTwo>
void check_against_a_queue() {
  for (std::size_t capacity : {1u, 2u, 3u, 5u, 7u}) {
    RingFifo<int, PowerOfTwo> f(capacity);
    std::deque<int> expected;
    int next = 0;
    for (int step = 0; step < 200; ++step) {
      const bool push = !f.full() && (step % 5 != 3 || f.empty());
      if (push) {
        f.push(next);
        expected.push_back(next++);
      } else {
        BOOST_TEST(f.front() == expected.front());
        f.pop();
        expected.pop_front();
      }
      std::vector<int> seen;
      f.for_each([&](int v) { seen.push_back(v); });
      BOOST_TEST(seen == std::vector<int>(expected.begin(), expected.end()), boost::test_tools::per_element());
      BOOST_TEST(f.size() == expected.size());
      BOOST_TEST(f.full() == (expected.size() == capacity));  // full at its capacity, not at its slots
    }
    BOOST_TEST(next > static_cast<int>(3 * capacity));  // it went round the ring
  }
}

BOOST_AUTO_TEST_CASE(ring_fifo_matches_a_queue_over_many_laps) { check_against_a_queue<false>(); }
BOOST_AUTO_TEST_CASE(ring_fifo_of_a_power_of_two_slots_matches_a_queue_over_many_laps) { check_against_a_queue<true>(); }

BOOST_AUTO_TEST_CASE(delay_line_delivers_after_exactly_l_edges) {
  DelayLine<int> line(3);
  // Enter 7 at the edge closing cycle 0: it must leave during cycle 3.
  std::vector<int> leaving_at;
  for (int t = 0; t < 8; ++t) {
    if (line.out_valid()) leaving_at.push_back(t * 100 + line.out_value());
    line.shift(t == 0 || t == 2, t == 0 ? 7 : 9);
  }
  BOOST_TEST(leaving_at == (std::vector<int>{307, 509}), boost::test_tools::per_element());
  BOOST_TEST(line.occupied() == 0u);
}

BOOST_AUTO_TEST_CASE(delay_line_counts_what_it_holds) {
  DelayLine<int> line(4);
  line.shift(true, 1);
  line.shift(false, 0);
  line.shift(true, 2);
  BOOST_TEST(line.occupied() == 2u);
  line.shift(true, 3);  // nothing leaves yet: 4 stages
  BOOST_TEST(line.occupied() == 3u);
  line.shift(false, 0);  // the first entry leaves
  BOOST_TEST(line.occupied() == 2u);
}

BOOST_AUTO_TEST_CASE(link_core_zero_stages_is_a_wire) {
  LinkCore<int> link({0, 2}, "link");
  BOOST_TEST(link.forward_is_wire());
  BOOST_TEST(!link.credit_is_wire());
  link.advance(true, 5, true);
  BOOST_TEST(link.forward_flits() == 0);
  BOOST_TEST(link.return_credits() == 1);
}
