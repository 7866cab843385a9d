#include <boost/test/unit_test.hpp>

#include "creditflow/core/latency_stats.hpp"

using creditflow::core::LatencyStats;

BOOST_AUTO_TEST_CASE(latency_percentiles_are_exact) {
  LatencyStats s;
  for (std::uint64_t v = 1; v <= 100; ++v) s.add(v);
  BOOST_TEST(s.count() == 100u);
  BOOST_TEST(s.mean() == 50.5);
  BOOST_TEST(s.percentile(0.5) == 50u);
  BOOST_TEST(s.percentile(0.99) == 99u);
  BOOST_TEST(s.percentile(1.0) == 100u);
  BOOST_TEST(s.max() == 100u);
  BOOST_TEST(s.min() == 1u);
}

BOOST_AUTO_TEST_CASE(latency_long_tail_goes_to_sparse_bins) {
  LatencyStats s;
  s.add(3);
  s.add(1'000'000);
  s.add(5'000'000'000ull);
  BOOST_TEST(s.percentile(0.5) == 1'000'000u);
  BOOST_TEST(s.max() == 5'000'000'000ull);
}

BOOST_AUTO_TEST_CASE(latency_of_nothing_is_zero) {
  LatencyStats s;
  BOOST_TEST(s.mean() == 0.0);
  BOOST_TEST(s.percentile(0.99) == 0u);
  BOOST_TEST(s.min() == 0u);
}

// Min and max are read off the bins, not tracked per sample: they must hold wherever the
// samples went (dense bins added out of order, sparse bins only, merged, repeated).
BOOST_AUTO_TEST_CASE(latency_min_and_max_come_from_the_bins) {
  LatencyStats s;
  for (std::uint64_t v : {40, 7, 300, 7, 12}) s.add(v);
  BOOST_TEST(s.min() == 7u);
  BOOST_TEST(s.max() == 300u);

  LatencyStats tail;
  tail.add(2'000'000);
  tail.add(70'000);
  BOOST_TEST(tail.min() == 70'000u);
  BOOST_TEST(tail.max() == 2'000'000u);

  LatencyStats merged;
  merged.add(9);
  merged.merge(s);
  merged.merge(tail);
  BOOST_TEST(merged.count() == 8u);
  BOOST_TEST(merged.min() == 7u);
  BOOST_TEST(merged.max() == 2'000'000u);

  LatencyStats small;
  small.add(5);
  LatencyStats into_larger;
  into_larger.merge(small);  // bins grown by a merge still end at the largest sample
  into_larger.add(3);
  BOOST_TEST(into_larger.min() == 3u);
  BOOST_TEST(into_larger.max() == 5u);

  LatencyStats periodic;
  periodic.add(4);
  const LatencyStats earlier = periodic;
  periodic.add(6);
  periodic.add(2);
  periodic.repeat(earlier, 10);  // 10 more periods of {6, 2}
  BOOST_TEST(periodic.count() == 23u);
  BOOST_TEST(periodic.min() == 2u);
  BOOST_TEST(periodic.max() == 6u);
  BOOST_TEST(periodic.percentile(0.5) == 4u);  // 2 x 11, then 4, then 6 x 11
}
