// Nothing stepped that holds nothing, in the TL view: parts whose kind may sleep
// (kinds/behaviour.hpp sleeps) and that have nothing to do after a cycle's drive are
// neither stepped nor driven until a flit or credit reaches one of their inputs, or, for a
// part that names the cycle it next changes (a source's next packet), until that cycle;
// then each is moved across the cycles it slept (skip_to) and steps from the next edge.
// The engine visits only the parts awake: an idle mesh costs what moves in it.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <queue>
#include <utility>
#include <vector>

#include "creditflow/platform/tl_part.hpp"
#include "run/accounting.hpp"

namespace creditflow::platform {

class SleepingParts {
 public:
  // `parts`: how many the platform has (flags by their index, never resized).
  explicit SleepingParts(std::size_t parts) : asleep_(parts, 0), member_of_(parts, kNone), wakers_of_(parts) {}

  // Part `index` may sleep; `cycle` is its clock's count of cycles (the cycle its next edge
  // closes).
  void add(std::size_t index, TlPart* part, const core::Cycle* cycle) {
    member_of_[index] = members_.size();
    if (std::find(clocks_.begin(), clocks_.end(), cycle) == clocks_.end()) {
      clocks_.push_back(cycle);
      due_.emplace_back();
      awake_.emplace_back();
      members_of_clock_.push_back(0);
      ticked_.push_back(0);
    }
    const std::size_t clock = clock_of(cycle);
    members_.push_back({part, cycle, clock, index, kNeverBusy});
    inputs_.emplace_back();
    ++members_of_clock_[clock];
    awake_[clock].push_back(members_.size() - 1);
    position_.push_back(awake_[clock].size() - 1);
    ++awake_count_;
  }
  bool may_sleep(std::size_t index) const { return member_of_[index] != kNone; }
  bool any() const { return !members_.empty(); }
  // What on a wire wakes the part reading it: a flit (valid), a credit pulse, or VCs
  // credited.
  enum class Carries { flit, credit, vcs };
  // A wire from port `port` (its port_number) of part `writer` into part `reader` (one that
  // may sleep).
  void add_waker(std::size_t writer, const TlPart* writer_part, std::size_t port, const Wire* wire, Carries what,
                 std::size_t reader) {
    if (wakers_of_[writer].empty() && !may_sleep(writer)) always_writing_.push_back({writer, writer_part});
    // A sleeper writing to a part of another clock is looked at whichever clock ticked.
    if (may_sleep(writer) && members_[member_of_[writer]].clock != members_[member_of_[reader]].clock &&
        std::find(across_clocks_.begin(), across_clocks_.end(), member_of_[writer]) == across_clocks_.end())
      across_clocks_.push_back(member_of_[writer]);
    const kinds::PortMask bit = kinds::port_bit_or_every(port);
    wakers_of_[writer].push_back({wire, what, member_of_[reader], bit});
    inputs_[member_of_[reader]].push_back({wire, what, member_of_[reader], bit});
  }
  // Part `index`'s flag: 0 awake, else how accounting takes it asleep (Accountant::Part).
  static constexpr char kEmpty = Accountant::Part::kAsleepEmpty, kCounted = Accountant::Part::kAsleepCounted;
  const char* flag(std::size_t index) const { return &asleep_[index]; }

  // The edge closing the cycle of the clock counting `cycle`, for the parts awake on it;
  // then those whose own cycle opens next wake, moved to its start, to drive it.
  void edges(const core::Cycle* cycle) {
    const std::size_t clock = clock_of(cycle);
    if (clock == clocks_.size()) return;  // no part of that clock sleeps
    ticked_[clock] = 1;
    for (const std::size_t m : awake_[clock]) members_[m].part->edge(0);
    wake_due(cycle, *cycle + 1);
  }
  // The parts of the clock counting `cycle` whose own cycle is `upto` or before wake, moved
  // to `upto` (after the engine moved every part across an idle stretch to it).
  void wake_due(const core::Cycle* cycle, core::Cycle upto) {
    const std::size_t clock = clock_of(cycle);
    if (clock == clocks_.size()) return;  // no part of that clock sleeps
    auto& due = due_[clock];
    while (!due.empty() && due.top().first <= upto) {
      const std::size_t m = due.top().second;
      due.pop();
      if (asleep_[members_[m].index] && members_[m].due <= upto) wake(m, upto);
    }
  }
  // Their outputs, from their state alone (they have no combinational inputs): before
  // every other part's. Of the clocks whose edges came since the last settle only: the
  // others' state, and so their outputs, did not change (on an SoC of two clocks a third of
  // the drives).
  void drive_ticked() {
    for (std::size_t clock = 0; clock < clocks_.size(); ++clock)
      if (ticked_[clock])
        for (const std::size_t m : awake_[clock]) members_[m].part->drive();
  }
  void drive() {
    for (const auto& awake : awake_)
      for (const std::size_t m : awake) members_[m].part->drive();
  }
  // After a cycle's drive: each awake with nothing to do sleeps; then each asleep that a
  // flit or credit now reaches wakes. The wires looked at are the fewer of: those into the
  // parts asleep, or those out of the parts awake (a sleeper's outputs are quiet). Every
  // awake part is asked every cycle of its clock: asking busy ones less often (2, 4, 8
  // cycles) kept idle ones stepping longer and cost more than it saved (measured).
  // Only the parts of the clocks that ticked are asked (the others' state did not change),
  // or, `every_clock`, all (after the engine moved every part across an idle stretch).
  void settle(bool every_clock = false) {
    if (members_.empty()) return;  // a platform where nothing sleeps pays nothing here
    for (std::size_t clock = 0; clock < clocks_.size(); ++clock) {
      if (!ticked_[clock] && !every_clock) continue;
      auto& awake = awake_[clock];
      asleep_cycles_ += members_of_clock_[clock] - awake.size();  // the parts this cycle did not step
      for (std::size_t k = awake.size(); k-- > 0;) {
        const std::size_t at = awake[k];
        Member& m = members_[at];
        const core::Cycle busy = m.part->next_busy(*m.cycle);
        if (busy <= *m.cycle + 1) continue;  // busy next cycle
        m.due = busy;
        if (busy != kNeverBusy) due_[m.clock].push({busy, at});
        sleep(at, m.part->counted_asleep() ? kCounted : kEmpty);
      }
    }
    wake_readers_of_what_moved(every_clock);
    std::fill(ticked_.begin(), ticked_.end(), 0);
  }
  // At the end: every part at its clock's last cycle, as if it had stepped through it.
  void wake_all() {
    for (std::size_t m = 0; m < members_.size(); ++m)
      if (asleep_[members_[m].index]) wake(m, *members_[m].cycle);
  }
  // Cycles parts slept, summed over them.
  std::uint64_t asleep_cycles() const { return asleep_cycles_; }
  bool most_awake() const { return 2 * awake_count_ > members_.size(); }
  // The parts awake now, by index, for the checks that look only where things move; with
  // the outputs each carries (each_awake).
  template <class F>
  void each_awake_index(F&& f) const {
    each_awake_member([&](const Member& m) { f(m.index); });
  }
  template <class F>
  void each_awake(F&& f) const {
    each_awake_member([&](const Member& m) { f(m.index, m.part->carrying()); });
  }

 private:
  static constexpr std::size_t kNone = SIZE_MAX;
  static constexpr core::Cycle kNeverBusy = UINT64_MAX;  // kinds/behaviour.hpp never_busy
  struct Member {
    TlPart* part;
    const core::Cycle* cycle;
    std::size_t clock;  // cycle's place in clocks_
    std::size_t index;
    core::Cycle due;  // asleep: the cycle it wakes to drive by itself (kNeverBusy: none)
  };
  struct Waker {
    const Wire* wire;
    Carries what;
    std::size_t reader;  // a member
    kinds::PortMask port;  // the writer's port, as its bit
  };

  template <class G>
  void each_awake_member(G&& g) const {
    for (const auto& awake : awake_)
      for (const std::size_t m : awake) g(members_[m]);
  }
  void sleep(std::size_t m, char how) {
    asleep_[members_[m].index] = how;
    auto& awake = awake_[members_[m].clock];
    const std::size_t at = position_[m];
    awake[at] = awake.back();
    position_[awake[at]] = at;
    awake.pop_back();
    --awake_count_;
  }
  void wake(std::size_t m, core::Cycle to) {
    asleep_[members_[m].index] = 0;
    auto& awake = awake_[members_[m].clock];
    position_[m] = awake.size();
    awake.push_back(m);
    ++awake_count_;
    members_[m].part->skip_to(to);
  }
  // Each asleep that a flit or credit now reaches wakes. The wires looked at are the fewer
  // of: those into the parts asleep, or those out of the parts awake that may have driven
  // something new (a sleeper's outputs are quiet): those of the clocks that ticked, those
  // writing across clocks, and the parts that never sleep.
  void wake_readers_of_what_moved(bool every_clock) {
    if (members_.size() - awake_count_ < awake_count_ + always_writing_.size()) {
      asleep_now_.clear();
      for (std::size_t m = 0; m < members_.size(); ++m)
        if (asleep_[members_[m].index]) asleep_now_.push_back(m);
      for (const std::size_t m : asleep_now_)
        for (const Waker& w : inputs_[m])
          if (carries(w)) {
            wake(m, *members_[m].cycle);
            break;
          }
      return;
    }
    for (const auto& [writer, part] : always_writing_) wake_readers(writer, *part);
    for (std::size_t clock = 0; clock < clocks_.size(); ++clock) {
      if (!ticked_[clock] && !every_clock) continue;
      // By index: a wake appends to the list of the reader's clock, maybe this one.
      const auto& awake = awake_[clock];
      for (std::size_t k = 0, n = awake.size(); k < n; ++k) {
        const Member& m = members_[awake[k]];
        wake_readers(m.index, *m.part);
      }
    }
    for (const std::size_t m : across_clocks_)
      if (!asleep_[members_[m].index] && !ticked_[members_[m].clock] && !every_clock)
        wake_readers(members_[m].index, *members_[m].part);
  }
  std::size_t clock_of(const core::Cycle* cycle) const {
    return static_cast<std::size_t>(std::find(clocks_.begin(), clocks_.end(), cycle) - clocks_.begin());
  }
  static bool carries(const Waker& w) {
    switch (w.what) {
      case Carries::flit: return w.wire->valid;
      case Carries::credit: return w.wire->credit;
      case Carries::vcs: return w.wire->vcs != 0;
    }
    return true;
  }
  // The readers asleep of what `writer` drove: only at the outputs it says carry something.
  void wake_readers(std::size_t writer, const TlPart& part) {
    const auto& wakers = wakers_of_[writer];
    if (wakers.empty()) return;
    const kinds::PortMask carrying = part.carrying();
    if (carrying == 0) return;
    // A kind that says which outputs carry is taken at its word: the wire is not read.
    const bool precise = carrying != kinds::kEveryPort;
    for (const Waker& w : wakers)
      if ((w.port & carrying) != 0 && asleep_[members_[w.reader].index] && (precise || carries(w)))
        wake(w.reader, *members_[w.reader].cycle);
  }

  std::vector<char> asleep_;             // by part index
  std::vector<std::size_t> member_of_;   // by part index: its member, or kNone
  std::vector<Member> members_;
  std::vector<std::vector<std::size_t>> awake_;  // by clock: its members awake, in no order
  std::vector<std::size_t> position_;    // by member: its place in its clock's awake_ while awake
  std::size_t awake_count_ = 0;          // members awake, over every clock
  std::vector<std::size_t> members_of_clock_;  // by clock
  std::vector<char> ticked_;             // by clock: its edges came since the last settle
  std::vector<std::size_t> across_clocks_;  // members writing to a member of another clock
  std::vector<std::vector<Waker>> wakers_of_;  // by writer part index
  std::vector<std::vector<Waker>> inputs_;     // by member: the wires that wake it
  std::vector<std::size_t> asleep_now_;        // scratch: the members asleep
  std::uint64_t asleep_cycles_ = 0;
  std::vector<std::pair<std::size_t, const TlPart*>> always_writing_;  // writers that never sleep, with wakers
  // Per clock (its cycle count's address): the parts asleep until a cycle, soonest first
  // (an entry of a part woken sooner by its inputs is left to fall due unheeded).
  using Due = std::pair<core::Cycle, std::size_t>;
  std::vector<const core::Cycle*> clocks_;
  std::vector<std::priority_queue<Due, std::vector<Due>, std::greater<Due>>> due_;
};

}  // namespace creditflow::platform
