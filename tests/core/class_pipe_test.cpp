// A multi-class link with pipeline stages (core::ClassPipeCore) between timing.md section 4's
// class sender and bypass receiver: against an independent loop written from the timing
// rules (sent in t arrives in t + Lf; popped in t, usable again from t + Lr + 1), with
// per-class conservation checked every cycle, and section 4's figures when both are 0.
#include <boost/test/unit_test.hpp>
#include <algorithm>
#include <deque>

#include "creditflow/core/class_pipe_core.hpp"
#include "creditflow/core/loop_terms.hpp"
#include "creditflow/core/pool_policy.hpp"

using namespace creditflow::core;

namespace {

struct Outcome {
  std::uint64_t b_sent = 0, b_refused = 0, b_worst_wait = 0, a_sent = 0;
  bool operator==(const Outcome& o) const {
    return b_sent == o.b_sent && b_refused == o.b_refused && b_worst_wait == o.b_worst_wait && a_sent == o.a_sent;
  }
};

std::ostream& operator<<(std::ostream& os, const Outcome& o) {
  return os << "{B sent " << o.b_sent << ", refused " << o.b_refused << ", worst wait " << o.b_worst_wait
            << "; A sent " << o.a_sent << "}";
}

// Section 4's scenario over a link of lf forward and lr return stages: no library code.
// The sender decides on the credits it holds back; the receiver's buffers are separate.
Outcome reference(const std::string& policy, int lf, int lr, int cycles = 4000) {
  auto allowed = [&](bool b, int used_a, int used_b) {
    if (policy == "shared") return used_a + used_b < 8;
    if (policy == "split") return (b ? used_b : used_a) < 4;
    const int shared_used = used_a + std::max(0, used_b - 2);
    return b ? (used_b < 2 || shared_used < 6) : shared_used < 6;
  };
  struct Packet {
    int arrives;
    bool b;
  };
  struct Return {
    int usable, a, b;
  };
  std::deque<Packet> forward;
  std::deque<Return> back;
  Outcome o;
  int used_a = 0, used_b = 0, occ_a = 0, occ_b = 0, b_ready = 0;
  bool b_waiting = false;
  for (int t = 0; t < cycles; ++t) {
    while (!back.empty() && back.front().usable == t) {
      used_a -= back.front().a;
      used_b -= back.front().b;
      back.pop_front();
    }
    if (t % 10 == 0) {
      if (b_waiting)
        ++o.b_refused;
      else
        b_waiting = true, b_ready = t;
    }
    const bool send_b = b_waiting && allowed(true, used_a, used_b);
    const bool send_a = !send_b && allowed(false, used_a, used_b);
    if (send_b) {
      o.b_worst_wait = std::max<std::uint64_t>(o.b_worst_wait, t - b_ready);
      b_waiting = false;
      ++o.b_sent;
    }
    o.a_sent += send_a;
    used_a += send_a;
    used_b += send_b;
    if (send_a || send_b) forward.push_back({t + lf, send_b});
    bool in_a = false, in_b = false;
    if (!forward.empty() && forward.front().arrives == t) {
      (forward.front().b ? in_b : in_a) = true;
      forward.pop_front();
    }
    const bool pop_a = t % 200 < 100 && t % 4 == 0 && (occ_a > 0 || in_a);
    const bool pop_b = occ_b > 0 || in_b;
    occ_a += in_a - pop_a;
    occ_b += in_b - pop_b;
    if (pop_a || pop_b) back.push_back({t + lr + 1, pop_a, pop_b});
  }
  return o;
}

// The library's cores: class sender, class link, bypass class receiver.
Outcome library(const std::string& policy, int lf, int lr, int cycles = 4000) {
  ClassSpec a{"A", {}, {0}};
  ClassSpec b{"B", {}, {0}};
  b.source.traffic = TrafficSpec::periodic(10);
  b.source.queue_depth = 1;
  a.source.queue_depth = 1;
  ClassPoolSpec pools;
  pools.policy = policy;
  pools.depth = 8;
  pools.reserved = {0, 2};
  pools.max = {0, 0};
  ClassSenderCore tx({a, b}, pools, Arbiter(Arbiter::Kind::strict, {1, 0}, {}), 1, "tx");
  DrainSpec a_drain;
  a_drain.every = 4;
  a_drain.stalls.push_back({100, 200});
  a_drain.stall_period = 200;
  ClassReceiverCore rx({"A", "B"}, pools, {a_drain, DrainSpec{}}, true, 1, "rx");
  ClassPipeCore link({lf, lr}, "link");
  for (int t = 0; t < cycles; ++t) {
    LoopState s;
    add_terms(s, tx);
    add_terms(s, link);
    add_terms(s, rx);
    BOOST_TEST_REQUIRE(s.total() == 8);
    for (const ClassTerms& c : s.classes) BOOST_TEST_REQUIRE(c.sender_header == c.receiver_header);

    const bool send = tx.chosen() >= 0;
    const Flit sent = send ? tx.chosen_flit() : Flit{};
    const bool arrive = link.forward_is_wire() ? send : link.arrive_valid();
    const Flit flit = link.forward_is_wire() ? sent : arrive ? link.arrive_flit() : Flit{};
    const ClassCredits popped = rx.pops(arrive, flit);
    const ClassCredits back = link.credit_is_wire() ? popped : link.credit_out();
    rx.advance(arrive, flit);
    tx.advance(back);
    link.advance(send, sent, popped);
  }
  return {tx.figures(1).sent, tx.refused(1), tx.figures(1).credit_wait.max(), tx.figures(0).sent};
}

}  // namespace

BOOST_AUTO_TEST_CASE(class_link_of_zero_stages_is_section_4) {
  BOOST_TEST(library("shared", 0, 0) == (Outcome{200, 199, 101, reference("shared", 0, 0).a_sent}));
  BOOST_TEST(library("split", 0, 0).b_worst_wait == 0u);
  BOOST_TEST(library("reserved", 0, 0).b_sent == 400u);
}

BOOST_AUTO_TEST_CASE(class_link_stages_match_the_reference_loop) {
  for (const char* policy : {"shared", "split", "reserved"})
    for (const auto& [lf, lr] : {std::pair{1, 0}, std::pair{0, 1}, std::pair{4, 4}, std::pair{3, 7}, std::pair{20, 20}, std::pair{32, 5}})
      BOOST_TEST(library(policy, lf, lr) == reference(policy, lf, lr),
                 policy << " Lf=" << lf << " Lr=" << lr);
}

// What the stages cost. B's credit is out for 2L + 1 cycles (sent in t, popped on arrival
// in t + L, usable from t + 2L + 1) and B offers a word every 10 cycles, so the 4 credits
// a split gives B cover a round trip of up to 40 cycles: L = 19 never waits, L = 20 does.
BOOST_AUTO_TEST_CASE(class_link_round_trip_figures) {
  BOOST_TEST(library("split", 19, 19) == (Outcome{400, 0, 0, 240}));
  BOOST_TEST(library("split", 20, 20) == (Outcome{391, 9, 10, 221}));
  // A shared pool: the figures of the reference loop above (B waits 101 cycles at most
  // over a bare wire, section 4).
  BOOST_TEST(library("shared", 4, 4) == (Outcome{240, 159, 85, 506}));
  BOOST_TEST(library("shared", 8, 8) == (Outcome{339, 61, 16, 504}));
}

BOOST_AUTO_TEST_CASE(class_link_refuses_an_unknown_class_index) {
  ClassPipeCore link({1, 1}, "link");
  Flit f;
  f.traffic_class = max_classes;
  BOOST_CHECK_THROW(link.advance(true, f, ClassCredits{}), creditflow::ProtocolError);
}

// Each class's header credits are timed from spend to spendable again: over L stages each
// way to a bypass receiver with a fast consumer, B's every one takes 2L + 1 cycles.
BOOST_AUTO_TEST_CASE(class_round_trips_are_measured_per_class) {
  ClassSpec b{"B", {}, {0}};
  b.source.traffic = TrafficSpec::periodic(10);
  ClassPoolSpec pools;
  pools.policy = "shared";
  pools.depth = 8;
  pools.max = {0};
  ClassSenderCore tx({b}, pools, Arbiter(Arbiter::Kind::strict, {0}, {}), 1, "tx");
  ClassReceiverCore rx({"B"}, pools, {DrainSpec{}}, true, 1, "rx");
  ClassPipeCore link({20, 20}, "link");
  for (int t = 0; t < 1000; ++t) {
    const bool send = tx.chosen() >= 0;
    const Flit sent = send ? tx.chosen_flit() : Flit{};
    const bool arrive = link.arrive_valid();
    const Flit flit = arrive ? link.arrive_flit() : Flit{};
    const ClassCredits popped = rx.pops(arrive, flit);
    const ClassCredits back = link.credit_out();
    rx.advance(arrive, flit);
    tx.advance(back);
    link.advance(send, sent, popped);
  }
  const LatencyStats& rtt = tx.figures(0).round_trip;
  // Words sent at 0, 10, ..., 950 are back by cycle 999 (sent t, usable t + 41).
  BOOST_TEST(rtt.count() == 96u);
  BOOST_TEST(rtt.min() == 41u);
  BOOST_TEST(rtt.max() == 41u);
}

// The most each class may hold with the others holding nothing: what covers its round trip.
BOOST_AUTO_TEST_CASE(pool_policies_say_the_most_a_class_may_hold) {
  const auto shared = make_pool("shared", 2, 8, {0, 0}, {0, 0}, "rx");
  const auto split = make_pool("split", 3, 8, {0, 0, 0}, {0, 0, 0}, "rx");
  const auto reserved = make_pool("reserved", 2, 8, {0, 2}, {0, 0}, "rx");
  const auto capped = make_pool("shared", 2, 8, {0, 0}, {3, 0}, "rx");
  BOOST_TEST(shared->most(0) == 8);
  BOOST_TEST(split->most(0) == 3);  // 8 over 3: the first classes take the remainder
  BOOST_TEST(split->most(2) == 2);
  BOOST_TEST(reserved->most(0) == 6);
  BOOST_TEST(reserved->most(1) == 8);
  BOOST_TEST(capped->most(0) == 3);
  BOOST_TEST(capped->most(1) == 8);
}
