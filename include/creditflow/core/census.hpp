// End-to-end accounting (SPEC section 5): per source, at every cycle, created = delivered
// + in flight (every buffer, stage and source queue) + dropped. A flit refused at the source
// is never created; it is counted beside. Each part adds what it knows to a Census; a
// platform checks the sums every cycle. By source where a platform has several sources
// (every held flit is looked at); as one sum where it has one (counts only, cheap).
#pragma once
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "creditflow/core/flit.hpp"
#include "creditflow/core/types.hpp"

namespace creditflow::core {

class Census {
 public:
  // `sources`: the highest source id + 1, when counted by source; 0: one sum.
  explicit Census(std::size_t sources = 0)
      : created(slots(sources)), refused(slots(sources)), delivered(slots(sources)), dropped(slots(sources)),
        held(slots(sources)), by_source_(sources > 0) {}

  bool by_source() const { return by_source_; }
  // Whether the part counting now must look at each flit's source: no, where its flits can
  // come from one source only (they all go to `lump`), or where there is one sum.
  bool by_flit() const { return by_source_ && lump_ < 0; }
  // The part counting now can hold flits of source `slot` only (-1: of any).
  void lump_into(long slot) { lump_ = slot; }
  std::size_t slot(std::uint32_t source) const {
    return lump_ >= 0 ? static_cast<std::size_t>(lump_) : by_source_ ? source : 0;
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
  void clear() {
    for (auto* v : {&created, &refused, &delivered, &dropped, &held}) v->assign(v->size(), 0);
  }
  // The first slot whose sums disagree, or -1.
  long unbalanced() const {
    for (std::size_t s = 0; s < created.size(); ++s)
      if (created[s] != delivered[s] + held[s] + dropped[s]) return static_cast<long>(s);
    return -1;
  }

  std::vector<std::uint64_t> created, refused, delivered, dropped, held;

 private:
  static std::size_t slots(std::size_t sources) { return sources > 0 ? sources : 1; }
  bool by_source_;
  long lump_ = -1;
};

}  // namespace creditflow::core
