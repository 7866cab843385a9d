// creditflow compare on the models alone: the first difference with both values and exit
// 1, identical runs with exit 0, bad --against values refused before anything runs.
#include "harness.hpp"

BOOST_AUTO_TEST_CASE(compare_names_the_first_cycle_and_signal_where_two_runs_part) {
  const auto later = cftool::tool("compare ../../models/credit_loop.yaml --against link.latency=5");
  BOOST_TEST(later.status == 1);
  // L = 4: flit 0 sent in cycle 0 arrives in 4 as written, in 5 with one more stage.
  BOOST_TEST(later.out ==
             "first difference at cycle 4 of clk (4000 ps): link.out.valid is 1 as written, 0 with --against "
             "link.latency=5\n");
  // The progress of each run on stderr, as a run taking a while shows it.
  BOOST_TEST(later.err.find("compare: running as written (6000 cycles planned)\n") == 0u);
  const auto same = cftool::tool("compare ../../models/credit_loop.yaml --set rx.drain_every=2 --against rx.depth=4");
  BOOST_TEST(same.status == 0);
  BOOST_TEST(same.out.rfind("identical over 6000 cycles, ", 0) == 0u);
}

BOOST_AUTO_TEST_CASE(compare_refuses_a_bad_value_on_either_side_before_running) {
  const auto bad = cftool::tool("compare ../../models/credit_loop.yaml --against rx.depth=0");
  BOOST_TEST(bad.status == 2);
  BOOST_TEST(bad.err == "creditflow: --against rx.depth=0: rx.depth = 0 is out of range (allowed 1..16777216)\n");
  const auto malformed = cftool::tool("compare ../../models/credit_loop.yaml --against rxdepth");
  BOOST_TEST(malformed.err == "creditflow: --against rxdepth: expected component.param=value\n");
  const auto none = cftool::tool("compare ../../models/credit_loop.yaml");
  BOOST_TEST(none.status == 2);
  BOOST_TEST(none.err == "creditflow: --against is required (see creditflow --help)\n");
  // No RTL in the plain tool: `kind: verilated` says what was built (nothing) and how.
  const auto rtl = cftool::tool("compare ../../models/credit_loop.yaml --against rx.kind=verilated "
                                "--against rx.role=credit_receiver --against rx.top=my_rx");
  BOOST_TEST(rtl.status == 2);
  BOOST_TEST(rtl.err.find("no RTL module 'my_rx' was verilated into this tool (built: none; add it with "
                          "creditflow_add_verilated_kind)") != std::string::npos);
}

// A network sets its own length: compare says the cycles run (6068), not those planned; it
// takes the --vcd-limit its advice names; Ctrl-C leaves no temporary trace behind.
BOOST_AUTO_TEST_CASE(compare_says_the_cycles_run_takes_its_vcd_limit_and_cleans_up_on_ctrl_c) {
  const auto net = cftool::tool("compare ../../models/mesh4x4.yaml --against net.vc_alloc_delay=1");
  BOOST_TEST(net.status == 0, net.err);
  BOOST_TEST(net.out.rfind("identical over 6068 cycles, ", 0) == 0u, net.out);
  const auto limited = cftool::tool("compare ../../models/mesh4x4.yaml --against net.vc_alloc_delay=1 --vcd-limit 64KiB");
  BOOST_TEST(limited.status != 0);
  BOOST_TEST(limited.err.find("the trace passed its limit of 64 KiB at cycle ") != std::string::npos, limited.err);
  BOOST_TEST(limited.err.find("(compare's temporary traces are removed; --vcd PREFIX keeps them)") != std::string::npos);
  cftool::TempDir d;
  // A long run, stopped once its trace has begun, with a temporary folder of its own
  // ($TMPDIR, so that other tests' compares running meanwhile do not count): its folder is
  // there while it runs and gone after.
  const std::string tmp = d / "tmp";
  const std::string script =
      "mkdir '" + tmp + "' && cd '" CREDITFLOW_TEST_DIR "' && (TMPDIR='" + tmp + "' '" CREDITFLOW_TOOL
      "' compare ../../models/mesh8x8.yaml --against net.vc_alloc_delay=1 --set net.sim_type=window --cycles 2000000 "
      "> /dev/null 2> '" + d / "err" + "' & pid=$!; for i in $(seq 100); do grep -q 'planned' '" + d / "err" +
      "' && break; sleep 0.1; done; sleep 1; during=$(ls '" + tmp + "' | wc -l); kill -INT $pid; wait $pid; echo $? > '" +
      d / "status" + "'; echo $during $(ls -A '" + tmp + "' | wc -l) > '" + d / "count" + "')";
  BOOST_TEST_REQUIRE(std::system(script.c_str()) == 0);
  BOOST_TEST(cftool::read_file(d / "status") == "130\n", cftool::read_file(d / "err"));
  BOOST_TEST(cftool::read_file(d / "err").find("creditflow: compare: interrupted while running with --set "
                                               "net.sim_type=window; its temporary traces are removed") != std::string::npos,
             cftool::read_file(d / "err"));
  BOOST_TEST(cftool::read_file(d / "count") == "1 0\n");  // a folder while it ran, none left
}

// compare reads the traces as they stream: its memory is the signals', not the traces'
// (it held nine times the traces: 4.2 GB for 100k cycles of mesh8x8). Here 2 x 31 MB of
// trace; the largest process of the command, the runs included, stays far below them.
BOOST_AUTO_TEST_CASE(compare_streams_the_traces) {
  const cftool::Peak peak = cftool::peak_memory("compare ../../models/mesh8x8.yaml --against net.vc_alloc_delay=1 "
                                                "--set net.sim_type=window --cycles 10000");
  BOOST_TEST(peak.status == 0);
  BOOST_TEST(peak.kib < 120 * 1024L, peak.kib << " KiB");  // 13 MB here
}
