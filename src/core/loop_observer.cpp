#include "creditflow/core/loop_observer.hpp"

#include <sstream>
#include <tuple>
#include <utility>

namespace creditflow::core {

LoopObserver::LoopObserver(std::string link, std::int64_t capacity, Cycle warmup)
    : link_(std::move(link)), capacity_(capacity), warmup_(warmup), unqueued_(capacity) {}

std::optional<std::string> LoopObserver::violation(Cycle t, const LoopState& state, bool conserved) {
  if (conserved) {
    // Per class and credit type, on a multi-class link.
    for (const ClassTerms& c : state.classes) {
      for (const auto& [type, sent, held] : {std::tuple{"header", c.sender_header, c.receiver_header},
                                             std::tuple{"data", c.sender_data, c.receiver_data}}) {
        if (sent == held) continue;
        ++violations_;
        std::ostringstream msg;
        msg << "credit conservation violated on link '" << link_ << "' at cycle " << t << " for class '" << c.name
            << "' " << type << " credits: the sender holds " << sent << ", the receiver " << held << " ("
            << (sent > held ? sent - held : held - sent) << (sent > held ? " missing)" : " extra)");
        if (first_violation_.empty()) first_violation_ = msg.str();
        return msg.str();
      }
    }
    return std::nullopt;
  }
  ++violations_;
  std::ostringstream msg;
  msg << "credit conservation violated on link '" << link_ << "' at cycle " << t
      << ": sender credits " << state.sender_credits << " + forward flits "
      << state.forward_flits << " + receiver occupancy " << state.receiver_occupancy
      << " + return credits " << state.return_credits << " = " << state.total() << ", expected "
      << capacity_;
  if (state.total() < capacity_) msg << " (" << capacity_ - state.total() << " missing)";
  if (state.total() > capacity_) msg << " (" << state.total() - capacity_ << " extra)";
  if (first_violation_.empty()) first_violation_ = msg.str();
  return msg.str();
}

void LoopObserver::add_to(LinkReport& r) const {
  r.name = link_;
  r.cycles = last_cycle_;
  r.warmup = warmup_;
  r.sent = sent_in_window();
  r.delivered = popped_in_window();
  r.throughput = throughput();
  r.credit_stall_cycles = credit_stall_cycles();
  r.stall_receiver_empty = stall_empty_;
  r.stall_receiver_busy = stall_busy_;
  r.conservation_violations = violations_;
  r.dropped = dropped_in_window();
  r.credits_missing = capacity_ ? capacity_ - last_.total() : 0;
  r.source_held_cycles = held_;
  r.deadlock_cycle = deadlock_;
  r.starved_cycles = starved_cycles();
  r.starved_since = starved_since();
  r.still_since = last_progress_;
  r.still_cycles = last_cycle_ - last_progress_;
  r.watchdog = watchdog_;
  r.unqueued_max_rtt = unqueued_.worst();
  r.unqueued_rtts = unqueued_.count();
}

void LoopObserver::starved(Cycle t) {
  if (!starving_) starving_since_ = last_progress_;
  starving_ = true;
  deadlock_ = 0;
  last_progress_ = t;
}

void LoopObserver::end_starvation(Cycle t) {
  starving_ = false;
  if (t - starving_since_ > longest_starved_) {
    longest_starved_ = t - starving_since_;
    longest_since_ = starving_since_;
  }
}

Cycle LoopObserver::starved_cycles() const {
  return starving_ && last_cycle_ - starving_since_ > longest_starved_ ? last_cycle_ - starving_since_ : longest_starved_;
}

Cycle LoopObserver::starved_since() const {
  return starving_ && last_cycle_ - starving_since_ > longest_starved_ ? starving_since_ : longest_since_;
}

std::uint64_t LoopObserver::dropped_in_window() const {
  return window_cycles() ? last_.dropped - at_warmup_.dropped : 0;
}

std::optional<std::string> LoopObserver::observe_idle(Cycle from, Cycle to, const LoopState& state) {
  if (from >= to) return std::nullopt;
  // The first observation classifies the cycle before `from` and checks conservation;
  // the idle cycles after it add nothing to the stall counts.
  auto violation = observe(from, state);
  if (violation) violations_ += to - from - 1;  // every idle cycle is just as short
  if (warmup_ > from && warmup_ < to) at_warmup_ = last_;
  last_cycle_ = to - 1;
  last_progress_ = to - 1;  // an idle loop has nothing pending
  return violation;
}

std::uint64_t LoopObserver::window_cycles() const {
  return last_cycle_ > warmup_ ? last_cycle_ - warmup_ : 0;
}

std::uint64_t LoopObserver::sent_in_window() const {
  return window_cycles() ? last_.sent - at_warmup_.sent : 0;
}

std::uint64_t LoopObserver::popped_in_window() const {
  return window_cycles() ? last_.popped - at_warmup_.popped : 0;
}

double LoopObserver::throughput() const {
  const std::uint64_t n = window_cycles();
  return n ? static_cast<double>(sent_in_window()) / static_cast<double>(n) : 0.0;
}

void LoopObserver::add_shape(Shape& s) const {
  for (const std::int64_t v : {last_.sender_credits, last_.forward_flits, last_.receiver_occupancy, last_.return_credits})
    s.add(v);
  for (const bool b : {last_.sender_has_data, last_.receiver_popping, last_.source_held}) s.add(std::uint64_t{b});
  s.add(last_cycle_ - last_progress_);  // a loop where nothing moves never repeats: its watchdog must fire
  unqueued_.add_shape(s, last_cycle_);
}

void LoopObserver::repeat(const LoopObserver& earlier, const Repeat& r) {
  stall_empty_ = r.count(stall_empty_, earlier.stall_empty_);
  stall_busy_ = r.count(stall_busy_, earlier.stall_busy_);
  held_ = r.count(held_, earlier.held_);
  violations_ = r.count(violations_, earlier.violations_);
  last_cycle_ = r.time(last_cycle_);
  last_progress_ = r.time(last_progress_);
  // A loop that moved within the period moves in every repeat of it; one that did not, has not.
  if (last_move_ != earlier.last_move_) last_move_ = r.time(last_move_);
  last_.sent = r.count(last_.sent, earlier.last_.sent);
  last_.popped = r.count(last_.popped, earlier.last_.popped);
  last_.dropped = r.count(last_.dropped, earlier.last_.dropped);
  unqueued_.repeat(earlier.unqueued_, r);
}

std::string describe_holder(const LoopState& held, bool sender) {
  std::ostringstream os;
  const char* sep = "";
  auto item = [&](const auto&... parts) {
    os << sep;
    (os << ... << parts);
    sep = ", ";
  };
  if (sender || held.sender_credits != 0) item("credits ", held.sender_credits);
  if (held.sender_has_data) item("offering a flit");
  if (held.source_held) item("held by backpressure");
  if (held.forward_flits != 0) item("flits in flight ", held.forward_flits);
  if (held.receiver_occupancy != 0)
    item("occupancy ", held.receiver_occupancy, held.receiver_popping ? " (popping)" : " (not popping)");
  if (held.return_credits != 0) item("credits on their way back ", held.return_credits);
  if (*sep == '\0') item("holds nothing");
  return os.str();
}

}  // namespace creditflow::core
