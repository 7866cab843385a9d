// The saturation test's noise, from the injection process and the packet sizes: the
// figures of the transpose-loaded 4x4 mesh that a fixed 2% tolerance got wrong both ways.
#include <boost/test/unit_test.hpp>

#include <cmath>

#include "creditflow/noc/noc_config.hpp"
#include "creditflow/noc/saturation.hpp"

using namespace creditflow::noc;

namespace {
NocConfig transpose(double flits_per_node_cycle) {
  NocConfig c;
  c.packet_size = {4};
  c.injection_rate_uses_flits = 1;
  c.injection_rate = flits_per_node_cycle;
  return c;
}
}  // namespace

BOOST_AUTO_TEST_CASE(a_shortfall_within_three_standard_deviations_of_the_window_is_noise) {
  // 0.04 packets of 4 flits per node and cycle, 16 nodes, 3000 cycles: the flits offered
  // vary by 4 sqrt(48000 x 0.04 x 0.96) = 171.7, so 3 sigma is 0.01073 flits/node/cycle.
  const SaturationTest t = test_saturation(transpose(0.16), 16, 3000, 0.16, 0.15425, 0, 1849);
  BOOST_TEST(t.noise == 3 * 4 * std::sqrt(48000 * 0.04 * 0.96) / 48000, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(t.noise == 0.01073, boost::test_tools::tolerance(1e-3));
  BOOST_TEST(t.backlog_noise == 129);  // ceil(3 sqrt(48000 x 0.0384)) = ceil(128.8)
  BOOST_TEST(!t.saturated());
  BOOST_TEST(t.evidence() == "none");
  BOOST_TEST(t.why_not() ==
             "accepted is 0.00575 flits/node/cycle below offered, within the 0.01073 the noise of 3000 cycles of random "
             "arrivals allows, and the sources' backlog did not grow");
  BOOST_TEST(t.because().empty());
}

BOOST_AUTO_TEST_CASE(a_backlog_that_grows_past_its_noise_is_saturation_though_accepted_keeps_close) {
  // 0.36 offered, 0.3545 accepted (1.5% short) over 7000 cycles, the backlog up 331 packets:
  // 3 sqrt(112000 x 0.09 x 0.91) = 287.3.
  const SaturationTest t = test_saturation(transpose(0.36), 16, 7000, 0.36, 0.3545, 331, 10267);
  BOOST_TEST(!t.by_accepted());
  BOOST_TEST(t.backlog_noise == 288);
  BOOST_TEST(t.by_backlog());
  BOOST_TEST(t.evidence() == "backlog");
  BOOST_TEST(t.because() == "the sources' backlog grew by 331 packets through the window, more than the 288 a network "
                            "that keeps up shows");
  // One packet per node at least: a tiny window's queues are not growth.
  BOOST_TEST(test_saturation(transpose(0.004), 16, 100, 0.004, 0.004, 10, 5).backlog_noise == 16);
}

BOOST_AUTO_TEST_CASE(bursts_and_mixed_sizes_widen_the_noise) {
  NocConfig steady = transpose(0.2);
  NocConfig bursty = steady;
  bursty.injection_process = "on_off";
  bursty.burst_alpha = 0.1;
  bursty.burst_beta = 0.1;
  const double base = test_saturation(steady, 16, 1000, 0.2, 0.2, 0, 0).noise;
  // On 0.1, off 0.1: half the time on at 0.1 packets a cycle; the on state's correlation
  // adds 2 x 0.01 x 0.25 x 0.8 / 0.2 = 0.02 to the 0.05 x 0.95 a Bernoulli source has.
  const double burst = test_saturation(bursty, 16, 1000, 0.2, 0.2, 0, 0).noise;
  BOOST_TEST(burst == base * std::sqrt((0.0475 + 0.02) / 0.0475), boost::test_tools::tolerance(1e-9));
  NocConfig mixed = steady;
  mixed.packet_size = {1, 7};  // mean 4, variance 9
  mixed.packet_size_rate = {1, 1};
  const double sizes = test_saturation(mixed, 16, 1000, 0.2, 0.2, 0, 0).noise;
  BOOST_TEST(sizes == base * std::sqrt((0.0475 * 16 + 0.05 * 9) / (0.0475 * 16)), boost::test_tools::tolerance(1e-9));
}
