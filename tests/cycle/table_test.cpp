// timing.md section 1 reference table: saturating sender, 6000 cycles, throughput over cycles
// 3000..5999, compared with timing.md's three-decimal figures. Where the drain pops every
// cycle the sends are also checked exactly against theory: B sends at the start of every
// RTT-cycle round trip, from cycle 0, so the sender sends in cycle t iff t mod RTT < B.
#include <boost/test/unit_test.hpp>
#include <cstdio>
#include <string>
#include <vector>

#include "../common/spec_section1.hpp"
#include "helpers.hpp"

namespace {
const std::vector<std::int64_t>& depths = spec1::depths;

std::string three_decimals(double v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.3f", v);
  return buf;
}

unsigned long sends_in_window_by_theory(std::int64_t depth, std::int64_t rtt) {
  unsigned long n = 0;
  for (std::int64_t t = 3000; t < 6000; ++t) n += (t % rtt) < depth;
  return n;
}

void check_row(std::int64_t latency, std::int64_t drain_every,
               const std::vector<std::string>& spec_row, unsigned long rtt) {
  for (std::size_t i = 0; i < depths.size(); ++i) {
    const auto f = cftest::run_in_child(cftest::loop_params(latency, depths[i], drain_every));
    BOOST_TEST(three_decimals(f.throughput) == spec_row[i], "L=" << latency << " B=" << depths[i]);
    BOOST_TEST(f.throughput == static_cast<double>(f.sent) / 3000.0);
    if (drain_every == 1) {
      BOOST_TEST(f.rtt == rtt, "measured RTT at L=" << latency << " B=" << depths[i]);
      BOOST_TEST(f.sent == sends_in_window_by_theory(depths[i], 2 * latency + 2),
                 "L=" << latency << " B=" << depths[i]);
    } else {
      // Flits may queue behind the slow drain, so a round trip is never shorter than the
      // loop's own.
      BOOST_TEST(f.rtt >= rtt, "measured RTT at L=" << latency << " B=" << depths[i]);
    }
  }
}
}  // namespace

BOOST_AUTO_TEST_CASE(table_row_l1) { check_row(1, 1, spec1::rows.at(1), 4); }

BOOST_AUTO_TEST_CASE(table_row_l4) { check_row(4, 1, spec1::rows.at(4), 10); }

BOOST_AUTO_TEST_CASE(table_row_l8) { check_row(8, 1, spec1::rows.at(8), 18); }

BOOST_AUTO_TEST_CASE(table_row_l4_drain_every_2nd) { check_row(4, 2, spec1::drain_every_2nd, 10); }
