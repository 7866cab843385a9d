// The two views of a platform give identical figures: every model in models/ (and the
// tool tests' platforms) at its own parameters and at random points drawn from each
// model's axes, with several seeds. The cycle view runs in a child process (SystemC
// elaborates once per process), the transaction-level view in this one; the JSON
// documents must match byte for byte once the `view` key is set aside.
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "creditflow/core/error.hpp"
#include "creditflow/platform/isolated_run.hpp"
#include "creditflow/platform/netlist.hpp"
#include "creditflow/platform/results.hpp"
#include "creditflow/platform/simulate.hpp"

namespace cf = creditflow;
namespace pf = creditflow::platform;

namespace {

using Axes = std::vector<std::pair<std::string, std::vector<std::string>>>;

std::string figures(const pf::Platform& p, const pf::RunResult& r) {
  auto doc = nlohmann::json::parse(pf::run_json(p, r));
  BOOST_TEST(doc.at("view") == r.view);
  doc.erase("view");
  std::string out = doc.dump(1);
  for (const std::string& v : r.first_violations) out += "\nviolation: " + v;
  return out;
}

std::uint64_t jumps_seen = 0;    // steady-state jumps the TL runs took
std::uint64_t skipped_seen = 0;  // cycles the TL runs crossed as idle stretches
std::uint64_t asleep_seen = 0;   // part-cycles routers and channels slept in the TL runs
std::uint64_t parked_seen = 0;   // loop-cycles the TL runs observed as parked stretches

// Runs `file` with `sets` in both views (for `cycles` where given, else the file's); false
// if the point does not resolve.
bool compare_views(const std::string& file, const std::vector<std::string>& sets, const std::string& seed,
                   const std::string& cycles = "") {
  const pf::Registry registry = pf::builtin_registry();
  std::vector<pf::Override> overrides;
  for (const std::string& s : sets) overrides.push_back(pf::parse_override(s, "--set"));
  pf::RunOverrides run;
  run.seed = seed;
  if (!cycles.empty()) run.cycles = cycles;
  pf::Platform p;
  try {
    p = pf::resolve(pf::load_netlist(file), registry, overrides, run);
  } catch (const cf::ParameterError&) {
    return false;  // e.g. more credits than the drawn depth: neither view runs it
  }
  const auto cycle = pf::run_isolated([&] { return figures(p, pf::simulate(p, registry)); });
  BOOST_REQUIRE_MESSAGE(cycle.ok, cycle.error);
  std::string point = file + " --seed " + seed;
  for (const std::string& s : sets) point += " --set " + s;
  const pf::RunResult tl_result = pf::simulate_tl(p);
  jumps_seen += tl_result.jumps;
  skipped_seen += tl_result.idle_cycles_skipped;
  asleep_seen += tl_result.part_cycles_asleep;
  parked_seen += tl_result.loop_cycles_parked;
  const std::string tl = figures(p, tl_result);
  BOOST_TEST_INFO(point);
  BOOST_TEST(tl == cycle.output);
  return true;
}

// The model at its own parameters, then `points` random points of `axes`.
void check_model(const std::string& model, const Axes& axes, int points) {
  const std::string file = std::string(CREDITFLOW_SOURCE_DIR) + "/" + model;
  BOOST_TEST(compare_views(file, {}, "1"));
  std::mt19937 rng(20261202);  // fixed: the same points every run
  const std::vector<std::string> seeds{"1", "7", "12345"};
  int compared = 0;
  for (int attempt = 0; compared < points && attempt < points * 10; ++attempt) {
    std::vector<std::string> sets;
    for (const auto& [param, values] : axes) sets.push_back(param + "=" + values[rng() % values.size()]);
    compared += compare_views(file, sets, seeds[rng() % seeds.size()]);
  }
  BOOST_TEST(compared == points);
}

}  // namespace

BOOST_AUTO_TEST_CASE(credit_loop_views_agree) {
  check_model("models/credit_loop.yaml",
              {{"link.forward_latency", {"0", "1", "2", "4", "7"}},
               {"link.credit_latency", {"0", "1", "3", "5"}},
               {"rx.depth", {"1", "2", "3", "5", "8", "12", "16"}},
               {"rx.drain_every", {"1", "1", "2", "3"}},
               {"rx.drain_rate", {"1", "1", "0.6"}},
               {"rx.stall_from", {"100", "3100"}},
               {"rx.stall_cycles", {"0", "0", "50"}},
               {"src.pattern", {"saturating", "periodic", "burst", "bernoulli"}},
               {"src.every", {"1", "3", "10"}},
               {"src.burst_on", {"1", "3"}},
               {"src.burst_off", {"0", "5"}},
               {"src.rate", {"0.3", "0.9"}},
               {"src.queue_depth", {"1", "4", "1024"}}},
              24);
  BOOST_TEST(jumps_seen > 0u);  // deterministic points reach a steady state and jump it
}

BOOST_AUTO_TEST_CASE(sparse_traffic_crossed_in_idle_stretches_gives_the_same_figures) {
  // Random and periodic sources far below the link's rate, random drains: the TL view
  // moves every part across the cycles where nothing but the link's stages would change.
  const std::string file = std::string(CREDITFLOW_SOURCE_DIR) + "/models/credit_loop.yaml";
  const std::vector<std::vector<std::string>> points{
      {"src.pattern=bernoulli", "src.rate=0.01", "rx.drain_rate=0.95", "rx.depth=10"},  // gaps drawn
      {"src.pattern=bernoulli", "src.rate=0.2", "rx.drain_rate=0.5", "link.latency=9"},  // coins
      {"src.pattern=periodic", "src.every=37", "rx.drain_every=3", "link.forward_latency=0"},
      {"src.pattern=burst", "src.burst_on=4", "src.burst_off=60", "rx.stall_from=100", "rx.stall_cycles=50"},
      {"src.pattern=bernoulli", "src.rate=0.05", "link.credit_latency=0", "rx.depth=1"}};
  for (const auto& sets : points)
    for (const char* seed : {"1", "7"}) {
      const std::uint64_t before = skipped_seen;
      BOOST_TEST(compare_views(file, sets, seed));
      BOOST_TEST_MESSAGE(sets.at(1) << " seed " << seed << ": " << skipped_seen - before << " of 6000 cycles skipped");
      // At 1% a flit keeps the loop busy for about 4 of its 100 cycles (5437 and 5585 of
      // 6000 skipped with these seeds); the deterministic points jump their steady state
      // once they reach it, so they skip less.
      if (sets.at(1) == "src.rate=0.01") BOOST_TEST(skipped_seen - before > 5000u);
    }
  BOOST_TEST(skipped_seen > 20000u, skipped_seen << " cycles skipped");
}

BOOST_AUTO_TEST_CASE(routers_and_channels_asleep_give_the_same_figures) {
  // The TL view steps no router, vc_link or network interface that holds nothing until a
  // flit or a credit reaches it (nor, beside them, a source or receiver with nothing to do) (run/sleeping_parts.hpp): the figures stay the cycle view's, at a
  // light load (most parts asleep), a heavy one (woken and put back every few cycles), with
  // routers stepping 1.5 times a cycle (their count of partial steps moved across the
  // sleep), and on the SoC whose memory controller is in another clock.
  const std::string mesh = std::string(CREDITFLOW_SOURCE_DIR) + "/models/hand_wired_mesh.yaml";
  const auto rates = [](const char* rate) {
    std::vector<std::string> sets;
    for (const char* src : {"src0", "src1", "src2", "src3"}) sets.push_back(std::string(src) + ".rate=" + rate);
    return sets;
  };
  // 4 routers, 16 channels, 4 interfaces, 4 sources and 4 receivers over 6000 cycles: 192000
  // part-cycles, less the stretches where every part is idle, which the whole platform
  // crosses at once.
  for (const char* seed : {"1", "7"}) {
    std::uint64_t before = asleep_seen;
    BOOST_TEST(compare_views(mesh, rates("0.02"), seed, "6000"));
    BOOST_TEST_MESSAGE("rate 0.02 seed " << seed << ": " << asleep_seen - before << " of 192000 part-cycles asleep");
    BOOST_TEST(asleep_seen - before > 90000u);
    before = asleep_seen;
    BOOST_TEST(compare_views(mesh, rates("0.3"), seed, "6000"));
    BOOST_TEST_MESSAGE("rate 0.3 seed " << seed << ": " << asleep_seen - before << " of 192000 part-cycles asleep");
    BOOST_TEST(asleep_seen - before > 10000u);
  }
  // 1.5 steps a cycle, its partial steps counted across a sleep; 2, crossed at once.
  for (const char* steps : {"1.5", "2"}) {
    std::vector<std::string> speedup = rates("0.05");
    for (const char* r : {"r0", "r1", "r2", "r3"}) speedup.push_back(std::string(r) + ".internal_speedup=" + steps);
    BOOST_TEST(compare_views(mesh, speedup, "3", "6000"));
  }
  BOOST_TEST(compare_views(std::string(CREDITFLOW_SOURCE_DIR) + "/models/soc_on_mesh.yaml", {"net.k=3"}, "5", "8000"));
}

BOOST_AUTO_TEST_CASE(sources_and_receivers_asleep_until_their_next_packet_give_the_same_figures) {
  // Beside routers, channels and interfaces, a traffic source sleeps until its next packet
  // falls due and a credit receiver while empty (the platform's parts nearly all may
  // sleep): the 4 sources and 4 receivers add to what the 24 others could sleep at most
  // (144000 part-cycles of 6000 cycles), the loops whose parts all sleep are parked, and
  // the figures stay the cycle view's. On a single
  // link they do not sleep (too few parts may: their sleeps cost more than they save).
  const std::string models = std::string(CREDITFLOW_SOURCE_DIR) + "/models/";
  std::vector<std::string> sets;
  for (const char* src : {"src0", "src1", "src2", "src3"}) sets.push_back(std::string(src) + ".rate=0.02");
  std::uint64_t before = asleep_seen, parked_before = parked_seen;
  BOOST_TEST(compare_views(models + "hand_wired_mesh.yaml", sets, "3", "6000"));
  BOOST_TEST_MESSAGE("rate 0.02: " << asleep_seen - before << " of 192000 part-cycles asleep, "
                                   << parked_seen - parked_before << " of 24000 loop-cycles parked");
  BOOST_TEST(asleep_seen - before > 144000u);
  // The credit loop from each interface to its receiver is parked while both sleep: its
  // monitor takes those cycles as one idle stretch, with the same figures.
  BOOST_TEST(parked_seen - parked_before > 12000u);
  before = asleep_seen;
  BOOST_TEST(compare_views(models + "first_link.yaml", {"src.rate=0.05"}, "3", "6000"));
  BOOST_TEST(asleep_seen - before == 0u);
}

BOOST_AUTO_TEST_CASE(sparse_paths_crossed_in_idle_stretches_give_the_same_figures) {
  // Hop buffers, merges, splits and ready/valid sinks say when they are idle too (empty, or
  // holding nothing and offered nothing), so paths at low load are crossed as well.
  const std::vector<std::pair<std::string, std::vector<std::string>>> points{
      {"two_hop_chain", {"src.pattern=bernoulli", "src.rate=0.01"}},
      {"two_hop_chain", {"src.pattern=bernoulli", "src.rate=0.02", "src.packet_flits=3", "hop.drain_rate=0.7"}},
      {"hol_split", {"src.pattern=bernoulli", "src.rate=0.02"}},
      {"merge", {"srcA.pattern=bernoulli", "srcA.rate=0.01", "srcB.pattern=bernoulli", "srcB.rate=0.01",
                 "srcA.packet_flits=2", "arb.policy=weighted", "arb.weights=3,1"}},
      // timing.md section 2's ready/valid sink, lossy, behind a consumer stall
      {"lossy_stall", {"src.pattern=bernoulli", "src.rate=0.02", "src.beats=0", "sink.drain_rate=0.5"}},
      // beats dropped in a long stall: the shadow FIFO sizing the depth drains after it
      {"lossy_stall", {"src.pattern=bernoulli", "src.rate=0.03", "src.beats=0", "sink.stall_from=100",
                       "sink.stall_cycles=2000"}}};
  for (const auto& [model, sets] : points) {
    const std::uint64_t before = skipped_seen;
    BOOST_TEST(compare_views(std::string(CREDITFLOW_SOURCE_DIR) + "/models/" + model + ".yaml", sets, "3", "6000"));
    BOOST_TEST_MESSAGE(model << " " << sets.at(1) << ": " << skipped_seen - before << " of 6000 cycles skipped");
    // 4997, 4267, 4799, 3695, 5211 and 3489 with this seed: every path crosses most of
    // its cycles (the last none of its 2000 stalled ones, which hold beats: 66 dropped).
    BOOST_TEST(skipped_seen - before > 3000u);
  }
}

BOOST_AUTO_TEST_CASE(lossy_stall_views_agree) {
  check_model("models/lossy_stall.yaml",
              {{"sink.depth", {"1", "2", "4", "8"}},
               {"sink.backpressure", {"true", "false"}},
               {"sink.stall_from", {"0", "1", "5"}},
               {"sink.stall_cycles", {"0", "6", "12"}},
               {"sink.drain_every", {"1", "2"}},
               {"sink.drain_rate", {"1", "0.5"}},
               {"src.beats", {"0", "12", "30"}},
               {"src.pattern", {"saturating", "bernoulli"}}},
              16);
}

BOOST_AUTO_TEST_CASE(credit_stall_views_agree) {
  check_model("models/credit_stall.yaml",
              {{"src.credits", {"1", "2", "4"}},
               {"src.return_delay", {"0", "1", "3"}},
               {"sink.depth", {"4", "6"}},
               {"sink.backpressure", {"true", "false"}},
               {"sink.stall_cycles", {"0", "6", "20"}},
               {"sink.drain_rate", {"1", "0.7"}},
               {"src.beats", {"0", "40"}}},
              16);
}

BOOST_AUTO_TEST_CASE(cdc_fifo_views_agree) {
  check_model("models/cdc_fifo.yaml",
              {{"wr_clk.period", {"1ns", "1.5ns", "2.2ns"}},
               {"rd_clk.period", {"1ns", "0.7ns", "3ns"}},
               {"rd_clk.phase", {"0ns", "0.3ns"}},
               {"fifo.depth", {"2", "5", "9", "16"}},
               {"fifo.sync_stages", {"2", "3"}},
               {"fifo.uncertainty", {"0", "0.5", "1"}},
               {"fifo.drain_rate", {"1", "0.6"}},
               {"src.pattern", {"saturating", "bernoulli"}},
               {"src.rate", {"0.4"}}},
              16);
}

BOOST_AUTO_TEST_CASE(cdc_credit_return_views_agree) {
  check_model("models/cdc_credit_return.yaml",
              {{"crossing.kind", {"gray", "toggle", "pulse"}},
               {"tx_clk.period", {"2.2ns", "1ns", "0.6ns"}},
               {"rx_clk.period", {"1ns", "1.7ns"}},
               {"rx_clk.phase", {"0ns", "0.4ns"}},
               {"rx.depth", {"2", "6", "16"}},
               {"rx.drain_rate", {"1", "0.5"}},
               {"link.sync_stages", {"2", "3"}},
               {"link.uncertainty", {"0", "0.5"}},
               {"crossing.sync_stages", {"2", "4"}},
               {"crossing.uncertainty", {"0", "0.5"}}},
              16);
}

BOOST_AUTO_TEST_CASE(dma_irq_classes_views_agree) {
  check_model("models/dma_irq_classes.yaml",
              {{"rx.policy", {"shared", "split", "reserved"}},
               {"tx.arbitration", {"strict", "round_robin", "weighted"}},
               {"tx.weights", {"1", "3, 1"}},
               {"rx.bypass", {"true", "false"}},
               {"rx.depth", {"4", "8", "12"}},
               {"rx.data_depth", {"0", "32"}},
               {"tx.payload_bytes", {"0", "64/16"}},
               {"tx.pattern", {"saturating, periodic", "bernoulli, saturating"}},
               {"rx.drain_every", {"4, 1", "1, 2"}},
               {"rx.drain_rate", {"1", "0.8, 1"}}},
              16);
}

// Section 4's classes over a pipelined class link, wires (0 stages) included: a link whose
// two directions are both wires feeds a bypass receiver and is fed by it, which the TL
// view drives as two paths, not as a loop.
BOOST_AUTO_TEST_CASE(class_round_trip_views_agree) {
  check_model("models/class_round_trip.yaml",
              {{"rx.policy", {"shared", "split", "reserved"}},
               {"link.forward_latency", {"0", "1", "5", "20"}},
               {"link.credit_latency", {"0", "2", "19"}},
               {"rx.bypass", {"true", "false"}},
               {"tx.arbitration", {"strict", "round_robin"}},
               {"tx.pattern", {"saturating, periodic", "bernoulli, saturating"}},
               {"rx.drain_rate", {"1", "0.7, 1"}},
               {"rx.data_depth", {"0", "12", "32"}},
               {"tx.payload_bytes", {"0", "64/16, 32"}}},
              16);
}

// A real combinational loop is still refused by the TL view, in one line.
BOOST_AUTO_TEST_CASE(combinational_ring_is_refused_by_the_tl_view) {
  const std::string file = "views_test_ring.yaml";
  {
    std::ofstream out(file);
    out << "components:\n  a: { kind: flit_fault }\n  b: { kind: flit_fault }\n"
           "connections:\n  - a.out -> b.in\n  - b.out -> a.in\nrun: { cycles: 10 }\n";
  }
  const pf::Registry registry = pf::builtin_registry();
  const pf::Platform p = pf::resolve(pf::load_netlist(file), registry, {});
  try {
    pf::simulate_view(p, registry, "tl");
    BOOST_FAIL("expected an error");
  } catch (const cf::Error& e) {
    BOOST_TEST(std::string(e.what()) == file + ": a combinational loop passes through 'a'; the transaction-level "
                                               "view needs a register in every loop (run it with --view cycle)");
  }
  std::remove(file.c_str());
}

// Register slices (backpressure through registers) and the tool tests' other platforms.
BOOST_AUTO_TEST_CASE(tool_test_platforms_views_agree) {
  for (const char* file : {"tests/tool/slices.yaml", "tests/tool/good.yaml", "tests/tool/classes.yaml",
                           "tests/tool/classes_seq.yaml"})
    BOOST_TEST(compare_views(std::string(CREDITFLOW_SOURCE_DIR) + "/" + file, {}, "3"));
  check_model("tests/tool/slices.yaml",
              {{"s1.entries", {"1", "2"}},
               {"sink.depth", {"1", "2", "5"}},
               {"sink.stall_cycles", {"0", "10", "30"}},
               {"src.pattern", {"saturating", "bernoulli"}}},
              8);
}

// A kind without a transaction-level view is refused with one line saying what to do.
BOOST_AUTO_TEST_CASE(kind_without_tl_view_is_refused) {
  pf::Registry registry = pf::builtin_registry();
  pf::KindSpec probe = *registry.find("credit_receiver");
  probe.name = "cycle_only_receiver";
  probe.tl_factory = nullptr;
  registry.add(probe);
  const std::string file = std::string(CREDITFLOW_SOURCE_DIR) + "/models/credit_loop.yaml";
  const pf::Platform p = pf::resolve(pf::load_netlist(file), registry,
                                     {pf::parse_override("rx.kind=cycle_only_receiver", "--set")});
  try {
    pf::simulate_view(p, registry, "tl");
    BOOST_FAIL("expected an error");
  } catch (const cf::Error& e) {
    BOOST_TEST(std::string(e.what()).find("component 'rx' of kind 'cycle_only_receiver' has no transaction-level "
                                          "view; run it with --view cycle") != std::string::npos);
  }
}

// timing.md section 5's paths: chains, splits and merges, with packets of several flits.
BOOST_AUTO_TEST_CASE(two_hop_chain_views_agree) {
  check_model("models/two_hop_chain.yaml",
              {{"link1.latency", {"0", "1", "2", "5"}},
               {"link2.latency", {"1", "4", "6"}},
               {"hop.depth", {"1", "2", "4", "9"}},
               {"rx.depth", {"2", "4", "10"}},
               {"rx.drain_every", {"1", "2", "3"}},
               {"src.pattern", {"saturating", "bernoulli", "periodic"}},
               {"src.rate", {"0.3", "0.8"}},
               {"src.every", {"2", "3"}}},
              12);
}

BOOST_AUTO_TEST_CASE(hol_split_views_agree) {
  check_model("models/hol_split.yaml",
              {{"rxA.drain_every", {"1", "2", "4"}},
               {"rxB.drain_rate", {"1", "0.5"}},
               {"hop.depth", {"1", "2", "4", "6"}},
               {"link.latency", {"0", "1", "3"}},
               {"src.choose", {"list", "random"}},
               {"src.destinations", {"rxA, rxB", "rxA, rxA, rxB", "rxB"}},
               {"src.packet_flits", {"1", "2", "3"}},
               {"src.pattern", {"saturating", "bernoulli"}}},
              12);
}

BOOST_AUTO_TEST_CASE(merged_classes_views_agree) {
  check_model("models/merged_classes.yaml",
              {{"rx.policy", {"shared", "reserved", "split"}},
               {"cpu.rate", {"0.1", "0.5"}},
               {"rx.drain_every", {"1, 2", "1, 1", "2, 3"}},
               {"tx.queue_depth", {"1, 1", "2, 2", "4, 1"}},
               {"link.latency", {"0", "2", "4"}},
               {"arb.groups", {"in0; in1, in2", ""}},
               {"tx.width", {"0", "16"}},
               {"tx.payload_bytes", {"0", "32, 64"}}},
              12);
}

BOOST_AUTO_TEST_CASE(soc_on_mesh_views_agree) {
  check_model("models/soc_on_mesh.yaml",
              {{"cpu.rate", {"0.05", "0.2"}},
               {"dma0.rate", {"0.1", "0.4"}},
               {"mem.queue_depth", {"4", "8", "18"}},
               {"mem.latency", {"5", "20"}},
               {"rsp_hop.depth", {"2", "8"}},
               {"cpu.destinations", {"mem"}},
               {"net.node0.queue_depth", {"2", "16"}}},
              8);
}

BOOST_AUTO_TEST_CASE(merge_views_agree) {
  check_model("models/merge.yaml",
              {{"arb.policy", {"round_robin", "fixed", "weighted"}},
               {"arb.weights", {"1", "3,1", "2,5"}},
               {"arb.priority", {"", "in1"}},
               {"srcA.packet_flits", {"1", "2", "4"}},
               {"srcB.packet_flits", {"1", "3"}},
               {"srcB.pattern", {"saturating", "bernoulli", "periodic"}},
               {"srcB.every", {"2", "5"}},
               {"link.latency", {"0", "2", "5"}},
               {"rx.drain_every", {"1", "2"}},
               {"hopA.depth", {"1", "4"}}},
              12);
}
