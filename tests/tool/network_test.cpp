// Merges and splits (timing.md section 5): models/hol_split.yaml and models/merge.yaml in both
// views, their figures and diagnoses pinned, and the mistakes a user can make with them.
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

#include "harness.hpp"

using nlohmann::json;

namespace {
double throughput(const json& doc, const std::string& link) { return doc.at("links").at(link).at("throughput").get<double>(); }
}  // namespace

BOOST_AUTO_TEST_CASE(a_split_whose_slow_output_blocks_the_shared_buffer_gives_both_a_quarter) {
  const json a = cftool::same_in_both_views(CREDITFLOW_TOOL, "run ../../models/hol_split.yaml");
  // timing.md section 5: A and B each receive 0.250 over cycles 3000..5999; 1500 blocked cycles.
  BOOST_TEST(throughput(a, "linkA") == 0.25);
  BOOST_TEST(throughput(a, "linkB") == 0.25);
  BOOST_TEST(throughput(a, "link") == 0.5);
  const auto& flows = a.at("flows");
  BOOST_TEST(flows.at("src:rxA").at("throughput").get<double>() == 0.25);
  BOOST_TEST(flows.at("src:rxB").at("throughput").get<double>() == 0.25);
  BOOST_TEST(flows.at("src:rxA").at("delivered_in_window").get<int>() == 750);
  const auto& splitA = a.at("links").at("linkA").at("split");
  const auto& splitB = a.at("links").at("linkB").at("split");
  BOOST_TEST(splitA.at("blocking").get<int>() == 1500);
  BOOST_TEST(splitA.at("blocked").get<int>() == 0);
  BOOST_TEST(splitB.at("blocked").get<int>() == 1500);
  BOOST_TEST(splitB.at("blocked_by") == "linkA");
  BOOST_TEST(a.at("links").at("linkB").at("credit_stall_cycles").get<int>() == 0);  // never short of credits
  BOOST_TEST(a.at("links").at("link").at("feeds").dump() == R"(["linkA","linkB"])");
  BOOST_TEST(a.at("links").at("linkB").at("fed_by").dump() == R"(["link"])");
  const auto& d = a.at("diagnosis");
  BOOST_TEST(d.at(2).get<std::string>() ==
             "at split 'split', flits for link 'linkA' waited at the head in 1500 of 3000 cycles while another output "
             "was ready, holding back the flits behind them (head-of-line blocking: a buffer per destination would "
             "free them)");
  BOOST_TEST(d.at(3).get<std::string>() ==
             "link 'linkB' runs at 0.250 of full rate and never waited for a credit (4 credits, 4-cycle round trip); "
             "it is held back by the consumer of link 'linkA' through the shared buffer before split 'split', not by "
             "its own credits: in 1500 of 3000 cycles it was ready while the split's head waited for link 'linkA' "
             "(head-of-line blocking)");
  BOOST_TEST(a.at("status") == "ok");
}

BOOST_AUTO_TEST_CASE(with_no_slow_output_a_split_blocks_nothing_and_each_flow_gets_half) {
  const auto o = cftool::tool("run ../../models/hol_split.yaml --set rxA.drain_every=1 --json");
  BOOST_TEST_REQUIRE(o.status == 0, o.err);
  const json doc = json::parse(o.out);
  BOOST_TEST(doc.at("flows").at("src:rxA").at("throughput").get<double>() == 0.5);
  BOOST_TEST(doc.at("flows").at("src:rxB").at("throughput").get<double>() == 0.5);
  BOOST_TEST(doc.at("links").at("linkA").at("split").at("blocking").get<int>() == 0);
}

BOOST_AUTO_TEST_CASE(a_merge_shares_its_link_by_its_policy_in_both_views) {
  struct Case {
    const char* set;
    double a, b;
    int waits_b;
  };
  for (const Case& c : {Case{"--set arb.policy=round_robin", 0.5, 0.5, 1500},
                        Case{"--set arb.policy=fixed", 1.0, 0.0, 3000},
                        Case{"--set arb.policy=fixed --set arb.priority=in1", 0.0, 1.0, 0},
                        Case{"--set arb.policy=weighted --set arb.weights=3,1", 0.75, 0.25, 2250}}) {
    BOOST_TEST_CONTEXT(c.set) {
      const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL, std::string("run ../../models/merge.yaml ") + c.set);
      BOOST_TEST(throughput(doc, "link") == 1.0);
      const auto& inputs = doc.at("links").at("link").at("merge").at("inputs");
      const auto share = [&](const char* in) { return inputs.contains(in) ? inputs.at(in).at("share").get<double>() : 0.0; };
      BOOST_TEST(share("hopA") == c.a);
      BOOST_TEST(share("hopB") == c.b);
      BOOST_TEST((inputs.contains("hopB") ? inputs.at("hopB").at("waits").get<int>() : 0) == c.waits_b);
      const double flow_a = doc.at("flows").contains("srcA:rx") ? doc.at("flows").at("srcA:rx").at("throughput").get<double>() : 0.0;
      BOOST_TEST(flow_a == c.a);
    }
  }
}

BOOST_AUTO_TEST_CASE(a_merges_inputs_are_diagnosed_by_their_grant_and_counted_in_their_own_class) {
  const auto o = cftool::tool("run ../../models/merge.yaml --json");
  BOOST_TEST_REQUIRE(o.status == 0, o.err);
  const json doc = json::parse(o.out);
  BOOST_TEST(doc.at("diagnosis").at(0).get<std::string>() ==
             "link 'linkA' runs at 0.500 of full rate against 1.000 offered: the sender was out of credits in 1500 of "
             "3000 cycles (0 with the receiver empty, 1500 with it holding flits); it is held back by merge 'arb' "
             "(round_robin) onto link 'link': its hop buffer's head waited there in 1500 of 3000 cycles and got a "
             "share of 0.500 of the 1.000 flits per cycle link 'link' carried");
  BOOST_TEST(doc.at("diagnosis").at(2).get<std::string>() ==
             "link 'link' runs at 1.000 of full rate and never waited for a credit (8 credits, 6-cycle round trip)");
  // Each class is delivered by its own flow, not all under the first input's class.
  BOOST_TEST(doc.at("classes").at("cpu").at("delivered").get<int>() == 1500);
  BOOST_TEST(doc.at("classes").at("dma").at("delivered").get<int>() == 1500);
  BOOST_TEST(doc.at("classes").at("cpu").at("latency").at("histogram").dump() == "[[10,1500]]");

  const auto fixed = cftool::tool("run ../../models/merge.yaml --set arb.policy=fixed");
  BOOST_TEST(fixed.out.find("- link 'linkB' sent nothing in the measurement window: merge 'arb' (fixed) granted its "
                            "hop buffer's head nothing while it waited there in 3000 of 3000 cycles, giving link "
                            "'link' to its other inputs\n") != std::string::npos,
             fixed.out);
}

BOOST_AUTO_TEST_CASE(weighted_random_destinations_split_the_flows_by_their_weights) {
  const auto o = cftool::tool(
      "run ../../models/hol_split.yaml --set rxA.drain_every=1 --set src.choose=random --set src.weights=3,1 "
      "--cycles 40000 --json");
  BOOST_TEST_REQUIRE(o.status == 0, o.err);
  const json doc = json::parse(o.out);
  const double a = doc.at("flows").at("src:rxA").at("created").get<double>();
  const double b = doc.at("flows").at("src:rxB").at("created").get<double>();
  BOOST_TEST(std::abs(a / (a + b) - 0.75) < 0.01, a << " and " << b);
}

BOOST_AUTO_TEST_CASE(a_flit_popped_at_another_receiver_is_counted_as_misrouted_and_fails_the_run) {
  // Routes crossed by mistake: every flit ends at the other receiver.
  cftool::TempDir dir;
  std::string model = cftool::read_file("../../models/hol_split.yaml");
  model.replace(model.find("rxA=out0, rxB=out1"), 18, "rxA=out1, rxB=out0");  // crossed routes
  std::ofstream(dir / "crossed.yaml") << model;
  const auto o = cftool::tool("run " + dir / "crossed.yaml");
  BOOST_TEST(o.status != 0);
  BOOST_TEST(o.err.find("flits of flow src:rxA were popped at another receiver than rxA") != std::string::npos, o.err);
  BOOST_TEST(o.out.find("popped at another receiver") != std::string::npos, o.out);
}

BOOST_AUTO_TEST_CASE(mistakes_in_merges_splits_and_destinations_get_one_line_each) {
  struct Case {
    const char* set;
    const char* says;
  };
  for (const Case& c :
       {Case{"--set src.destinations=hop", "src.destinations names 'hop', a hop_buffer, not a receiver flits end at (allowed: rxA, rxB)"},
        Case{"--set src.destinations=rxC", "src.destinations names 'rxC', no component of the platform"},
        Case{"--set split.routes=rxA=out0,rxB=out2", "split.routes sends rxB to out2, which is not connected (allowed a connected output)"},
        Case{"--set split.routes=rxA=out0,rxB=port", "split.routes: 'rxB=port' is not destination=port"},
        Case{"--set split.routes=rxA=out0,rxA=out1", "'rxA' is routed twice"},
        Case{"--set split.routes=rxA=out0", "a flit from 'src' for 'rxB' has no route"},
        Case{"--set src.choose=random --set src.weights=1,2,3", "3 weights for 2 destinations"},
        Case{"--set src.packet_flits=0", "packet_flits = 0 is out of range"}}) {
    BOOST_TEST_CONTEXT(c.set) {
      const auto o = cftool::tool(std::string("run ../../models/hol_split.yaml ") + c.set);
      BOOST_TEST(o.status != 0);
      BOOST_TEST(o.err.find(c.says) != std::string::npos, o.err);
      BOOST_TEST(std::count(o.err.begin(), o.err.end(), '\n') == 1, o.err);
    }
  }
  const auto o = cftool::tool("run ../../models/merge.yaml --set arb.policy=fixed --set arb.priority=in1,in99");
  BOOST_TEST(o.status != 0);
  BOOST_TEST(o.err.find("arb.priority: 'in99' is not an input (allowed in0..in15, highest first)") != std::string::npos, o.err);
}

BOOST_AUTO_TEST_CASE(the_soc_fabric_answers_its_question_credits_first_then_weights) {
  struct Case {
    const char* set;
    int cpu_p99;
    double dma;
  };
  for (const Case& c : {Case{"--set hop.depth=6", 8572, 0.48}, Case{"--set hop.depth=6 --set arb.weights=4,1", 437, 0.2994},
                        Case{"--set hop.depth=10", 20, 0.5}, Case{"--set hop.depth=10 --set arb.weights=4,1", 16, 0.5}}) {
    BOOST_TEST_CONTEXT(c.set) {
      const auto o = cftool::tool(std::string("run ../../models/soc_fabric.yaml --json ") + c.set);
      BOOST_TEST_REQUIRE(o.status == 0, o.err);
      const json doc = json::parse(o.out);
      BOOST_TEST(doc.at("flows").at("cpu:mem").at("latency").at("p99").get<int>() == c.cpu_p99);
      BOOST_TEST(doc.at("flows").at("dma:mem").at("throughput").get<double>() == c.dma);
      BOOST_TEST(doc.at("accounting") == "checked every cycle");
      BOOST_TEST(doc.at("accounting_violations").get<int>() == 0);
    }
  }
  // At 10 credits every flow gets what it offers: the CPU's 0.3 split 3 to 1, the DMA's 0.5.
  const json full = cftool::same_in_both_views(CREDITFLOW_TOOL, "run ../../models/soc_fabric.yaml --set hop.depth=10");
  BOOST_TEST(full.at("flows").at("cpu:mem").at("throughput").get<double>() == 0.2256);
  BOOST_TEST(full.at("flows").at("cpu:periph").at("throughput").get<double>() == 0.0758);
  // What each flow is offered, beside what it carries: the CPU's 0.3 split 3 to 1, the
  // DMA's 4 flits of every 8 cycles.
  BOOST_TEST(full.at("flows").at("cpu:mem").at("offered").get<double>() == 0.225);
  BOOST_TEST(full.at("flows").at("cpu:periph").at("offered").get<double>() == 0.075);
  BOOST_TEST(full.at("flows").at("dma:mem").at("offered").get<double>() == 0.5);
}

BOOST_AUTO_TEST_CASE(every_source_is_accounted_for_by_holder) {
  const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL, "run ../../models/merge.yaml");
  for (const char* name : {"srcA", "srcB"}) {
    const auto& s = doc.at("sources").at(name);
    std::uint64_t held = 0;
    for (const auto& [holder, n] : s.at("in_flight").items()) held += n.get<std::uint64_t>();
    BOOST_TEST(s.at("created").get<std::uint64_t>() ==
               s.at("delivered").get<std::uint64_t>() + held + s.at("dropped").get<std::uint64_t>());
    BOOST_TEST(s.at("delivered").get<int>() > 2900);
  }
  // A lossy sink's drops count as dropped, under their source.
  const json lossy = cftool::same_in_both_views(CREDITFLOW_TOOL, "run ../../models/lossy_stall.yaml");
  BOOST_TEST(lossy.at("sources").at("src").at("dropped").get<int>() == lossy.at("links").begin()->at("dropped").get<int>());
  BOOST_TEST(lossy.at("sources").at("src").at("dropped").get<int>() > 0);
  // A kind that does not count its flits turns the check off, and says which.
  const auto cdc = cftool::tool("run ../../models/cdc_fifo.yaml --json");
  BOOST_TEST(json::parse(cdc.out).at("accounting") == "off: fifo (async_fifo) does not count the flits it holds");
}

BOOST_AUTO_TEST_CASE(a_ring_of_full_buffers_is_named_as_the_cycle_that_holds_it) {
  for (const char* view : {"cycle", "tl"}) {
    BOOST_TEST_CONTEXT(view) {
      const auto o = cftool::tool(std::string("run ring_deadlock.yaml --json --view ") + view);
      BOOST_TEST(o.status == 1);
      const json doc = json::parse(o.out);
      BOOST_TEST(doc.at("status") == "deadlocked");
      BOOST_TEST(doc.at("wait_cycle") == "hop1 (2 of 2) -> hop2 (2 of 2) -> hop3 (2 of 2) -> hop1");
      BOOST_TEST(doc.at("problems").at(0).get<std::string>() ==
                 "deadlock: buffers wait for each other in a cycle, each holding flits for the next, whose sender "
                 "has no credit left: hop1 (2 of 2) -> hop2 (2 of 2) -> hop3 (2 of 2) -> hop1");
      // Nothing lost on the way: the 7 flits made are in the ring and the source queue.
      BOOST_TEST(doc.at("sources").at("src").at("created").get<int>() == 7);
      BOOST_TEST(doc.at("accounting_violations").get<int>() == 0);
    }
  }
}

BOOST_AUTO_TEST_CASE(a_2x2_mesh_of_hops_splits_and_merges_routes_every_flow_in_both_views) {
  const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL, "run ../../models/mesh2x2.yaml");
  BOOST_TEST(doc.at("status") == "ok");
  BOOST_TEST(doc.at("accounting") == "checked every cycle");
  const auto& flows = doc.at("flows");
  BOOST_TEST(flows.size() == 12u);  // every node to the three others
  for (const auto& [name, f] : flows.items()) {
    BOOST_TEST_CONTEXT(name) {
      BOOST_TEST(f.at("throughput").get<double>() >= 0.2726);
      BOOST_TEST(f.at("throughput").get<double>() <= 0.273);
      BOOST_TEST(f.at("misdelivered").get<int>() == 0);
    }
  }
  // Two hops and a turn from 00 to 11: 11 or 13 cycles from creation to the final pop.
  BOOST_TEST(flows.at("src00:rx11").at("latency").at("histogram").dump() == "[[11,546],[13,272]]");
  BOOST_TEST(doc.at("links").at("linkX00").at("throughput").get<double>() == 1637.0 / 3000.0);
  bool named = false;
  for (const auto& line : doc.at("diagnosis"))
    named = named || line.get<std::string>() ==
                         "link 'linkX00' runs at 0.546 of full rate and never waited for a credit (4 credits, 6-cycle "
                         "round trip); it is held back by the consumer of link 'linkY00' through the shared buffer "
                         "before split 'splitL00', not by its own credits: in 272 of 3000 cycles it was ready while "
                         "the split's head waited for link 'linkY00' (head-of-line blocking)";
  BOOST_TEST(named, doc.at("diagnosis").dump(1));
}

// A fixed-priority merge whose high input never pauses starves the low one: the output
// moves, so that is starvation, not deadlock. The run goes to its end in both views and
// says who waited, how long and who was served; a merge whose output stops is still a
// deadlock.
BOOST_AUTO_TEST_CASE(a_starved_merge_input_is_named_as_starved_and_the_run_finishes) {
  const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL,
                                              "run ../../models/merge.yaml --set arb.policy=fixed --cycles 30000");
  BOOST_TEST(doc.at("links").at("link").at("throughput").get<double>() == 1.0);  // measured to cycle 30000
  BOOST_TEST(doc.at("links").at("linkB").at("deadlock_cycle").get<int>() == 0);
  BOOST_TEST(doc.at("links").at("linkB").at("starved_cycles").get<int>() == 29996);
  BOOST_TEST(doc.at("links").at("linkB").at("starved_since").get<int>() == 4);
  BOOST_TEST(doc.at("links").at("linkA").at("starved_cycles").get<int>() == 0);
  BOOST_TEST(doc.at("diagnosis").at(0).get<std::string>() ==
             "link 'linkB' is starved, not deadlocked: merge 'arb' (fixed) handed on no flit of its input in1 for 29996 "
             "cycles from cycle 4, serving in0 (link 'linkA') instead; a fixed priority serves in1 only in cycles its "
             "higher inputs offer nothing (round_robin or weighted would give it a share)");
  BOOST_TEST(doc.at("status") == "ok");
  const auto stalled = cftool::tool("run ../../models/merge.yaml --set arb.policy=fixed --set rx.stall_from=100 "
                                    "--set rx.stall_cycles=1000000 --cycles 30000 --json");
  BOOST_TEST(stalled.status == 1);
  const json stuck = json::parse(stalled.out);
  BOOST_TEST(stuck.at("links").at("link").at("deadlock_cycle").get<int>() == 10106);
  BOOST_TEST(stuck.at("status") == "deadlocked");
}

// A link fed through a merge is offered what its feeders are (0.3 + 0.5): sized for that,
// with a credit of slack for random arrivals, and never called held back downstream when
// it carries it.
BOOST_AUTO_TEST_CASE(a_merged_link_is_sized_for_what_its_feeders_offer) {
  const json shipped = cftool::same_in_both_views(CREDITFLOW_TOOL, "run ../../models/soc_fabric.yaml");
  const auto line_of = [](const json& doc, const std::string& start) {
    for (const json& l : doc.at("diagnosis"))
      if (l.get<std::string>().rfind(start, 0) == 0) return l.get<std::string>();
    return std::string();
  };
  BOOST_TEST(line_of(shipped, "link 'link' ") ==
             "link 'link' runs at 0.600 of full rate: its 6 credits cover 6 of the 10-cycle round trip; it needs B >= 9 "
             "for its offered rate of 0.800 (rate x round trip is 8, and random arrivals at exactly that rate queue "
             "without end; the sender was out of credits with the receiver empty in 4000 of 10000 cycles)");
  BOOST_TEST(shipped.at("links").at("link").at("depth_needed").get<int>() == 9);
  for (const char* depth : {"9", "12"}) {
    const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL, std::string("run ../../models/soc_fabric.yaml --set hop.depth=") + depth);
    const std::string line = line_of(doc, "link 'link' ");
    BOOST_TEST(line.rfind("link 'link' carries its offered load of 0.800 (0.801 measured over 10000 cycles)", 0) == 0u, line);
    BOOST_TEST(line.find("held back") == std::string::npos, line);
    BOOST_TEST(line.find("its flits come from links 'linkC' and 'linkD' upstream") != std::string::npos, line);
  }
}

// Arbitration groups (models/merge_groups.yaml): the CPU strictly before two DMA engines,
// round robin between the DMAs. The CPU gets all it offers at a fixed latency and never
// waits at the merge; the DMAs share the rest. One group (plain round robin) caps the CPU
// at a third, and its queue grows.
BOOST_AUTO_TEST_CASE(merge_groups_put_the_cpu_first_and_the_dmas_in_turn_in_both_views) {
  const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL, "run ../../models/merge_groups.yaml");
  const json& arb = doc.at("links").at("link").at("merge");
  BOOST_TEST(arb.at("policy").get<std::string>() == "strict between groups (in0; in1, in2), round_robin within");
  BOOST_TEST(arb.at("inputs").at("hopC").at("waits").get<int>() == 0);
  BOOST_TEST(arb.at("inputs").at("hopC").at("transfers").get<int>() == 9055);
  BOOST_TEST(arb.at("inputs").at("hopD0").at("transfers").get<int>() == 4473);
  BOOST_TEST(arb.at("inputs").at("hopD1").at("transfers").get<int>() == 4472);
  BOOST_TEST(doc.at("flows").at("cpu:rx").at("throughput").get<double>() == 9056.0 / 18000);  // all 0.5 offers
  BOOST_TEST(doc.at("flows").at("cpu:rx").at("latency").at("p99").get<int>() == 5);
  BOOST_TEST(doc.at("flows").at("dma0:rx").at("throughput").get<double>() == 4472.0 / 18000);
  const json one = cftool::same_in_both_views(CREDITFLOW_TOOL, "run ../../models/merge_groups.yaml --set arb.groups=");
  BOOST_TEST(one.at("links").at("link").at("merge").at("policy").get<std::string>() == "round_robin");
  BOOST_TEST(one.at("flows").at("cpu:rx").at("throughput").get<double>() == 6000.0 / 18000);
  BOOST_TEST(one.at("flows").at("cpu:rx").at("latency").at("p99").get<int>() > 1000);
}

BOOST_AUTO_TEST_CASE(merge_groups_refuse_what_is_not_a_partition_of_inputs) {
  const auto err = [](const std::string& groups) {
    return cftool::tool("run ../../models/merge_groups.yaml --set 'arb.groups=" + groups + "'").err;
  };
  BOOST_TEST(err("in0; in0, in1") ==
             "creditflow: arb: groups lists input 0 twice (allowed each input in at most one group)\n");
  BOOST_TEST(err("in0;; in1") == "creditflow: arb.groups: an empty group in 'in0;; in1' (allowed inputs separated by "
                                 "',' in groups separated by ';', e.g. \"in0; in1, in2\")\n");
  BOOST_TEST(err("in0; cpu") == "creditflow: arb.groups: 'cpu' is not an input (allowed in0..in15, highest first)\n");
}
