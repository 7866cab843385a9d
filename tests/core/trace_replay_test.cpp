// The rules of replay, kernel-free (core/trace_replay.hpp, core/delivery_board.hpp): when a
// record is issued, in which order, and that what is kept of deliveries stays bounded.
#include <boost/test/unit_test.hpp>
#include <deque>

#include "creditflow/core/trace_replay.hpp"

using namespace creditflow::core;

namespace {

// Records from memory, as a file would give them.
class Records : public TraceStream {
 public:
  explicit Records(std::deque<TraceRecord> records) : records_(std::move(records)) {}
  bool next(TraceRecord& r) override {
    if (records_.empty()) return false;
    r = records_.front();
    records_.pop_front();
    return true;
  }
  const std::string& path() const override { return path_; }

 private:
  std::deque<TraceRecord> records_;
  std::string path_ = "memory";
};

TraceRecord record(Cycle cycle, std::uint64_t id, std::uint64_t bytes, std::vector<std::uint64_t> waits = {},
                   Cycle delay = 0) {
  TraceRecord r;
  r.cycle = cycle;
  r.source = "a";
  r.destination = "b";
  r.bytes = bytes;
  r.id = id;
  r.depends_on = std::move(waits);
  r.delay = delay;
  return r;
}

TraceEndpointIds ids() {
  TraceEndpointIds e;
  e.source = [](const std::string& n) -> std::optional<std::uint32_t> {
    if (n == "a") return 1u;
    return std::nullopt;
  };
  e.destination = [](const std::string&) -> std::optional<std::uint32_t> { return 2u; };
  return e;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_record_waits_for_its_deliveries_and_its_delay_and_never_less_than_two_cycles) {
  auto board = std::make_shared<DeliveryBoard>();
  std::deque<TraceRecord> rs{record(0, 1, 33), record(0, 2, 8, {1}, 5), record(0, 3, 8, {1}, 0)};
  TraceReplay replay(std::make_unique<Records>(rs), ids(), 16, board);
  DueRecord d;
  BOOST_TEST_REQUIRE(replay.pop_due(0, d));
  BOOST_TEST(d.id == 1u);
  BOOST_TEST(d.flits == 3u);  // 33 bytes at 16 a flit
  board->issued(1, 3);
  BOOST_TEST(!replay.pop_due(0, d));
  BOOST_TEST(replay.next_due(0) == 1);  // a record waits: asked every cycle
  board->popped(1, 10);
  board->popped(1, 11);
  BOOST_TEST(!replay.pop_due(11, d));
  board->popped(1, 12);                // its last flit: delivered in 12
  BOOST_TEST(!replay.pop_due(13, d));  // record 3 (no delay) not before 12 + 2
  BOOST_TEST_REQUIRE(replay.pop_due(14, d));
  BOOST_TEST(d.id == 3u);
  BOOST_TEST(d.at == 14);
  BOOST_TEST(!replay.pop_due(16, d));  // record 2 waits 5: 17
  BOOST_TEST_REQUIRE(replay.pop_due(17, d));
  BOOST_TEST(d.id == 2u);
  BOOST_TEST(replay.done());
}

BOOST_AUTO_TEST_CASE(a_long_chain_of_waits_keeps_a_bounded_board) {
  // 300,000 records each waiting for the one before: the board forgets deliveries no
  // record can still wait for.
  auto board = std::make_shared<DeliveryBoard>();
  std::deque<TraceRecord> rs;
  for (std::uint64_t i = 1; i <= 300000; ++i)
    rs.push_back(record(0, i, 8, i > 1 ? std::vector<std::uint64_t>{i - 1} : std::vector<std::uint64_t>{}));
  TraceReplay replay(std::make_unique<Records>(std::move(rs)), ids(), 8, board);
  std::size_t most = 0;
  Cycle t = 0;
  DueRecord d;
  for (std::uint64_t issued = 0; issued < 300000; ++t)
    while (replay.pop_due(t, d)) {
      board->issued(d.id, d.flits);
      board->popped(d.id, t);
      ++issued;
      most = std::max(most, board->size());
    }
  BOOST_TEST(replay.done());
  BOOST_TEST(t == 2 * 300000 - 1);  // each 2 cycles after the one before
  BOOST_TEST(most <= 2 * kTraceReach + 1);
}
