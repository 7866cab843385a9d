// Hostile and careless input (issue 18): a value from a model or the command line must
// never run a command, and a result must never be lost or replaced without a word. Each
// case failed before its fix; a file named PWNED is what an injected command would leave.
#include <boost/test/unit_test.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

#include "harness.hpp"

using nlohmann::json;

namespace {

const std::string model = "../../models/credit_loop.yaml";

void write(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// The tool refused (exit 2) with one line that holds `expected`.
void refused(const cftool::Outcome& o, const std::string& expected) {
  BOOST_TEST(o.status == 2);
  BOOST_TEST(cftool::lines(o.err).size() == 1u);
  BOOST_TEST(o.err.find(expected) != std::string::npos, "said: " << o.err << " expected: " << expected);
}

}  // namespace

BOOST_AUTO_TEST_CASE(task_script_and_sbatch_line_run_no_command_from_hostile_values) {
  cftool::TempDir d;
  const std::string marker = d / "PWNED";
  // Before: the sbatch line put ' inside '...' unescaped, so `sh` ran the touch.
  const std::string out = d / "o'x; touch " + marker + "; echo '";
  const std::string comment = "--comment=it's; touch " + marker + " #";
  const auto o = cftool::tool("sweep " + model + " --vary rx.depth=2,4 --view tl --cycles 200 --warmup 100 "
                              "--slurm --dry-run --out " + cftool::quote(out) + " " + cftool::quote("--sbatch-arg=" + comment));
  BOOST_TEST_REQUIRE(o.status == 0);
  // The printed line, given to a shell with an sbatch that lists its arguments.
  write(d / "sbatch", "#!/bin/sh\nprintf '%s\\n' \"$@\" > " + cftool::quote(d / "args") + "\n");
  const auto line = cftool::lines(o.out).at(1);
  BOOST_TEST_REQUIRE(std::system(("chmod +x " + cftool::quote(d / "sbatch") + " && PATH=" + cftool::quote(d.path()) +
                                  ":$PATH sh -c " + cftool::quote(line))
                                     .c_str()) == 0);
  const auto args = cftool::lines(cftool::read_file(d / "args"));
  BOOST_TEST_REQUIRE(args.size() == 8u);
  BOOST_TEST(args[3] == "--output=" + out + "/logs/%a.log");
  BOOST_TEST(args[6] == comment);
  BOOST_TEST(args[7] == out + "/task.sh");
  // The task script itself, run as Slurm would run task 1.
  BOOST_TEST(std::system(("SLURM_ARRAY_TASK_ID=1 sh " + cftool::quote(out + "/task.sh") + " > /dev/null 2>&1").c_str()) == 0);
  BOOST_TEST(json::parse(cftool::read_file(out + "/shards/1.json")).at("points").size() == 1u);
  BOOST_TEST(!cftool::exists(marker));
}

BOOST_AUTO_TEST_CASE(a_control_character_or_sbatch_pattern_in_out_is_refused) {
  cftool::TempDir d;
  // Before: a newline in --out put a command line of its own into task.sh's comment.
  refused(cftool::tool("sweep " + model + " --vary rx.depth=2,4 --slurm --dry-run --out " +
                       cftool::quote(d / "x\ntouch PWNED")),
          "--out " + d.path() + "/x\\ntouch PWNED: the value holds a control character (0x0a, a newline)");
  refused(cftool::tool("sweep " + model + " --vary rx.depth=2,4 --slurm --dry-run --out " + cftool::quote(d / "%j")),
          "sbatch reads % and \\ in a log path as patterns");
  refused(cftool::tool("sweep " + model + " --vary rx.depth=2,4 --csv " + cftool::quote(d / "a\nb.csv")),
          "--csv: the value holds a control character (0x0a, a newline)");
  BOOST_TEST(!cftool::exists(d / "x"));
}

BOOST_AUTO_TEST_CASE(an_out_folder_holding_the_users_files_is_refused_and_left_alone) {
  cftool::TempDir d;
  // Before: --out . wrote over the user's own task.sh, then deleted it when sbatch failed.
  write(d / "task.sh", "echo my own script\n");
  refused(cftool::tool("sweep " + model + " --vary rx.depth=2,4 --slurm --dry-run --out " + d.path()),
          "--out " + d.path() + " holds files that are not a sweep's (task.sh): give a new or empty folder");
  BOOST_TEST(cftool::read_file(d / "task.sh") == "echo my own script\n");
  BOOST_TEST(!cftool::exists(d / "plan.json"));
}

BOOST_AUTO_TEST_CASE(merge_reads_no_log_through_a_link) {
  cftool::TempDir d;
  const std::string plan = d / "plan";
  BOOST_TEST_REQUIRE(cftool::tool("sweep " + model + " --vary rx.depth=2,4 --slurm --dry-run --out " + plan).status == 0);
  write(d / "secret", "the first line\nSECRET LAST LINE\n");
  BOOST_TEST_REQUIRE(std::system(("ln -s " + d / "secret " + plan + "/logs/1.log").c_str()) == 0);
  // Before: merge printed "its log (...) ends: SECRET LAST LINE".
  const auto o = cftool::tool("merge " + plan);
  BOOST_TEST(o.status == 1);
  BOOST_TEST(o.err.find("SECRET") == std::string::npos);
  BOOST_TEST(o.err.find("task 1 (points 0..0): no results; its log " + plan +
                        "/logs/1.log is not a plain file of the folder's: not read") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_csv_cell_a_spreadsheet_would_run_is_quoted) {
  cftool::TempDir d;
  // Before: the class name went into its cell as is, and a spreadsheet ran it.
  const auto o = cftool::tool("sweep " + model + " --view tl --cycles 200 --warmup 100 " +
                              cftool::quote("--vary=src.class==HYPERLINK(\"x\"),@SUM(1),-x,+1,-3") + " --csv " +
                              d / "s.csv");
  BOOST_TEST_REQUIRE(o.status == 0);
  const auto rows = cftool::lines(cftool::read_file(d / "s.csv"));
  BOOST_TEST_REQUIRE(rows.size() == 6u);
  BOOST_TEST(rows[1].find(",\"'=HYPERLINK(\"\"x\"\")\",") != std::string::npos, rows[1]);
  BOOST_TEST(rows[2].find(",\"'@SUM(1)\",") != std::string::npos, rows[2]);
  BOOST_TEST(rows[3].find(",\"'-x\",") != std::string::npos, rows[3]);
  BOOST_TEST(rows[4].find(",+1,") != std::string::npos, rows[4]);  // numbers stay numbers
  BOOST_TEST(rows[5].find(",-3,") != std::string::npos, rows[5]);
  // Header cells are names of figures: "classes.=HYPERLINK(...).sent" starts with a letter.
  for (const std::string& row : rows) BOOST_TEST(row.find(",=") == std::string::npos, row);
}

BOOST_AUTO_TEST_CASE(an_output_on_another_output_or_on_the_model_is_refused_before_running) {
  cftool::TempDir d;
  const std::string copy = d / "m.yaml";
  write(copy, cftool::read_file(CREDITFLOW_TEST_DIR "/" + model));
  const std::string vary = " --vary rx.depth=2,4 --view tl --cycles 200 --warmup 100";
  refused(cftool::tool("sweep " + copy + vary + " --csv " + d / "x" + " --json " + d.path() + "/./x"),
          "--csv and --json both name " + d.path() + "/./x: one would overwrite the other");
  refused(cftool::tool("sweep " + copy + vary + " --csv " + d / "x.png" + " --plot " + d / "x.png"),
          "--csv and --plot both name");
  refused(cftool::tool("sweep " + copy + vary + " --json " + copy), "--json " + copy + " is the model file itself");
  BOOST_TEST_REQUIRE(std::system(("ln -s m.yaml " + d / "link.csv").c_str()) == 0);
  refused(cftool::tool("sweep " + copy + vary + " --csv " + d / "link.csv"), "is the model file itself");
  refused(cftool::tool("run " + copy + " --vcd " + copy), "--vcd " + copy + " is the model file itself");
  BOOST_TEST(cftool::read_file(copy) == cftool::read_file(CREDITFLOW_TEST_DIR "/" + model));
  BOOST_TEST(!cftool::exists(d / "x"));
}

// Before: the sweep's journal (beside the first output) was removed over --json's file, the
// heat map replaced the VCD, and import-booksim -o replaced its own configuration.
BOOST_AUTO_TEST_CASE(outputs_that_share_a_path_with_the_journal_or_an_input_are_refused) {
  cftool::TempDir d;
  const std::string vary = " --vary rx.depth=2,4 --view tl --cycles 200 --warmup 100";
  refused(cftool::tool("sweep " + model + vary + " --csv " + d / "o.csv" + " --json " + d / "o.csv.journal"),
          "--json and the sweep's journal both name " + d / "o.csv.journal");
  refused(cftool::tool("run ../../models/mesh4x4.yaml --view tl --vcd " + d / "h.png" + " --heatmap " + d / "h.png"),
          "--vcd and --heatmap both name " + d / "h.png");
  const std::string config = d / "mesh.cfg";
  write(config, cftool::read_file(CREDITFLOW_TEST_DIR "/../../reference/booksim2/mesh4x4.cfg"));
  refused(cftool::tool("import-booksim " + config + " -o " + config + " --force"),
          "--output " + config + " is the configuration itself");
  BOOST_TEST(cftool::read_file(config) == cftool::read_file(CREDITFLOW_TEST_DIR "/../../reference/booksim2/mesh4x4.cfg"));
  BOOST_TEST(!cftool::exists(d / "o.csv"));
  BOOST_TEST(!cftool::exists(d / "h.png"));
}

BOOST_AUTO_TEST_CASE(text_that_is_not_utf8_is_refused_where_it_enters) {
  cftool::TempDir d;
  // Before: one such byte in a class name made the whole JSON output fail at the end.
  write(d / "bad.yaml", cftool::read_file(CREDITFLOW_TEST_DIR "/" + model) + "# caf\xe9\n");
  refused(cftool::tool("run " + d / "bad.yaml"), d / "bad.yaml" + ":48: not UTF-8 text (byte ");
  refused(cftool::tool("sweep " + model + " --vary src.class=a,$(printf 'b\\377') --json " + d / "s.json"),
          "argument 4 (src.class=a,b...) is not UTF-8 text at byte 13");
  BOOST_TEST(!cftool::exists(d / "s.json"));
}

BOOST_AUTO_TEST_CASE(a_model_that_is_no_file_or_too_large_is_not_read) {
  cftool::TempDir d;
  // Before: /dev/zero was read until memory ran out.
  refused(cftool::tool("run /dev/zero"), "/dev/zero: not a regular file; give the platform file");
  std::ofstream(d / "big.yaml") << std::string((16u << 20) + 1, '#');
  refused(cftool::tool("run " + d / "big.yaml"), "big.yaml: larger than 16 MiB, the most the platform file may hold");
  // The other files a user names, read the same way. Before: a network_file of /dev/zero ran
  // out of memory and a FIFO hung, import-booksim read a folder as an empty configuration,
  // and merge read any file whole.
  BOOST_TEST_REQUIRE(std::system(("mkfifo " + cftool::quote(d / "pipe")).c_str()) == 0);
  const std::string anynet = "run ../../models/mesh4x4.yaml --set net.topology=anynet --set net.routing_function=min ";
  refused(cftool::tool(anynet + "--set net.network_file=/dev/zero"),
          "net: network_file = '/dev/zero' cannot be read (/dev/zero: not a regular file; give a network's netlist)");
  refused(cftool::tool(anynet + "--set net.network_file=" + d / "pipe"), d / "pipe: not a regular file; give a network's netlist");
  refused(cftool::tool("import-booksim " + d.path()), d.path() + ": not a regular file; give a BookSim2 configuration");
  refused(cftool::tool("import-booksim " + d / "pipe"), d / "pipe: not a regular file; give a BookSim2 configuration");
  refused(cftool::tool("merge " + d / "m.csv " + d / "pipe"), "merge: " + d / "pipe: not a regular file; give a shard");
  BOOST_TEST(!cftool::exists(d / "m.csv"));
}

BOOST_AUTO_TEST_CASE(clock_times_are_bounded_in_both_views) {
  // Before: a phase of 1e7 s hung either view; 0.4ps ran in the TL view and failed in
  // SystemC's words in the cycle view.
  for (const char* view : {"cycle", "tl"}) {
    const std::string run = "run ../../models/cdc_fifo.yaml --view " + std::string(view);
    refused(cftool::tool(run + " --set rd_clk.phase=1e7s"),
            "--set rd_clk.phase=1e7s: rd_clk.phase = 1e7s is out of range (allowed 0 up to its period, 1ns)");
    refused(cftool::tool(run + " --set wr_clk.phase=1s"), "wr_clk.phase = 1s is out of range");
    refused(cftool::tool(run + " --set wr_clk.period=0.4ps --set rd_clk.period=0.4ps"),
            "--set wr_clk.period=0.4ps: wr_clk.period = 0.4ps is out of range (allowed 1ps..1s)");
    refused(cftool::tool("run " + model + " --view " + view + " --set clk.period=1s --cycles 100000000"),
            "--cycles: cycles = 100000000 of clock clk (period 1s) is 1e+08 s of simulated time, past the");
  }
  // A phase within its period still runs, the same in both views.
  const auto cycle = cftool::tool("run ../../models/cdc_fifo.yaml --set rd_clk.phase=0.5ns --json");
  const auto tl = cftool::tool("run ../../models/cdc_fifo.yaml --set rd_clk.phase=0.5ns --json --view tl");
  BOOST_TEST(cycle.status == 0);
  BOOST_TEST(json::parse(cycle.out).at("links") == json::parse(tl.out).at("links"));
}

BOOST_AUTO_TEST_CASE(a_name_of_a_million_characters_gets_one_short_line) {
  cftool::TempDir d;
  // Before: "did you mean" built a 10^6 x 10^6 table (gigabytes) to compare it.
  const std::string name(1000000, 'q');
  std::string text = cftool::read_file(CREDITFLOW_TEST_DIR "/" + model);
  // As an explicit key (? KEY): yaml-cpp refuses a plain key past 1024 characters itself.
  const std::string at = "  rx:   { kind: credit_receiver, depth: 4, drain_every: 1 }\n";
  BOOST_TEST_REQUIRE(text.find(at) != std::string::npos);
  text.replace(text.find(at), at.size(), "  rx:\n    kind: credit_receiver\n    ? " + name + "\n    : 1\n");
  write(d / "long.yaml", text);
  const auto o = cftool::tool("run " + d / "long.yaml");
  BOOST_TEST(o.status == 2);
  BOOST_TEST(cftool::lines(o.err).size() == 1u);
  BOOST_TEST(o.err.size() < 2100u);
  BOOST_TEST(o.err.find(" more bytes)") != std::string::npos);
}

namespace {

// Starts `args` in the background, waits for `wait` (shell text), sends `signal` to the
// tool alone, and leaves its exit status in DIR/status and what its children left running
// in DIR/left.
void stop_after(const cftool::TempDir& dir, const std::string& args, const std::string& seed, const std::string& wait,
                const char* signal) {
  const std::string script = "cd '" CREDITFLOW_TEST_DIR "' && ('" CREDITFLOW_TOOL "' " + args + " > '" + dir / "out" +
                             "' 2> '" + dir / "err" + "' & pid=$!; " + wait + " kill -" +
                             signal + " $pid; wait $pid; echo $? > '" + dir / "status" +
                             "'; sleep 0.3; ps -eo comm,args | awk '$1 == \"creditflow\" && /seed " + seed +
                             " /' > '" + dir / "left" + "')";
  BOOST_TEST_REQUIRE(std::system(script.c_str()) == 0);
}

}  // namespace

BOOST_AUTO_TEST_CASE(kill_9_of_the_sweep_loses_no_finished_point_and_leaves_no_child) {
  cftool::TempDir d;
  const std::string seed = std::to_string(200000 + ::getpid());
  const std::string sweep = "sweep " + model + " --vary rx.depth=1:4 --cycles 3000000 --seed " + seed + " ";
  // Before: the children simulated on, and every finished point was lost with the parent.
  const std::string journal = d / "s.csv.journal";
  stop_after(d, sweep + "-j 2 --csv " + d / "s.csv", seed,
             "for i in $(seq 600); do [ \"$(cat '" + journal + "' 2>/dev/null | wc -l)\" -ge 2 ] && break; sleep 0.1; "
             "done;",
             "9");
  BOOST_TEST(cftool::read_file(d / "status") == "137\n");
  BOOST_TEST(cftool::read_file(d / "left").empty());
  const auto recorded = cftool::lines(cftool::read_file(journal));
  BOOST_TEST_REQUIRE(recorded.size() >= 2u);  // its header and at least one finished point
  BOOST_TEST_REQUIRE(recorded.size() < 5u);
  BOOST_TEST(!cftool::exists(d / "s.csv"));
  // The same command takes them up and runs only the rest; the result is the whole sweep's.
  const auto resumed = cftool::tool(sweep + "-j 2 --csv " + d / "s.csv");
  BOOST_TEST(resumed.status == 0);
  BOOST_TEST(resumed.err.find("creditflow: resuming from " + d / "s.csv.journal: " + std::to_string(recorded.size() - 1) +
                              " of 4 points were done by an earlier run; delete it to start over\n") == 0u,
             resumed.err);
  BOOST_TEST(!cftool::exists(d / "s.csv.journal"));
  BOOST_TEST_REQUIRE(cftool::tool(sweep + "--view tl --csv " + d / "whole.csv").status == 0);
  BOOST_TEST(cftool::read_file(d / "s.csv") == cftool::read_file(d / "whole.csv"));
}

BOOST_AUTO_TEST_CASE(ctrl_c_before_the_first_point_finishes_touches_no_output) {
  cftool::TempDir d;
  const std::string seed = std::to_string(300000 + ::getpid());
  write(d / "s.csv", "last week's results\n");
  // Before: the existing CSV was replaced by a header alone.
  stop_after(d, "sweep " + model + " --vary rx.depth=1:2 --cycles 100000000 --seed " + seed + " --csv " + d / "s.csv",
             seed, "sleep 1;", "INT");
  BOOST_TEST(cftool::read_file(d / "status") == "130\n");
  BOOST_TEST(cftool::read_file(d / "s.csv") == "last week's results\n");
  BOOST_TEST(cftool::read_file(d / "err").find("creditflow: interrupted: 0 of 2 points done; nothing written, no output "
                                               "touched\n") != std::string::npos);
  BOOST_TEST(cftool::read_file(d / "left").empty());
}

BOOST_AUTO_TEST_CASE(a_journal_of_another_sweep_is_refused_not_mixed_in) {
  cftool::TempDir d;
  const std::string sweep = "sweep " + model + " --vary rx.depth=1:3 --view tl --cycles 300 --warmup 100 --csv " +
                            d / "s.csv";
  write(d / "s.csv.journal", "{\"creditflow_sweep_journal\":1,\"shard\":\"\",\"sweep_id\":\"0123456789abcdef\"}\n");
  refused(cftool::tool(sweep), d / "s.csv.journal holds the finished points of another sweep (another model, options "
                                   "or --shard): run that sweep again to finish it, or delete the file");
  BOOST_TEST(!cftool::exists(d / "s.csv"));
}

// Before: a journal line whose result was not a run's document passed, and the sweep ran
// every point before failing on it with a raw JSON exception.
BOOST_AUTO_TEST_CASE(a_corrupt_journal_line_is_refused_before_any_point_runs) {
  cftool::TempDir d;
  const std::string sweep = "sweep " + model + " --vary rx.depth=1:3 --view tl --cycles 300 --warmup 100 --csv " +
                            d / "s.csv";
  BOOST_TEST_REQUIRE(cftool::tool(sweep).status == 0);
  const std::string row = cftool::lines(cftool::read_file(d / "s.csv")).at(1);
  std::vector<std::string> cells;
  for (std::size_t at = 0, comma; at <= row.size(); at = comma + 1) {
    comma = std::min(row.find(',', at), row.size());
    cells.push_back(row.substr(at, comma - at));
  }
  BOOST_TEST_REQUIRE(cells.size() > 3u);
  for (const std::string& result : {std::string("\"not json\""), std::string("\"{}\"")}) {
    write(d / "s.csv.journal", "{\"creditflow_sweep_journal\":1,\"shard\":\"\",\"sweep_id\":\"" + cells[3] +
                                   "\"}\n{\"ok\":true,\"point\":0,\"result\":" + result + "}\n{\"ok\":true}\n");
    refused(cftool::tool(sweep), d / "s.csv.journal:2: not a point of this sweep; delete the file to start the sweep over");
  }
}

// Before: a shard nested 200,000 arrays deep crashed merge (SIGSEGV); 10,000 took 200 MB.
BOOST_AUTO_TEST_CASE(a_shard_nested_too_deep_is_refused_in_one_line) {
  cftool::TempDir d;
  write(d / "deep.json", "{\"points\": " + std::string(200000, '[') + std::string(200000, ']') + "}");
  const auto o = cftool::tool("merge " + d / "m.json " + d / "deep.json");
  refused(o, "merge: " + d / "deep.json: nested deeper than 64 levels, which no file creditflow writes is; not read further");
  BOOST_TEST(!cftool::exists(d / "m.json"));
}

BOOST_AUTO_TEST_CASE(merge_refuses_what_is_not_one_sweep) {
  cftool::TempDir d;
  const std::string sweep = "sweep " + model + " --vary rx.depth=1:4 --view tl --cycles 300 --warmup 100 ";
  BOOST_TEST_REQUIRE(cftool::tool(sweep + "--shard 1/2 --csv " + d / "a.csv" + " --json " + d / "a.json").status == 0);
  // Before: a shard of other --set values or of another model merged without a word.
  BOOST_TEST_REQUIRE(cftool::tool(sweep + "--set link.latency=2 --shard 2/2 --csv " + d / "b.csv" + " --json " +
                                  d / "b.json").status == 0);
  refused(cftool::tool("merge " + d / "m.csv " + d / "a.csv " + d / "b.csv"),
          "merge: " + d / "b.csv" + " is from another sweep than " + d / "a.csv" + " (sweep_id ");
  refused(cftool::tool("merge " + d / "m.json " + d / "a.json " + d / "b.json"), "is from another sweep than");
  const auto rows = cftool::lines(cftool::read_file(d / "a.csv"));
  const auto with_point = [&](const std::string& point) {
    std::string row = rows.at(1);
    const auto first = row.find(',');
    row.replace(first + 1, row.find(',', first + 1) - first - 1, point);
    write(d / "c.csv", rows.at(0) + "\n" + row + "\n");
    return cftool::tool("merge " + d / "m.csv " + d / "c.csv");
  };
  refused(with_point("-1"), "merge: " + d / "c.csv" + ": point '-1' is not a number of points (0..100000)");
  refused(with_point("18446744073709551617"), "point '18446744073709551617' is not a number of points");
  refused(with_point("7"), "merge: " + d / "c.csv" + ": point 7 is past the sweep's 4 points");
  // A row cut short by a full disk or a kill.
  write(d / "c.csv", rows.at(0) + "\n" + rows.at(1).substr(0, rows.at(1).size() / 2) + "\n");
  refused(cftool::tool("merge " + d / "m.csv " + d / "c.csv"), "merge: " + d / "c.csv" + ": row 2 has ");
  write(d / "c.csv", rows.at(0) + "\n" + rows.at(1) + ",\"cut\n");
  refused(cftool::tool("merge " + d / "m.csv " + d / "c.csv"), "its last row is cut off inside a quoted cell");
  refused(cftool::tool("merge " + d / "a.csv " + d / "b.csv " + d / "a.csv"),
          "merge output " + d / "a.csv" + " is the shard " + d / "a.csv" + " itself: writing it would destroy it");
  BOOST_TEST(!cftool::exists(d / "m.csv"));
  BOOST_TEST(!cftool::exists(d / "m.json"));
}

BOOST_AUTO_TEST_CASE(point_counts_cannot_overflow_and_a_huge_shard_count_is_exact) {
  // Before: four axes of 65536 values made 2^64 = 0 points, and the sweep exited 0.
  refused(cftool::tool("sweep " + model + " --vary rx.depth=1:65536 --vary link.latency=1:65536 --vary "
                       "src.every=1:65536 --vary rx.drain_every=1:65536"),
          "sweep vary: more than 100000 points (the most a sweep may have) by the time link.latency is varied");
  // K/N with N near 2^64: total * K overflowed, and the wrong point ran.
  const auto o = cftool::tool("sweep " + model + " --vary rx.depth=2,4 --view tl --cycles 300 --warmup 100 "
                              "--shard 9999999999999999999/9999999999999999999 --json -");
  BOOST_TEST_REQUIRE(o.status == 0);
  const json doc = json::parse(o.out);
  BOOST_TEST_REQUIRE(doc.at("points").size() == 1u);
  BOOST_TEST(doc.at("points").at(0).at("point").get<int>() == 1);
  refused(cftool::tool("sweep " + model + " --vary rx.depth=2,4 --shard 1/99999999999999999999"),
          "--shard 1/99999999999999999999: expected K/N with 1 <= K <= N (whole numbers below 10^19)");
}

BOOST_AUTO_TEST_CASE(jobs_beyond_the_open_file_limit_are_clamped_not_failed) {
  cftool::TempDir d;
  // Before: -j 1024 under a low limit recorded the points whose pipe failed as failed.
  const auto o = cftool::run("/bin/sh", "-c " + cftool::quote("ulimit -n 64 && exec '" CREDITFLOW_TOOL "' sweep " + model +
                                                             " --vary rx.depth=1:40 --view tl --cycles 300 --warmup 100 "
                                                             "-j 1024 --csv " + d / "s.csv"));
  BOOST_TEST(o.status == 0);
  BOOST_TEST(o.err.find("creditflow: -j 1024 is more than this machine's limits on processes and open files allow: "
                        "16 at a time\n") == 0u,
             o.err);
  const auto rows = cftool::lines(cftool::read_file(d / "s.csv"));
  BOOST_TEST(rows.size() == 41u);
  for (std::size_t i = 1; i < rows.size(); ++i) BOOST_TEST(rows[i].find(",ok,") != std::string::npos, rows[i]);
}

// Before: every output went to a temporary file renamed over its path, so a device, a FIFO
// or a socket there was replaced by a plain file (as root, `--csv /dev/null` destroyed
// /dev/null). A FIFO stands in for them here; each is refused and left as it was.
BOOST_AUTO_TEST_CASE(no_output_is_renamed_over_a_file_that_is_not_regular) {
  cftool::TempDir d;
  const std::string fifo = d / "out.csv", png = d / "plot.png", vcd = d / "trace.vcd";
  for (const std::string& path : {fifo, png, vcd})
    BOOST_TEST_REQUIRE(std::system(("mkfifo " + cftool::quote(path)).c_str()) == 0);
  BOOST_TEST_REQUIRE(cftool::tool("sweep " + model + " --vary rx.depth=4 --view tl --cycles 300 --warmup 100 --csv " +
                                  d / "shard.csv").status == 0);
  const std::string sweep = "sweep " + model + " --vary rx.depth=2,4 --view tl --cycles 300 --warmup 100 ";
  const std::string said = ": is a FIFO, not a regular file";
  refused(cftool::tool(sweep + "--csv " + fifo), "--csv " + fifo + said);
  refused(cftool::tool(sweep + "--json " + fifo), "--json " + fifo + said);
  refused(cftool::tool(sweep + "--plot " + png), "--plot " + png + said);
  refused(cftool::tool("run " + model + " --vcd " + vcd), "--vcd " + vcd + said);
  refused(cftool::tool("run ../../models/mesh4x4.yaml --view tl --heatmap " + png), "--heatmap " + png + said);
  refused(cftool::tool("merge " + fifo + " " + d / "shard.csv"), "merge " + fifo + said);
  refused(cftool::tool("import-booksim ../../reference/booksim2/mesh4x4.cfg -o " + fifo + " --force"), fifo + said);
  for (const std::string& path : {fifo, png, vcd})
    BOOST_TEST(std::system(("test -p " + cftool::quote(path)).c_str()) == 0, path << " is still a FIFO");
  BOOST_TEST(std::system(("test -z \"$(ls " + cftool::quote(d.path()) + " | grep partial)\"").c_str()) == 0);
}

// Before: a result printed to a full disk or a closed pipe was lost and the tool exited 0.
BOOST_AUTO_TEST_CASE(a_failed_write_to_standard_output_is_an_error) {
  for (const std::string& args : {"run " + model + " --json --view tl", "sweep " + model + " --vary rx.depth=2,4 --view tl --csv -",
                                 std::string("import-booksim ../../reference/booksim2/mesh4x4.cfg"), std::string("list")}) {
    const auto o = cftool::run("/bin/sh", "-c " + cftool::quote("exec '" CREDITFLOW_TOOL "' " + args + " > /dev/full"));
    BOOST_TEST(o.status == 1, args);
    BOOST_TEST(o.err.find("creditflow: cannot write to standard output: what it printed there is incomplete\n") !=
                   std::string::npos,
               args);
  }
  // And a misspelt command is offered the commands as they are named.
  refused(cftool::tool("import x"), "(commands: run, sweep, size, list, merge, import-booksim, compare; see creditflow --help)");
}

BOOST_AUTO_TEST_CASE(a_write_that_fails_is_an_error_and_leaves_the_old_file_whole) {
  cftool::TempDir d;
  BOOST_TEST_REQUIRE(cftool::tool("sweep " + model + " --vary rx.depth=4 --view tl --cycles 300 --warmup 100 --json " +
                                  d / "shard.json").status == 0);
  write(d / "merged.json", "an older merge\n");
  // A file size limit stands in for a full disk: the write fails part way.
  const auto o = cftool::run("/bin/sh", "-c " + cftool::quote("trap '' XFSZ; ulimit -f 4; exec '" CREDITFLOW_TOOL
                                                             "' merge " + d / "merged.json " + d / "shard.json"));
  refused(o, d / "merged.json: cannot write (write: File too large); nothing was written");
  BOOST_TEST(cftool::read_file(d / "merged.json") == "an older merge\n");
  BOOST_TEST(std::system(("test -z \"$(ls " + cftool::quote(d.path()) + " | grep partial)\"").c_str()) == 0);
}

BOOST_AUTO_TEST_CASE(a_platform_too_large_for_memory_is_refused_naming_its_parameter) {
  cftool::TempDir d;
  // 512 loops of 2^24 slots and 2^20 stages each way: 1152 GiB, past any machine here.
  // Before: std::bad_alloc, after minutes of allocating.
  std::string components, connections;
  for (int i = 0; i < 512; ++i) {
    const std::string n = std::to_string(i);
    components += "  src" + n + ": { kind: traffic_source }\n  tx" + n + ": { kind: credit_sender, credits: 16777216 }\n"
                  "  link" + n + ": { kind: pipelined_link, latency: 1048576 }\n  rx" + n +
                  ": { kind: credit_receiver, depth: 16777216 }\n";
    connections += "  - src" + n + ".out -> tx" + n + ".in\n  - tx" + n + ".out -> link" + n + ".in\n  - link" + n +
                   ".out -> rx" + n + ".in\n  - rx" + n + ".credit -> link" + n + ".credit_in\n  - link" + n +
                   ".credit_out -> tx" + n + ".credit_in\n";
  }
  write(d / "huge.yaml", "components:\n" + components + "connections:\n" + connections);
  for (const char* view : {"cycle", "tl"})
    refused(cftool::tool("run " + d / "huge.yaml --view " + view),
            d / "huge.yaml: rx0.depth = 16777216 takes 2.0 GiB, and the platform's buffers and pipelines about 1152.0 "
                "GiB, more than the ");
}

BOOST_AUTO_TEST_CASE(a_vcd_past_its_limit_stops_the_run_and_keeps_what_it_traced) {
  cftool::TempDir d;
  write(d / "t.vcd", "an older trace\n");
  const auto o = cftool::tool("run " + model + " --cycles 2000000 --vcd " + d / "t.vcd --vcd-limit 1MiB");
  refused(o, "--vcd " + d / "t.vcd: the trace passed its limit of 1 MiB at cycle 7168 of 2000000: the run stopped "
                                "there, and the file holds the cycles up to it");
  const std::string trace = cftool::read_file(d / "t.vcd");
  BOOST_TEST(trace.size() > (1u << 20));
  BOOST_TEST(trace.size() < (1u << 20) + (1u << 18));
  BOOST_TEST(trace.find("#7167000") != std::string::npos);  // the last edge it reached, in ps
  // Before: a limit of 1.5 MiB was said to be "1 MiB".
  refused(cftool::tool("run " + model + " --cycles 2000000 --vcd " + d / "h.vcd --vcd-limit 1.5MiB"),
          "--vcd " + d / "h.vcd: the trace passed its limit of 1.5 MiB at cycle ");
  refused(cftool::tool("run " + model + " --vcd-limit 1MiB"), "--vcd-limit goes with --vcd");
  refused(cftool::tool("run " + model + " --vcd " + d / "u.vcd --vcd-limit 1B"), "--vcd-limit 1B is out of range");
}

BOOST_AUTO_TEST_CASE(a_fork_refused_for_a_moment_is_retried_not_a_failed_point) {
  cftool::TempDir d;
  // Root is exempt from the process limit, so the sweep runs as a user id of its own,
  // allowed 4 processes while two sleeps hold two of them: the tool clamps -j to 2, and its
  // second fork fails with EAGAIN until its first child ends. Before: that point "failed".
  // That user may not reach the build folder (a clone under /root), so the tool and the
  // model are copied to a folder it owns; under the sanitizers it skips the leak check,
  // whose own thread the process limit could refuse.
  BOOST_TEST_REQUIRE(std::system(("cp '" CREDITFLOW_TOOL "' " + d / "creditflow && cp " + model + " " + d / "m.yaml" +
                                  " && chmod -R a+rwX " + cftool::quote(d.path()))
                                     .c_str()) == 0);
  // The TL view's points run on threads, which the same limit counts: a thread refused
  // means fewer at once (none: the sweep's own thread runs them).
  for (const char* view : {"cycle", "tl"}) {
    const std::string sweep = d / "creditflow sweep " + d / "m.yaml" + " --vary rx.depth=1:4 --view " + view +
                              " --cycles 300 --warmup 100 -j 8 --csv " + d / view + ".csv";
    // No sleeps of an earlier run, nor of the other view's.
    const std::string uid = std::to_string(50000 + ::getpid() % 5000 + (view == std::string("tl") ? 5000 : 0));
    const auto o = cftool::run(
        "/bin/bash", "-c " + cftool::quote("ulimit -u 4 && ASAN_OPTIONS=\"$ASAN_OPTIONS:detect_leaks=0\" exec setpriv --reuid=" +
                                           uid + " --regid=" + uid + " --clear-groups sh -c " +
                                           cftool::quote("sleep 1 & sleep 1 & exec " + sweep)));
    BOOST_TEST(o.status == 0, view << ": " << o.err);
    BOOST_TEST(o.err.find("-j 8 is more than this machine's limits on processes and open files allow: 2 at a time") !=
                   std::string::npos,
               o.err);
    const auto rows = cftool::lines(cftool::read_file(d / view + ".csv"));
    BOOST_TEST(rows.size() == 5u, view);
    for (std::size_t i = 1; i < rows.size(); ++i) BOOST_TEST(rows[i].find(",ok,") != std::string::npos, rows[i]);
  }
}

BOOST_AUTO_TEST_CASE(merge_of_a_slurm_plan_plots_hostile_text_without_running_it) {
  cftool::TempDir d;
  // plan.json keeps the plot's path and the swept text values; merge DIR draws the plot
  // from them long after the sweep was planned, perhaps by someone else.
  // The commands would touch PWNED in the folder merge runs in, or the plan's.
  const std::string plot = d / "p'; system('touch PWNED'); set output 'q.svg";
  const std::string value = "a'); system('touch PWNED'); print('b";
  const std::string plan = d / "plan";
  BOOST_TEST_REQUIRE(cftool::tool("sweep " + model + " --vary " + cftool::quote("src.class=" + value + ",c") +
                                  " --vary rx.depth=1,2 --view tl --cycles 300 --warmup 100 --metric throughput "
                                  "--slurm --dry-run --tasks 2 --out " + plan + " --plot " + cftool::quote(plot))
                         .status == 0);
  for (int task : {1, 2})
    BOOST_TEST_REQUIRE(std::system(("SLURM_ARRAY_TASK_ID=" + std::to_string(task) + " sh " +
                                    cftool::quote(plan + "/task.sh") + " > /dev/null 2>&1")
                                       .c_str()) == 0);
  const auto o = cftool::tool("merge " + plan);
  BOOST_TEST(o.status == 0, o.err);
  for (const std::string& at : {std::string(CREDITFLOW_TEST_DIR), d.path(), plan})
    BOOST_TEST(!cftool::exists(at + "/PWNED"), at);
  const std::string svg = cftool::read_file(plot);
  BOOST_TEST(svg.find("<svg") != std::string::npos);
  BOOST_TEST(svg.find("system(") != std::string::npos);  // the value, drawn as the text it is
}

// merge DIR writes where plan.json says: a plan edited to put the CSV over the model (or a
// file it reads) is refused, and the model is left whole.
BOOST_AUTO_TEST_CASE(merge_of_a_slurm_plan_writes_nothing_over_the_model) {
  cftool::TempDir d;
  const std::string copy = d / "loop.yaml";
  std::system(("cp ../../models/credit_loop.yaml " + cftool::quote(copy)).c_str());
  const std::string plan = d / "plan";
  BOOST_TEST_REQUIRE(cftool::tool("sweep " + copy + " --vary rx.depth=1,2 --view tl --cycles 300 --warmup 100 "
                                  "--slurm --dry-run --tasks 2 --out " + plan + " --csv " + d / "out.csv")
                         .status == 0);
  for (int task : {1, 2})
    BOOST_TEST_REQUIRE(std::system(("SLURM_ARRAY_TASK_ID=" + std::to_string(task) + " sh " +
                                    cftool::quote(plan + "/task.sh") + " > /dev/null 2>&1")
                                       .c_str()) == 0);
  const std::string text = cftool::read_file(plan + "/plan.json");
  const std::string from = "\"csv\": \"" + d / "out.csv" + "\"";
  const auto at = text.find(from);
  BOOST_TEST_REQUIRE(at != std::string::npos, text);
  std::ofstream(plan + "/plan.json") << text.substr(0, at) + "\"csv\": \"" + copy + "\"" + text.substr(at + from.size());
  const std::string before = cftool::read_file(copy);
  refused(cftool::tool("merge " + plan), "--csv " + copy + " is the model's input itself: writing it would destroy it");
  BOOST_TEST(cftool::read_file(copy) == before);
}
