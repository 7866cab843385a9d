// The draws that decide a network's traffic rather than its chances, made as BookSim2 makes
// them: Knuth's ran_array generator (Knuth's own check value), BookSim2's random permutation
// (the destinations BookSim2 28f4329 gives for perm_seed 0 and 7, printed by its
// RandomPermutationTrafficPattern's draws), and the traffic key's argument forms,
// hotspot({{nodes},{weights}}) and randperm(seed), read and written as BookSim2 writes them.
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "creditflow/noc/knuth_random.hpp"
#include "creditflow/noc/traffic.hpp"
#include "noc_testing.hpp"

using creditflow::noc::booksim_permutation;
using creditflow::noc::KnuthRandom;
using creditflow::noc::NocConfig;

BOOST_AUTO_TEST_CASE(knuths_generator_gives_knuths_check_value) {
  // TAOCP 3.6: seeded with 310952, the first number of the 2010th batch of 1009 is 995235265.
  KnuthRandom random(310952);
  for (int i = 0; i < 2009 * 100; ++i) random.next();
  BOOST_CHECK_EQUAL(random.next(), 995235265);
}

BOOST_AUTO_TEST_CASE(the_permutation_is_booksim2s_for_its_seed) {
  const std::vector<int> seed0_64{54, 30, 25, 6,  57, 53, 17, 9,  40, 49, 22, 24, 19, 35, 20, 61,
                                  12, 7,  5,  46, 44, 33, 51, 15, 45, 16, 36, 1,  4,  59, 32, 48,
                                  62, 31, 38, 28, 0,  34, 8,  63, 41, 37, 39, 3,  14, 18, 43, 58,
                                  56, 60, 55, 13, 52, 10, 11, 26, 2,  21, 29, 27, 50, 42, 47, 23};
  BOOST_CHECK(booksim_permutation(64, 0) == seed0_64);
  const std::vector<int> seed7_16{10, 2, 13, 9, 3, 1, 5, 15, 0, 14, 12, 6, 8, 7, 11, 4};
  BOOST_CHECK(booksim_permutation(16, 7) == seed7_16);
  // A 64-ary 3-cube's 262,144 nodes: every node once, drawn in n log n.
  const std::vector<int> big = booksim_permutation(262144, 3);
  std::vector<char> seen(big.size(), 0);
  for (int to : big) seen.at(to) += 1;
  BOOST_CHECK(std::all_of(seen.begin(), seen.end(), [](char n) { return n == 1; }));
}

BOOST_AUTO_TEST_CASE(randperm_sends_each_node_to_its_place_in_the_permutation) {
  NocConfig config = noc_testing::config_of(noc_testing::mesh(8, 2, "0.1", "latency"));
  config.set("test", "traffic", "randperm(7)");
  BOOST_CHECK_EQUAL(config.perm_seed, 7);
  BOOST_CHECK_EQUAL(config.text("traffic"), "randperm(7)");
  const creditflow::noc::TrafficPattern pattern(config, 64);
  creditflow::noc::Rng rng(1);
  const std::vector<int> expected = booksim_permutation(64, 7);
  for (int source = 0; source < 64; ++source) BOOST_CHECK_EQUAL(pattern.destination(source, rng), expected[source]);
  config.set("test", "traffic", "randperm");  // the seed stays perm_seed's
  config.set("test", "perm_seed", "0");
  BOOST_CHECK_EQUAL(config.text("traffic"), "randperm");
}

BOOST_AUTO_TEST_CASE(hotspot_takes_booksim2s_arguments) {
  NocConfig config = noc_testing::config_of(noc_testing::mesh(8, 2, "0.1", "latency"));
  config.set("test", "traffic", "hotspot({{0,7,56,63},{2,1,1,2}})");
  BOOST_CHECK_EQUAL(config.traffic, "hotspot");
  BOOST_CHECK(config.hotspot_nodes == (std::vector<int>{0, 7, 56, 63}));
  BOOST_CHECK(config.hotspot_rates == (std::vector<int>{2, 1, 1, 2}));
  BOOST_CHECK_EQUAL(config.text("traffic"), "hotspot({{0,7,56,63},{2,1,1,2}})");
  // Weights short of the nodes repeat the last; {a,b} is node a of weight b, as BookSim2 reads it.
  config.set("test", "traffic", "hotspot({{1,2,3},{4}})");
  BOOST_CHECK(config.hotspot_rates == (std::vector<int>{4, 4, 4}));
  config.set("test", "traffic", "hotspot({5,3})");
  BOOST_CHECK(config.hotspot_nodes == (std::vector<int>{5}));
  BOOST_CHECK(config.hotspot_rates == (std::vector<int>{3}));
  BOOST_CHECK_EQUAL(config.text("traffic"), "hotspot({5,3})");  // written back as BookSim2 reads it
  config.set("test", "traffic", "hotspot({{9,10}})");
  BOOST_CHECK(config.hotspot_rates.empty());
  BOOST_CHECK_EQUAL(config.text("traffic"), "hotspot({{9,10}})");
  config.validate("test");
  // Where packets go: node 0 and 63 twice as often as 7 and 56.
  config.set("test", "traffic", "hotspot({{0,7,56,63},{2,1,1,2}})");
  const creditflow::noc::TrafficPattern pattern(config, 64);
  creditflow::noc::Rng rng(5);
  std::vector<int> seen(64, 0);
  for (int i = 0; i < 60000; ++i) ++seen[pattern.destination(11, rng)];
  BOOST_CHECK_EQUAL(seen[0] + seen[7] + seen[56] + seen[63], 60000);
  BOOST_CHECK_CLOSE_FRACTION(seen[0] / 60000.0, 1.0 / 3, 0.03);
  BOOST_CHECK_CLOSE_FRACTION(seen[56] / 60000.0, 1.0 / 6, 0.04);
}

BOOST_AUTO_TEST_CASE(the_forms_a_run_could_not_repeat_are_refused_in_one_line) {
  const auto refusal = [](const std::string& key, const std::string& value) {
    std::vector<std::string> words = noc_testing::mesh(8, 2, "0.1", "latency");
    words.push_back(key + "=" + value);
    return noc_testing::refusal(words);
  };
  BOOST_CHECK_EQUAL(refusal("traffic", "hotspot({{-1}})"),
                    "cfg:3: traffic = 'hotspot({{-1}})' is not allowed (allowed nodes from 0: BookSim2 draws a "
                    "negative one at random from its own generator, which a run here cannot repeat)");
  BOOST_CHECK_EQUAL(refusal("traffic", "hotspot({{1,x},{2}})"),
                    "cfg:3: traffic = 'hotspot({{1,x},{2}})' is not allowed (allowed hotspot({{nodes},{weights}}) "
                    "with node numbers)");
  BOOST_CHECK_EQUAL(refusal("traffic", "hotspot({{1},{0}})"),
                    "cfg:3: traffic = 'hotspot({{1},{0}})' is not allowed (allowed hotspot({{nodes},{weights}}) "
                    "with weights from 1)");
  BOOST_CHECK_EQUAL(refusal("traffic", "hotspot"),
                    "cfg: traffic = hotspot needs its nodes, hotspot({{a,b,...}}) or hotspot_nodes (BookSim2's "
                    "hotspot without them is one node drawn by its own generator, which a run here cannot repeat)");
  BOOST_CHECK_EQUAL(refusal("traffic", "hotspot({{64}})"), "cfg: hotspot_nodes has node 64 (allowed 0..63)");
  BOOST_CHECK_EQUAL(refusal("traffic", "{uniform,transpose}"),
                    "cfg:3: traffic = '{uniform,transpose}' is not allowed (allowed one pattern: a list is a pattern "
                    "per traffic class, and creditflow models one class)");
  BOOST_CHECK_EQUAL(refusal("traffic", "transpose(3)"),
                    "cfg:3: traffic = 'transpose(3)' is not allowed (allowed transpose without arguments (only "
                    "hotspot and randperm take them))");
  BOOST_CHECK_EQUAL(refusal("perm_seed", "time"),
                    "cfg:3: perm_seed = 'time' is not allowed (allowed a whole number 0..2147483647: BookSim2's "
                    "'time' seeds the permutation from the clock, which no other run can repeat)");
  BOOST_CHECK_EQUAL(refusal("traffic", "randperm(3"),
                    "cfg:3: traffic = 'randperm(3' is not allowed (allowed randperm(...) closed by its ')')");
}

BOOST_AUTO_TEST_CASE(a_permutation_at_full_load_is_booksim2s_to_the_last_digit) {
  // At offered 1.0 every node injects every cycle and a permutation draws no destination:
  // nothing random is left, so the figure is BookSim2's own, to the digits it prints.
  for (const auto& row : noc_testing::reference_csv("booksim_patterns_saturation.csv")) {
    if (row.at("traffic").rfind("randperm", 0) != 0) continue;
    std::vector<std::string> words = noc_testing::mesh(8, 2, "1.0", "throughput");
    words.push_back("traffic=" + row.at("traffic"));
    BOOST_TEST_INFO(row.at("traffic"));
    BOOST_CHECK_CLOSE_FRACTION(noc_testing::measured(words).accepted, std::stod(row.at("accepted_flits_per_node_cycle")),
                               1e-6);
  }
}
