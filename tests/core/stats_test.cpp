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
