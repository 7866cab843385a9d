// Robustness of the tool: the watchdog and its deadlock dump.
#include <boost/test/unit_test.hpp>
#include <regex>
#include <nlohmann/json.hpp>

#include "harness.hpp"

using nlohmann::json;

namespace {
// timing.md section 1's loop (L = 4, B = 4) whose consumer stops popping at cycle 100 for good.
const std::string stalled_forever =
    "run ../../models/credit_loop.yaml --set rx.stall_from=100 --set rx.stall_cycles=1000000000000";
}  // namespace

BOOST_AUTO_TEST_CASE(watchdog_stops_a_deadlocked_link_and_dumps_every_holder) {
  for (const char* view : {"cycle", "tl"}) {
    const auto o = cftool::tool(stalled_forever + " --watchdog 500 --view " + view);
    BOOST_TEST(o.status == 1);
    // The last credit in flight is back by cycle 107; 500 cycles later nothing has moved.
    const auto err = cftool::lines(o.err);
    BOOST_TEST_REQUIRE(err.size() == 4u);
    BOOST_TEST(err[0] == "creditflow: deadlock on link 'link' at cycle 607: nothing sent, popped, dropped or in flight for 500 "
                         "cycles with work pending; the run stopped (raise --watchdog if a stall this long is "
                         "intended). Every credit holder:");
    BOOST_TEST(err[1] == "  tx (credit_sender): credits 0, offering a flit");
    BOOST_TEST(err[2] == "  link (pipelined_link): holds nothing");
    BOOST_TEST(err[3] == "  rx (credit_receiver): occupancy 4 (not popping)");
    BOOST_TEST(o.out.find("DEADLOCK on link 'link' at cycle 607: the run stopped there") != std::string::npos);
  }
}

BOOST_AUTO_TEST_CASE(watchdog_cycle_is_in_the_json_and_the_same_in_both_views) {
  for (const char* view : {"cycle", "tl"}) {
    const auto o = cftool::tool(stalled_forever + " --watchdog 2000 --json --view " + view);
    BOOST_TEST(o.status == 1);
    const json link = json::parse(o.out).at("links").at("link");
    BOOST_TEST(link.at("deadlock_cycle").get<int>() == 2107);
    BOOST_TEST(link.at("peak_occupancy").get<int>() == 4);
  }
  const auto fine = cftool::tool("run ../../models/credit_loop.yaml --json");
  BOOST_TEST(json::parse(fine.out).at("links").at("link").at("deadlock_cycle").get<int>() == 0);
}

BOOST_AUTO_TEST_CASE(watchdog_zero_lets_a_stalled_link_run_to_the_end) {
  const auto o = cftool::tool(stalled_forever + " --watchdog 0 --json");
  BOOST_TEST(o.status == 0);
  BOOST_TEST(o.err.empty());
  const json link = json::parse(o.out).at("links").at("link");
  BOOST_TEST(link.at("deadlock_cycle").get<int>() == 0);
  BOOST_TEST(link.at("sent").get<int>() == 0);  // nothing moves in the window 3000..5999
}

BOOST_AUTO_TEST_CASE(watchdog_accepts_the_file_and_refuses_a_negative_value) {
  const auto bad = cftool::tool("run ../../models/credit_loop.yaml --watchdog -3");
  BOOST_TEST(bad.status == 2);
  BOOST_TEST(bad.err == "creditflow: --watchdog: watchdog = -3 is out of range (allowed 0..1000000000000)\n");
  // A consumer stall of 2000 cycles is legitimate under the default watchdog of 10000.
  const auto ok = cftool::tool("run ../../models/credit_loop.yaml --set rx.stall_from=1000 --set rx.stall_cycles=2000");
  BOOST_TEST(ok.status == 0);
  BOOST_TEST(ok.err.empty());
}

// A sweep names every point that deadlocked and exits 1; the other points are whole.
BOOST_AUTO_TEST_CASE(sweep_names_the_points_that_deadlocked) {
  const auto o = cftool::tool("sweep ../../models/credit_loop.yaml --vary rx.stall_cycles=0,1000000000 "
                              "--set rx.stall_from=100 --watchdog 500 --view tl");
  BOOST_TEST(o.status == 1);
  BOOST_TEST(o.err.find("creditflow: point 1 (rx.stall_cycles=1000000000) deadlocked: deadlock on link 'link' at cycle 607: "
                        "nothing sent") != std::string::npos);
  BOOST_TEST(o.err.find("point 0") == std::string::npos);
}

namespace {
// Runs models/faults.yaml with `sets` in both views: the same exit status, messages and JSON.
std::pair<cftool::Outcome, json> faults_run(const std::string& sets) {
  const auto cycle = cftool::tool("run ../../models/faults.yaml --json " + sets);
  const auto tl = cftool::tool("run ../../models/faults.yaml --json --view tl " + sets);
  BOOST_TEST(cycle.status == tl.status);
  BOOST_TEST(cycle.err == tl.err);
  json a = json::parse(cycle.out), b = json::parse(tl.out);
  a.erase("view");
  b.erase("view");
  BOOST_TEST(a == b);
  return {cycle, a.at("links").at("link")};
}
}  // namespace

BOOST_AUTO_TEST_CASE(a_dropped_credit_is_caught_with_link_cycle_and_difference) {
  const auto [o, link] = faults_run("--set lose.fault_at=1000");
  BOOST_TEST(o.status == 1);
  BOOST_TEST(o.err == "creditflow: credit conservation violated on link 'link' at cycle 1001: sender credits 1 + "
                      "forward flits 4 + receiver occupancy 1 + return credits 3 = 9, expected 10 (1 missing)\n");
  BOOST_TEST(link.at("faults_injected").get<int>() == 1);
  BOOST_TEST(link.at("credits_missing").get<int>() == 1);
  BOOST_TEST(link.at("throughput").get<double>() == 0.9);  // 9 credits left for a 10-cycle round trip
}

BOOST_AUTO_TEST_CASE(a_duplicated_credit_is_caught_with_link_cycle_and_difference) {
  // At cycle 3 no credit is on its way back yet: the strike adds one at once.
  const auto [o, link] = faults_run("--set extra.fault_at=3");
  BOOST_TEST(o.status == 1);
  BOOST_TEST(o.err == "creditflow: credit conservation violated on link 'link' at cycle 4: sender credits 6 + "
                      "forward flits 4 + receiver occupancy 0 + return credits 1 = 11, expected 10 (1 extra)\n");
  BOOST_TEST(link.at("credits_missing").get<int>() == -1);
}

BOOST_AUTO_TEST_CASE(a_corrupted_payload_is_caught_with_link_cycle_and_bits) {
  const auto [o, link] = faults_run("--set upset.fault_at=1000,2000 --set upset.bit=3");
  BOOST_TEST(o.status == 1);
  BOOST_TEST(o.err == "creditflow: link 'link': rx: flit 996 arrived at cycle 1000 with payload 1004, expected 996 "
                      "(bits 0x8 differ)\n");
  BOOST_TEST(link.at("corrupted_flits").get<int>() == 2);
  BOOST_TEST(link.at("faults_injected").get<int>() == 2);
  BOOST_TEST(link.at("conservation_violations").get<int>() == 0);  // the credits are all there
}

BOOST_AUTO_TEST_CASE(random_faults_are_seeded_and_caught) {
  const auto [o, link] = faults_run("--set lose.fault_rate=0.002 --seed 5");
  BOOST_TEST(o.status == 1);
  BOOST_TEST(link.at("faults_injected").get<int>() > 0);
  BOOST_TEST(link.at("credits_missing").get<int>() == link.at("faults_injected").get<int>());
  const auto again = cftool::tool("run ../../models/faults.yaml --json --set lose.fault_rate=0.002 --seed 5");
  BOOST_TEST(json::parse(again.out).at("links").at("link") == link);  // same seed, same faults
}

BOOST_AUTO_TEST_CASE(a_flipped_gray_pointer_bit_is_caught) {
  for (const char* view : {"cycle", "tl"}) {
    const auto o = cftool::tool(std::string("run ../../models/cdc_credit_return.yaml --set crossing.kind=gray "
                                            "--set crossing.upset_at=1000 --set crossing.upset_bit=2 --view ") + view);
    BOOST_TEST(o.status == 1);
    // The counter has the 6 bits a 16-credit loop needs (before: 22, sized for 2^20 credits,
    // so one flip read as 67108864 extra credits). The flipped sample and the good one after
    // it hand the sender one lap of the counter: 64 credits.
    BOOST_TEST(o.err == "creditflow: credit conservation violated on link 'link' at cycle 1002: sender credits 12 + "
                        "forward flits 2 + receiver occupancy 0 + return credits 66 = 80, expected 16 (64 extra)\n");
    const auto beyond = cftool::tool(std::string("run ../../models/cdc_credit_return.yaml --set crossing.kind=gray "
                                                 "--set crossing.upset_at=1000 --set crossing.upset_bit=6 --view ") +
                                     view);
    BOOST_TEST(beyond.status == 2);
    BOOST_TEST(beyond.err == "creditflow: crossing: upset_bit = 6 is not a bit of the 6-bit Gray counter of a "
                             "16-credit loop (allowed 0..5)\n");
  }
}

// Determinism: the same model, parameters and seed give the same bytes whatever -j, in
// each view, and in the TL view on threads or in processes; the CSV (figures only) is the
// same bytes in both views.
BOOST_AUTO_TEST_CASE(sweeps_are_byte_identical_for_any_jobs_in_both_views) {
  cftool::TempDir dir;
  const std::string sweep = "sweep ../../models/credit_loop.yaml --vary rx.depth=2,7,12 --vary rx.drain_rate=1,0.7 "
                            "--set src.pattern=bernoulli --set src.rate=0.8 --seed 9";
  std::string csv_of_view[2];
  int v = 0;
  for (const char* view : {"cycle", "tl"}) {
    std::string first_csv, first_json;
    // The TL view's points on worker threads, and in a child each as the cycle view's.
    for (const char* jobs : {"1", "2", view == std::string("tl") ? "2 --isolate" : "2"}) {
      const std::string tag = std::string(view) + std::to_string(std::rand());
      const auto o = cftool::tool(sweep + " --view " + view + " -j " + jobs + " --csv " + (dir / tag + ".csv") +
                                  " --json " + (dir / tag + ".json"));
      BOOST_TEST_REQUIRE(o.status == 0);
      const std::string csv = cftool::read_file(dir / tag + ".csv"), doc = cftool::read_file(dir / tag + ".json");
      BOOST_TEST(!csv.empty());
      if (first_csv.empty()) {
        first_csv = csv;
        first_json = doc;
      }
      BOOST_TEST(csv == first_csv, view << " -j " << jobs);
      BOOST_TEST(doc == first_json, view << " -j " << jobs);
    }
    csv_of_view[v++] = first_csv;
  }
  BOOST_TEST(csv_of_view[0] == csv_of_view[1]);
}

// Shell text that waits (up to 3 minutes) until `journal` records a finished point: a
// fixed sleep would be too short on a loaded machine, and a point of 40,000,000 cycles
// under the sanitizers on one took more than the minute this waited before (seen once).
std::string wait_for_a_point(const std::string& journal) {
  return "for i in $(seq 1800); do [ \"$(cat '" + journal + "' 2>/dev/null | wc -l)\" -ge 2 ] && break; sleep 0.1; done;";
}

// Ctrl-C during a sweep (`options`: the view and how long a point runs): the running
// points stop (children killed, or worker threads told), the finished points' rows are
// written, the tool says how many were done and exits 128 + SIGINT.
void ctrl_c_keeps_the_finished_points(const std::string& options) {
  cftool::TempDir dir;
  // A seed of this test process's own marks its children apart from any other run's.
  const std::string seed = std::to_string(100000 + ::getpid());
  const std::string script = "cd '" CREDITFLOW_TEST_DIR "' && ('" CREDITFLOW_TOOL
                             "' sweep ../../models/credit_loop.yaml --vary rx.depth=1:20 " + options + " -j 2 --seed " +
                             seed + " "
                             "--csv '" + (dir / "out.csv") + "' > '" + (dir / "out") + "' 2> '" + (dir / "err") +
                             "' & pid=$!; " + wait_for_a_point(dir / "out.csv.journal") + " kill -INT $pid; wait $pid; echo $? > '" + (dir / "status") +
                             "'; sleep 0.2; ps -eo comm,args | awk '$1 == \"creditflow\" && /seed " + seed + " /' > '" +
                             (dir / "left") + "')";
  BOOST_TEST_REQUIRE(std::system(script.c_str()) == 0);
  BOOST_TEST(cftool::read_file(dir / "status") == "130\n");
  const std::string err = cftool::read_file(dir / "err");
  const auto at = err.find("creditflow: interrupted: ");
  BOOST_TEST_REQUIRE(at != std::string::npos, err);
  const int done = std::stoi(err.substr(at + 25));
  // The points running when it stopped are named (one or two at -j 2), the rest counted.
  std::smatch m;
  const std::string line = err.substr(at, err.find('\n', at) - at);
  BOOST_TEST_REQUIRE(std::regex_match(line, m, std::regex("creditflow: interrupted: (\\d+) of 20 points done; stopped "
                                                          "while running: point \\d+ \\(rx.depth=\\d+\\)(, point \\d+ "
                                                          "\\(rx.depth=\\d+\\))?; not started: (\\d+)")),
                     line);
  BOOST_TEST(done + (m[2].matched ? 2 : 1) + std::stoi(m[3]) == 20);
  BOOST_TEST(err.find("creditflow: the same command runs the " + std::to_string(20 - done) +
                      " points left, taking up the finished ones from " + dir / "out.csv.journal\n") !=
                 std::string::npos,
             err);
  BOOST_TEST(done < 20);
  // Progress counts the points that finished, never one Ctrl-C stopped.
  const std::regex progress("sweep: (\\d+)/20 points");
  for (auto it = std::sregex_iterator(err.begin(), err.end(), progress); it != std::sregex_iterator(); ++it)
    BOOST_TEST(std::stoi((*it)[1]) <= done, err);
  BOOST_TEST(cftool::lines(cftool::read_file(dir / "out.csv")).size() == static_cast<std::size_t>(done) + 1);
  BOOST_TEST(cftool::lines(cftool::read_file(dir / "out.csv.journal")).size() == static_cast<std::size_t>(done) + 1);
  BOOST_TEST(cftool::read_file(dir / "left").empty());  // no child left running
}

BOOST_AUTO_TEST_CASE(ctrl_c_keeps_the_finished_points_and_says_how_many) {
  ctrl_c_keeps_the_finished_points("--cycles 3000000");
}

// The TL view's points run on worker threads: a point running when Ctrl-C comes stops
// within a few thousand cycles of its run (here each point would take seconds: random
// traffic, nothing repeats to jump).
BOOST_AUTO_TEST_CASE(ctrl_c_stops_a_tl_sweeps_worker_threads) {
  ctrl_c_keeps_the_finished_points("--view tl --set src.pattern=bernoulli --set src.rate=0.5 --cycles 40000000");
}

// Absurd values are refused with their allowed range before anything is built.
BOOST_AUTO_TEST_CASE(absurd_values_are_refused_with_the_allowed_range) {
  const std::vector<std::pair<std::string, std::string>> cases{
      {"--set rx.depth=1000000000000",
       "creditflow: --set rx.depth=1000000000000: rx.depth = 1000000000000 is out of range (allowed 1..16777216)\n"},
      {"--set link.latency=1000000000",
       "creditflow: --set link.latency=1000000000: link.latency = 1000000000 is out of range (allowed "
       "0..1048576)\n"},
      {"--cycles 100000000000000000000",
       "creditflow: --cycles: cycles = 100000000000000000000 is out of range (allowed 1..1000000000000)\n"},
      {"--set src.queue_depth=99999999999",
       "creditflow: --set src.queue_depth=99999999999: src.queue_depth = 99999999999 is out of range (allowed "
       "1..16777216)\n"},
      {"--set rx.drain_rate=nan",
       "creditflow: --set rx.drain_rate=nan: rx.drain_rate = nan is out of range (allowed 0..1)\n"},
  };
  for (const auto& [args, line] : cases) {
    const auto o = cftool::tool("run ../../models/credit_loop.yaml " + args);
    BOOST_TEST(o.status == 2, args);
    BOOST_TEST(o.err == line, args);
  }
  const auto range = cftool::tool("sweep ../../models/credit_loop.yaml --vary rx.depth=1:1e300");
  BOOST_TEST(range.status == 2);
  BOOST_TEST(range.err.find("has more than 1000000 values") != std::string::npos, range.err);
}

// After a watchdog stop every rate divides by the cycles run: a flow's as its link's.
BOOST_AUTO_TEST_CASE(after_a_watchdog_stop_flows_and_links_divide_by_the_same_window) {
  const std::string run = "run ../../models/faults.yaml --set rx.stall_from=4000 --set rx.stall_cycles=100000 "
                          "--cycles 20000 --watchdog 500 --json --view ";
  const cftool::Outcome cycle = cftool::tool(run + "cycle"), tl = cftool::tool(run + "tl");
  BOOST_TEST(cycle.status == 1);  // deadlocked
  json doc = json::parse(cycle.out), other = json::parse(tl.out);
  doc.erase("view");
  other.erase("view");
  BOOST_TEST(doc.dump() == other.dump());
  BOOST_TEST(doc.at("cycles").get<int>() == 4508);  // the watchdog stopped it there
  const json& link = doc.at("links").at("link");
  BOOST_TEST(link.at("throughput").get<double>() == 1005.0 / 1508);
  BOOST_TEST(doc.at("flows").at("src:rx").at("throughput").get<double>() == 1000.0 / 1508);
  BOOST_TEST(doc.at("classes").at("data").at("throughput").get<double>() == 1000.0 / 1508);
  const cftool::Outcome text = cftool::tool("run ../../models/faults.yaml --set rx.stall_from=4000 --set "
                                            "rx.stall_cycles=100000 --cycles 20000 --watchdog 500");
  BOOST_TEST(text.out.rfind("../../models/faults.yaml: 4508 cycles, measured over cycles 3000..4507, seed 1\n", 0) == 0u,
             text.out);
  const cftool::Outcome early = cftool::tool("run ../../models/faults.yaml --set rx.stall_from=100 --set "
                                             "rx.stall_cycles=100000 --cycles 20000 --watchdog 500");
  BOOST_TEST(early.out.rfind("../../models/faults.yaml: 608 cycles, stopped before the measurement window (from cycle "
                             "3000) opened: every rate is 0, seed 1\n", 0) == 0u, early.out);
}

// A stall longer than the run: the watchdog cannot fire, so the diagnosis says the link
// never moved, from when, and why the run was not stopped; no round trip is claimed.
BOOST_AUTO_TEST_CASE(a_link_still_to_the_end_is_said_to_have_never_moved) {
  const auto o = cftool::tool("run ../../models/faults.yaml --set rx.stall_cycles=1e12");
  BOOST_TEST(o.status == 0);
  BOOST_TEST(o.out.find("round trip 10 cycles (none measured)") != std::string::npos, o.out);
  BOOST_TEST(o.out.find("shortest measured 0") == std::string::npos, o.out);
  BOOST_TEST(o.out.find("- link 'link' never moved after cycle 13: nothing sent, popped or in flight for the last 5987 "
                        "cycles of the run, with work pending; the watchdog (10000 cycles) is longer than that, so the "
                        "run did not judge whether it is deadlocked\n") != std::string::npos,
             o.out);
  const auto off = cftool::tool("run ../../models/faults.yaml --set rx.stall_cycles=1e12 --watchdog 0");
  BOOST_TEST(off.out.find("with work pending; the watchdog is off, so the run did not judge") != std::string::npos, off.out);
}

// A buffer deep enough for a 2^19-cycle round trip takes the memory of what it holds: 2^24
// slots of which the run fills a fraction (the ring grows as it fills). Before, each view
// allocated all 2^24 slots (1.3 GB) and the TL view's steady-state snapshot copied them
// (out of 4 GB at a latency of 2^20).
BOOST_AUTO_TEST_CASE(a_huge_buffer_takes_the_memory_of_what_it_holds_in_both_views) {
  for (const char* view : {"cycle", "tl"}) {
    const cftool::Peak peak = cftool::peak_memory(std::string("run ../../models/credit_loop.yaml --set rx.depth=16777216 "
                                                              "--set link.latency=262144 --cycles 600000 --json --view ") +
                                                  view);
    BOOST_TEST(peak.status == 0, view);
    // 150 MB here (the pipelines' 2^19 stages are most of it), more under the sanitizers;
    // all 2^24 slots alone took 0.9 GB.
    BOOST_TEST(peak.kib < 800 * 1024L, view << ": " << peak.kib << " KiB");
  }
}
