// timing.md section 2 at core level: the sink FIFO, lossy or with backpressure, behind a
// source of one beat per cycle; the credit-counting source's round trip.
#include <boost/test/unit_test.hpp>

#include "creditflow/core/credit_source_core.hpp"
#include "creditflow/core/sink_core.hpp"
#include "creditflow/core/slice_core.hpp"

using namespace creditflow::core;

namespace {

struct StallRun {
  std::uint64_t dropped = 0, held = 0, popped = 0;
  std::int64_t peak = 0, keep_all = 0;
};

// `beats` beats offered one per cycle from cycle 0, held while the sink is not ready.
StallRun run_stall(std::int64_t depth, bool backpressure, std::int64_t stall_from, std::int64_t stall,
                   std::int64_t beats, Cycle cycles = 60) {
  SinkParams p;
  p.depth = depth;
  p.backpressure = backpressure;
  p.drain.stalls.push_back({stall_from, stall_from + stall});
  SinkCore<Flit> sink(p, 0, "sink");
  StallRun r;
  std::int64_t offered = 0;
  for (Cycle t = 0; t < cycles; ++t) {
    const bool valid = offered < beats;
    if (valid && !sink.ready()) ++r.held;
    if (valid && sink.ready()) ++offered;
    sink.advance(valid, Flit{});
  }
  r.dropped = sink.dropped();
  r.popped = sink.popped();
  r.peak = sink.peak_occupancy();
  r.keep_all = sink.depth_to_keep_all();
  return r;
}

}  // namespace

BOOST_AUTO_TEST_CASE(spec2_reference_lossy) {
  // D = 4, no backpressure, consumer stopped 6 cycles while holding one beat, 12 beats.
  const StallRun r = run_stall(4, false, 1, 6, 12);
  BOOST_TEST(r.peak == 4);
  BOOST_TEST(r.dropped == 4u);
  BOOST_TEST(r.held == 0u);
  BOOST_TEST(r.popped == 8u);
  BOOST_TEST(r.keep_all == 8);  // 1 held + 6 stalled + 1 at the wake edge
}

BOOST_AUTO_TEST_CASE(spec2_reference_backpressure) {
  const StallRun r = run_stall(4, true, 1, 6, 12);
  BOOST_TEST(r.dropped == 0u);
  BOOST_TEST(r.held == 4u);  // offered in cycles 4, 5, 6 and 7 (the wake cycle still sees full)
  BOOST_TEST(r.popped == 12u);
  BOOST_TEST(r.peak == 4);
}

BOOST_AUTO_TEST_CASE(spec2_stall_of_twelve) {
  // 1 held, stall 12: 14 beats needed; depth 8 drops 6, depth 14 drops none.
  BOOST_TEST(run_stall(8, false, 1, 12, 40).dropped == 6u);
  BOOST_TEST(run_stall(8, false, 1, 12, 40).keep_all == 14);
  BOOST_TEST(run_stall(14, false, 1, 12, 40).dropped == 0u);
  BOOST_TEST(run_stall(13, false, 1, 12, 40).dropped == 1u);
}

BOOST_AUTO_TEST_CASE(popped_is_high_the_cycle_after_a_pop) {
  SinkCore<Flit> sink(SinkParams{}, 0, "sink");
  sink.advance(true, Flit{});   // cycle 0: arrives
  BOOST_TEST(sink.will_pop());  // cycle 1: popped
  BOOST_TEST(!sink.popped_register());
  sink.advance(false, Flit{});
  BOOST_TEST(sink.popped_register());  // cycle 2: `popped` high
  sink.advance(false, Flit{});
  BOOST_TEST(!sink.popped_register());
}

BOOST_AUTO_TEST_CASE(credit_source_round_trip_is_r_plus_3) {
  for (std::int64_t r = 0; r <= 3; ++r) {
    for (std::int64_t c = 1; c <= r + 4; ++c) {
      CreditSourceCore<Flit> src({SourceParams{}, c, r}, 0, "src");
      SinkParams sp;
      sp.depth = 8;
      sp.backpressure = false;
      SinkCore<Flit> sink(sp, 0, "sink");
      std::uint64_t sent_late = 0;
      for (Cycle t = 0; t < 3000; ++t) {
        const bool send = src.will_send();
        const bool popped = sink.popped_register();
        sink.advance(send, src.will_send() ? src.head() : Flit{});
        src.advance(popped);
        if (t >= 1000) sent_late += send;
      }
      const double expected = std::min(1.0, static_cast<double>(c) / static_cast<double>(r + 3));
      BOOST_TEST(static_cast<double>(sent_late) / 2000.0 == expected, boost::test_tools::tolerance(0.002));
      BOOST_TEST(sink.dropped() == 0u, "C=" << c << " R=" << r);
      BOOST_TEST(src.sender().round_trips().min() == static_cast<std::uint64_t>(r + 3));
    }
  }
}

BOOST_AUTO_TEST_CASE(one_entry_slice_passes_every_other_cycle) {
  SliceCore<int> one(1, "s"), two(2, "s");
  int through_one = 0, through_two = 0;
  for (int t = 0; t < 100; ++t) {
    through_one += one.out_valid();
    through_two += two.out_valid();
    one.advance(true, t, true);
    two.advance(true, t, true);
  }
  BOOST_TEST(through_one == 50);
  BOOST_TEST(through_two == 99);  // the first beat appears in cycle 1
}
