// timing.md section 3 through the tool: models/cdc_fifo.yaml and models/cdc_credit_return.yaml.
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "harness.hpp"

using nlohmann::json;

namespace {
json fifo(const std::string& sets) {
  const auto o = cftool::tool("run ../../models/cdc_fifo.yaml --json " + sets);
  BOOST_TEST_REQUIRE(o.status == 0, o.err);
  return json::parse(o.out).at("links").at("fifo");
}

int sends_by_theory(int depth, int rtt) {  // `depth` sends at the start of each round trip
  int n = 0;
  for (int t = 3000; t < 6000; ++t) n += t % rtt < depth;
  return n;
}
}  // namespace

BOOST_AUTO_TEST_CASE(spec3_worked_case_rtt_nine) {
  const json nine = fifo("");
  BOOST_TEST(nine.at("throughput").get<double>() == 1.0);
  BOOST_TEST(nine.at("measured_rtt").get<int>() == 9);
  BOOST_TEST(nine.at("max_rtt").get<int>() == 9);
  BOOST_TEST(nine.at("depth_needed").get<int>() == 9);
  BOOST_TEST(nine.at("conservation_violations").get<int>() == 0);
  const json eight = fifo("--set fifo.depth=8");
  BOOST_TEST(eight.at("sent").get<int>() == sends_by_theory(8, 9));  // 8/9 of the window
  BOOST_TEST(eight.at("throughput").get<double>() > 0.888);
  BOOST_TEST(eight.at("throughput").get<double>() < 0.890);
}

BOOST_AUTO_TEST_CASE(async_fifo_round_trip_follows_the_flops) {
  // Aligned equal clocks: 2N + 3 writer cycles; each crossing's worst phase adds one.
  BOOST_TEST(fifo("--set fifo.uncertainty=0").at("measured_rtt").get<int>() == 7);
  BOOST_TEST(fifo("--set fifo.uncertainty=0 --set fifo.sync_stages=3").at("measured_rtt").get<int>() == 9);
  BOOST_TEST(fifo("--set fifo.uncertainty=0 --set fifo.sync_stages=4").at("measured_rtt").get<int>() == 11);
  // Half the crossings late: a saturated stream cannot win a late cycle back without an
  // idle one, so trips settle between the best and the worst case.
  const json some = fifo("--set fifo.uncertainty=0.5 --set fifo.depth=16");
  BOOST_TEST(some.at("measured_rtt").get<int>() >= 7);
  BOOST_TEST(some.at("measured_rtt").get<int>() <= 8);
  BOOST_TEST(some.at("max_rtt").get<int>() == 9);
  BOOST_TEST(some.at("mean_rtt").get<double>() > 7.0);
  BOOST_TEST(some.at("mean_rtt").get<double>() < 9.0);
  BOOST_TEST(some.at("depth_needed").get<int>() == 9);  // ceil(1 x worst RTT)
}

BOOST_AUTO_TEST_CASE(half_speed_reader_caps_at_its_drain_whatever_the_depth) {
  for (const char* depth : {"8", "16", "64"}) {
    const json l = fifo(std::string("--set rd_clk.period=2ns --set fifo.uncertainty=0 --set fifo.depth=") + depth);
    BOOST_TEST(l.at("throughput").get<double>() == 0.5, depth);
    BOOST_TEST(l.at("measured_rtt").get<int>() == 9);  // longer than the 7 of equal clocks
  }
  const auto o = cftool::tool("run ../../models/cdc_fifo.yaml --set rd_clk.period=2ns --set fifo.uncertainty=0 "
                              "--set fifo.depth=16");
  BOOST_TEST(cftool::lines(o.out).back() ==
             "- link 'fifo' runs at 0.500 of full rate, limited by the receiver's drain of 0.500 per cycle against 1.000 offered (the "
             "sender was out of credits with the receiver holding flits in 1500 of 3000 cycles); more credits "
             "will not help beyond B >= 5, and it has 16");
}

BOOST_AUTO_TEST_CASE(min_depth_is_ceil_rate_times_worst_rtt_across_clock_ratios) {
  // Reader periods against a 1 ns writer (its edges offset by 0.3 ns), one message every k
  // writer cycles, below what the reader can drain.
  const std::vector<std::pair<std::string, int>> cases{{"1ns", 1},   {"1ns", 2},   {"1.5ns", 2}, {"1.5ns", 3},
                                                       {"0.7ns", 1}, {"0.7ns", 2}, {"2.3ns", 3}};
  for (const auto& [period, k] : cases) {
    const std::string base = "--set rd_clk.period=" + period + " --set rd_clk.phase=0.3ns --set fifo.uncertainty=0 "
                             "--set src.pattern=periodic --set src.every=" + std::to_string(k);
    const json deep = fifo(base + " --set fifo.depth=64");
    // The worst round trip of a flit that met no queue: ceil(rate x it), with rate 1/k.
    const int worst = deep.at("unqueued_max_rtt").get<int>();
    const int need = (worst + k - 1) / k;
    BOOST_TEST(deep.at("depth_needed").get<int>() == need, period << " k=" << k);
    const json enough = fifo(base + " --set fifo.depth=" + std::to_string(need));
    BOOST_TEST(enough.at("credit_stall_cycles").get<int>() == 0, period << " k=" << k << " depth " << need);
    BOOST_TEST(enough.at("sent").get<int>() == 3000 / k, period << " k=" << k);
    if (need > 1) {
      const json short_one = fifo(base + " --set fifo.depth=" + std::to_string(need - 1));
      BOOST_TEST(short_one.at("credit_stall_cycles").get<int>() > 0, period << " k=" << k << " depth " << need - 1);
    }
  }
}

BOOST_AUTO_TEST_CASE(pulse_crossing_loses_credits_and_the_monitor_says_so) {
  const auto o = cftool::tool("run ../../models/cdc_credit_return.yaml --json");
  BOOST_TEST(o.status == 1);
  BOOST_TEST(o.err == "creditflow: credit conservation violated on link 'link' at cycle 4: sender credits 12 + "
                      "forward flits 2 + receiver occupancy 0 + return credits 1 = 15, expected 16 (1 missing)\n");
  const json doc = json::parse(o.out);
  const json& link = doc.at("links").at("link");
  BOOST_TEST(link.at("credits_missing").get<int>() == 15);  // one credit of 16 left
  BOOST_TEST(link.at("throughput").get<double>() == 0.2);
  BOOST_TEST(doc.at("diagnosis").at(0).get<std::string>() ==
             "link 'link' lost 15 of its 16 credits (conservation failed in 1997 cycles): its credit return is "
             "broken, its throughput (0.200) decays as credits go, and its round trips cannot be trusted for sizing");
  // The decay: near full rate over the first 25 sender cycles, before the credits go.
  const json early = json::parse(cftool::tool("run ../../models/cdc_credit_return.yaml --json --cycles 25 --warmup 0").out);
  BOOST_TEST(early.at("links").at("link").at("throughput").get<double>() > 0.8);
  // Phases across clocks are timed in picoseconds, then counted in the receiver's cycles,
  // over the same window as the sender's: the 200 flits sent in it (the receiver's own
  // count once started from the warm-up's number of its own, faster, cycles: 309).
  BOOST_TEST(link.at("latency").at("send_to_arrival").at("count").get<int>() == 200);
  BOOST_TEST(link.at("latency_in").get<std::string>().find("receiver's cycles (rounded up)") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(safe_crossings_conserve_over_long_random_runs) {
  cftool::TempDir dir;
  for (const char* seed : {"1", "2"}) {
    const auto o = cftool::tool(std::string("sweep ../../models/cdc_credit_return.yaml --seed ") + seed +
                                " --vary crossing.kind=gray,toggle,pulse --vary tx_clk.period=3ns,2.5ns,1ns,0.7ns "
                                "--set src.pattern=bernoulli --set src.rate=0.6 --set rx.drain_rate=0.7 "
                                "--set crossing.uncertainty=0.5 --set link.uncertainty=0.5 --cycles 20000 "
                                "--warmup 10000 -j 2 --metric conservation_violations");
    // The pulse form loses every credit within a few dozen cycles: with work pending and
    // nothing moving, the watchdog stops those runs (and only those) and the sweep fails.
    BOOST_TEST(o.status == 1);
    for (const char* point : {"point 2 (crossing.kind=pulse", "point 5 (crossing.kind=pulse",
                              "point 8 (crossing.kind=pulse", "point 11 (crossing.kind=pulse"})
      BOOST_TEST(o.err.find(point) != std::string::npos, point);
    BOOST_TEST(o.err.find("crossing.kind=gray") == std::string::npos);
    BOOST_TEST(o.err.find("crossing.kind=toggle") == std::string::npos);
    const auto rows = cftool::lines(o.out);
    BOOST_TEST_REQUIRE(rows.size() == 6u);
    for (std::size_t i = 2; i < rows.size(); ++i) {
      std::stringstream cells(rows[i]);
      std::string ratio, gray, toggle, pulse;
      cells >> ratio >> gray >> toggle >> pulse;
      BOOST_TEST(gray == "0", ratio);
      BOOST_TEST(toggle == "0", ratio);
      BOOST_TEST(std::stoi(pulse) > 1000, ratio);  // lost credits leave every later cycle short
    }
  }
}

BOOST_AUTO_TEST_CASE(gray_return_runs_at_full_rate_and_toggle_pays_its_handshake) {
  const auto gray = json::parse(
      cftool::tool("run ../../models/cdc_credit_return.yaml --json --set crossing.kind=gray").out);
  BOOST_TEST(gray.at("links").at("link").at("throughput").get<double>() == 1.0);
  BOOST_TEST(gray.at("links").at("link").at("measured_rtt").get<int>() == 5);
  BOOST_TEST(gray.at("parameters").at("crossing.kind").get<std::string>() == "gray");
  const auto toggle = json::parse(
      cftool::tool("run ../../models/cdc_credit_return.yaml --json --set crossing.kind=toggle").out);
  BOOST_TEST(toggle.at("links").at("link").at("conservation_violations").get<int>() == 0);
  BOOST_TEST(toggle.at("links").at("link").at("throughput").get<double>() < 0.5);
}

BOOST_AUTO_TEST_CASE(clock_errors) {
  auto err = [](const std::string& args) { return cftool::tool(args).err; };
  BOOST_TEST(err("run bad/clock_mismatch.yaml") ==
             "creditflow: bad/clock_mismatch.yaml:12: connection 'link.out -> rx.in': link.out runs on clock tx_clk "
             "but rx.in on clock rx_clk; only a crossing (async_fifo, flit_crossing, gray, toggle, pulse, vc_crossing) joins two "
             "clocks\n");
  BOOST_TEST(err("run bad/missing_clock.yaml") ==
             "creditflow: bad/missing_clock.yaml:5: component src needs a clock: the platform has 2 clocks\n");
  BOOST_TEST(err("run ../../models/cdc_fifo.yaml --set rd_clk.perod=2ns") ==
             "creditflow: --set rd_clk.perod=2ns: clock rd_clk has no parameter 'perod'; did you mean 'period'? "
             "(allowed: period, phase)\n");
  BOOST_TEST(err("run ../../models/cdc_fifo.yaml --set rd_clk.period=2") ==
             "creditflow: --set rd_clk.period=2: rd_clk.period = 2 is not a valid quantity (a number >= 0 with a "
             "unit: s, ms, us, ns, ps, fs, or a frequency in Hz, kHz, MHz, GHz)\n");
  BOOST_TEST(err("run ../../models/cdc_fifo.yaml --set fifo.rd_clock=rdclk") ==
             "creditflow: --set fifo.rd_clock=rdclk: fifo.rd_clock = rdclk is not a clock of the platform; did you "
             "mean 'rd_clk'? (allowed a clock of the platform)\n");
  // Every edge of every clock is simulated: clocks 10^9 apart (1s for 1ns) would not end.
  BOOST_TEST(err("run bad/clock_ratio.yaml") ==
             "creditflow: bad/clock_ratio.yaml:3: clock wr_clk (period 1s) is 1000000000 times slower than rd_clk "
             "(period 1ns); every edge is simulated, so clock periods may differ at most 10000 times\n");
  BOOST_TEST(cftool::tool("run ../../models/cdc_fifo.yaml --set rd_clk.period=10us --cycles 10 --warmup 0").status ==
             0);  // 10^4 apart is allowed
  BOOST_TEST(err("run ../../models/cdc_fifo.yaml --set rd_clk.period=10.001us") ==
             "creditflow: ../../models/cdc_fifo.yaml:23: clock rd_clk (period 10.001us) is 10001 times slower than "
             "wr_clk (period 1ns); every edge is simulated, so clock periods may differ at most 10000 times\n");
  BOOST_TEST(err("run ../../models/cdc_credit_return.yaml --set crossing.kind=pluse") ==
             "creditflow: --set crossing.kind=pluse: component crossing has unknown kind 'pluse'; did you mean "
             "'pulse'? ('creditflow list' shows the kinds)\n");
}

// A toggle credit return carries one credit per handshake: its rate, not the loop's
// credits, is the limit. The diagnosis says so from the handshakes it counted, and four
// times the credits give the same rate.
BOOST_AUTO_TEST_CASE(a_toggle_credit_return_is_named_as_the_limit_not_the_credits) {
  const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL,
                                              "run ../../models/cdc_credit_return.yaml --set crossing.kind=toggle");
  const json more = cftool::same_in_both_views(
      CREDITFLOW_TOOL, "run ../../models/cdc_credit_return.yaml --set crossing.kind=toggle --set rx.depth=64");
  const double rate = doc.at("links").at("link").at("throughput").get<double>();
  BOOST_TEST(rate == 0.333, boost::test_tools::tolerance(0.002));
  BOOST_TEST(more.at("links").at("link").at("throughput").get<double>() == rate);
  const std::string line = doc.at("diagnosis").at(0).get<std::string>();
  BOOST_TEST(line.rfind("link 'link' runs at 0.333 of full rate: its credits come back through a toggle crossing, one "
                        "per handshake (a request and its acknowledge, each synchronized), and returned credits waited "
                        "there for the handshake in ", 0) == 0u, line);
  BOOST_TEST(line.find("; it began 667 handshakes in the run's 2000 cycles, 0.334 a cycle, so credits come back no faster "
                       "than that, and more credits will not help (a gray crossing returns any number of credits at once)") !=
                 std::string::npos, line);
  BOOST_TEST(line.find("needs B >=") == std::string::npos, line);
}

// A crossing's advised depth is the loop's, whatever depth the run started from: round
// trips that include the queue a deeper buffer lets build (the worst of all grows 12, 14,
// 15, ... with the depth) are left out. The case: a 1 GHz writer, a 600 MHz reader
// (drain 0.6 a writer cycle), Bernoulli traffic at 0.5, every crossing a cycle late.
BOOST_AUTO_TEST_CASE(a_crossings_advised_depth_does_not_follow_the_starting_depth) {
  const std::string base = "--set rd_clk.period=1.667ns --set fifo.uncertainty=1 --set src.pattern=bernoulli "
                           "--set src.rate=0.5 --set fifo.depth=";
  std::vector<int> worst;
  for (int depth = 5; depth <= 10; ++depth) {
    const json l = fifo(base + std::to_string(depth));
    worst.push_back(l.at("max_rtt").get<int>());
    BOOST_TEST(l.at("unqueued_max_rtt").get<int>() == 11, depth);
    BOOST_TEST(l.at("depth_needed").get<int>() == 6, depth);  // ceil(0.5 x 11)
  }
  BOOST_TEST(worst.front() == 12);
  BOOST_TEST(worst.back() == 17);  // the queue's, not the loop's
  // One below the advice falls short of the offer and says so; at the advice it carries it.
  const auto five = cftool::tool("run ../../models/cdc_fifo.yaml " + base + "5");
  BOOST_TEST(cftool::lines(five.out).back() ==
             "- link 'fifo' runs at 0.499 of full rate against 0.500 offered, which it reaches only while its round "
             "trips stay short: its 5 credits cover 5 of the 11-cycle worst round trip of a "
             "flit that met no queue at the receiver; it needs B >= 6 for its offered rate of 0.500 (the sender was "
             "out of credits with the receiver empty in 1485 of 3000 cycles)");
  const auto six = cftool::tool("run ../../models/cdc_fifo.yaml " + base + "6");
  BOOST_TEST(cftool::lines(six.out).back().rfind("- link 'fifo' carries its offered load of 0.500", 0) == 0u);
}

// Its twin: a buffer in the receiver's clock with a gray credit return, where flits queue
// on the receiver's side of the flit crossing as well as in the buffer.
BOOST_AUTO_TEST_CASE(a_credit_return_crossings_advised_depth_does_not_follow_the_starting_depth) {
  for (const char* depth : {"5", "8", "16"}) {
    const json l = json::parse(cftool::tool("run ../../models/cdc_credit_return.yaml --json --set crossing.kind=gray "
                                            "--set rx_clk.period=4ns --set src.pattern=bernoulli --set src.rate=0.5 "
                                            "--set rx.depth=" + std::string(depth)).out)
                       .at("links").at("link");
    BOOST_TEST(l.at("unqueued_max_rtt").get<int>() == 11, depth);
    BOOST_TEST(l.at("depth_needed").get<int>() == 6, depth);
  }
}

// tests/tool/slow_sink.yaml: a link wholly in a clock four times slower than the first was
// measured from cycle 3000 of its own, past the run's end (1500 of its cycles): it said 0
// sent and a throughput of 0. Its window now opens at the first clock's instant, and the
// flits' creations, stamped in the fast clock, count in its own cycles (they wrapped below
// zero once the window opened).
BOOST_AUTO_TEST_CASE(a_link_in_a_slower_clock_is_measured_over_the_runs_window_in_its_own_cycles) {
  const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL, "run slow_sink.yaml");
  const json& rx = doc.at("links").at("rx");
  BOOST_TEST(rx.at("sent").get<int>() == 375);            // one every 2 of its 750 cycles in the window
  BOOST_TEST(rx.at("throughput").get<double>() == 0.5);
  BOOST_TEST(rx.at("latency").at("creation_to_send").at("max").get<int>() == 3);  // 12 ns, as the crossing's link says
  const json& x = doc.at("links").at("x");
  BOOST_TEST(x.at("sent").get<int>() == 375);
  BOOST_TEST(x.at("latency").at("arrival_to_pop").at("count").get<int>() == 375);
}
