// End-to-end accounting of a platform (timing.md section 5), for both views: every cycle, per
// source, created = delivered + in flight + dropped, from what each part counts
// (core/census.hpp); the first violation is kept with every holder by name, and the run's
// ledger per source is handed to the results. It is on only when every part counts its
// flits; otherwise it says which kind does not.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "creditflow/core/census.hpp"
#include "creditflow/platform/platform.hpp"
#include "creditflow/platform/simulate.hpp"
#include "run/cycle_check.hpp"

namespace creditflow::platform {

class Accountant final : public CycleCheck {
 public:
  struct Part {
    Part(std::string n, core::FlitCounter* c, const char* sleeps = nullptr)
        : name(std::move(n)), counter(c), log(c->census_log()), asleep(sleeps) {}
    std::string name;
    const core::FlitCounter* counter;
    core::CensusLog* log;  // its changes as they happen, where it keeps them (used by source)
    long lump = -1;  // the slot of the one source whose flits can reach it (set by the accountant)
    // Set while the engine lets it sleep (run/sleeping_parts.hpp), from before the cycle's
    // edge to after its accounting: kAsleepEmpty with nothing to count (skipped), else
    // kAsleepCounted (counted as it was: a source's created flits, a receiver's delivered).
    static constexpr char kAsleepEmpty = 1, kAsleepCounted = 2;
    const char* asleep = nullptr;
    // A part that says when its count changes (census_version): the version last counted
    // and that count's slots (for a part whose changes are logged, in no order, some zero).
    struct Share {
      std::size_t slot;
      std::uint64_t created, refused, delivered, dropped, held;
    };
    std::uint64_t version = core::FlitCounter::kEveryCycle;
    std::vector<Share> counted;
  };

  Accountant(const Platform& platform, std::vector<Part> parts);

  bool on() const { return off_.empty(); }
  void observe(core::Cycle t) override {
    observe_awake(t, [](const auto&) {});  // every part in the lists below
  }
  // The TL view's sleepers (run/sleeping_parts.hpp): a part that may sleep is looked at
  // only while awake (asleep it holds nothing, or, `counted_asleep`, it is counted every
  // cycle as before); `may_sleep(i)` and `counted_asleep(i)` for the i-th part given.
  void know_sleepers(const std::function<bool(std::size_t)>& may_sleep,
                     const std::function<bool(std::size_t)>& counted_asleep);
  // The cycle's count, `each_awake(f)` calling f(i) for each part awake now: walking every
  // part's flag was most of accounting's cycle on an 8x8 mesh of sleeping routers.
  template <class EachAwake>
  void observe_awake(core::Cycle t, const EachAwake& each_awake) {
    if (!on()) return;
    const bool broken = (t & 1023) == 0 && audit_versions(t);
    for (Part* p : versioned_always_)
      if (!p->asleep || !*p->asleep) recount_if_changed(*p);  // asleep, it did not step: as it was
    for (Part* p : logged_always_)
      if (!p->asleep || !*p->asleep) take_changes(*p);
    each_awake([&](std::size_t i) {
      if (role_[i] == kVersioned) recount_if_changed(parts_[i]);
      else if (role_[i] == kLogged) take_changes(parts_[i]);
    });
    census_.assign_from(versioned_sum_);
    for (const Counted& p : every_always_)
      if (!p.asleep || *p.asleep != Part::kAsleepEmpty) count(p.counter, p.lump, census_);
    each_awake([&](std::size_t i) {
      if (role_[i] == kEvery) count(parts_[i].counter, parts_[i].lump, census_);
    });
    if (census_.unbalanced() >= 0)
      violated(t);
    else if (broken)
      ++violations_;
  }
  // The ledger per source, the verdict and the first violation, into the run's result.
  void finish(RunResult& result) const;

 private:
  void violated(core::Cycle t);
  // A part that says when its count changes: counted again when it has, its share of the
  // versioned sum replaced.
  void recount_if_changed(Part& p);
  // A part that logs its changes: they are added to its share and the sum, unless its
  // version moved by other than their number (a change it did not log): then counted again.
  void take_changes(Part& p);
  // Every 1024 cycles, each of those counted afresh: one whose count changed while its
  // version did not breaks its word, a violation that names it (true if one did).
  bool audit_versions(core::Cycle t);
  // A part's count into a census by source: its flits all under its one source where it has
  // one (no flit looked at), else each under its own.
  static void count(const core::FlitCounter* counter, long lump, core::Census& c) {
    if (c.by_source()) c.lump_into(lump);
    counter->count(c);
    c.lump_into(-1);
  }
  static void count(const Part& p, core::Census& c) { count(p.counter, p.lump, c); }
  // Visits what part `p` holds as (slot, where, flits), by source or as one sum: under its
  // one source without looking at its flits where it has one, else each flit under its own;
  // `where` the part's name, and the place within it where it tells one ("r1 in2 VC 0").
  template <class Visit>
  void held_by(const Part& p, bool by_source, const Visit& visit) const;
  // Each part's flits held for `slot`, by name.
  std::string holders(std::size_t slot, const core::Census& by) const;

  const Platform& platform_;
  std::vector<Part> parts_;
  std::vector<const Part*> asked_;  // the parts that may hold flits
  // Of those: the ones counted when they say they changed, and the ones whose changes are
  // added up as logged.
  std::vector<Part*> versioned_, logged_;
  // How each is looked at each cycle: by its role, while awake, where it may sleep (the
  // engine says which, know_sleepers), else in the lists of those looked at always; for
  // those counted every cycle, what the count needs of each, side by side (walking the
  // parts themselves cost a cache miss each).
  enum Role : char { kNone, kEvery, kVersioned, kLogged };
  std::vector<char> role_;  // by part
  struct Counted {
    const core::FlitCounter* counter;
    const char* asleep;
    long lump;
  };
  std::vector<Counted> every_always_;
  std::vector<Part*> versioned_always_, logged_always_;
  core::Census versioned_sum_;            // the last counts of those, summed
  core::Census scratch_;
  std::vector<std::string> names_;                            // the creators, by slot (0: none)
  std::shared_ptr<const std::vector<std::uint32_t>> slot_of_;  // endpoint id -> slot
  std::string off_;  // why it is off ("" when on)
  core::Census census_;
  std::string first_violation_;
};

}  // namespace creditflow::platform
