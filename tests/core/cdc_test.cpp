// timing.md section 3 at core level: Gray codec and pointers, the asynchronous FIFO's round
// trip, and the three credit-return crossings, stepped here by hand in two clock domains.
#include <boost/test/unit_test.hpp>
#include <bitset>

#include "creditflow/core/async_fifo_core.hpp"
#include "creditflow/core/credit_crossing.hpp"
#include "creditflow/core/gray.hpp"

using namespace creditflow::core;

BOOST_AUTO_TEST_CASE(gray_codec_is_exhaustively_right_for_small_widths) {
  for (unsigned width = 1; width <= 12; ++width) {
    const std::uint64_t n = std::uint64_t{1} << width;
    for (std::uint64_t v = 0; v < n; ++v) {
      BOOST_TEST_REQUIRE(from_gray(to_gray(v)) == v);
      BOOST_TEST_REQUIRE(to_gray(v) < n);
      // Neighbours, including the wrap from 2^width - 1 to 0, differ in exactly one bit.
      const std::uint64_t next = (v + 1) % n;
      BOOST_TEST_REQUIRE(std::bitset<64>(to_gray(v) ^ to_gray(next)).count() == 1u);
    }
  }
}

BOOST_AUTO_TEST_CASE(gray_pointer_distance_wraps) {
  for (unsigned width = 2; width <= 8; ++width) {
    const std::uint64_t n = std::uint64_t{1} << width;
    for (std::uint64_t a = 0; a < n; ++a)
      for (std::uint64_t b = 0; b < n; ++b) {
        GrayPointer ahead(width), behind(width);
        ahead.advance(a + n);  // past a wrap
        behind.advance(b);
        BOOST_TEST_REQUIRE(ahead.binary() == a);
        BOOST_TEST_REQUIRE(ahead.distance(ahead.binary(), behind.binary()) == (a + n - b) % n);
        BOOST_TEST_REQUIRE(from_gray(ahead.gray()) == a);
      }
  }
  BOOST_TEST(pointer_width(8) == 5u);  // distances 0..8 need 4 bits; one more tells full from empty
  BOOST_TEST(pointer_width(9) == 5u);
  BOOST_TEST(pointer_width(1) == 2u);
}

namespace {
struct FifoRun {
  double throughput = 0;
  std::uint64_t min_rtt = 0, max_rtt = 0;
};

// Equal clocks, edges aligned: at each edge both sides see the other's pointer as it was.
FifoRun run_fifo(std::int64_t depth, std::int64_t stages, double uncertainty, int read_every = 1) {
  AsyncFifoParams p;
  p.depth = depth;
  p.sync_stages = stages;
  p.uncertainty = uncertainty;
  AsyncFifoCore<Flit> fifo(p, 7, "fifo");
  std::uint64_t sends = 0;
  for (int t = 0; t < 6000; ++t) {
    const std::uint64_t wg = fifo.write_gray(), rg = fifo.read_gray();
    if (t >= 3000 && fifo.can_write()) ++sends;
    fifo.write_edge(true, Flit{}, rg);
    if (t % read_every == read_every - 1) fifo.read_edge(wg);
    BOOST_TEST_REQUIRE(fifo.writer_credits() + fifo.crossing_forward() + fifo.occupancy() + fifo.crossing_back() == depth);
  }
  return {static_cast<double>(sends) / 3000.0, fifo.writer().round_trips().min(), fifo.writer().round_trips().max()};
}
}  // namespace

BOOST_AUTO_TEST_CASE(async_fifo_round_trip_is_2n_plus_3) {
  BOOST_TEST(run_fifo(16, 2, 0.0).min_rtt == 7u);
  BOOST_TEST(run_fifo(16, 3, 0.0).min_rtt == 9u);
  BOOST_TEST(run_fifo(7, 2, 0.0).throughput == 1.0);
  int expected = 0;  // depth 6 over a 7-cycle round trip: sends when t mod 7 < 6
  for (int t = 3000; t < 6000; ++t) expected += t % 7 < 6;
  BOOST_TEST(run_fifo(6, 2, 0.0).throughput == expected / 3000.0);
}

BOOST_AUTO_TEST_CASE(spec3_worked_case_worst_phase_every_crossing) {
  // 4 cycles to become readable (write, 2 flops, 1 of phase), 1 to read, 4 back: RTT 9.
  const FifoRun nine = run_fifo(9, 2, 1.0), eight = run_fifo(8, 2, 1.0);
  BOOST_TEST(nine.min_rtt == 9u);
  BOOST_TEST(nine.max_rtt == 9u);
  BOOST_TEST(nine.throughput == 1.0);
  int expected = 0;  // 8 sends at the start of every 9-cycle round trip
  for (int t = 3000; t < 6000; ++t) expected += t % 9 < 8;
  BOOST_TEST(eight.throughput == expected / 3000.0);
  BOOST_TEST(eight.throughput > 0.888);
  BOOST_TEST(eight.throughput < 0.890);
}

BOOST_AUTO_TEST_CASE(half_speed_reader_caps_throughput_whatever_the_depth) {
  for (std::int64_t depth : {8, 16, 64}) BOOST_TEST(run_fifo(depth, 2, 0.0, 2).throughput == 0.5);
}

namespace {
// Receiver domain 3x faster than the sender's: source edges every cycle, destination every
// third. Pops come as a stream with the given gaps; returns credits still accounted.
struct CrossingRun {
  std::int64_t returned = 0, counted = 0, in_flight = 0;
};
CrossingRun run_crossing(const std::string& form, int pop_every, double uncertainty, int cycles = 3000) {
  CrossingParams p;
  p.uncertainty = uncertainty;
  auto c = make_crossing(form, p, 11, "crossing");
  CrossingRun r;
  for (int t = 0; t < cycles; ++t) {
    const std::uint64_t wire = c->wire(), back = c->back_wire();
    const bool credit = t % pop_every == 0 && t < cycles - 200;  // then let it drain
    r.returned += credit;
    c->source_edge(credit, back);
    if (t % 3 == 2) {
      r.counted += c->credit_out();
      c->dest_edge(wire);
    }
  }
  r.in_flight = c->in_flight();
  return r;
}
}  // namespace

BOOST_AUTO_TEST_CASE(gray_and_toggle_crossings_keep_every_credit) {
  for (const char* form : {"gray", "toggle"})
    for (int gap : {1, 2, 5})
      for (double u : {0.0, 0.5}) {
        const CrossingRun r = run_crossing(form, gap, u);
        BOOST_TEST(r.counted + r.in_flight == r.returned, form << " gap " << gap << " u " << u);
      }
  // No faster than the output's one per destination cycle, the Gray count returns every
  // credit by the end of the drain; faster, they queue inside (still counted above).
  const CrossingRun g = run_crossing("gray", 5, 0.5);
  BOOST_TEST(g.in_flight == 0);
  BOOST_TEST(g.counted == g.returned);
}

BOOST_AUTO_TEST_CASE(pulse_crossing_loses_credits_to_a_slower_clock) {
  const CrossingRun r = run_crossing("pulse", 1, 0.0);
  BOOST_TEST(r.counted + r.in_flight < r.returned);
  // Back to back pulses make one long level: one rising edge for all of them.
  BOOST_TEST(r.counted <= 1);
  // Pulses far apart (every 7 fast cycles, wider gaps than the slow clock) are missed
  // whenever no slow edge falls inside them: two of every three here.
  const CrossingRun sparse = run_crossing("pulse", 7, 0.0);
  BOOST_TEST(sparse.counted + sparse.in_flight < sparse.returned);
  BOOST_TEST(sparse.counted > 0);
}

// Every depth, power of two or not, delivers every flit once and in order across many
// pointer wraps, whichever side's edge is taken first when they coincide. (Slots once went
// by the Gray pointer's binary value, which wraps at a power of two: at depth 9 a full
// FIFO overwrote a live entry, and the reader saw flit 547 where 542 belonged.)
BOOST_AUTO_TEST_CASE(async_fifo_delivers_in_order_at_every_depth) {
  for (std::int64_t depth : {1, 2, 3, 5, 6, 7, 8, 9, 12, 17}) {
    for (bool reader_first : {false, true}) {
      AsyncFifoParams p;
      p.depth = depth;
      p.drain.rate = 0.6;  // a slow, random reader keeps the FIFO full
      AsyncFifoCore<Flit> fifo(p, 11, "fifo");
      std::uint64_t next_id = 0, expected = 0;
      for (int t = 0; t < 4000; ++t) {
        const std::uint64_t wg = fifo.write_gray(), rg = fifo.read_gray();
        Flit f{};
        f.id = next_id;
        const bool offered = true;
        auto read = [&] {
          if (fifo.will_pop()) {
            BOOST_TEST_REQUIRE(fifo.head().id == expected, "depth " << depth << " cycle " << t);
            ++expected;
          }
          fifo.read_edge(wg);
        };
        if (reader_first) read();
        if (fifo.can_write()) ++next_id;
        fifo.write_edge(offered, f, rg);
        if (!reader_first) read();
      }
      BOOST_TEST(expected > 500u);  // depth 1 is slowest: one flit per round trip of 7
    }
  }
}
