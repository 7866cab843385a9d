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
    std::string name;
    const core::FlitCounter* counter;
    long lump = -1;  // the slot of the one source whose flits can reach it (set by the accountant)
    const char* asleep = nullptr;  // set while the engine lets it sleep: it holds no flit then
  };

  Accountant(const Platform& platform, std::vector<Part> parts);

  bool on() const { return off_.empty(); }
  void observe(core::Cycle t) override {
    if (!on()) return;
    census_.clear();
    for (const Part* p : asked_)
      if (!p->asleep || !*p->asleep) count(*p, census_);
    if (census_.unbalanced() >= 0) violated(t);
  }
  // The ledger per source, the verdict and the first violation, into the run's result.
  void finish(RunResult& result) const;

 private:
  void violated(core::Cycle t);
  // A part's count into a census by source: its flits all under its one source where it has
  // one (no flit looked at), else each under its own.
  static void count(const Part& p, core::Census& c) {
    if (c.by_source()) c.lump_into(p.lump);
    p.counter->count(c);
    c.lump_into(-1);
  }
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
  std::vector<std::string> names_;                            // the creators, by slot (0: none)
  std::shared_ptr<const std::vector<std::uint32_t>> slot_of_;  // endpoint id -> slot
  std::string off_;  // why it is off ("" when on)
  core::Census census_;
  std::string first_violation_;
};

}  // namespace creditflow::platform
