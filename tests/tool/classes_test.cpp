// timing.md section 4 and multi-class links through the tool.
#include <boost/test/unit_test.hpp>
#include <algorithm>
#include <nlohmann/json.hpp>

#include "harness.hpp"

using nlohmann::json;

namespace {
// A run that must exit `status`: 1 for a run that found a problem (a class that can never send).
json run(const std::string& args, int status = 0) {
  const auto o = cftool::tool(args + " --json");
  BOOST_TEST_REQUIRE(o.status == status, o.err);
  return json::parse(o.out);
}
}  // namespace

BOOST_AUTO_TEST_CASE(spec4_figures_under_every_policy) {
  struct Want {
    const char* policy;
    int worst_wait, sent, refused;
  };
  for (const Want& w : {Want{"shared", 101, 200, 199}, Want{"split", 0, 400, 0}, Want{"reserved", 0, 400, 0}}) {
    const json doc = run(std::string("run ../../models/dma_irq_classes.yaml --set rx.policy=") + w.policy);
    const json& b = doc.at("classes").at("B");
    BOOST_TEST(b.at("credit_wait").at("max").get<int>() == w.worst_wait, w.policy);
    BOOST_TEST(b.at("sent").get<int>() == w.sent, w.policy);
    BOOST_TEST(b.at("refused").get<int>() == w.refused, w.policy);
    BOOST_TEST(doc.at("links").at("rx").at("conservation_violations").get<int>() == 0, w.policy);
    for (const char* key : {"delivered", "throughput", "stall_cycles"}) BOOST_TEST(b.contains(key), key);
    for (const char* key : {"mean", "p50", "p99", "max", "histogram"}) {
      BOOST_TEST(b.at("latency").contains(key), key);
      BOOST_TEST(b.at("credit_wait").contains(key), key);
    }
  }
}

BOOST_AUTO_TEST_CASE(shared_pool_diagnosis_names_the_starving_class) {
  const json doc = run("run ../../models/dma_irq_classes.yaml");
  BOOST_TEST(doc.at("diagnosis").at(0).get<std::string>() ==
             "class 'B' on link 'rx' waited for credits in 2396 cycles, up to 101 cycles for one packet: class 'A' "
             "held the shared pool in 2396 of them (shared (0+0 reserved, 8 shared)); reserve credits for 'B' or "
             "split the pool");
  const json& hist = doc.at("classes").at("B").at("credit_wait").at("histogram");
  BOOST_TEST(hist.back().at(0).get<int>() == 101);  // the worst wait, as [cycles, count]
  BOOST_TEST(hist.back().at(1).get<int>() == 19);   // once per blocked phase; the 20th is unsent at the end
}

BOOST_AUTO_TEST_CASE(round_robin_shares_within_one_word_from_yaml) {
  const json c = run("run classes.yaml").at("classes");
  const int x = c.at("X").at("sent").get<int>(), y = c.at("Y").at("sent").get<int>(), z = c.at("Z").at("sent").get<int>();
  BOOST_TEST(x + y + z == 1000);
  BOOST_TEST(std::max({x, y, z}) - std::min({x, y, z}) <= 1);
}

BOOST_AUTO_TEST_CASE(weighted_shares_from_yaml) {
  const json c = run("run classes.yaml --set tx.arbitration=weighted --set tx.weights=5,2,1 --cycles 800").at("classes");
  BOOST_TEST(c.at("X").at("sent").get<int>() == 500);
  BOOST_TEST(c.at("Y").at("sent").get<int>() == 200);
  BOOST_TEST(c.at("Z").at("sent").get<int>() == 100);
}

BOOST_AUTO_TEST_CASE(data_credits_limit_large_packets) {
  // X sends 64-byte packets (4 data credits of 16 bytes), Y and Z bare words; its
  // consumer pops only when t % 4 == 0: 250 pops in 1000 cycles.
  const std::string base = "run classes.yaml --set tx.payload_bytes=64,0,0 --set rx.drain_every=4,1,1 "
                           "--set rx.policy=split ";
  auto x_of = [](const json& doc) { return doc.at("classes").at("X"); };
  // 12 data credits split: X's 4 hold one packet, so at most one is ever in flight.
  const json tight = run(base + "--set rx.data_depth=12");
  BOOST_TEST(tight.at("links").at("rx").at("conservation_violations").get<int>() == 0);
  BOOST_TEST(x_of(tight).at("delivered").get<int>() == 250);
  BOOST_TEST(x_of(tight).at("sent").get<int>() - x_of(tight).at("delivered").get<int>() == 1);
  // Plenty of data credits: X's header share (6 of 16) bounds what waits instead.
  const json roomy = run(base + "--set rx.data_depth=120");
  BOOST_TEST(x_of(roomy).at("delivered").get<int>() == 250);
  BOOST_TEST(x_of(roomy).at("sent").get<int>() - x_of(roomy).at("delivered").get<int>() == 6);
  // Fewer data credits than one packet needs: it can never go.
  const json none =
      run("run classes.yaml --set rx.data_depth=3 --set tx.payload_bytes=64,0,0 --set rx.policy=split", 1);
  BOOST_TEST(none.at("status") == "stuck");
  BOOST_TEST(x_of(none).at("sent").get<int>() == 0);
  BOOST_TEST(x_of(none).at("stall_cycles").get<int>() == 1000);
}

BOOST_AUTO_TEST_CASE(class_validation_errors) {
  auto err = [](const std::string& args) { return cftool::tool(args).err; };
  BOOST_TEST(err("run classes.yaml --set tx.policy=split") ==
             "creditflow: classes.yaml:3: credit loop of tx: tx.policy = split but its receiver rx advertises shared "
             "(write policy: ${rx.policy})\n");
  BOOST_TEST(err("run classes.yaml --set rx.drain_every=1,2") ==
             "creditflow: --set rx.drain_every=1,2: rx.drain_every has 2 items but rx.classes has 3 (allowed one "
             "per class, or one for all)\n");
  // The sender mirrors ${rx.classes}, and is checked first.
  BOOST_TEST(err("run classes.yaml --set rx.classes=X,X,Z") ==
             "creditflow: classes.yaml:5: tx.classes names 'X' twice (allowed distinct names)\n");
  BOOST_TEST(err("run classes.yaml --set tx.weights=1,0,1") ==
             "creditflow: --set tx.weights=1,0,1: tx.weights = 0 is out of range (allowed 1..1073741824)\n");
  BOOST_TEST(err("run classes.yaml --set rx.policy=fair") ==
             "creditflow: --set rx.policy=fair: rx.policy = fair is not a known choice (allowed one of shared, split, "
             "reserved)\n");
}

BOOST_AUTO_TEST_CASE(per_class_lists_as_yaml_sequences) {
  const json c = run("run classes_seq.yaml").at("classes");
  BOOST_TEST(c.at("X").at("sent").get<int>() == 500);
  BOOST_TEST(c.at("Y").at("sent").get<int>() == 200);
  BOOST_TEST(c.at("Z").at("sent").get<int>() == 100);
}

// Section 4's classes over a class_link of L stages each way (models/class_round_trip.yaml):
// B's 4 split credits cover a round trip of 2L + 1 cycles up to L = 19; at L = 0 the
// shared pool gives section 4's figures. Both views, the same figures.
BOOST_AUTO_TEST_CASE(class_link_round_trip_figures_from_yaml) {
  struct Want {
    const char* sets;
    int worst_wait, sent, refused;
  };
  for (const char* view : {"cycle", "tl"})
    for (const Want& w : {Want{"--set link.latency=19", 0, 400, 0}, Want{"--set link.latency=20", 10, 391, 9},
                          Want{"--set link.latency=0 --set rx.policy=shared", 101, 200, 199},
                          Want{"--set link.forward_latency=20 --set link.credit_latency=19", 0, 400, 0}}) {
      const std::string point = std::string(w.sets) + " --view " + view;
      const json doc = run("run ../../models/class_round_trip.yaml " + point);
      const json& b = doc.at("classes").at("B");
      BOOST_TEST(b.at("credit_wait").at("max").get<int>() == w.worst_wait, point);
      BOOST_TEST(b.at("sent").get<int>() == w.sent, point);
      BOOST_TEST(b.at("refused").get<int>() == w.refused, point);
      BOOST_TEST(doc.at("links").at("link").at("conservation_violations").get<int>() == 0, point);
    }
}

// A class link carries class credits only: wiring it to a plain credit sender is refused.
BOOST_AUTO_TEST_CASE(class_link_refuses_plain_credit_ports) {
  const auto o = cftool::tool("run ../../models/credit_loop.yaml --set link.kind=class_link");
  BOOST_TEST(o.status != 0);
  BOOST_TEST(o.err == "creditflow: ../../models/credit_loop.yaml:32: connection 'rx.credit -> link.credit_in': rx.credit "
                     "carries a credit channel but link.credit_in takes a class_credit channel\n");
  BOOST_TEST(std::count(o.err.begin(), o.err.end(), '\n') == 1, o.err);
}

// Each class's waits explained: A's by its slow consumer (a pop every 4th cycle, blocked 100 of every
// 200: 0.125 at most), B's by its own credits against
// its round trip, with the credits it needs; given them, B no longer waits.
BOOST_AUTO_TEST_CASE(class_diagnosis_sizes_credits_for_the_round_trip) {
  const json doc = run("run ../../models/class_round_trip.yaml");
  const json& b = doc.at("classes").at("B");
  BOOST_TEST(b.at("credit_limit").get<int>() == 4);
  BOOST_TEST(b.at("round_trip").at("max").get<int>() == 41);
  BOOST_TEST(b.at("round_trip").at("mean").get<double>() == 41.0);
  const json& diagnosis = doc.at("diagnosis");
  BOOST_TEST_REQUIRE(diagnosis.size() == 2u);
  BOOST_TEST(diagnosis.at(0).get<std::string>() ==
             "class 'A' on link 'link' waited for credits in 3759 cycles, up to 119 cycles for one packet: its "
             "consumer drains at most 0.125 per cycle against 1.000 offered, so its credits wait in the buffer; more "
             "credits would not help");
  BOOST_TEST(diagnosis.at(1).get<std::string>() ==
             "class 'B' on link 'link' waited for credits in 1815 cycles, up to 10 cycles for one packet: its credits "
             "take up to 41 cycles to come back (round trip) at 0.100 packets per cycle offered, so it needs 5 "
             "credits; split (4+4 reserved, 0 shared) lets it hold 4: give it 5");
  const json given = run("run ../../models/class_round_trip.yaml --set rx.depth=10");
  BOOST_TEST(given.at("classes").at("B").at("credit_wait").at("max").get<int>() == 0);
  BOOST_TEST(given.at("classes").at("B").at("credit_limit").get<int>() == 5);
  BOOST_TEST(given.at("diagnosis").size() == 1u);  // A's consumer only
  // A single-class link has no per-class credit figures to give.
  const json single = run("run ../../models/credit_loop.yaml");
  for (const auto& [name, k] : single.at("classes").items()) {
    BOOST_TEST(!k.contains("credit_limit"), name);
    BOOST_TEST(!k.contains("round_trip"), name);
  }
}

// A packet larger than the data credits its class may ever hold can never go: said so,
// rather than explained as a wait. B, short of data credits, is told it is not short of
// header credits.
BOOST_AUTO_TEST_CASE(class_diagnosis_names_a_packet_that_can_never_fit) {
  const json doc = run("run ../../models/class_round_trip.yaml --set rx.data_depth=6 --set tx.payload_bytes=64/16,32 "
                       "--set link.latency=9", 1);
  BOOST_TEST(doc.at("classes").at("A").at("sent").get<int>() == 0);
  const json& diagnosis = doc.at("diagnosis");
  BOOST_TEST_REQUIRE(diagnosis.size() == 2u);
  BOOST_TEST(diagnosis.at(0).get<std::string>() ==
             "class 'A' on link 'link' can never send its largest packet: it takes 4 data credits and the pool lets "
             "the class hold 3; 0 packets sent; raise data_depth or the class's share, or shorten payload_bytes");
  BOOST_TEST(diagnosis.at(1).get<std::string>() ==
             "class 'B' on link 'link' waited for credits in 2835 cycles, up to 18 cycles for one packet: its credits "
             "take up to 19 cycles to come back (round trip) at 0.100 packets per cycle offered, so it needs 2 "
             "credits; split (4+4 reserved, 0 shared) lets it hold 4, enough alone: it waits on the other classes' "
             "share of the pool, or on data credits");
}

// Two saturating classes, each consumer popping every 4th cycle and blocked 50 of every
// 300: each takes what its consumer permits (63 pops in 300 cycles, 0.210), so neither is
// told the other held the pool against it: its consumer is its limit, and the numbers say so.
BOOST_AUTO_TEST_CASE(classes_capped_by_their_own_consumers_are_not_blamed_on_each_other) {
  const json doc = run("run ../../models/dma_irq_classes.yaml --set tx.pattern=saturating,saturating --set tx.every=1,1 "
                       "--set tx.arbitration=round_robin --set rx.drain_every=4,4 --set rx.stall_from=250,250 "
                       "--set rx.stall_cycles=50,50 --set rx.stall_period=300,300 --cycles 6000 --warmup 3000");
  BOOST_TEST(doc.at("classes").at("A").at("throughput").get<double>() == 0.21);
  BOOST_TEST(doc.at("classes").at("B").at("throughput").get<double>() == 0.21);
  const json& diagnosis = doc.at("diagnosis");
  BOOST_TEST_REQUIRE(diagnosis.size() == 2u);
  for (const char* c : {"A", "B"}) {
    const std::string line = diagnosis.at(c == std::string("A") ? 0 : 1).get<std::string>();
    BOOST_TEST(line.find(std::string("class '") + c + "' on link 'rx' waited for credits in 1740 cycles, up to 51 cycles "
                         "for one packet: its consumer drains at most 0.210 per cycle against 1.000 offered") == 0u, line);
    BOOST_TEST(line.find("reserve credits for") == std::string::npos, line);
  }
}

// A merge feeding a class link (models/merged_classes.yaml): each source's packets join the
// class `sources` maps it to, accounting follows them end to end, and each flow is timed
// from its source to the class receiver. Shared, the bulk class holds the pool and the
// CPU's requests wait for it; two slots reserved for requests cut those waits and the
// CPU's p99. The bulk class is held by its own consumer (0.5 against 1.0 offered by two
// DMAs), which the diagnosis says rather than blaming the requests.
BOOST_AUTO_TEST_CASE(a_merge_feeds_a_class_link_each_source_in_its_class_in_both_views) {
  const json shared = cftool::same_in_both_views(CREDITFLOW_TOOL, "run ../../models/merged_classes.yaml");
  const json& classes = shared.at("links").at("link").at("classes");
  BOOST_TEST(classes.at("req").at("sent").get<int>() == 3581);
  BOOST_TEST(classes.at("req").at("stall_cycles").get<int>() == 1229);
  BOOST_TEST(classes.at("bulk").at("sent").get<int>() == 8998);
  BOOST_TEST(shared.at("accounting").get<std::string>() == "checked every cycle");
  BOOST_TEST(shared.at("accounting_violations").get<int>() == 0);
  BOOST_TEST(shared.at("sources").size() == 3u);  // cpu, dma0, dma1: the class sender makes none
  BOOST_TEST(shared.at("sources").at("dma0").at("created").get<int>() == 5004);
  BOOST_TEST(shared.at("flows").at("cpu:rx").at("latency").at("p99").get<int>() == 9);
  BOOST_TEST(shared.at("flows").at("dma1:rx").at("throughput").get<double>() == 4499.0 / 18000);
  BOOST_TEST(cftool::diagnosis_line(shared, "class 'req'") ==
             "class 'req' on link 'link' waited for credits in 1229 cycles, up to 7 cycles for one packet: class 'bulk' "
             "held the shared pool in 1229 of them (shared (0+0 reserved, 8 shared)); reserve credits for 'req' or "
             "split the pool");
  BOOST_TEST(cftool::diagnosis_line(shared, "class 'bulk'").find("its consumer drains at most 0.500 per cycle against 1.000 "
                                                       "offered, so its credits wait in the buffer; more credits would "
                                                       "not help") != std::string::npos);
  const json reserved = cftool::same_in_both_views(CREDITFLOW_TOOL, "run ../../models/merged_classes.yaml "
                                                                    "--set rx.policy=reserved");
  BOOST_TEST(reserved.at("links").at("link").at("classes").at("req").at("stall_cycles").get<int>() == 167);
  BOOST_TEST(reserved.at("flows").at("cpu:rx").at("latency").at("p99").get<int>() == 7);
}

BOOST_AUTO_TEST_CASE(a_fed_class_sender_refuses_sources_that_do_not_map_onto_its_classes) {
  const auto err = [](const std::string& sources) {
    return cftool::tool("run ../../models/merged_classes.yaml --set 'tx.sources=" + sources + "'").err;
  };
  BOOST_TEST(err("") == "creditflow: ../../models/merged_classes.yaml:33: tx.in is connected, but sources maps no source to "
                        "a class (allowed: sources, e.g. \"cpu=A\", with in; or neither, each class making its own "
                        "packets)\n");
  BOOST_TEST(err("cpu=req, dma0=bulk, dma1=bulk, arb=req") ==
             "creditflow: --set tx.sources=cpu=req, dma0=bulk, dma1=bulk, arb=req: tx.sources names 'arb', a merge, "
             "not a source that makes flits (allowed: cpu, dma0, dma1)\n");
  BOOST_TEST(err("cpu=req, dma0=bulk, dma1=blk") ==
             "creditflow: ../../models/merged_classes.yaml:33: tx.sources: 'dma1=blk' does not map a source to a class "
             "(allowed source=class, the class one of req, bulk, e.g. \"cpu=req\")\n");
  BOOST_TEST(err("cpu=req, dma0=req, dma1=req") ==
             "creditflow: ../../models/merged_classes.yaml:33: tx.sources maps no source to class bulk (allowed: every class "
             "fed by a source, or no sources and each class its own pattern)\n");
  BOOST_TEST(err("cpu=req, dma0=bulk, cpu=bulk") ==
             "creditflow: ../../models/merged_classes.yaml:33: tx.sources maps 'cpu' twice (allowed one class a source)\n");
  // A source whose packets reach the sender but that the map leaves out: named when it comes.
  const auto o = cftool::tool("run ../../models/merged_classes.yaml --set 'tx.sources=cpu=req, dma0=bulk'");
  BOOST_TEST(o.status != 0);
  BOOST_TEST(o.err == "creditflow: tx: a packet from 'dma1' came in at cycle 7, and `sources` maps that source to "
                      "no class\n");
  BOOST_TEST(cftool::tool("run bad/sources_without_in.yaml").err ==
             "creditflow: bad/sources_without_in.yaml:5: tx.sources is given, but in is not connected (allowed: in "
             "connected to what brings those sources' packets, a merge or a hop buffer)\n");
  // A name that makes no flits of its own.
  const auto lone = cftool::tool("run ../../models/dma_irq_classes.yaml --set 'tx.sources=tx=A'");
  BOOST_TEST(lone.err.find("tx.sources names 'tx', a class_sender, not a source that makes flits") != std::string::npos,
             lone.err);
}

// tests/tool/crossed_classes.yaml: the CPU twice as fast as the class link, behind a
// crossing. Its packets' creations are moved to the link's clock before their waits and
// latencies are counted: class 'req' then takes what the CPU's flow takes end to end (max
// 16 of the link's cycles), and waits at most 13 for credits (both wrapped below zero,
// some 1.8e19, when counted in the CPU's cycles).
BOOST_AUTO_TEST_CASE(packets_made_in_a_faster_clock_are_timed_in_the_class_links_cycles) {
  const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL, "run crossed_classes.yaml");
  const json& req = doc.at("classes").at("req");
  BOOST_TEST(req.at("latency").at("max").get<int>() == 16);
  BOOST_TEST(req.at("latency").at("max") == doc.at("flows").at("cpu:rx").at("latency").at("max"));
  BOOST_TEST(req.at("credit_wait").at("max").get<int>() == 13);
  BOOST_TEST(cftool::diagnosis_line(doc, "class 'req'") ==
             "class 'req' on link 'link' waited for credits in 895 cycles, up to 13 cycles for one packet: class "
             "'bulk' held the shared pool in 895 of them (shared (0+0 reserved, 8 shared)); reserve credits for 'req' "
             "or split the pool");
}
