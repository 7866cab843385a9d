// timing.md section 4 at core level: traffic classes sharing a receiver under a pool policy,
// checked against a reference loop written straight from the text of docs/timing.md; arbitration;
// header and data credits.
#include <boost/test/unit_test.hpp>
#include <algorithm>

#include "creditflow/core/class_link_core.hpp"

using namespace creditflow::core;

namespace {

struct SharedLinkOutcome {
  std::uint64_t b_sent = 0, b_refused = 0, b_worst_wait = 0, a_sent = 0;
};

// timing.md section 4, word for word: an independent loop, no library code.
SharedLinkOutcome reference(const std::string& policy) {
  auto allowed = [&](bool b, int occ_a, int occ_b) {
    if (policy == "shared") return occ_a + occ_b < 8;
    if (policy == "split") return (b ? occ_b : occ_a) < 4;
    const int shared_used = occ_a + std::max(0, occ_b - 2);  // B spends its 2 reserved first
    return b ? (occ_b < 2 || shared_used < 6) : shared_used < 6;
  };
  SharedLinkOutcome o;
  int occ_a = 0, occ_b = 0, b_ready = 0;
  bool b_waiting = false;
  for (int t = 0; t < 4000; ++t) {
    if (t % 10 == 0) {
      if (b_waiting)
        ++o.b_refused;
      else
        b_waiting = true, b_ready = t;
    }
    const bool send_b = b_waiting && allowed(true, occ_a, occ_b);
    const bool send_a = !send_b && allowed(false, occ_a, occ_b);
    if (send_b) {
      o.b_worst_wait = std::max<std::uint64_t>(o.b_worst_wait, t - b_ready);
      b_waiting = false;
      ++o.b_sent;
    }
    o.a_sent += send_a;
    const bool pop_a = t % 200 < 100 && t % 4 == 0 && (occ_a > 0 || send_a);
    const bool pop_b = occ_b > 0 || send_b;
    occ_a += send_a - pop_a;
    occ_b += send_b - pop_b;
  }
  return o;
}

ClassPoolSpec spec4_pools(const std::string& policy) {
  ClassPoolSpec p;
  p.policy = policy;
  p.depth = 8;
  p.reserved = {0, 2};
  p.max = {0, 0};
  return p;
}

// The library's cores, stepped with zero-stage forward and return paths.
SharedLinkOutcome library(const std::string& policy) {
  ClassSpec a{"A", {}, {0}};
  ClassSpec b{"B", {}, {0}};
  b.source.traffic = TrafficSpec::periodic(10);
  b.source.queue_depth = 1;
  a.source.queue_depth = 1;
  const ClassPoolSpec pools = spec4_pools(policy);
  ClassSenderCore tx({a, b}, pools, Arbiter(Arbiter::Kind::strict, {1, 0}, {}), 1, "tx");
  DrainSpec a_drain;
  a_drain.every = 4;
  a_drain.stalls.push_back({100, 200});
  a_drain.stall_period = 200;
  ClassReceiverCore rx({"A", "B"}, pools, {a_drain, DrainSpec{}}, true, 1, "rx");
  for (int t = 0; t < 4000; ++t) {
    const bool arrive = tx.chosen() >= 0;
    const Flit flit = arrive ? tx.chosen_flit() : Flit{};
    const ClassCredits back = rx.pops(arrive, flit);
    rx.advance(arrive, flit);
    tx.advance(back);
    BOOST_TEST_REQUIRE(tx.held_header(0) == rx.occupancy_header(0));  // conservation, per class
    BOOST_TEST_REQUIRE(tx.held_header(1) == rx.occupancy_header(1));
  }
  return {tx.figures(1).sent, tx.refused(1), tx.figures(1).credit_wait.max(), tx.figures(0).sent};
}

void same(const std::string& policy) {
  const SharedLinkOutcome want = reference(policy), got = library(policy);
  BOOST_TEST(got.b_sent == want.b_sent, policy);
  BOOST_TEST(got.b_refused == want.b_refused, policy);
  BOOST_TEST(got.b_worst_wait == want.b_worst_wait, policy);
  BOOST_TEST(got.a_sent == want.a_sent, policy);
}

}  // namespace

BOOST_AUTO_TEST_CASE(spec4_shared_pool) {
  same("shared");
  const SharedLinkOutcome o = library("shared");
  // A fills the pool while its consumer is blocked; the B word of cycle 100 waits for the
  // pop at 200, usable at 201, so B's arrivals at 110..200 find it still waiting: 10
  // refused per 200 cycles, and in the last phase 3910..3990 (the word of 3900 is unsent).
  BOOST_TEST(o.b_worst_wait == 101u);
  BOOST_TEST(o.b_refused == 199u);
  BOOST_TEST(o.b_sent == 200u);
}

BOOST_AUTO_TEST_CASE(spec4_split_pool) {
  same("split");
  const SharedLinkOutcome o = library("split");
  BOOST_TEST(o.b_worst_wait == 0u);
  BOOST_TEST(o.b_sent == 400u);
  BOOST_TEST(o.b_refused == 0u);
}

BOOST_AUTO_TEST_CASE(spec4_reserved_pool) {
  same("reserved");
  const SharedLinkOutcome o = library("reserved");
  BOOST_TEST(o.b_worst_wait == 0u);
  BOOST_TEST(o.b_sent == 400u);
}

namespace {
std::vector<std::uint64_t> shares(Arbiter arbiter, std::size_t n, int cycles) {
  std::vector<ClassSpec> classes;
  for (std::size_t c = 0; c < n; ++c) classes.push_back({std::string(1, static_cast<char>('A' + c)), {}, {0}});
  ClassPoolSpec pools;
  pools.depth = 64;
  pools.max.assign(n, 0);
  ClassSenderCore tx(classes, pools, std::move(arbiter), 1, "tx");
  ClassReceiverCore rx([&] {
    std::vector<std::string> names;
    for (const auto& c : classes) names.push_back(c.name);
    return names;
  }(), pools, std::vector<DrainSpec>(n), true, 1, "rx");
  for (int t = 0; t < cycles; ++t) {
    const bool arrive = tx.chosen() >= 0;
    const Flit flit = arrive ? tx.chosen_flit() : Flit{};
    const ClassCredits back = rx.pops(arrive, flit);
    rx.advance(arrive, flit);
    tx.advance(back);
  }
  std::vector<std::uint64_t> sent;
  for (std::size_t c = 0; c < n; ++c) sent.push_back(tx.figures(c).sent);
  return sent;
}
}  // namespace

BOOST_AUTO_TEST_CASE(round_robin_shares_within_one_word) {
  for (int cycles : {999, 1000, 1001}) {
    const auto s = shares(Arbiter(Arbiter::Kind::round_robin, {}, {}), 3, cycles);
    const auto [lo, hi] = std::minmax_element(s.begin(), s.end());
    BOOST_TEST(*hi - *lo <= 1u, cycles);
    BOOST_TEST(s[0] + s[1] + s[2] == static_cast<std::uint64_t>(cycles));
  }
}

BOOST_AUTO_TEST_CASE(weighted_round_robin_follows_the_weights) {
  const auto s = shares(Arbiter(Arbiter::Kind::weighted, {}, {3, 1}), 2, 1000);
  BOOST_TEST(s[0] == 750u);
  BOOST_TEST(s[1] == 250u);
  const auto t = shares(Arbiter(Arbiter::Kind::weighted, {}, {5, 2, 1}), 3, 800);
  BOOST_TEST(t[0] == 500u);
  BOOST_TEST(t[1] == 200u);
  BOOST_TEST(t[2] == 100u);
}

BOOST_AUTO_TEST_CASE(strict_priority_starves_the_lower_class) {
  const auto s = shares(Arbiter(Arbiter::Kind::strict, {1, 0}, {}), 2, 500);
  BOOST_TEST(s[1] == 500u);
  BOOST_TEST(s[0] == 0u);
}

BOOST_AUTO_TEST_CASE(header_and_data_credits_for_mixed_packet_sizes) {
  // Payloads of 0, 16, 64 and 20 bytes in 16-byte units: 0, 1, 4 and 2 data credits.
  ClassSpec a{"A", {}, {0, 16, 64, 20}};
  ClassPoolSpec pools;
  pools.policy = "split";
  pools.depth = 4;
  pools.data_depth = 6;
  pools.data_unit = 16;
  pools.max = {0};
  ClassSenderCore tx({a}, pools, Arbiter(Arbiter::Kind::strict, {0}, {}), 1, "tx");
  DrainSpec slow;
  slow.every = 3;  // the consumer pops every third cycle, so credits run short
  ClassReceiverCore rx({"A"}, pools, {slow}, false, 1, "rx");
  std::int64_t data_sent = 0, data_returned = 0, peak_data = 0;
  std::vector<std::uint32_t> sizes;
  for (int t = 0; t < 600; ++t) {
    const bool arrive = tx.chosen() >= 0;
    const Flit flit = arrive ? tx.chosen_flit() : Flit{};
    if (arrive && sizes.size() < 8) sizes.push_back(flit.data_units);
    data_sent += arrive ? flit.data_units : 0;
    const ClassCredits back = rx.pops(arrive, flit);
    data_returned += back.data[0];
    rx.advance(arrive, flit);
    tx.advance(back);
    BOOST_TEST_REQUIRE(tx.held_data(0) == rx.occupancy_data(0));
    BOOST_TEST_REQUIRE(tx.held_header(0) == rx.occupancy_header(0));
    BOOST_TEST_REQUIRE(tx.held_data(0) <= 6);
    BOOST_TEST_REQUIRE(tx.held_header(0) <= 4);
    peak_data = std::max(peak_data, tx.held_data(0));
  }
  BOOST_TEST(sizes == (std::vector<std::uint32_t>{0, 1, 4, 2, 0, 1, 4, 2}), boost::test_tools::per_element());
  BOOST_TEST(data_sent == data_returned + tx.held_data(0));
  BOOST_TEST(peak_data == 6);
  // The consumer pops in cycles 3, 6, ..., 597 (nothing is there at 0): 199 packets, and
  // every packet sent is either delivered or still held.
  BOOST_TEST(rx.delivered(0) == 199u);
  BOOST_TEST(tx.figures(0).sent == 199u + static_cast<std::uint64_t>(tx.held_header(0)));
}

BOOST_AUTO_TEST_CASE(pool_policies_answer_as_specified) {
  const auto shared = make_pool("shared", 2, 8, {}, {}, "rx");
  BOOST_TEST(shared->may_take(1, 1, {7, 0}));
  BOOST_TEST(!shared->may_take(1, 1, {8, 0}));
  const auto split = make_pool("split", 2, 8, {}, {}, "rx");
  BOOST_TEST(!split->may_take(0, 1, {4, 0}));
  BOOST_TEST(split->may_take(1, 1, {4, 3}));
  const auto reserved = make_pool("reserved", 2, 8, {0, 2}, {}, "rx");
  BOOST_TEST(!reserved->may_take(0, 1, {6, 0}));  // A may not touch B's two
  BOOST_TEST(reserved->may_take(1, 1, {6, 1}));
  BOOST_TEST(reserved->may_take(1, 1, {5, 2}));   // B spills into the shared part
  BOOST_TEST(!reserved->may_take(1, 1, {6, 2}));
  const auto capped = make_pool("shared", 2, 8, {}, {3, 0}, "rx");
  BOOST_TEST(!capped->may_take(0, 1, {3, 0}));     // the per-class maximum
  BOOST_CHECK_THROW(make_pool("reserved", 2, 8, {5, 5}, {}, "rx"), creditflow::ParameterError);
  BOOST_CHECK_THROW(make_pool("fair", 2, 8, {}, {}, "rx"), creditflow::ParameterError);
}
