// Figures and advice a user must be able to trust (issue 17): each case reproduces a wrong
// figure, a contradictory sentence or a silently accepted input, and pins the right one.
#include <boost/test/unit_test.hpp>
#include <algorithm>
#include <cstring>
#include <nlohmann/json.hpp>

#include "harness.hpp"

using nlohmann::json;

BOOST_AUTO_TEST_CASE(a_warmup_as_long_as_the_watchdog_is_no_deadlock) {
  // Before: "deadlock at cycle 500, 0 sent": class counts were kept only in the window.
  for (const char* view : {"cycle", "tl"}) {
    const auto o = cftool::tool("run ../../models/dma_irq_classes.yaml --cycles 4000 --warmup 600 --watchdog 500 "
                                "--json --view " +
                                std::string(view));
    BOOST_TEST(o.status == 0);
    const json doc = json::parse(o.out);
    BOOST_TEST(doc.at("links").at("rx").at("deadlock_cycle").get<int>() == 0);
    BOOST_TEST(doc.at("classes").at("B").at("sent").get<int>() == 170);  // one every 20 cycles in 600..3999
  }
}

BOOST_AUTO_TEST_CASE(a_credit_travelling_down_a_long_wire_is_progress) {
  // Before: the TL view called this loop deadlocked at cycle 10001 while its one credit was
  // still in the 20000-stage return wire.
  for (const char* view : {"cycle", "tl"}) {
    const auto o = cftool::tool("run ../../models/credit_loop.yaml --set link.latency=20000 --set rx.depth=1 "
                                "--cycles 100000 --warmup 0 --json --view " +
                                std::string(view));
    BOOST_TEST(o.status == 0);
    const json link = json::parse(o.out).at("links").at("link");
    BOOST_TEST(link.at("deadlock_cycle").get<int>() == 0);
    BOOST_TEST(link.at("sent").get<int>() == 3);  // one per 40002-cycle round trip: at 0, 40002, 80004
  }
}

BOOST_AUTO_TEST_CASE(a_sweep_point_that_violates_conservation_is_not_ok) {
  // Before: the pulse point was `ok` with 1997 violations and the sweep exited 0.
  cftool::TempDir dir;
  const auto o = cftool::tool("sweep ../../models/cdc_credit_return.yaml --csv " + dir / "s.csv" + " --json " +
                              dir / "s.json");
  BOOST_TEST(o.status == 1);
  const auto err = cftool::lines(o.err);
  BOOST_TEST_REQUIRE(err.size() >= 2u);
  BOOST_TEST(err.back() == "creditflow: 3 points: 2 ok, 1 violated");
  BOOST_TEST(err[err.size() - 2] ==
             "creditflow: point 2 (crossing.kind=pulse) violated: credit conservation violated on link 'link' at cycle "
             "4: sender credits 12 + forward flits 2 + receiver occupancy 0 + return credits 1 = 15, expected 16 (1 "
             "missing)");
  const json doc = json::parse(cftool::read_file(dir / "s.json"));
  BOOST_TEST(doc.at("points").at(0).at("status") == "ok");
  BOOST_TEST(doc.at("points").at(2).at("status") == "violated");
  BOOST_TEST(doc.at("points").at(2).at("result").at("links").at("link").at("conservation_violations").get<int>() > 0);
  const auto csv = cftool::lines(cftool::read_file(dir / "s.csv"));
  BOOST_TEST(csv.at(3).find(",\"violated: credit conservation violated on link 'link' at cycle 4:") != std::string::npos);
  BOOST_TEST(csv.at(1).find(",ok,") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(fault_injection_points_say_what_went_wrong) {
  // Before: lost credits and corrupted flits came out `ok` from a sweep. (9999: after the
  // 6000-cycle run, no strike.)
  for (const char* view : {"cycle", "tl"}) {
    const auto o = cftool::tool(std::string("sweep ../../models/faults.yaml --vary lose.fault_at=9999,1000 "
                                            "--vary upset.fault_at=9999,2000 --view ") + view);
    BOOST_TEST(o.status == 1);
    const auto err = cftool::lines(o.err);
    BOOST_TEST_REQUIRE(!err.empty());
    BOOST_TEST(err.back() == "creditflow: 4 points: 1 ok, 2 violated, 1 corrupted");
    BOOST_TEST(o.err.find("point 1 (lose.fault_at=1000, upset.fault_at=9999) violated: credit conservation violated "
                          "on link 'link' at cycle 1001") != std::string::npos);
    BOOST_TEST(o.err.find("point 2 (lose.fault_at=9999, upset.fault_at=2000) corrupted: link 'link': rx: flit") !=
               std::string::npos);
  }
  const auto run = cftool::tool("run ../../models/faults.yaml --set upset.fault_at=2000 --json");
  BOOST_TEST(run.status == 1);
  const json doc = json::parse(run.out);
  BOOST_TEST(doc.at("status") == "corrupted");
  BOOST_TEST(doc.at("problems").size() == 1u);
  const auto fine = cftool::tool("run ../../models/faults.yaml --json");
  BOOST_TEST(fine.status == 0);
  BOOST_TEST(json::parse(fine.out).at("status") == "ok");
  BOOST_TEST(json::parse(fine.out).at("problems").empty());
}

// Each mistake below used to run every point (or none) and exit 0; now it is one line and
// exit status 2 (refused) before any point runs (no progress line on stderr).
BOOST_AUTO_TEST_CASE(sweep_mistakes_are_refused_before_any_point_runs) {
  cftool::TempDir dir;
  const std::string model = "sweep ../../models/credit_loop.yaml ";
  struct Case {
    std::string args, error;
  };
  const std::vector<Case> cases{
      {"--vary rx.depth=1:5 --vary rx.depth=2:3", "creditflow: sweep vary: rx.depth is varied twice; give its values in one --vary\n"},
      {"--vary rx.depth=1:3 --metric thruput",
       "creditflow: --metric thruput: link 'link' has no figure 'thruput' (or give a JSON path of `creditflow run "
       "--json`, e.g. links.link.latency.creation_to_pop.p99)\n"},
      {"--vary rx.depth=1:3 --metric links.link.latency.p99",
       "creditflow: --metric links.link.latency.p99: no number at that path of the run's results (paths as in "
       "`creditflow run --json`, e.g. links.link.throughput)\n"},
      {"--vary rx.dpeth=1:200",
       "creditflow: sweep vary rx.dpeth=1: rx (credit_receiver) has no parameter 'dpeth'; did you mean 'depth'?\n"},
      {"--set link.latency=3",
       "creditflow: --set link.latency=3: sweep table sets link.latency at every point, so this --set would never "
       "apply; drop it, or vary it instead\n"},
      {"--vary rx.depth=1:3 --csv " + dir / "no/such/folder.csv",
       "creditflow: --csv " + dir / "no/such/folder.csv" + ": folder " + dir / "no/such" +
           " does not exist; create it first\n"},
      {"--vary rx.depth=1:3 --json " + dir / "nowhere/x.json",
       "creditflow: --json " + dir / "nowhere/x.json" + ": folder " + dir / "nowhere" + " does not exist; create it first\n"},
      {"--vary rx.depth=1:3 --plot " + dir / "nowhere/x.png",
       "creditflow: --plot " + dir / "nowhere/x.png" + ": folder " + dir / "nowhere" + " does not exist; create it first\n"},
      {"--vary rx.depth=1:3 --csv - --json -",
       "creditflow: --csv - and --json -: only one output can go to standard output\n"},
  };
  for (const Case& c : cases) {
    const auto o = cftool::tool(model + c.args);
    BOOST_TEST(o.status == 2, c.args);
    BOOST_TEST(o.err == c.error, c.args);
    BOOST_TEST(o.out.empty(), c.args);
  }
}

BOOST_AUTO_TEST_CASE(a_dash_writes_csv_or_json_to_standard_output) {
  // Before: `--csv -` wrote a file named `-`.
  cftool::TempDir dir;
  const auto file = cftool::tool("sweep ../../models/credit_loop.yaml --vary rx.depth=1:3 --csv " + dir / "s.csv");
  const auto csv = cftool::tool("sweep ../../models/credit_loop.yaml --vary rx.depth=1:3 --csv -");
  BOOST_TEST(csv.status == 0);
  BOOST_TEST(csv.out == cftool::read_file(dir / "s.csv"));
  const auto doc = cftool::tool("sweep ../../models/credit_loop.yaml --vary rx.depth=1:3 --json -");
  BOOST_TEST(doc.status == 0);
  BOOST_TEST(json::parse(doc.out).at("points").size() == 3u);
  BOOST_TEST(cftool::read_file(std::string(CREDITFLOW_TEST_DIR) + "/-").empty());
}

BOOST_AUTO_TEST_CASE(the_default_metric_follows_the_varied_link) {
  // Two links; only the second's parameters vary. Before: the table showed the first link.
  const auto o = cftool::tool("sweep two_links.yaml --vary rx2.depth=2,4");
  BOOST_TEST(o.status == 0);
  const auto out = cftool::lines(o.out);
  BOOST_TEST_REQUIRE(out.size() == 3u);
  BOOST_TEST(out[0] == "sweep vary: links.link2.throughput");
  BOOST_TEST(out[1] == "  rx2.depth=2  0.200");
  BOOST_TEST(out[2] == "  rx2.depth=4  0.400");
}

BOOST_AUTO_TEST_CASE(command_line_rough_edges) {
  const auto version = cftool::tool("--version");
  BOOST_TEST(version.status == 0);
  BOOST_TEST(version.out == "creditflow 0.1.0\n");
  // Before: "A subcommand is required".
  const auto unknown = cftool::tool("swep ../../models/credit_loop.yaml");
  BOOST_TEST(unknown.status == 2);
  BOOST_TEST(unknown.err == "creditflow: unknown command 'swep'; did you mean 'sweep'? (commands: run, sweep, size, "
                            "list, merge, import-booksim, compare; see creditflow --help)\n");
  const auto set = cftool::tool("run ../../models/credit_loop.yaml --set depth=3");
  BOOST_TEST(set.status == 2);
  BOOST_TEST(set.err == "creditflow: --set depth=3: 'depth' must be component.param (e.g. rx.depth)\n");
  // A whole number written as a real is taken; a fraction is not.
  const auto cycles = cftool::tool("run ../../models/credit_loop.yaml --cycles 1e4 --json");
  BOOST_TEST(cycles.status == 0);
  BOOST_TEST(json::parse(cycles.out).at("cycles").get<int>() == 10000);
  BOOST_TEST(cftool::tool("run ../../models/credit_loop.yaml --cycles 1.5e3 --warmup 0").status == 0);
  const auto fraction = cftool::tool("run ../../models/credit_loop.yaml --cycles 1.5e0");
  BOOST_TEST(fraction.status == 2);
  BOOST_TEST(fraction.err == "creditflow: --cycles: cycles = 1.5e0 is not an integer (allowed 1..1000000000000)\n");
}

BOOST_AUTO_TEST_CASE(exit_status_2_refuses_input_1_reports_a_problem) {
  BOOST_TEST(cftool::tool("run bad/unknown_kind.yaml").status == 2);                       // the model
  BOOST_TEST(cftool::tool("run ../../models/credit_loop.yaml --set rx.depth=0").status == 2);  // a value
  BOOST_TEST(cftool::tool("run ../../models/credit_loop.yaml --frobnicate").status == 2);      // a flag
  BOOST_TEST(cftool::tool("run ../../models/faults.yaml --set lose.fault_at=100").status == 1);  // found by running
  BOOST_TEST(cftool::tool("run ../../models/credit_loop.yaml").status == 0);
}

BOOST_AUTO_TEST_CASE(size_takes_the_rates_refuses_mixtures_and_says_when_it_rounds) {
  // Before: 14, the rates ignored.
  const auto stall = cftool::tool("size --stall 12 --held 1 --source-rate 0.5 --drain-rate 0.6");
  BOOST_TEST(stall.status == 0);
  BOOST_TEST(stall.out == "depth >= held + source rate x (stall + 1) = 1 + 0.5 x 13 = 8 (6.5 beats rounded up to 7: "
                          "at worst a beat arrives in the stall's first cycle and at the wake edge)\n");
  BOOST_TEST(cftool::tool("size --stall 9 --source-rate 0.5").out ==
             "depth >= held + source rate x (stall + 1) = 0 + 0.5 x 10 = 5\n");
  BOOST_TEST(cftool::tool("size --rate 0.33 --rtt-cycles 10").out ==
             "credits >= rate x RTT = 0.33 x 10 = 4 (rounded up from 3.3)\n");
  BOOST_TEST(cftool::tool("size --bandwidth 16GB/s --rtt 500ns --unit 24B").out ==
             "buffer >= bandwidth x RTT = 16GB/s x 500ns = 8000 B = 334 credits of 24B (rounded up from "
             "333.333333333333)\n");
  // Before: --rate silently dropped beside --bandwidth.
  const auto mixed = cftool::tool("size --bandwidth 16GB/s --rtt 500ns --rate 0.5");
  BOOST_TEST(mixed.status == 2);
  BOOST_TEST(mixed.err == "creditflow: size: --rate belongs to --rate/--rtt-cycles and --bandwidth to "
                          "--bandwidth/--rtt: give one sizing rule per call\n");
  BOOST_TEST(cftool::tool("size --held 3").err ==
             "creditflow: size: --held, --source-rate and --drain-rate go with --stall\n");
  // Before: "-nan B = -9223372036854775808 credits", exit 0.
  const auto huge = cftool::tool("size --bandwidth 1e308TB/s --rtt 1e308s --unit 16B");
  BOOST_TEST(huge.status == 2);
  BOOST_TEST(huge.out.empty());
  BOOST_TEST(huge.err ==
             "creditflow: size: bandwidth x RTT is more than 2^53 bytes (or not a number): no buffer is that large\n");
}

namespace {
json run_json(const std::string& args) {
  const auto o = cftool::tool("run ../../models/credit_loop.yaml --json " + args);
  BOOST_TEST_REQUIRE(o.status == 0, o.err);
  return json::parse(o.out);
}
const std::string bernoulli = "--set src.pattern=bernoulli --set src.rate=0.3 ";
}  // namespace

BOOST_AUTO_TEST_CASE(random_traffic_is_sized_by_its_waits_and_the_advice_holds) {
  // Before: "runs at 0.299 of full rate ... it needs B >= 3" while it carried all it was
  // offered, and depth_needed = 3, where the p99 credit wait is 112 cycles.
  for (const char* view : {"cycle", "tl"}) {
    const std::string v = std::string("--view ") + view + " ";
    const json four = run_json(v + bernoulli);
    const json& link = four.at("links").at("link");
    BOOST_TEST(link.at("depth_needed").get<int>() == 7);
    BOOST_TEST(link.at("depth_rule") == "p99 credit wait <= 0");
    BOOST_TEST(four.at("diagnosis").at(0) ==
               "link 'link' carries its offered load of 0.300 (0.294 measured over 3000 cycles); its flits waited for "
               "a credit in 482 cycles (482 with the receiver empty, 0 with it holding flits), p99 11 cycles, max 13: "
               "for a p99 credit wait of at most 0 cycles it needs B >= 7, it has 4 (from a replay of its flits over "
               "the 10-cycle round trip, which gives back the measured waits)");
    // The advice holds when taken, and is the fewest that does.
    const auto p99_at = [&](int depth) {
      return run_json(v + bernoulli + "--set rx.depth=" + std::to_string(depth))
          .at("links").at("link").at("latency").at("creation_to_send").at("p99").get<int>();
    };
    BOOST_TEST(p99_at(7) == 0);
    BOOST_TEST(p99_at(6) > 0);
    BOOST_TEST(p99_at(3) == 112);
    // A looser target: p90 of at most 2 cycles.
    const json loose = run_json(v + bernoulli + "--wait-percentile 90 --accepted-wait 2");
    const int need = loose.at("links").at("link").at("depth_needed").get<int>();
    BOOST_TEST(loose.at("links").at("link").at("depth_rule") == "p90 credit wait <= 2");
    BOOST_TEST(need < 7);
    BOOST_TEST(need >= 3);
    const std::string said = loose.at("diagnosis").at(0);
    BOOST_TEST(said.find("for a p90 credit wait of at most 2 cycles it needs B >= " + std::to_string(need)) !=
                   std::string::npos,
               said);
  }
}

BOOST_AUTO_TEST_CASE(a_drain_that_covers_the_offer_is_not_called_the_limit) {
  // Before: "limited by the receiver's drain of 0.500" for a link carrying its 0.300.
  const json doc = run_json(bernoulli + "--set rx.drain_rate=0.5");
  const std::string line = doc.at("diagnosis").at(0);
  BOOST_TEST(line.find("limited by the receiver's drain") == std::string::npos, line);
  BOOST_TEST(line.find("link 'link' carries its offered load of 0.300 (0.293 measured over 3000 cycles)") == 0u, line);
  BOOST_TEST(line.find("no depth is derived from these waits") != std::string::npos, line);
  BOOST_TEST(doc.at("links").at("link").at("depth_rule") == "rate x round trip");
  // A drain below the offer still is the limit.
  const json slow = run_json("--set rx.drain_rate=0.5 --set rx.depth=12");
  BOOST_TEST(std::string(slow.at("diagnosis").at(0)).find("limited by the receiver's drain of 0.") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_flit_crossing_into_a_slower_clock_is_diagnosed_like_an_async_fifo) {
  // Before: "its 16 credits cover 16 of the 9-cycle worst round trip ... for its offered
  // rate of 0.625" (1.0 offered, worst round trip 26), its waits called "receiver empty"
  // while flits queued in the crossing.
  const std::string crossing = "run ../../models/cdc_credit_return.yaml --set crossing.kind=gray "
                               "--set tx_clk.period=1ns --set rx_clk.period=1.6ns --view ";
  const std::string fifo = "run ../../models/cdc_fifo.yaml --set rd_clk.period=1.6ns --view ";
  for (const char* view : {"cycle", "tl"}) {
    const auto deep = cftool::lines(cftool::tool(crossing + view).out);
    BOOST_TEST(deep.at(2) == "  waited for a credit 375 cycles: 0 with the receiver empty, 375 with it busy; peak "
                             "occupancy 1");
    BOOST_TEST(deep.back() == "- link 'link' runs at 0.625 of full rate, limited by the receiver's drain of 0.625 per "
                              "cycle against 1.000 offered (the sender was out of credits with the receiver holding "
                              "flits in 375 of 1000 cycles); more credits will not help beyond B >= 6, and it has 16");
    const auto fifo_deep = cftool::lines(cftool::tool(fifo + view + " --set fifo.depth=16").out);
    BOOST_TEST(fifo_deep.back().find("limited by the receiver's drain of 0.625 per cycle against 1.000 offered") !=
               std::string::npos);
    // Just enough credits: the buffer is often empty, but the drain is still the limit.
    const auto six = cftool::lines(cftool::tool(crossing + view + " --set rx.depth=6").out);
    BOOST_TEST(six.back() == "- link 'link' runs at 0.625 of full rate, limited by the receiver's drain of 0.625 per "
                             "cycle against 1.000 offered (the sender was out of credits in 375 of 1000 cycles: 0 "
                             "with the receiver holding flits, 375 with it empty); more credits will not help beyond "
                             "B >= 6, and it has 6");
    // Too few: the round trip quoted is the one the sizing uses, and the rate is the drain's.
    const auto five = cftool::lines(cftool::tool(crossing + view + " --set rx.depth=5").out);
    BOOST_TEST(five.back() == "- link 'link' runs at 0.521 of full rate: its 5 credits cover 5 of the 9-cycle shortest "
                              "measured round trip; it needs B >= 6 for its receiver's drain of 0.625 (the sender was "
                              "out of credits with the receiver empty in 479 of 1000 cycles)");
  }
}

namespace {
// The <text> elements of an SVG, in document order.
std::vector<std::string> svg_texts(const std::string& svg) {
  std::vector<std::string> out;
  for (std::size_t at = svg.find("<text"); at != std::string::npos; at = svg.find("<text", at + 1)) {
    const std::size_t open = svg.find('>', at), close = svg.find("</text>", at);
    std::string inner = svg.substr(open + 1, close - open - 1);
    // Inner <tspan> markup aside, the text itself.
    std::string text;
    bool tag = false;
    for (const char c : inner) {
      if (c == '<') tag = true;
      if (!tag) text += c;
      if (c == '>') tag = false;
    }
    for (const auto& [entity, c] : {std::pair{"&apos;", "'"}, std::pair{"&quot;", "\""}, std::pair{"&lt;", "<"},
                                    std::pair{"&gt;", ">"}, std::pair{"&amp;", "&"}})
      for (std::size_t at = text.find(entity); at != std::string::npos; at = text.find(entity, at + 1))
        text.replace(at, std::strlen(entity), c);
    out.push_back(text);
  }
  return out;
}
std::size_t position(const std::vector<std::string>& texts, const std::string& text) {
  return static_cast<std::size_t>(std::find(texts.begin(), texts.end(), text) - texts.begin());
}
}  // namespace

BOOST_AUTO_TEST_CASE(a_text_parameter_swept_first_is_plotted_with_labels_in_the_order_given) {
  // Before: gnuplot's raw error and an empty PNG for every model sweeping a text first.
  cftool::TempDir dir;
  const auto o = cftool::tool("sweep ../../models/dma_irq_classes.yaml --vary rx.policy=split,shared,reserved "
                              "--vary rx.depth=10,8 --metric classes.B.credit_wait.max --plot " + dir / "p.svg");
  BOOST_TEST(o.status == 0, o.err);
  const auto texts = svg_texts(cftool::read_file(dir / "p.svg"));
  BOOST_TEST_REQUIRE(position(texts, "split") < texts.size());
  BOOST_TEST(position(texts, "split") < position(texts, "shared"));
  BOOST_TEST(position(texts, "shared") < position(texts, "reserved"));
  // Legends in the order given (10 before 8), not in text order.
  BOOST_TEST_REQUIRE(position(texts, "rx.depth=10") < texts.size());
  BOOST_TEST(position(texts, "rx.depth=10") < position(texts, "rx.depth=8"));
  const auto png = cftool::tool("sweep ../../models/cdc_credit_return.yaml --plot " + dir / "p.png");
  BOOST_TEST(png.status == 1);  // the pulse point is violated; the plot is drawn all the same
  BOOST_TEST(cftool::read_file(dir / "p.png").substr(1, 3) == "PNG");
}

// The plot `make run` draws: a rate from 0 to just above 1 (no tick below 0 or above 1),
// and on each curve its knee, labelled with the round trip it covers.
BOOST_AUTO_TEST_CASE(the_table_plot_marks_each_knee_on_an_axis_from_0) {
  cftool::TempDir dir;
  BOOST_TEST_REQUIRE(cftool::tool("sweep ../../models/credit_loop.yaml --plot " + dir / "p.svg").status == 0);
  const auto texts = svg_texts(cftool::read_file(dir / "p.svg"));
  for (const char* knee : {"B = RTT = 4", "B = RTT = 10", "B = RTT = 18", "B = 5 for 0.5 (RTT 10)"})
    BOOST_TEST(position(texts, knee) < texts.size(), knee);
  BOOST_TEST(position(texts, " 0") < texts.size());
  BOOST_TEST(position(texts, " 1") < texts.size());
  BOOST_TEST(position(texts, "-0.2") == texts.size());
  BOOST_TEST(position(texts, " 1.2") == texts.size());
  // Against anything but its receiver's depth, or short of the depth it needs, a curve has
  // no knee to mark.
  for (const std::string vary : {"link.latency=1:8", "rx.depth=1:4 --set link.latency=4"}) {
    BOOST_TEST_REQUIRE(cftool::tool("sweep ../../models/credit_loop.yaml --vary " + vary + " --plot " + dir / "q.svg").status == 0);
    for (const std::string& text : svg_texts(cftool::read_file(dir / "q.svg")))
      BOOST_TEST(text.find("RTT") == std::string::npos, vary);
  }
}

BOOST_AUTO_TEST_CASE(no_text_reaches_gnuplot_as_a_command) {
  cftool::TempDir dir;
  // A value and a file name crafted to close gnuplot's quotes and run a command (in the
  // tool's working folder, tests/tool).
  const std::string here = CREDITFLOW_TEST_DIR;
  const std::string evil_file = dir / "x'; system('touch PWNED-file'); set output 'y.svg";
  const std::string evil_value = "a'); system('touch PWNED-value'); print('b";
  const auto o = cftool::tool("sweep ../../models/credit_loop.yaml --vary \"src.class=" + evil_value +
                              ",c\" --vary rx.depth=1,2 --metric throughput --plot \"" + evil_file + "\"");
  BOOST_TEST(o.status == 0, o.err);
  for (const std::string& f : {here + "/PWNED-file", here + "/PWNED-value", dir / "PWNED-file", dir / "PWNED-value"})
    BOOST_TEST(std::system(("test ! -e '" + f + "'").c_str()) == 0, f);
  const std::string svg = cftool::read_file(evil_file);
  BOOST_TEST(svg.find("<svg") != std::string::npos);
  const auto texts = svg_texts(svg);
  BOOST_TEST(position(texts, evil_value) < texts.size());  // drawn as the label it is
  // Nothing half-written is left beside the plot.
  BOOST_TEST(std::system(("ls '" + dir.path() + "' | grep -q partial").c_str()) != 0);
}

BOOST_AUTO_TEST_CASE(latency_through_a_crossing_is_reported_in_the_readers_cycles_and_in_ns) {
  // Before: send->arrival and creation->pop were n/a behind any crossing.
  for (const char* view : {"cycle", "tl"}) {
    const auto o = cftool::tool(std::string("run ../../models/cdc_credit_return.yaml --set crossing.kind=gray --json "
                                            "--view ") + view);
    const json link = json::parse(o.out).at("links").at("link");
    // Sender 2.2 ns, receiver 1 ns: 4.8 ns on average from creation to pop, 5.2 receiver
    // cycles once each is rounded up to a whole one.
    BOOST_TEST(link.at("latency_ns").at("creation_to_pop").at("mean").get<double>() == 4.8);
    BOOST_TEST(link.at("latency_ns").at("creation_to_pop").at("max").get<double>() == 5.2);
    BOOST_TEST(link.at("latency").at("creation_to_pop").at("mean").get<double>() == 5.2);
    BOOST_TEST(link.at("latency").at("creation_to_pop").at("max").get<int>() == 6);
    BOOST_TEST(link.at("latency").at("send_to_arrival").at("count").get<int>() > 0);
    // One clock: nanoseconds are cycles times the period.
    const json plain = json::parse(cftool::tool(std::string("run ../../models/credit_loop.yaml --json --set "
                                                            "clk.period=500MHz --view ") + view).out);
    BOOST_TEST(plain.at("links").at("link").at("latency_ns").at("send_to_arrival").at("mean").get<double>() == 8.0);
    BOOST_TEST(plain.at("parameters").at("clk.period") == "500MHz");
  }
  const auto text = cftool::lines(cftool::tool("run ../../models/cdc_fifo.yaml --set rd_clk.period=2ns").out);
  BOOST_TEST(text.at(4) == "  creation->pop across clocks: mean 12.992 p50 13.000 p99 13.000 max 15.000 ns (counted "
                           "elsewhere in the receiver's 2.000 ns cycles, rounded up)");
}

namespace {
// Every signal of a VCD by its dotted name (scopes joined), e.g. "tx.credits".
std::vector<std::string> vcd_names(const std::string& vcd) {
  std::vector<std::string> names;
  for (const auto& signal : cftool::vcd_signals(vcd)) names.push_back(signal.second);
  return names;
}
bool has(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}
}  // namespace

BOOST_AUTO_TEST_CASE(the_vcd_shows_credits_occupancy_and_classes_by_name) {
  cftool::TempDir dir;
  BOOST_TEST_REQUIRE(cftool::tool("run ../../models/credit_loop.yaml --cycles 100 --warmup 0 --vcd " + dir / "c.vcd")
                         .status == 0);
  const auto loop = vcd_names(cftool::read_file(dir / "c.vcd"));
  BOOST_TEST(has(loop, "tx.credits"));    // the sender's credit count
  BOOST_TEST(has(loop, "rx.occupancy"));  // the buffer's
  BOOST_TEST(has(loop, "tx.out.valid"));
  BOOST_TEST_REQUIRE(cftool::tool("run ../../models/dma_irq_classes.yaml --cycles 100 --warmup 0 --vcd " + dir / "d.vcd")
                         .status == 0);
  const auto classes = vcd_names(cftool::read_file(dir / "d.vcd"));
  // Before: rx.credit.header0, header1, ... by index.
  for (const char* name : {"rx.credit.A.header", "rx.credit.B.data", "tx.A.header", "tx.B.data"})
    BOOST_TEST(has(classes, name), name);
  BOOST_TEST(!has(classes, "rx.credit.header0"));
}

BOOST_AUTO_TEST_CASE(throughput_in_gb_per_s_beside_flits_per_cycle) {
  for (const char* view : {"cycle", "tl"}) {
    const std::string v = std::string(" --view ") + view;
    // 0.4 flits per cycle x 16 bytes x 2 GHz.
    const auto text = cftool::lines(cftool::tool("run ../../models/credit_loop.yaml --set tx.width=16 --set "
                                                 "clk.period=2GHz" + v).out);
    BOOST_TEST(text.at(1).find("link 'link': throughput 0.400 (12.800 GB/s at 16 B a flit), 1200 sent") == 0u);
    const json link = json::parse(cftool::tool("run ../../models/credit_loop.yaml --json --set tx.width=16 --set "
                                               "clk.period=2GHz" + v).out).at("links").at("link");
    BOOST_TEST(link.at("bandwidth_gb_s").get<double>() == 12.8);
    BOOST_TEST(link.at("flit_bytes").get<int>() == 16);
  }
  // Without a width nothing is claimed.
  const json plain = json::parse(cftool::tool("run ../../models/credit_loop.yaml --json").out).at("links").at("link");
  BOOST_TEST(plain.at("bandwidth_gb_s").get<double>() == 0.0);
}

BOOST_AUTO_TEST_CASE(a_class_packet_takes_as_many_beats_as_the_link_width_says) {
  // Before: a 64-byte packet crossed any link in one cycle.
  const std::string base = "run classes.yaml --json --set rx.classes=X --set tx.payload_bytes=64 --set rx.depth=16 ";
  for (const char* view : {"cycle", "tl"}) {
    for (const auto& [width, sent] : {std::pair{0, 1000}, std::pair{16, 250}, std::pair{32, 500}, std::pair{64, 1000},
                                      std::pair{48, 500}}) {
      const auto o = cftool::tool(base + "--set tx.width=" + std::to_string(width) + " --view " + view);
      BOOST_TEST_REQUIRE(o.status == 0, o.err);
      const json doc = json::parse(o.out);
      BOOST_TEST(doc.at("classes").at("X").at("sent").get<int>() == sent, "width " << width);
      BOOST_TEST(doc.at("links").at("rx").at("conservation_violations").get<int>() == 0, "width " << width);
    }
    // Over a pipelined class link too, credits conserved while packets cross beat by beat.
    const auto o = cftool::tool("run ../../models/class_round_trip.yaml --json --set tx.width=16 "
                                "--set tx.payload_bytes=64,16 --set rx.data_depth=64 --set rx.data_unit=16 --view " +
                                std::string(view));
    BOOST_TEST_REQUIRE(o.status == 0, o.err);
    BOOST_TEST(json::parse(o.out).at("links").at("link").at("conservation_violations").get<int>() == 0);
  }
}

// Found while looking for the same mistakes elsewhere: --vcd into a missing folder ran the
// whole simulation, then failed with the bare path; --vcd - wrote a file named "-.vcd"; and
// with --json, SystemC's note of the VCD's time unit landed inside the JSON document.
BOOST_AUTO_TEST_CASE(vcd_outputs_are_checked_first_and_keep_the_json_clean) {
  cftool::TempDir dir;
  const auto missing = cftool::tool("run ../../models/credit_loop.yaml --vcd " + dir / "no/x.vcd");
  BOOST_TEST(missing.status == 2);
  BOOST_TEST(missing.err == "creditflow: --vcd " + dir / "no/x.vcd" + ": folder " + dir / "no" +
                                " does not exist; create it first\n");
  BOOST_TEST(missing.out.empty());
  const auto dash = cftool::tool("run ../../models/credit_loop.yaml --vcd -");
  BOOST_TEST(dash.status == 2);
  BOOST_TEST(dash.err == "creditflow: --vcd -: this output goes to a file; give its name\n");
  const auto both = cftool::tool("run ../../models/credit_loop.yaml --json --cycles 50 --warmup 0 --vcd " + dir / "t.vcd");
  BOOST_TEST(both.status == 0);
  BOOST_TEST(json::parse(both.out).at("cycles").get<int>() == 50);  // nothing but the document
  BOOST_TEST(cftool::read_file(dir / "t.vcd").find("$enddefinitions") != std::string::npos);
}

// Found while looking for the same mistakes elsewhere: a class starved for the whole window
// was said to have waited "up to 0 cycles for one packet" (no packet was measured at all).
BOOST_AUTO_TEST_CASE(a_class_that_sent_nothing_is_not_said_to_have_waited_zero_cycles) {
  const auto o = cftool::tool("run ../../models/dma_irq_classes.yaml --json --set rx.policy=reserved "
                              "--set rx.reserved=0,0 --set tx.pattern=saturating,saturating --set rx.drain_every=4,2 "
                              "--set rx.stall_cycles=0,0 --set tx.priority=A,B --set tx.queue_depth=4,4");
  BOOST_TEST_REQUIRE(o.status == 0, o.err);
  const json doc = json::parse(o.out);
  BOOST_TEST(doc.at("classes").at("B").at("sent").get<int>() == 0);
  BOOST_TEST(doc.at("diagnosis").at(0) ==
             "class 'B' on link 'rx' waited for credits in 2992 cycles and sent no packet in the window: class 'A' held "
             "the shared pool in 2992 of them (reserved (0+0 reserved, 8 shared)); reserve credits for 'B' or split the "
             "pool");
}

// A source that names no destination has its flow named by the receiver its flits reach:
// the metric check, which reads a document of a few cycles where none has arrived yet
// ("flows.cpu:*"), takes a flow to a receiver of the platform and refuses one to a name
// that is none.
BOOST_AUTO_TEST_CASE(a_flow_metric_of_a_source_without_destinations_is_taken) {
  const auto o = cftool::tool("sweep ../../models/merge_groups.yaml --vary arb.policy=round_robin,weighted "
                              "--cycles 4000 --warmup 1000 --metric flows.cpu:rx.latency.p99");
  BOOST_TEST(o.status == 0, o.err);
  const auto rows = cftool::lines(o.out);
  BOOST_TEST_REQUIRE(rows.size() == 3u, o.out);
  BOOST_TEST(rows[1] == "  arb.policy=round_robin  5");
  BOOST_TEST(rows[2] == "  arb.policy=weighted  5");
  const auto bad = cftool::tool("sweep ../../models/merge_groups.yaml --vary arb.policy=round_robin "
                                "--metric flows.cpu:nowhere.throughput");
  BOOST_TEST(bad.status != 0);
  BOOST_TEST(bad.err.rfind("creditflow: --metric flows.cpu:nowhere.throughput: no number at that path", 0) == 0u, bad.err);
}
