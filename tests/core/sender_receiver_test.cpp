#include <boost/test/unit_test.hpp>

#include "creditflow/core/error.hpp"
#include "creditflow/core/link_core.hpp"
#include "creditflow/core/receiver_core.hpp"
#include "creditflow/core/sender_core.hpp"

using namespace creditflow;
using namespace creditflow::core;

BOOST_AUTO_TEST_CASE(sender_counts_credits_before_this_cycles_return) {
  SenderCore tx(1, "tx");
  BOOST_TEST(tx.advance(true, false));   // cycle 0: spends its only credit
  BOOST_TEST(!tx.advance(true, true));   // cycle 1: the credit returns but is not yet usable
  BOOST_TEST(tx.credits() == 1);
  BOOST_TEST(tx.advance(true, false));   // cycle 2: spendable again
  BOOST_TEST(tx.round_trips().min() == 2u);  // spent in 0, spendable in 2
  BOOST_TEST(tx.credit_stall_cycles() == 1u);
}

BOOST_AUTO_TEST_CASE(sender_rejects_a_credit_it_never_spent) {
  SenderCore tx(2, "loop.tx");
  BOOST_CHECK_EXCEPTION(tx.advance(false, true), ProtocolError, [](const ProtocolError& e) {
    return std::string(e.what()) ==
           "loop.tx: credit counter overflow at cycle 0: a credit returned with 2 of 2 credits "
           "already held (duplicated credit?)";
  });
}

BOOST_AUTO_TEST_CASE(receiver_never_pops_in_the_arrival_cycle) {
  ReceiverCore<Flit> rx(ReceiverParams{2, {}}, 0, "rx");
  BOOST_TEST(!rx.will_pop());
  rx.advance(true, Flit{});  // arrives in cycle 0
  BOOST_TEST(rx.will_pop()); // popped in cycle 1 at the earliest
  rx.advance(false, Flit{});
  BOOST_TEST(rx.occupancy() == 0);
  BOOST_TEST(rx.latency().arrival_to_pop.max() == 1u);
}

BOOST_AUTO_TEST_CASE(receiver_overflow_is_a_protocol_error) {
  DrainSpec never;
  never.stalls.push_back({0, 1000});
  ReceiverCore<Flit> rx(ReceiverParams{1, never}, 0, "rx");
  rx.advance(true, Flit{});
  BOOST_CHECK_EXCEPTION(rx.advance(true, Flit{}), ProtocolError, [](const ProtocolError& e) {
    return std::string(e.what()) ==
           "rx: buffer overflow at cycle 1: a flit arrived with all 1 slots full (more flits in "
           "flight than credits)";
  });
}

BOOST_AUTO_TEST_CASE(receiver_latency_by_phase) {
  ReceiverCore<Flit> rx(ReceiverParams{4, {}}, 0, "rx");
  Flit f;
  f.created = 2;
  f.sent = 5;
  for (int t = 0; t < 9; ++t) rx.advance(t == 8, f);  // arrives in cycle 8
  rx.advance(false, f);                               // popped in cycle 9
  BOOST_TEST(rx.latency().creation_to_send.max() == 3u);
  BOOST_TEST(rx.latency().send_to_arrival.max() == 3u);
  BOOST_TEST(rx.latency().arrival_to_pop.max() == 1u);
  BOOST_TEST(rx.latency().creation_to_pop.max() == 7u);
}

// The three cores alone, stepped as timing.md section 1 says, give its L=2, B=3 slot trace:
// the cycle view only adds ports and processes around them.
BOOST_AUTO_TEST_CASE(cores_alone_reproduce_the_spec_slot_trace) {
  SenderCore tx(3, "tx");
  LinkCore<Flit> link({2, 2}, "link");
  ReceiverCore<Flit> rx(ReceiverParams{3, {}}, 0, "rx");
  std::vector<int> credits, send, pop, credit_in;
  int sent_late = 0;
  for (Cycle t = 0; t < 36; ++t) {
    const bool arrive = link.arrive_valid();
    const bool cin = link.credit_out();
    const bool p = rx.will_pop();
    const std::int64_t c = tx.credits();
    const bool s = tx.advance(true, cin);
    rx.advance(arrive, link.arrive_flit());
    link.advance(s, Flit{}, p);
    if (t < 12) {
      credits.push_back(static_cast<int>(c));
      send.push_back(s);
      pop.push_back(p);
      credit_in.push_back(cin);
    } else {
      sent_late += s;
    }
  }
  using V = std::vector<int>;
  BOOST_TEST(credits == (V{3, 2, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0}), boost::test_tools::per_element());
  BOOST_TEST(send == (V{1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0}), boost::test_tools::per_element());
  BOOST_TEST(pop == (V{0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1}), boost::test_tools::per_element());
  BOOST_TEST(credit_in == (V{0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 1}), boost::test_tools::per_element());
  BOOST_TEST(sent_late == 12);  // slots 12..35: B per RTT over four round trips
}
