// A merge's arbiter (timing.md section 5): N inputs to one output. The winner in a cycle is
// chosen from the arbiter's own state among the inputs with `valid`, whatever the output's
// `ready`; the state changes only on a transfer (valid and ready). Policies:
// - round robin: the first requester at or after the pointer; after a packet's tail goes,
//   the pointer moves to the input after the winner;
// - fixed: the first requester in a priority order;
// - weighted: an input keeps the grant for up to its weight in consecutive packets while it
//   requests, then the turn passes as in round robin.
// A packet of several flits holds the output from its head to its tail: while one is under
// way only its input may win, and a cycle its input does not offer is a bubble.
// Groups: inputs in priority groups, highest first. A group with a requester wins over
// every group after it (strict priority between groups: "the CPU before the DMAs"), and the
// policy chooses within the group, with a pointer and a weighted turn of its own ("round
// robin among the DMAs"). Without groups every input is in one.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "creditflow/core/error.hpp"
#include "creditflow/core/latency_stats.hpp"
#include "creditflow/core/types.hpp"

namespace creditflow::core {

struct MergeSpec {
  enum class Policy { round_robin, fixed, weighted };
  Policy policy = Policy::round_robin;
  std::vector<std::size_t> priority;  // fixed: inputs, highest first; the others after, in order
  std::vector<std::int64_t> weights;  // weighted: packets per turn, per input from 0 (the others 1)
  std::vector<std::vector<std::size_t>> groups;  // inputs per group, highest first; the unlisted after, in one
};

class MergeCore {
 public:
  static constexpr int none = -1;

  MergeCore(std::size_t inputs, MergeSpec spec, const std::string& where)
      : inputs_(inputs), spec_(std::move(spec)), transfers_(inputs), waits_(inputs) {
    if (spec_.weights.size() > inputs)
      throw ParameterError(where + ": " + std::to_string(spec_.weights.size()) + " weights for " +
                           std::to_string(inputs) + " inputs (allowed at most one per input)");
    for (const std::int64_t w : spec_.weights) check_range(where, "weights", w, 1, INT32_MAX);
    spec_.weights.resize(inputs, 1);
    std::vector<bool> listed(inputs, false);
    for (const std::size_t i : spec_.priority) {
      if (i >= inputs || listed[i])
        throw ParameterError(where + ": priority lists input " + std::to_string(i) +
                             (i >= inputs ? " of " + std::to_string(inputs) : " twice") +
                             " (allowed each input at most once)");
      listed[i] = true;
    }
    for (std::size_t i = 0; i < inputs; ++i)
      if (!listed[i]) spec_.priority.push_back(i);
    make_groups(where);
  }

  std::size_t inputs() const { return inputs_; }
  Cycle now() const { return now_; }
  // Jumps to cycle t across cycles with nothing offered (nothing changes but the time).
  void skip_to(Cycle t) { now_ = t; }

  // The winner among the inputs whose `valid` is set, or none: in the first group with a
  // requester, by the policy.
  template <class Valid>
  int winner(const Valid& valid) const {
    if (locked_ != none) return valid(static_cast<std::size_t>(locked_)) ? locked_ : none;
    for (const Group& g : groups_) {
      const int w = winner_in(g, valid);
      if (w != none) return w;
    }
    return none;
  }

  // The edge closing the cycle: `valid` per input, the winner chosen during it, whether the
  // output took its flit, and whether that flit was a packet's tail.
  template <class Valid>
  void advance(const Valid& valid, int winner, bool ready, bool tail) {
    const bool measured = now_ >= measure_from_;
    for (std::size_t i = 0; i < inputs_; ++i)
      if (valid(i) && !(ready && static_cast<int>(i) == winner) && measured) ++waits_[i];
    if (winner != none && ready) transfer(static_cast<std::size_t>(winner), tail, measured);
    ++now_;
  }

  void measure_from(Cycle c) { measure_from_ = c; }
  // Flits each input handed on, and cycles it offered one and was not taken, in the window.
  const std::vector<std::uint64_t>& transfers() const { return transfers_; }
  const std::vector<std::uint64_t>& waits() const { return waits_; }
  std::uint64_t total_transfers() const { return total_; }
  // Flits handed on in the whole run.
  std::uint64_t handed() const { return handed_; }

 private:
  // A group's inputs and its own arbitration state.
  struct Group {
    std::vector<std::size_t> members;  // inputs, in round-robin order
    std::vector<std::size_t> by_priority;  // fixed: its members in the priority order
    std::size_t pointer = 0;  // round robin: the position among members to consider first
    int holder = none;        // weighted: the input holding the grant
    std::int64_t used = 0;    // weighted: packets it has had this turn
  };

  template <class Valid>
  int winner_in(const Group& g, const Valid& valid) const {
    if (spec_.policy == MergeSpec::Policy::fixed) {
      for (const std::size_t i : g.by_priority)
        if (valid(i)) return static_cast<int>(i);
      return none;
    }
    if (spec_.policy == MergeSpec::Policy::weighted && g.holder != none && valid(static_cast<std::size_t>(g.holder)))
      return g.holder;
    const std::size_t n = g.members.size();
    for (std::size_t k = 0; k < n; ++k) {
      const std::size_t i = g.members[(g.pointer + k) % n];
      if (valid(i)) return static_cast<int>(i);
    }
    return none;
  }

  void make_groups(const std::string& where) {
    std::vector<bool> listed(inputs_, false);
    for (const std::vector<std::size_t>& members : spec_.groups) {
      if (members.empty()) throw ParameterError(where + ": groups has an empty group (allowed one input or more each)");
      for (const std::size_t i : members) {
        if (i >= inputs_ || listed[i])
          throw ParameterError(where + ": groups lists input " + std::to_string(i) +
                               (i >= inputs_ ? " of " + std::to_string(inputs_) : " twice") +
                               " (allowed each input in at most one group)");
        listed[i] = true;
      }
      groups_.push_back(Group{members, {}});
    }
    Group rest;
    for (std::size_t i = 0; i < inputs_; ++i)
      if (!listed[i]) rest.members.push_back(i);
    if (!rest.members.empty()) groups_.push_back(rest);
    group_of_.assign(inputs_, 0);
    position_.assign(inputs_, 0);
    for (std::size_t g = 0; g < groups_.size(); ++g) {
      Group& group = groups_[g];
      for (std::size_t k = 0; k < group.members.size(); ++k) {
        group_of_[group.members[k]] = g;
        position_[group.members[k]] = k;
      }
      for (const std::size_t i : spec_.priority)
        if (group_of_[i] == g) group.by_priority.push_back(i);
    }
  }

  void transfer(std::size_t w, bool tail, bool measured) {
    ++handed_;
    if (measured) {
      ++transfers_[w];
      ++total_;
    }
    if (!tail) {
      locked_ = static_cast<int>(w);
      return;
    }
    locked_ = none;
    Group& g = groups_[group_of_[w]];
    if (spec_.policy == MergeSpec::Policy::weighted) {
      if (g.holder != static_cast<int>(w)) {
        g.holder = static_cast<int>(w);
        g.used = 0;
      }
      if (++g.used < spec_.weights[w]) return;
      g.holder = none;
    }
    g.pointer = (position_[w] + 1) % g.members.size();
  }

  std::size_t inputs_;
  MergeSpec spec_;
  std::vector<Group> groups_;         // highest first
  std::vector<std::size_t> group_of_;  // per input: its group
  std::vector<std::size_t> position_;  // per input: its place among its group's members
  int locked_ = none;  // the input whose packet is under way
  Cycle now_ = 0;
  Cycle measure_from_ = 0;
  std::vector<std::uint64_t> transfers_, waits_;
  std::uint64_t total_ = 0;
  std::uint64_t handed_ = 0;
};

}  // namespace creditflow::core
