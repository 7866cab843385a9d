// One source's records of a trace, issued when they are due: at their cycle, and a record
// that waits for others (depends_on) no earlier than `delay` cycles after the last of
// them is delivered, and no earlier than the second cycle after (the cycle a receiver
// pops it, then the cycle its news reaches the source), so that the order in which a
// cycle's parts step cannot change what is issued. Records are read as they fall due;
// those waiting are told their deliveries by the board, and at most kTraceReach of them
// wait at once (the source then reads on only as they are issued: later records wait in
// the file, keeping their cycle), so a replay's memory is bounded whatever the trace.
// netrace replays its traces the same way: a slower fabric slows the workload instead of
// piling it up.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <map>
#include <queue>
#include <unordered_map>
#include <string>
#include <vector>

#include "creditflow/core/delivery_board.hpp"
#include "creditflow/core/trace_record.hpp"

namespace creditflow::core {

// A record on its way in: when it is issued, its flits at its part's width, its endpoints.
struct DueRecord {
  Cycle at = 0;
  std::uint64_t id = 0;
  std::uint32_t source = 0;
  std::uint32_t destination = 0;
  std::uint32_t traffic_class = 0;
  std::uint64_t bytes = 0;
  std::uint64_t flits = 0;
};

// Who a replay's records come from and go to, by the trace's names.
struct TraceEndpointIds {
  // The source a name is, or nullopt for records that are not this replay's to issue.
  std::function<std::optional<std::uint32_t>(const std::string&)> source;
  // The endpoint a destination name is (nullopt refuses the record).
  std::function<std::optional<std::uint32_t>(const std::string&)> destination;
};

class TraceReplay final : private DeliveryWatcher {
 public:
  // `width`: bytes a flit takes. `board` is needed only where records wait for others.
  TraceReplay(std::unique_ptr<TraceStream> stream, TraceEndpointIds endpoints, std::uint64_t width,
              std::shared_ptr<DeliveryBoard> board);
  ~TraceReplay();
  TraceReplay(const TraceReplay&) = delete;
  TraceReplay& operator=(const TraceReplay&) = delete;

  // The next record issued by cycle t, if one is (in order of issue, then of id).
  bool pop_due(Cycle t, DueRecord& out);
  // The first cycle after t in which a record may fall due (t + 1 while one waits for a
  // delivery, which no port announces; UINT64_MAX once the trace is done).
  Cycle next_due(Cycle t) const;
  bool done() const { return !ahead_ && waiting_.empty() && ready_.empty(); }
  std::uint64_t width() const { return width_; }
  DeliveryBoard* board() const { return board_.get(); }

 private:
  struct Waiting {
    TraceRecord record;
    DueRecord due;
    std::size_t unresolved = 0;  // records it waits for, not yet delivered
    Cycle last = 0;              // the latest delivery of those that are
  };
  struct Later {
    bool operator()(const DueRecord& a, const DueRecord& b) const { return a.at != b.at ? a.at > b.at : a.id > b.id; }
  };
  void read_ahead();
  void take_ahead(Cycle t);
  // Issued once what it waits for is delivered: its cycle, and its delay after the last.
  void issue(Waiting& w);
  void delivered(std::uint64_t id, Cycle cycle) override;
  void tell_board();

  std::unique_ptr<TraceStream> stream_;
  TraceEndpointIds endpoints_;
  std::uint64_t width_;
  std::shared_ptr<DeliveryBoard> board_;
  std::size_t reader_ = 0;
  std::unique_ptr<Waiting> ahead_;  // the next record of this source in the file
  std::map<std::uint64_t, Waiting> waiting_;  // read, waiting for deliveries, by id
  std::unordered_multimap<std::uint64_t, std::uint64_t> waited_by_;  // delivery -> records waiting for it
  std::priority_queue<DueRecord, std::vector<DueRecord>, Later> ready_;
};

}  // namespace creditflow::core
