// creditflow sweep: the timing.md table through the tool, parallel runs, shards, failures, plots.
#include <boost/test/unit_test.hpp>
#include <cstdio>
#include <map>

#include "../common/spec_section1.hpp"
#include "harness.hpp"

namespace {

// CSV with a header row, as a list of column -> cell maps (no quoted commas needed here).
std::vector<std::map<std::string, std::string>> read_csv(const std::string& text) {
  const auto rows = cftool::lines(text);
  std::vector<std::map<std::string, std::string>> out;
  auto split = [](const std::string& line) {
    std::vector<std::string> f(1);
    for (char c : line) {
      if (c == ',')
        f.emplace_back();
      else
        f.back().push_back(c);
    }
    return f;
  };
  const auto header = split(rows.at(0));
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const auto cells = split(rows[i]);
    std::map<std::string, std::string> row;
    for (std::size_t c = 0; c < header.size() && c < cells.size(); ++c) row[header[c]] = cells[c];
    out.push_back(row);
  }
  return out;
}

std::string three(const std::string& cell) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.3f", std::stod(cell));
  return buf;
}

std::size_t index_of(std::int64_t depth) {
  for (std::size_t i = 0; i < spec1::depths.size(); ++i)
    if (spec1::depths[i] == depth) return i;
  return spec1::depths.size();
}

}  // namespace

BOOST_AUTO_TEST_CASE(sweep_csv_reproduces_the_spec_table) {
  cftool::TempDir dir;
  const auto o = cftool::tool("sweep ../../models/credit_loop.yaml -j 2 --csv " + (dir / "t.csv"));
  BOOST_TEST_REQUIRE(o.status == 0);
  const auto rows = read_csv(cftool::read_file(dir / "t.csv"));
  BOOST_TEST_REQUIRE(rows.size() == 40u);
  for (const auto& r : rows) {
    BOOST_TEST_REQUIRE(r.at("status") == "ok");
    const std::size_t b = index_of(std::stoll(r.at("rx.depth")));
    const std::int64_t latency = std::stoll(r.at("link.latency"));
    const std::string& expected = r.at("sweep") == "table" ? spec1::rows.at(latency).at(b)
                                                            : spec1::drain_every_2nd.at(b);
    BOOST_TEST(three(r.at("links.link.throughput")) == expected,
               r.at("sweep") << " L=" << latency << " B=" << r.at("rx.depth"));
    BOOST_TEST(r.at("links.link.conservation_violations") == "0");
  }
  // The table on stdout is timing.md's, row for row.
  const auto out = cftool::lines(o.out);
  BOOST_TEST(out.at(4) == "link.latency=8  0.056  0.111  0.223  0.334  0.445  0.555  0.666  0.777  0.889  1.000");
}

BOOST_AUTO_TEST_CASE(sweep_output_is_the_same_for_any_jobs) {
  cftool::TempDir dir;
  const std::string sweep = "sweep good.yaml --vary rx.depth=1:6 --vary link.latency=1,3 --set src.pattern=bernoulli "
                            "--set src.rate=0.5 --cycles 2000 ";
  const auto a = cftool::tool(sweep + "-j 1 --csv " + (dir / "a.csv") + " --json " + (dir / "a.json"));
  const auto b = cftool::tool(sweep + "-j 2 --csv " + (dir / "b.csv") + " --json " + (dir / "b.json"));
  BOOST_TEST_REQUIRE(a.status == 0);
  BOOST_TEST_REQUIRE(b.status == 0);
  BOOST_TEST(a.out == b.out);
  BOOST_TEST(cftool::read_file(dir / "a.csv") == cftool::read_file(dir / "b.csv"));
  BOOST_TEST(cftool::read_file(dir / "a.json") == cftool::read_file(dir / "b.json"));
  BOOST_TEST(read_csv(cftool::read_file(dir / "a.csv")).size() == 12u);
}

BOOST_AUTO_TEST_CASE(shards_merge_into_the_whole_sweep) {
  cftool::TempDir dir;
  const std::string sweep = "sweep good.yaml --vary rx.depth=1:7 --cycles 1000 ";
  BOOST_TEST_REQUIRE(cftool::tool(sweep + "--csv " + (dir / "all.csv") + " --json " + (dir / "all.json")).status == 0);
  std::string csvs, jsons;
  for (int k = 1; k <= 3; ++k) {
    const std::string n = std::to_string(k);
    BOOST_TEST_REQUIRE(cftool::tool(sweep + "--shard " + n + "/3 --csv " + (dir / ("s" + n + ".csv")) + " --json " +
                                    (dir / ("s" + n + ".json"))).status == 0);
    csvs = (dir / ("s" + n + ".csv")) + " " + csvs;  // shards in any order
    jsons = (dir / ("s" + n + ".json")) + " " + jsons;
  }
  BOOST_TEST(read_csv(cftool::read_file(dir / "s1.csv")).size() == 2u);  // 7 points: 2, 2, 3
  BOOST_TEST_REQUIRE(cftool::tool("merge " + (dir / "m.csv") + " " + csvs).status == 0);
  BOOST_TEST_REQUIRE(cftool::tool("merge " + (dir / "m.json") + " " + jsons).status == 0);
  BOOST_TEST(cftool::read_file(dir / "m.csv") == cftool::read_file(dir / "all.csv"));
  BOOST_TEST(cftool::read_file(dir / "m.json") == cftool::read_file(dir / "all.json"));
  // A missing shard is an error, not a silently shorter table.
  const auto missing = cftool::tool("merge " + (dir / "x.csv") + " " + (dir / "s1.csv") + " " + (dir / "s3.csv"));
  BOOST_TEST(missing.status == 2);
  BOOST_TEST(missing.err == "creditflow: merge: 2 of 7 points missing (2, 3): is a shard absent?\n");
  const auto twice = cftool::tool("merge " + (dir / "x.csv") + " " + (dir / "s1.csv") + " " + (dir / "s1.csv"));
  BOOST_TEST(twice.err.find("point 0 appears twice") != std::string::npos);
  // Files that are not shard outputs get a clear line, not a parser's exception.
  {
    std::ofstream bad(dir / "bad.csv");
    bad << cftool::lines(cftool::read_file(dir / "s1.csv")).at(0) << "\nvary,zero,7\n";
  }
  BOOST_TEST(cftool::tool("merge " + (dir / "y.csv") + " " + (dir / "bad.csv")).err ==
             "creditflow: merge: " + (dir / "bad.csv") + ": row 2 has 3 cells, not the header's " +
                 std::to_string(read_csv(cftool::read_file(dir / "s1.csv")).at(0).size()) +
                 ": is the file cut short?\n");
  BOOST_TEST(cftool::tool("merge " + (dir / "y.json") + " " + (dir / "s1.csv")).err ==
             "creditflow: merge: " + (dir / "s1.csv") +
                 " is not a creditflow sweep JSON (sweep_id, points, points_total)\n");
}

BOOST_AUTO_TEST_CASE(a_failing_point_is_reported_and_the_rest_go_on) {
  cftool::TempDir dir;
  const auto o = cftool::tool("sweep good.yaml --vary rx.depth=0,4 --cycles 1000 --csv " + (dir / "f.csv"));
  BOOST_TEST(o.status == 1);
  BOOST_TEST(o.err.find("creditflow: point 0 (rx.depth=0) failed: sweep vary rx.depth=0: rx.depth = 0 is out of "
                        "range (allowed 1..16777216)\n") != std::string::npos);
  const auto rows = read_csv(cftool::read_file(dir / "f.csv"));
  BOOST_TEST_REQUIRE(rows.size() == 2u);
  BOOST_TEST(rows[0].at("status").find("failed: ") == 0u);
  BOOST_TEST(rows[1].at("status") == "ok");
  // B = 4, RTT 6: sends when t % 6 < 4, 334 of the window's 500 cycles.
  BOOST_TEST(rows[1].at("links.link.throughput") == "0.668");
}

// Two sweeps of one model under different --set values can be told apart by their CSVs:
// each --set is a column, with the value each point ran with (or was given, if it failed).
BOOST_AUTO_TEST_CASE(a_sweep_csv_records_the_values_set_on_the_command_line) {
  cftool::TempDir dir;
  const auto o = cftool::tool("sweep good.yaml --vary rx.depth=0,4 --set link.latency=1 --cycles 1000 --csv " +
                              (dir / "s.csv"));
  BOOST_TEST(o.status == 1);  // rx.depth = 0 fails, as above
  const auto rows = read_csv(cftool::read_file(dir / "s.csv"));
  BOOST_TEST_REQUIRE(rows.size() == 2u);
  BOOST_TEST(rows[0].at("link.latency") == "1");  // given: the point failed before it ran
  BOOST_TEST(rows[1].at("link.latency") == "1");  // resolved
  BOOST_TEST(rows[1].at("rx.depth") == "4");
  // B = 4 over the round trip of L = 1 (4 cycles) is full rate.
  BOOST_TEST(three(rows[1].at("links.link.throughput")) == "1.000");
}

// The TL view runs its points on worker threads: a point that fails to resolve and points
// that deadlock are reported as when each runs in a child (--isolate), byte for byte.
BOOST_AUTO_TEST_CASE(a_tl_sweep_on_threads_reports_failures_and_deadlocks_as_processes_do) {
  cftool::TempDir dir;
  const std::string sweep = "sweep ring_deadlock.yaml --vary hop1.depth=0,2,3 --cycles 2000 --warmup 0 -j 2 ";
  const auto threads = cftool::tool(sweep + "--view tl --csv " + (dir / "t.csv"));
  const auto processes = cftool::tool(sweep + "--view tl --isolate --csv " + (dir / "p.csv"));
  BOOST_TEST(threads.status == 1);
  BOOST_TEST(threads.status == processes.status);
  BOOST_TEST(threads.out == processes.out);
  // All but the progress lines, which say how fast it went.
  const auto verdicts = [](const std::string& err) {
    std::string kept;
    for (const std::string& line : cftool::lines(err))
      if (line.rfind("sweep: ", 0) != 0) kept += line + "\n";
    return kept;
  };
  BOOST_TEST(verdicts(threads.err) == verdicts(processes.err));
  BOOST_TEST(cftool::read_file(dir / "t.csv") == cftool::read_file(dir / "p.csv"));
  BOOST_TEST(threads.err.find("creditflow: point 0 (hop1.depth=0) failed: sweep vary hop1.depth=0: hop1.depth = 0 is "
                              "out of range (allowed 1..16777216)\n") != std::string::npos, threads.err);
  BOOST_TEST(threads.err.find("creditflow: point 1 (hop1.depth=2) deadlocked: deadlock: buffers wait for each other in "
                              "a cycle, each holding flits for the next, whose sender has no credit left: hop1 (2 of 2) "
                              "-> hop2 (2 of 2) -> hop3 (2 of 2) -> hop1\n") != std::string::npos, threads.err);
  BOOST_TEST(threads.err.find("creditflow: 3 points: 0 ok, 2 deadlocked, 1 failed\n") != std::string::npos);
  // --isolate is the TL view's: the cycle view always runs a process per point.
  const auto refused = cftool::tool(sweep + "--view cycle --isolate");
  BOOST_TEST(refused.status == 2);
  BOOST_TEST(refused.err == "creditflow: sweep: --isolate goes with --view tl (the cycle view always runs each point in "
                            "a process of its own)\n");
}

BOOST_AUTO_TEST_CASE(plot_writes_png_and_svg) {
  cftool::TempDir dir;
  const std::string sweep = "sweep good.yaml --vary rx.depth=1:4 --vary link.latency=1,2 --cycles 1000 ";
  BOOST_TEST_REQUIRE(cftool::tool(sweep + "--plot " + (dir / "p.png")).status == 0);
  BOOST_TEST_REQUIRE(cftool::tool(sweep + "--plot " + (dir / "p.svg") + " --metric peak_occupancy").status == 0);
  const std::string png = cftool::read_file(dir / "p.png");
  BOOST_TEST_REQUIRE(png.size() > 1000u);
  BOOST_TEST(png.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0);
  const std::string svg = cftool::read_file(dir / "p.svg");
  BOOST_TEST(svg.find("<svg") != std::string::npos);
  BOOST_TEST(svg.find("link.latency=2") != std::string::npos);  // a curve per second-axis value
  BOOST_TEST(svg.find("links.link.peak_occupancy") != std::string::npos);
  const auto bad = cftool::tool(sweep + "--plot " + (dir / "p.gif"));
  BOOST_TEST(bad.err == "creditflow: --plot " + (dir / "p.gif") + ": the file must end in .png or .svg\n");
}

BOOST_AUTO_TEST_CASE(the_same_error_at_every_point_is_said_once) {
  const auto o = cftool::tool("sweep ../../models/credit_loop.yaml --cycles 2000");
  BOOST_TEST(o.status == 1);
  const auto err = cftool::lines(o.err);
  BOOST_TEST(err.back() == "creditflow: every point failed: ../../models/credit_loop.yaml:35: warmup = 3000 is "
                           "out of range (allowed 0..1999)");
  std::size_t errors = 0;
  for (const auto& l : err) errors += l.rfind("creditflow:", 0) == 0;
  BOOST_TEST(errors == 1u);
}
