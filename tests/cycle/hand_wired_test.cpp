// A link wired by hand in C++ (the README's way) gets the diagnosis the tool gives the same
// link from a platform file: models/first_link.yaml's Bernoulli source at 0.6, 6 credits,
// 3 stages each way, 20000 cycles from 2000. The source, given to the monitor, says what it
// offers; without it the link would be sized as if saturated.
#include <boost/test/unit_test.hpp>

#include "hand_wired.hpp"

using namespace creditflow;

BOOST_AUTO_TEST_CASE(a_hand_wired_link_is_diagnosed_as_the_tool_diagnoses_its_platform) {
  core::SourceParams sp;
  sp.traffic = core::TrafficSpec::bernoulli(0.6);
  cftest::HandWiredLink w(sp, 6, core::LinkParams{3, 3}, 6, 20000, 2000);
  const core::LoopObserver& obs = w.mon.watch("link", {&w.tx, &w.link, &w.rx}, &w.src);
  sc_core::sc_start();
  const core::LinkReport report = w.mon.report(obs);
  BOOST_TEST(report.offered_rate == 0.6);
  const std::vector<std::string> lines = core::diagnose(report);
  BOOST_TEST_REQUIRE(lines.size() == 1u);
  // The tool's line for models/first_link.yaml (the README's "make run" output, pinned by
  // tool.readme_output_blocks_are_what_the_tool_prints).
  BOOST_TEST(lines[0] ==
             "link 'link' carries its offered load of 0.600 (0.600 measured over 18000 cycles); its flits waited for a "
             "credit in 1066 cycles (1066 with the receiver empty, 0 with it holding flits), p99 3 cycles, max 7: for a "
             "p99 credit wait of at most 0 cycles it needs B >= 8, it has 6 (from a replay of its flits over the 8-cycle "
             "round trip, which gives back the measured waits)");
}
