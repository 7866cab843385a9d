// Nothing stepped that holds nothing, in the TL view: parts whose kind may sleep
// (kinds/behaviour.hpp sleeps) and that have nothing to do after a cycle's drive are
// neither stepped, driven nor counted until a flit or credit reaches one of their inputs;
// then each is moved across the cycles it slept (skip_to) and steps from the next edge.
// The engine visits only the parts awake: an idle mesh costs what moves in it.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "creditflow/platform/tl_part.hpp"

namespace creditflow::platform {

class SleepingParts {
 public:
  // `parts`: how many the platform has (flags by their index, never resized).
  explicit SleepingParts(std::size_t parts) : asleep_(parts, 0), member_of_(parts, kNone), wakers_of_(parts) {}

  // Part `index` may sleep; `cycle` is its clock's count of cycles (the cycle its next edge
  // closes).
  void add(std::size_t index, TlPart* part, const core::Cycle* cycle) {
    member_of_[index] = members_.size();
    members_.push_back({part, cycle, index});
    inputs_.emplace_back();
    awake_.push_back(members_.size() - 1);
    position_.push_back(awake_.size() - 1);
  }
  bool may_sleep(std::size_t index) const { return member_of_[index] != kNone; }
  bool any() const { return !members_.empty(); }
  // What on a wire wakes the part reading it: a flit (valid), a credit pulse, or VCs
  // credited.
  enum class Carries { flit, credit, vcs };
  // A wire from part `writer` into part `reader` (one that may sleep).
  void add_waker(std::size_t writer, const Wire* wire, Carries what, std::size_t reader) {
    if (wakers_of_[writer].empty() && !may_sleep(writer)) always_writing_.push_back(writer);
    wakers_of_[writer].push_back({wire, what, member_of_[reader]});
    inputs_[member_of_[reader]].push_back({wire, what, member_of_[reader]});
  }
  // Part `index`'s flag, set while it sleeps (accounting skips it then: it holds no flit).
  const char* flag(std::size_t index) const { return &asleep_[index]; }

  // The edge closing the cycle of the clock counting `cycle`, for the parts awake on it.
  void edges(const core::Cycle* cycle) {
    for (const std::size_t m : awake_)
      if (members_[m].cycle == cycle) members_[m].part->edge(0);
  }
  // Their outputs, from their state alone (they have no combinational inputs): before
  // every other part's.
  void drive() {
    for (const std::size_t m : awake_) members_[m].part->drive();
  }
  // After a cycle's drive: each awake with nothing to do sleeps; then each asleep that a
  // flit or credit now reaches wakes. The wires looked at are the fewer of: those into the
  // parts asleep, or those out of the parts awake (a sleeper's outputs are quiet). Every
  // awake part is asked every cycle: asking busy ones less often (2, 4, 8 cycles) kept idle
  // ones stepping longer and cost more than it saved (measured).
  void settle() {
    asleep_cycles_ += members_.size() - awake_.size();  // the parts this cycle did not step
    for (std::size_t k = awake_.size(); k-- > 0;) {
      const Member& m = members_[awake_[k]];
      if (m.part->next_busy(*m.cycle) == kNeverBusy) sleep(awake_[k]);
    }
    if (members_.size() - awake_.size() < awake_.size() + always_writing_.size()) {
      asleep_now_.clear();
      for (std::size_t m = 0; m < members_.size(); ++m)
        if (asleep_[members_[m].index]) asleep_now_.push_back(m);
      for (const std::size_t m : asleep_now_)
        for (const Waker& w : inputs_[m])
          if (carries(w)) {
            wake(m);
            break;
          }
      return;
    }
    for (const std::size_t writer : always_writing_) wake_readers(writer);
    for (std::size_t k = 0, n = awake_.size(); k < n; ++k) wake_readers(members_[awake_[k]].index);
  }
  // At the end: every part at its clock's last cycle, as if it had stepped through it.
  void wake_all() {
    for (std::size_t m = 0; m < members_.size(); ++m)
      if (asleep_[members_[m].index]) wake(m);
  }
  // Cycles parts slept, summed over them.
  std::uint64_t asleep_cycles() const { return asleep_cycles_; }
  bool most_awake() const { return 2 * awake_.size() > members_.size(); }
  // The parts awake now (by index), for the checks that look only where things move.
  template <class F>
  void each_awake(F&& f) const {
    for (const std::size_t m : awake_) f(members_[m].index);
  }

 private:
  static constexpr std::size_t kNone = SIZE_MAX;
  static constexpr core::Cycle kNeverBusy = UINT64_MAX;  // kinds/behaviour.hpp never_busy
  struct Member {
    TlPart* part;
    const core::Cycle* cycle;
    std::size_t index;
  };
  struct Waker {
    const Wire* wire;
    Carries what;
    std::size_t reader;  // a member
  };

  void sleep(std::size_t m) {
    asleep_[members_[m].index] = 1;
    const std::size_t at = position_[m];
    awake_[at] = awake_.back();
    position_[awake_[at]] = at;
    awake_.pop_back();
  }
  void wake(std::size_t m) {
    asleep_[members_[m].index] = 0;
    position_[m] = awake_.size();
    awake_.push_back(m);
    members_[m].part->skip_to(*members_[m].cycle);
  }
  static bool carries(const Waker& w) {
    switch (w.what) {
      case Carries::flit: return w.wire->valid;
      case Carries::credit: return w.wire->credit;
      case Carries::vcs: return w.wire->vcs != 0;
    }
    return true;
  }
  void wake_readers(std::size_t writer) {
    for (const Waker& w : wakers_of_[writer])
      if (asleep_[members_[w.reader].index] && carries(w)) wake(w.reader);
  }

  std::vector<char> asleep_;             // by part index
  std::vector<std::size_t> member_of_;   // by part index: its member, or kNone
  std::vector<Member> members_;
  std::vector<std::size_t> awake_;       // members awake, in no order
  std::vector<std::size_t> position_;    // by member: its place in awake_ while awake
  std::vector<std::vector<Waker>> wakers_of_;  // by writer part index
  std::vector<std::vector<Waker>> inputs_;     // by member: the wires that wake it
  std::vector<std::size_t> asleep_now_;        // scratch: the members asleep
  std::uint64_t asleep_cycles_ = 0;
  std::vector<std::size_t> always_writing_;    // writers that never sleep, with wakers
};

}  // namespace creditflow::platform
