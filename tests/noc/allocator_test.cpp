// The allocators BookSim2's iq router may use (vc_allocator, sw_allocator): iSLIP, and the
// separable input-first allocator with round-robin arbiters, matches and pointer moves
// worked by hand; then a 4x4 mesh with separable input-first allocation against BookSim2
// run with the same keys (reference/booksim2/booksim_separable_input_first.csv).
#include <boost/test/unit_test.hpp>

#include <random>
#include <string>
#include <utility>
#include <vector>

#include "creditflow/noc/islip.hpp"
#include "creditflow/noc/small_islip.hpp"
#include "noc_testing.hpp"

using namespace noc_testing;
using creditflow::noc::IslipAllocator;
using creditflow::noc::RouterAllocator;

namespace {

using Requests = std::vector<std::pair<int, int>>;  // input, output

// The outputs matched to inputs 0..inputs-1 after one allocation of `requests`.
template <class Allocator>
std::vector<int> matches(Allocator& allocator, int inputs, const Requests& requests) {
  allocator.clear();
  for (const auto& [input, output] : requests) allocator.add(input, output, 0);
  allocator.allocate();
  std::vector<int> out;
  for (int input = 0; input < inputs; ++input) out.push_back(allocator.output_of(input));
  return out;
}

// Input 0 asks outputs 0 and 1, input 1 asks output 1, every pointer at 0, three cycles.
// Input first: input 0 picks output 0 and input 1 output 1, both matched; then input 0's
// pointer is past output 0, so it picks output 1, which (its pointer past input 1) grants it
// over input 1; then output 1's pointer is past input 0 and input 0's past output 1: input 0
// picks output 0 again and input 1 gets output 1.
// iSLIP: both outputs grant input 0, which accepts output 0; input 1 waits a cycle; then
// output 1 (its pointer unmoved, no accept) grants input 0 again, accepted as input 0's
// pointer is now past output 0; then output 0 grants input 0, output 1 input 1.
const Requests kAsks{{0, 0}, {0, 1}, {1, 1}};
const std::vector<std::vector<int>> kInputFirst{{0, 1}, {1, -1}, {0, 1}};
const std::vector<std::vector<int>> kIslip{{0, -1}, {1, -1}, {0, 1}};

template <class Allocator>
void check_cycles(Allocator& allocator, const std::vector<std::vector<int>>& expected) {
  for (const std::vector<int>& cycle : expected) {
    const std::vector<int> got = matches(allocator, 2, kAsks);
    BOOST_CHECK_EQUAL_COLLECTIONS(got.begin(), got.end(), cycle.begin(), cycle.end());
  }
}

}  // namespace

BOOST_AUTO_TEST_CASE(separable_input_first_lets_each_input_pick_before_the_outputs_grant) {
  RouterAllocator small(2, 2, "separable_input_first", 1, true);
  check_cycles(small, kInputFirst);
  IslipAllocator wide(2, 2, 1, true, true);
  check_cycles(wide, kInputFirst);
}

BOOST_AUTO_TEST_CASE(islip_and_separable_output_first_let_the_outputs_grant_first) {
  for (const char* kind : {"islip", "separable_output_first"}) {
    BOOST_TEST_INFO(kind);
    RouterAllocator allocator(2, 2, kind, 1, true);
    check_cycles(allocator, kIslip);
  }
}

// Beyond one word (16 VCs on 5 ports ask 80 x 80): the same matches as the same requests
// on ports renumbered in the same order below 64.
BOOST_AUTO_TEST_CASE(separable_input_first_beyond_64_ports_matches_as_within) {
  const Requests asks{{3, 70}, {3, 5}, {70, 5}, {71, 70}, {71, 5}, {12, 70}};
  const auto input_rank = [](int input) { return input == 3 ? 0 : input == 12 ? 1 : input == 70 ? 2 : 3; };
  const auto output_rank = [](int output) { return output == 5 ? 0 : 1; };
  Requests ranked;
  for (const auto& [input, output] : asks) ranked.push_back({input_rank(input), output_rank(output)});
  IslipAllocator wide(80, 80, 1, true, true);
  RouterAllocator small(64, 64, "separable_input_first", 1, true);
  int matched = 0;
  for (int cycle = 0; cycle < 6; ++cycle) {
    const std::vector<int> a = matches(wide, 80, asks), b = matches(small, 64, ranked);
    for (const int input : {3, 12, 70, 71}) {
      BOOST_TEST_INFO("cycle " << cycle << " input " << input);
      BOOST_CHECK_EQUAL(a[input] < 0 ? -1 : output_rank(a[input]), b[input_rank(input)]);
      matched += a[input] >= 0;
    }
  }
  BOOST_CHECK_EQUAL(matched, 12);  // both outputs busy every cycle
}

// A router asks grant_one() when one VC alone asks: the same output, and the same pointer
// moves, as clearing, adding its requests and allocating, over a long random sequence;
// rounds of several inputs between them find any pointer left behind.
BOOST_AUTO_TEST_CASE(one_input_alone_gets_what_the_whole_allocation_gives_it) {
  for (const char* kind : {"islip", "separable_input_first"}) {
    RouterAllocator whole(10, 10, kind, 1, false), alone(10, 10, kind, 1, false);
    std::mt19937 coin(7);
    for (int round = 0; round < 3000; ++round) {
      BOOST_TEST_INFO(kind << " round " << round);
      const int input = static_cast<int>(coin() % 10);
      const std::uint64_t row = 1 + coin() % 1023;  // some of the 10 outputs
      const auto add_row = [&](RouterAllocator& a, int in, std::uint64_t outputs) {
        for (int output = 0; output < 10; ++output)
          if ((outputs >> output) & 1) a.add(in, output, 0);
      };
      if (round % 3 == 2) {  // three inputs at once, on both
        const int second = (input + 3) % 10, third = (input + 7) % 10;
        const std::uint64_t row2 = 1 + coin() % 1023, row3 = 1 + coin() % 1023;
        for (RouterAllocator* a : {&whole, &alone}) {
          a->clear();
          add_row(*a, input, row);
          add_row(*a, second, row2);
          add_row(*a, third, row3);
          a->allocate();
        }
        for (const int in : {input, second, third}) BOOST_REQUIRE_EQUAL(alone.output_of(in), whole.output_of(in));
        continue;
      }
      whole.clear();
      add_row(whole, input, row);
      whole.allocate();
      BOOST_REQUIRE_EQUAL(alone.grant_one(input, row), whole.output_of(input));
    }
  }
}

// BookSim2 itself: latency within 3% up to 80% of saturation, saturation within 3%.
BOOST_AUTO_TEST_CASE(a_mesh_with_separable_input_first_allocation_is_within_3_percent_of_booksim2) {
  const std::vector<std::string> separable{"vc_allocator=separable_input_first", "sw_allocator=separable_input_first"};
  int compared = 0;
  for (const auto& row : reference_csv("booksim_separable_input_first.csv")) {
    const bool saturation = row.at("injection_rate") == "saturation";
    auto words = mesh(4, 2, saturation ? "1.0" : row.at("injection_rate"), saturation ? "throughput" : "latency");
    words.insert(words.end(), separable.begin(), separable.end());
    if (!saturation) words.push_back("sample_period=10000");
    const auto f = measured(words);
    BOOST_TEST_INFO("4x4 at " << row.at("injection_rate"));
    BOOST_CHECK_CLOSE_FRACTION(f.accepted, std::stod(row.at("accepted_flits_per_node_cycle")), 0.03);
    if (!saturation) within_3_percent_of(f, row);
    ++compared;
  }
  BOOST_CHECK_EQUAL(compared, 6);
}
