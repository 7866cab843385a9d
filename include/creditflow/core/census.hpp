// End-to-end accounting (timing.md section 5): per source, at every cycle, created = delivered
// + in flight (every buffer, stage and source queue) + dropped. A flit refused at the source
// is never created; it is counted beside. Each part adds what it knows to a Census; a
// platform checks the sums every cycle. By source where a platform has several sources
// (every held flit is looked at); as one sum where it has one (counts only, cheap).
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "creditflow/core/flit.hpp"
#include "creditflow/core/types.hpp"

namespace creditflow::core {

class Census {
 public:
  // Counted by source: `slots` (the sources + 1) and each source id's slot (`slot_of[id]`,
  // from 1; ids past its end or mapped to 0 are no source). One sum: no slots.
  explicit Census(std::size_t slots = 0, std::shared_ptr<const std::vector<std::uint32_t>> slot_of = {})
      : created(sized(slots)), refused(sized(slots)), delivered(sized(slots)), dropped(sized(slots)),
        held(sized(slots)), by_source_(slots > 0), slot_of_(std::move(slot_of)) {}

  bool by_source() const { return by_source_; }
  // Whether the part counting now must look at each flit's source: no, where its flits can
  // come from one source only (they all go to `lump`), or where there is one sum.
  bool by_flit() const { return by_source_ && lump_ < 0; }
  // The part counting now can hold flits of source `slot` only (-1: of any).
  void lump_into(long slot) { lump_ = slot; }
  std::size_t slot(std::uint32_t source) const {
    if (!by_source_) return 0;  // first: one sum is the common case, asked every cycle
    if (lump_ >= 0) return static_cast<std::size_t>(lump_);
    if (!slot_of_ || source >= slot_of_->size()) return 0;
    return (*slot_of_)[source];
  }
  // Counts of the part counting now, when not by_flit().
  void held_count(std::uint64_t n) { held[slot(0)] += n; }
  void delivered_count(std::uint64_t n) { delivered[slot(0)] += n; }
  void dropped_count(std::uint64_t n) { dropped[slot(0)] += n; }
  // A flit held somewhere: under its own source.
  template <class T>
  void hold(const T& flit) {
    if constexpr (is_basic_flit<T>::value) ++held[slot(flit.source)];
    else ++held[slot(0)];
  }
  // This census's sums become `other`'s (of as many slots).
  void assign_from(const Census& other) {
    std::copy(other.created.begin(), other.created.end(), created.begin());
    std::copy(other.refused.begin(), other.refused.end(), refused.begin());
    std::copy(other.delivered.begin(), other.delivered.end(), delivered.begin());
    std::copy(other.dropped.begin(), other.dropped.end(), dropped.begin());
    std::copy(other.held.begin(), other.held.end(), held.begin());
  }
  // Every cycle of a platform (assign() here was a seventh of a TL platform's cycle).
  void clear() {
    if (created.size() == 1) {  // one sum, or one source: no call at all
      created[0] = refused[0] = delivered[0] = dropped[0] = held[0] = 0;
      return;
    }
    for (auto* v : {&created, &refused, &delivered, &dropped, &held}) std::fill(v->begin(), v->end(), 0);
  }
  // The first slot whose sums disagree, or -1.
  long unbalanced() const {
    for (std::size_t s = 0; s < created.size(); ++s)
      if (created[s] != delivered[s] + held[s] + dropped[s]) return static_cast<long>(s);
    return -1;
  }

  std::vector<std::uint64_t> created, refused, delivered, dropped, held;

 private:
  static std::size_t sized(std::size_t slots) { return slots > 0 ? slots : 1; }
  bool by_source_;
  std::shared_ptr<const std::vector<std::uint32_t>> slot_of_;
  long lump_ = -1;
};

// A part's census changes as they happen, each a flit of `source` moving between what the
// part holds, delivered and dropped, for accounting to add up instead of counting the part
// again: a receiver reached by 60 sources counted again at each arrival and pop was a sixth
// of an 8x8 mesh's cycle. Off (nothing kept) until accounting turns it on; accounting takes
// the changes each cycle and empties it.
class CensusLog {
 public:
  struct Change {
    std::uint32_t source;
    std::int32_t held, delivered, dropped;
  };
  void turn_on() { on_ = true; }
  void add(std::uint32_t source, std::int32_t held, std::int32_t delivered = 0, std::int32_t dropped = 0) {
    if (on_) changes_.push_back({source, held, delivered, dropped});
  }
  const std::vector<Change>& changes() const { return changes_; }
  void clear() { changes_.clear(); }

 private:
  bool on_ = false;
  std::vector<Change> changes_;
};

// What accounting asks of a part of a platform, in either view: whether it counts its flits
// (kinds/behaviour.hpp counts_flits), whether it can hold any, and its share of a Census.
class FlitCounter {
 public:
  virtual ~FlitCounter() = default;
  virtual bool counts_flits() const { return false; }
  virtual bool holds_flits() const { return true; }
  virtual void count(Census&) const {}
  // A number that changes whenever count() may give another answer (a receiver: flits
  // arrived plus popped), so that accounting counts the part again only then;
  // kEveryCycle (the default) where it cannot say.
  static constexpr std::uint64_t kEveryCycle = UINT64_MAX;
  virtual std::uint64_t census_version() const { return kEveryCycle; }
  // Its log of changes, where it keeps one (CensusLog): then census_version() advances by
  // one for each change logged, so that a change it did not log (a steady-state jump) is
  // seen and counted again.
  virtual CensusLog* census_log() { return nullptr; }
  // Its share by place within it (a router: "in3 VC 0"), for the ledger of what is where:
  // `at(place)` is the census of that place. By default all in one place, "".
  using PlaceCensus = std::function<Census&(const std::string& place)>;
  virtual void count_places(const PlaceCensus& at) const { count(at("")); }
};

}  // namespace creditflow::core
