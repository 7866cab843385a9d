// RTL against the models, the way a user checks theirs: rtl_tool (tests/rtl/rtl_tool.cpp,
// its kinds from creditflow_add_verilated_kind) compares a platform with a model part
// against the same platform with the RTL in its place, every channel and every holder's
// terms at every cycle. The library's rtl/credit_receiver.sv, and a FIFO sink and a credit
// counter written in tests/rtl/modules with their own port names, each over timing.md section 1
// and 2 scenarios and random traffic; a mutant of each is caught at its first differing
// cycle, which the expected lines give (worked out by hand in the comments).
#include <boost/test/unit_test.hpp>
#include <regex>

#include "harness.hpp"

namespace {

cftool::Outcome rtl_tool(const std::string& args) { return cftool::run(CREDITFLOW_RTL_TOOL, args); }

// Every scenario identical over its 3000 cycles, with thousands of events compared.
void identical(const std::string& model, const std::vector<std::string>& scenarios, const std::string& against) {
  for (const std::string& s : scenarios) {
    const auto o = rtl_tool("compare " + model + " " + s + " --against " + against);
    BOOST_TEST_INFO(model << " " << s << ": " << o.out << o.err);
    BOOST_TEST_REQUIRE(o.status == 0);
    std::smatch m;
    BOOST_TEST_REQUIRE(std::regex_search(o.out, m, std::regex("^identical over 3000 cycles, ([0-9]+) events, ([0-9]+) signals")));
    BOOST_TEST(std::stoul(m[1]) > 10000u);  // not an empty match
    BOOST_TEST_MESSAGE(model << " " << s << " against " << against << ": " << o.out.substr(0, o.out.find(" (")));
  }
}

// timing.md section 1's scenarios and random traffic, over the loop of receiver_loop.yaml.
const std::vector<std::string> loop_scenarios{
    "",                                                  // L = 1, drained every cycle
    "--set link.latency=4",                              // section 1's table: credits below the round trip
    "--set link.latency=2 --set rx.drain_every=3",       // a slow consumer
    "--set rx.depth=2 --set link.latency=3",             // another built depth
    "--set link.latency=3 --set src.pattern=bernoulli --set src.rate=0.7 --set rx.drain_rate=0.6 "
    "--set rx.stall_from=500 --set rx.stall_cycles=40"};  // random traffic, random drain and a stall

}  // namespace

BOOST_AUTO_TEST_CASE(the_library_receiver_on_the_generic_adapter_matches_the_model) {
  identical("receiver_loop.yaml", loop_scenarios, "rx.kind=rtl_receiver");
}

BOOST_AUTO_TEST_CASE(a_receiver_returning_its_credit_a_cycle_late_is_caught_at_its_first_pop) {
  // L = 1: flit 0 is sent in cycle 0, arrives in 1 and is popped in 2, when the model's
  // credit goes back; the mutant's register sends it in 3.
  const auto o = rtl_tool("compare receiver_loop.yaml --against rx.kind=rtl_receiver_late");
  BOOST_TEST(o.status == 1);
  BOOST_TEST(o.out == "first difference at cycle 2 of clk (2000 ps): rx.credit is 1 as written, 0 with --against "
                      "rx.kind=rtl_receiver_late\n");
}

BOOST_AUTO_TEST_CASE(the_credit_counter_matches_the_model_sender) {
  identical("receiver_loop.yaml", loop_scenarios, "tx.kind=rtl_counter");
  identical("receiver_loop.yaml", {"--set rx.depth=2 --set link.latency=1 --set rx.drain_every=2"},
            "tx.kind=rtl_counter");
}

BOOST_AUTO_TEST_CASE(a_counter_spending_a_credit_in_the_cycle_it_returns_is_caught) {
  // L = 3, 4 credits, a pop every 4th cycle: flits go in cycles 0-3 and arrive in 3-6; the
  // pop in cycle 4 returns a credit that reaches the sender in cycle 7, which the model
  // may spend only from cycle 8: its ready is low in 7, the mutant's high.
  const auto o = rtl_tool("compare receiver_loop.yaml --set link.latency=3 --set rx.drain_every=4 "
                          "--against tx.kind=rtl_counter_mutant");
  BOOST_TEST(o.status == 1);
  BOOST_TEST(o.out == "first difference at cycle 7 of clk (7000 ps): src.out.ready is 0 with --set link.latency=3 "
                      "--set rx.drain_every=4, 1 with --against tx.kind=rtl_counter_mutant (and 1 more signal "
                      "differs then)\n");
  // Where credits never run out, the mutant's shortcut never acts: identical, as it should be.
  identical("receiver_loop.yaml", {""}, "tx.kind=rtl_counter_mutant");
}

BOOST_AUTO_TEST_CASE(the_fifo_sink_matches_the_model_with_backpressure_and_as_a_credit_return) {
  const std::vector<std::string> sink_scenarios{
      "", "--set sink.drain_every=2", "--set sink.depth=2 --set sink.drain_every=3",
      "--set sink.drain_rate=0.5 --set sink.stall_from=100 --set sink.stall_cycles=30"};
  identical("sink_stream.yaml", sink_scenarios, "sink.kind=rtl_sink");
  identical("sink_stream.yaml", {"--set src.pattern=bernoulli --set src.rate=0.6 --set sink.drain_rate=0.5"},
            "sink.kind=rtl_sink");
  // Section 2's credit-counting source: the sink's popped register is its credit back.
  identical("sink_credits.yaml", {"", "--set sink.drain_every=2", "--set src.return_delay=3 --set sink.drain_rate=0.7"},
            "sink.kind=rtl_sink");
}

BOOST_AUTO_TEST_CASE(the_lossy_fifo_sink_drops_what_the_model_drops) {
  // timing.md section 2's lossy sink behind a consumer stall, alone and behind a credit-counting
  // source (the models' own files), and with random traffic, drain and a stall.
  auto compare = [](const std::string& args) {
    const auto o = rtl_tool("compare " + args + " --against sink.kind=rtl_lossy_sink");
    BOOST_TEST_INFO(args << ": " << o.out << o.err);
    BOOST_TEST(o.status == 0);
    BOOST_TEST(o.out.rfind("identical over ", 0) == 0u);
  };
  compare("../../models/lossy_stall.yaml");
  compare("../../models/credit_stall.yaml");
  compare("sink_stream.yaml --set sink.backpressure=false --set src.pattern=bernoulli --set src.rate=0.8 "
          "--set sink.drain_rate=0.5 --set sink.stall_from=100 --set sink.stall_cycles=30");
  const auto lossy = nlohmann::json::parse(rtl_tool("run ../../models/lossy_stall.yaml --set sink.kind=rtl_lossy_sink --json").out);
  const auto model = nlohmann::json::parse(rtl_tool("run ../../models/lossy_stall.yaml --json").out);
  BOOST_TEST(lossy["links"] == model["links"]);
  BOOST_TEST(lossy["sources"] == model["sources"]);
  // lossy_stall.yaml's 12 beats, 4 kept through the 6-cycle stall: 4 dropped, counted.
  BOOST_TEST(lossy["links"]["sink"]["dropped"].get<int>() == model["links"]["sink"]["dropped"].get<int>());
  BOOST_TEST(lossy["links"]["sink"]["dropped"].get<int>() > 0);
  // A lossy module where the platform says backpressure, or backpressure: false with no
  // count of drops to read, is refused, not believed.
  // Saturating into 4 slots, a pop every 3rd cycle: it holds 0, 1, 2, 3, 3, 4 at the start
  // of cycles 0-5, so the beat of cycle 5 meets it full with no pop.
  const auto claimed = rtl_tool("run sink_stream.yaml --set sink.kind=rtl_lossy_sink --set sink.drain_every=3");
  BOOST_TEST(claimed.status == 1);
  BOOST_TEST(claimed.err == "creditflow: sink: the RTL dropped a beat at cycle 5 though its backpressure is true "
                            "(give backpressure: false for a lossy sink)\n");
  const auto uncounted = rtl_tool("run sink_stream.yaml --set sink.kind=rtl_sink --set sink.backpressure=false");
  BOOST_TEST(uncounted.status == 2);
  BOOST_TEST(uncounted.err ==
             "creditflow: sink: backpressure: false needs the RTL's count of the beats it drops (map dropped=...)\n");
}

BOOST_AUTO_TEST_CASE(a_sink_taking_a_beat_while_full_is_caught) {
  // Saturating, depth 4, a pop in even cycles: the FIFO holds 1, 2, 2, 3, 3, 4 at the
  // start of cycles 1-6; full in cycle 6 while popping, the model's ready is low there.
  const auto o = rtl_tool("compare sink_stream.yaml --set sink.drain_every=2 --against sink.kind=rtl_sink_mutant");
  BOOST_TEST(o.status == 1);
  BOOST_TEST(o.out.rfind("first difference at cycle 6 of clk (6000 ps): src.out.ready is 0 with --set "
                         "sink.drain_every=2, 1 with --against sink.kind=rtl_sink_mutant\n", 0) == 0);
}

BOOST_AUTO_TEST_CASE(a_hop_buffer_in_the_middle_of_a_path_matches_the_model) {
  // timing.md section 5's two hops: the hop ends one loop and starts the next, so both loops'
  // terms go through the adapter.
  auto chain = [](const std::string& s) {
    const auto o = rtl_tool("compare ../../models/two_hop_chain.yaml " + s + " --against hop.kind=rtl_hop");
    BOOST_TEST_INFO(s << ": " << o.out << o.err);
    BOOST_TEST(o.status == 0);
    BOOST_TEST(o.out.rfind("identical over 6000 cycles, ", 0) == 0u);
  };
  chain("");
  chain("--set hop.drain_every=3 --set src.pattern=bernoulli --set src.rate=0.8");
  chain("--set hop.drain_rate=0.5 --set link2.latency=1 --set rx.drain_every=2");
}

BOOST_AUTO_TEST_CASE(an_rtl_run_reports_what_the_model_run_does) {
  // The whole JSON, apart from the kinds and the parameters each kind has.
  auto report = [](const std::string& args) {
    const auto o = rtl_tool("run " + args + " --json");
    BOOST_TEST_REQUIRE(o.status == 0, o.err);
    auto j = nlohmann::json::parse(o.out);
    j.erase("parameters");
    return j;
  };
  BOOST_TEST(report("receiver_loop.yaml --set rx.drain_every=3") ==
             report("receiver_loop.yaml --set rx.drain_every=3 --set rx.kind=rtl_receiver"));
  BOOST_TEST(report("receiver_loop.yaml --set link.latency=4") ==
             report("receiver_loop.yaml --set link.latency=4 --set tx.kind=rtl_counter"));
  BOOST_TEST(report("../../models/two_hop_chain.yaml --set hop.drain_every=2") ==
             report("../../models/two_hop_chain.yaml --set hop.drain_every=2 --set hop.kind=rtl_hop"));
  BOOST_TEST(report("sink_stream.yaml --set sink.drain_rate=0.6") ==
             report("sink_stream.yaml --set sink.drain_rate=0.6 --set sink.kind=rtl_sink"));
  const auto rtl = report("receiver_loop.yaml --set rx.drain_every=3 --set rx.kind=rtl_receiver");
  // 667 pops in the 2000 cycles of the window, a pop every third cycle.
  BOOST_TEST(rtl["links"]["link"]["throughput"].get<double>() == 667.0 / 2000, boost::test_tools::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(kind_verilated_takes_top_role_parameters_and_map_from_the_platform_file) {
  auto links = [](const std::string& args) {
    const auto o = rtl_tool("run " + args + " --json");
    BOOST_TEST_REQUIRE(o.status == 0, o.err);
    return nlohmann::json::parse(o.out)["links"];
  };
  BOOST_TEST(links("receiver_yaml.yaml") == links("receiver_loop.yaml --set link.latency=2 --set rx.drain_every=2"));
}

BOOST_AUTO_TEST_CASE(a_value_not_built_or_a_bad_map_is_refused_in_one_line) {
  const std::vector<std::pair<std::string, std::string>> cases{
      {"run receiver_loop.yaml --set rx.kind=rtl_receiver --set rx.depth=3",
       "creditflow: receiver_loop.yaml:9: rx.depth = 3 was not built for rtl_receiver (built: 2, 4; add it to "
       "creditflow_add_verilated_kind's VALUES)\n"},
      {"run receiver_yaml.yaml --set rx.parameters=DEPTH=16 --set rx.depth=16",
       "creditflow: receiver_yaml.yaml:10: rx: credit_receiver was not verilated with DEPTH=16 (built: DEPTH=2; "
       "DEPTH=4; list the value in creditflow_add_verilated_kind's VALUES)\n"},
      {"run receiver_yaml.yaml --set rx.depth=2",
       "creditflow: receiver_yaml.yaml:10: rx: its depth (2) differs from its RTL's DEPTH (4); the conservation "
       "check counts depth (allowed equal)\n"},
      {"run receiver_yaml.yaml --set rx.role=sink",
       "creditflow: receiver_yaml.yaml:10: component rx (verilated) has role 'sink', not one a verilated module "
       "can play (allowed credit_receiver, ready_valid_sink, hop_buffer, credit_sender)\n"},
      {"run receiver_yaml.yaml --set rx.ports=credit=nope",
       "creditflow: rx: credit=nope: credit_receiver has no port 'nope' (its ports: clk, rst_n, in_valid, drain_en, "
       "credit_out, out_valid, overflow, count, in_data, out_data)\n"},
      {"run receiver_yaml.yaml --set rx.ports=credit=credit_out",
       "creditflow: rx: the credit_receiver role needs the term 'occupancy' (an RTL port or public signal holding "
       "it: occupancy=...), for the conservation check\n"},
      {"run receiver_yaml.yaml --set rx.ports=credit=credit_out,occupancy=count,error=overflow,in_valid=drain_en",
       "creditflow: rx: RTL input 'in_valid' of credit_receiver is not in the port map (map it to one of: in_valid, "
       "in_data, credit, out_valid, out_data, occupancy, error, drain_en)\n"},
      {"run receiver_yaml.yaml --set rx.ports=credit=credit_out,occupancy=fifo.count,error=overflow",
       "creditflow: rx: occupancy=fifo.count: no public signal 'fifo.count' in credit_receiver (verilate with "
       "--vpi, the signal public)\n"},
      {"run receiver_yaml.yaml --set rx.ports=credit=credit_out,occupancy=count,error=in_valid",
       "creditflow: rx: RTL port 'in_valid', mapped as error, is an input (allowed an output)\n"},
      {"run receiver_yaml.yaml --set rx.ports=credits=count",
       "creditflow: rx.ports: 'credits' is not a wire or term of this role (allowed in_valid, in_data, credit, "
       "out_valid, out_data, occupancy, error, drain_en)\n"},
      {"run receiver_yaml.yaml --set rx.clock_port=clock",
       "creditflow: rx: credit_receiver has no clock port 'clock' (its ports: clk, rst_n, in_valid, drain_en, "
       "credit_out, out_valid, overflow, count, in_data, out_data; name it with clock_port, or CLOCK in CMake)\n"},
      {"run receiver_yaml.yaml --set rx.reset=rst",
       "creditflow: rx: credit_receiver has no reset port 'rst' (reset: none for a module without one)\n"},
      {"run receiver_yaml.yaml --set rx.top=fifo_snk",
       "creditflow: receiver_yaml.yaml:10: rx: no RTL module 'fifo_snk' was verilated into this tool (built: "
       "credit_receiver, credit_receiver_late_credit, fifo_sink, credit_counter, hop_fifo; add it with "
       "creditflow_add_verilated_kind)\n"},
      {"run receiver_loop.yaml --set rx.kind=rtl_receiver --view tl",
       "creditflow: receiver_loop.yaml:9: component 'rx' of kind 'rtl_receiver' has no transaction-level view; run "
       "it with --view cycle\n"}};
  for (const auto& [args, expected] : cases) {
    const auto o = rtl_tool(args);
    BOOST_TEST_INFO(args);
    BOOST_TEST(o.status == 2);
    BOOST_TEST(o.err == expected);
  }
}

BOOST_AUTO_TEST_CASE(compare_keeps_both_traces_with_every_holders_terms_and_never_replaces_one) {
  cftool::TempDir dir;
  const std::string prefix = dir / "rx";
  const auto o = rtl_tool("compare receiver_loop.yaml --cycles 200 --warmup 0 --against rx.kind=rtl_receiver --vcd " +
                          cftool::quote(prefix));
  BOOST_TEST_REQUIRE(o.status == 0, o.err);
  BOOST_TEST(o.out.find("traces: " + prefix + ".a.vcd, " + prefix + ".b.vcd\n") != std::string::npos);
  const std::string trace = cftool::read_file(prefix + ".b.vcd");
  // terms.<loop>.<holder>.<term>, as the conservation monitor summed them.
  for (const char* scope : {"$scope module terms $end", "$scope module link $end", "$scope module tx $end",
                            "$scope module rx $end"})
    BOOST_TEST(trace.find(scope) != std::string::npos, scope);
  for (const char* term : {" credits [63:0]", " in_flight [63:0]", " occupancy [63:0]", " returning [63:0]"})
    BOOST_TEST(trace.find(term) != std::string::npos, term);
  const auto again = rtl_tool("compare receiver_loop.yaml --cycles 200 --warmup 0 --against rx.kind=rtl_receiver --vcd " +
                              cftool::quote(prefix));
  BOOST_TEST(again.status == 2);
  BOOST_TEST(again.err == "creditflow: --vcd " + prefix + ": " + prefix +
                              ".a.vcd exists; creditflow does not replace a trace (remove it, or give another prefix)\n");
  BOOST_TEST(cftool::read_file(prefix + ".b.vcd") == trace);
}
