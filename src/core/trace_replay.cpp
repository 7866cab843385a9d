#include "creditflow/core/trace_replay.hpp"

#include <algorithm>

#include "creditflow/core/error.hpp"

namespace creditflow::core {

namespace {
// A delivery reaches its source the cycle after the pop; a record waiting for it can be
// made for the cycle after that at the earliest.
constexpr Cycle kLeastDelay = 2;
}  // namespace

TraceReplay::TraceReplay(std::unique_ptr<TraceStream> stream, TraceEndpointIds endpoints, std::uint64_t width,
                         std::shared_ptr<DeliveryBoard> board)
    : stream_(std::move(stream)), endpoints_(std::move(endpoints)), width_(width), board_(std::move(board)) {
  if (width_ == 0)
    throw ParameterError(stream_->path() + ": a flit of 0 bytes cannot carry a record (allowed width >= 1)");
  if (board_) reader_ = board_->add_reader();
  read_ahead();
}

TraceReplay::~TraceReplay() {
  if (board_) board_->forget(this);
}

void TraceReplay::read_ahead() {
  ahead_.reset();
  auto w = std::make_unique<Waiting>();
  while (stream_->next(w->record)) {
    const TraceRecord& r = w->record;
    const std::optional<std::uint32_t> source = endpoints_.source(r.source);
    if (!source) continue;
    const std::optional<std::uint32_t> destination = endpoints_.destination(r.destination);
    if (!destination)
      throw Error(stream_->path() + ":" + std::to_string(r.line) + ": destination '" + r.destination +
                  "' is not an endpoint here");
    DueRecord& d = w->due;
    d.at = r.cycle;
    d.id = r.id;
    d.source = *source;
    d.destination = *destination;
    d.traffic_class = r.traffic_class;
    d.bytes = r.bytes;
    d.flits = (r.bytes + width_ - 1) / width_;
    if (!r.depends_on.empty() && !board_)
      throw Error(stream_->path() + ":" + std::to_string(r.line) + ": record " + std::to_string(r.id) +
                  " waits for others, and nothing tells this source of their deliveries");
    ahead_ = std::move(w);
    break;
  }
  tell_board();
}

void TraceReplay::tell_board() {
  if (!board_) return;
  std::uint64_t least = ahead_ ? ahead_->due.id : UINT64_MAX;
  if (!waiting_.empty()) least = std::min(least, waiting_.begin()->first);
  board_->reading_from(reader_, least);
}

void TraceReplay::issue(Waiting& w) {
  if (!w.record.depends_on.empty()) w.due.at = std::max(w.record.cycle, w.last + std::max(w.record.delay, kLeastDelay));
  ready_.push(w.due);
}

// Records whose cycle has come join those issued or waiting.
void TraceReplay::take_ahead(Cycle t) {
  while (ahead_ && ahead_->record.cycle <= t && waiting_.size() < kTraceReach) {
    Waiting& w = *ahead_;
    for (const std::uint64_t id : w.record.depends_on) {
      if (const auto delivered = board_->delivered(id)) {
        w.last = std::max(w.last, *delivered);
      } else {
        ++w.unresolved;
        board_->watch(id, this);
        waited_by_.emplace(id, w.due.id);
      }
    }
    if (w.unresolved == 0)
      issue(w);
    else
      waiting_.emplace(w.due.id, std::move(w));
    read_ahead();
  }
}

void TraceReplay::delivered(std::uint64_t id, Cycle cycle) {
  const auto [from, to] = waited_by_.equal_range(id);
  for (auto it = from; it != to; ++it) {
    const auto waiting = waiting_.find(it->second);
    if (waiting == waiting_.end()) continue;
    Waiting& w = waiting->second;
    w.last = std::max(w.last, cycle);
    if (--w.unresolved > 0) continue;
    issue(w);
    waiting_.erase(waiting);
  }
  waited_by_.erase(from, to);
  tell_board();
}

bool TraceReplay::pop_due(Cycle t, DueRecord& out) {
  take_ahead(t);
  if (ready_.empty() || ready_.top().at > t) return false;
  out = ready_.top();
  ready_.pop();
  return true;
}

Cycle TraceReplay::next_due(Cycle t) const {
  if (!waiting_.empty()) return t + 1;
  Cycle next = UINT64_MAX;
  if (!ready_.empty()) next = ready_.top().at;
  if (ahead_) next = std::min(next, ahead_->record.cycle);
  return std::max(next, t + 1);
}

}  // namespace creditflow::core
