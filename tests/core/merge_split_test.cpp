// The merge's arbiter and the split's routing, kernel-free (timing.md section 5), and how a
// source picks destinations and cuts packets.
#include <boost/test/unit_test.hpp>
#include <string>
#include <vector>

#include "creditflow/core/destination_rule.hpp"
#include "creditflow/core/merge_core.hpp"
#include "creditflow/core/source_core.hpp"
#include "creditflow/core/split_core.hpp"

using namespace creditflow::core;

namespace {

// Runs a merge for `cycles` with inputs offering packets of `flits` each from the start
// (valid every cycle the input wants to), the output ready by `ready(t)`; returns the input
// that won each transfer, in order.
template <class Ready>
std::vector<int> merge_run(MergeCore& m, std::vector<bool> requesting, int flits, int cycles, Ready ready) {
  std::vector<int> sent_in_packet(requesting.size(), 0);
  std::vector<int> order;
  for (int t = 0; t < cycles; ++t) {
    const auto valid = [&](std::size_t i) { return static_cast<bool>(requesting[i]); };
    const int w = m.winner(valid);
    const bool r = ready(t);
    const bool tail = w != MergeCore::none && sent_in_packet[static_cast<std::size_t>(w)] + 1 == flits;
    m.advance(valid, w, r, tail);
    if (w != MergeCore::none && r) {
      order.push_back(w);
      int& n = sent_in_packet[static_cast<std::size_t>(w)];
      n = tail ? 0 : n + 1;
    }
  }
  return order;
}

const auto always = [](int) { return true; };

}  // namespace

BOOST_AUTO_TEST_CASE(round_robin_takes_the_first_requester_at_or_after_its_pointer) {
  MergeCore m(3, {}, "arb");
  BOOST_TEST(merge_run(m, {true, true, true}, 1, 6, always) == (std::vector<int>{0, 1, 2, 0, 1, 2}));
  MergeCore skip(3, {}, "arb");
  BOOST_TEST(merge_run(skip, {true, false, true}, 1, 4, always) == (std::vector<int>{0, 2, 0, 2}));
}

BOOST_AUTO_TEST_CASE(the_arbiters_state_moves_only_on_a_transfer) {
  // The output not ready in cycles 0..2: the winner stays input 0, whatever the cycles.
  MergeCore m(2, {}, "arb");
  const auto order = merge_run(m, {true, true}, 1, 6, [](int t) { return t >= 3; });
  BOOST_TEST(order == (std::vector<int>{0, 1, 0}));
  BOOST_TEST(m.waits()[0] == 4u);  // 0..2 not ready, 4 lost to input 1
  BOOST_TEST(m.waits()[1] == 5u);
}

BOOST_AUTO_TEST_CASE(a_packet_holds_the_output_from_head_to_tail) {
  MergeCore m(2, {}, "arb");
  BOOST_TEST(merge_run(m, {true, true}, 3, 12, always) ==
             (std::vector<int>{0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1}));
  // Mid-packet, an input that stops offering leaves a bubble; the other does not get in.
  MergeCore held(2, {}, "arb");
  std::vector<int> order;
  const auto offer = [](std::size_t i, int t) { return i == 1 || t != 1; };  // input 0 pauses in cycle 1
  for (int t = 0, n = 0; t < 4; ++t) {
    const auto valid = [&](std::size_t i) { return offer(i, t); };
    const int w = held.winner(valid);
    const bool tail = w == 0 && n == 1;
    held.advance(valid, w, true, tail);
    if (w != MergeCore::none) order.push_back(w);
    if (w == 0) ++n;
  }
  BOOST_TEST(order == (std::vector<int>{0, 0, 1}));  // cycle 1: no winner
}

BOOST_AUTO_TEST_CASE(fixed_priority_and_weighted_round_robin) {
  MergeSpec fixed;
  fixed.policy = MergeSpec::Policy::fixed;
  fixed.priority = {2};
  MergeCore f(3, fixed, "arb");
  BOOST_TEST(merge_run(f, {true, true, true}, 1, 3, always) == (std::vector<int>{2, 2, 2}));
  MergeSpec weighted;
  weighted.policy = MergeSpec::Policy::weighted;
  weighted.weights = {3, 1};
  MergeCore w(2, weighted, "arb");
  BOOST_TEST(merge_run(w, {true, true}, 1, 8, always) == (std::vector<int>{0, 0, 0, 1, 0, 0, 0, 1}));
  // Weights count packets: 2 packets of 2 flits for input 0, then one for input 1.
  MergeSpec two;
  two.policy = MergeSpec::Policy::weighted;
  two.weights = {2, 1};
  MergeCore p(2, two, "arb");
  BOOST_TEST(merge_run(p, {true, true}, 2, 6, always) == (std::vector<int>{0, 0, 0, 0, 1, 1}));
  BOOST_CHECK_THROW(MergeCore(2, MergeSpec{MergeSpec::Policy::weighted, {}, {1, 1, 1}, {}}, "arb"), creditflow::ParameterError);
  BOOST_CHECK_THROW(MergeCore(2, MergeSpec{MergeSpec::Policy::fixed, {1, 1}, {}, {}}, "arb"), creditflow::ParameterError);
}

// Groups: strict priority between them, the policy within each with its own pointer and
// turn ("the CPU first, the DMAs in turn").
BOOST_AUTO_TEST_CASE(groups_are_strict_between_and_arbitrated_within) {
  MergeSpec cpu_first;
  cpu_first.groups = {{0}, {1, 2}};
  MergeCore m(3, cpu_first, "arb");
  BOOST_TEST(merge_run(m, {true, true, true}, 1, 4, always) == (std::vector<int>{0, 0, 0, 0}));
  BOOST_TEST(merge_run(m, {false, true, true}, 1, 4, always) == (std::vector<int>{1, 2, 1, 2}));
  // Within a group, the pointer is the group's own: input 0's grants do not move it.
  MergeCore mixed(3, cpu_first, "arb");
  std::vector<int> order;
  for (int t = 0; t < 6; ++t) {
    const auto valid = [&](std::size_t i) { return i != 0 || t % 2 == 0; };  // the CPU every other cycle
    const int w = mixed.winner(valid);
    mixed.advance(valid, w, true, true);
    order.push_back(w);
  }
  BOOST_TEST(order == (std::vector<int>{0, 1, 0, 2, 0, 1}));
  // A packet under way holds the output even against a higher group.
  MergeCore held(3, cpu_first, "arb");
  BOOST_TEST(merge_run(held, {false, true, false}, 3, 1, always) == (std::vector<int>{1}));
  BOOST_TEST(held.winner([](std::size_t) { return true; }) == 1);
  // Weights within a group: input 1 keeps the turn for 2 packets, then input 2 has one.
  MergeSpec weighted = cpu_first;
  weighted.policy = MergeSpec::Policy::weighted;
  weighted.weights = {1, 2, 1};
  MergeCore w(3, weighted, "arb");
  BOOST_TEST(merge_run(w, {false, true, true}, 1, 6, always) == (std::vector<int>{1, 1, 2, 1, 1, 2}));
  // Unlisted inputs form a last group, in order.
  MergeSpec last;
  last.groups = {{2}};
  MergeCore l(3, last, "arb");
  BOOST_TEST(merge_run(l, {true, true, true}, 1, 2, always) == (std::vector<int>{2, 2}));
  BOOST_TEST(merge_run(l, {true, true, false}, 1, 2, always) == (std::vector<int>{0, 1}));
  BOOST_CHECK_THROW(MergeCore(3, MergeSpec{MergeSpec::Policy::round_robin, {}, {}, {{0}, {0, 1}}}, "arb"),
                    creditflow::ParameterError);
  BOOST_CHECK_THROW(MergeCore(3, MergeSpec{MergeSpec::Policy::round_robin, {}, {}, {{0}, {}}}, "arb"),
                    creditflow::ParameterError);
  BOOST_CHECK_THROW(MergeCore(3, MergeSpec{MergeSpec::Policy::round_robin, {}, {}, {{3}}}, "arb"),
                    creditflow::ParameterError);
}

BOOST_AUTO_TEST_CASE(a_split_counts_head_of_line_blocking_against_the_output_it_waits_for) {
  // Destination 5 to output 0, 7 to output 1.
  SplitCore s(2, {SplitCore::none, SplitCore::none, SplitCore::none, SplitCore::none, SplitCore::none, 0, SplitCore::none, 1},
              "split");
  BOOST_TEST(s.route(5) == 0);
  BOOST_TEST(s.route(7) == 1);
  BOOST_TEST(s.route(9) == SplitCore::none);
  // The head goes to 0, which is not ready; 1 is: a blocked cycle for output 0.
  s.advance(true, 5, 1, [](std::size_t k) { return k == 1; });
  // Both not ready: waiting, but nothing else was free.
  s.advance(true, 5, 1, [](std::size_t) { return false; });
  s.advance(true, 5, 1, [](std::size_t) { return true; });
  BOOST_TEST(s.blocked()[0] == 1u);
  BOOST_TEST(s.blocked_while()[0][1] == 1u);
  BOOST_TEST(s.blocked()[1] == 0u);
  BOOST_TEST(s.transfers()[0] == 1u);
  BOOST_CHECK_THROW(s.advance(true, 9, 1, [](std::size_t) { return true; }), creditflow::ProtocolError);
}

BOOST_AUTO_TEST_CASE(sources_pick_destinations_per_packet_by_their_rule) {
  DestinationSpec list;
  list.destinations = {4, 5, 5};
  DestinationRule turns(list, 1, "src");
  std::vector<std::uint32_t> got;
  for (int i = 0; i < 6; ++i) got.push_back(turns.next());
  BOOST_TEST(got == (std::vector<std::uint32_t>{4, 5, 5, 4, 5, 5}));

  SourceParams p;
  p.source_id = 3;
  p.destinations.destinations = {4, 5};
  p.packet_flits = 3;
  SourceCore<Flit> source(p, 1, "src");
  std::vector<std::string> flits;
  for (int t = 0; t < 7; ++t) {
    const Flit& f = source.head();
    flits.push_back(std::to_string(f.destination) + (f.head ? "h" : "") + (f.tail ? "t" : ""));
    BOOST_TEST(f.source == 3u);
    source.advance(true);
  }
  BOOST_TEST(flits == (std::vector<std::string>{"4h", "4", "4t", "5h", "5", "5t", "4h"}));
  BOOST_TEST(source.created_by_destination().at(4) == 5u);  // 7 taken and the 8th (to 4) on offer
  BOOST_TEST(source.created_by_destination().at(5) == 3u);
}
