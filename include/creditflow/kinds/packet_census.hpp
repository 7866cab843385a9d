// Accounting through a network (core/census.hpp): a platform's flit crosses it as a packet of
// network flits and is held where its packet's tail is, under its source.
#pragma once
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "creditflow/core/census.hpp"
#include "creditflow/noc/noc_flit.hpp"

namespace creditflow::kinds {

inline void count_packet(core::Census& c, const noc::NocFlit& f) {
  if (f.tail) ++c.held[c.slot(static_cast<std::uint32_t>(f.source))];
}

// The tails a part holds per source, kept by its moves (a tail in, a tail out), so that
// counting it is a few numbers rather than a walk over its buffers; a part holds the
// packets of few sources at once, so a short list.
class TailTally {
 public:
  void add(const noc::NocFlit& f) {
    if (!f.tail) return;
    for (auto& [source, n] : held_)
      if (source == f.source) {
        ++n;
        return;
      }
    held_.push_back({f.source, 1});
  }
  void remove(const noc::NocFlit& f) {
    if (!f.tail) return;
    for (std::size_t i = 0; i < held_.size(); ++i)
      if (held_[i].first == f.source) {
        if (--held_[i].second == 0) {
          held_[i] = held_.back();
          held_.pop_back();
        }
        return;
      }
    held_.push_back({f.source, -1});  // more out than in: the audit names it
  }
  void count(core::Census& c) const {
    for (const auto& [source, n] : held_) c.held[c.slot(static_cast<std::uint32_t>(source))] += static_cast<std::uint64_t>(n);
  }
  // Whether it says what a walk over the part finds (`walked`: tails per source).
  bool same_as(const std::map<std::int32_t, std::int64_t>& walked) const {
    if (walked.size() != held_.size()) return false;
    for (const auto& [source, n] : held_) {
      const auto it = walked.find(source);
      if (it == walked.end() || it->second != n) return false;
    }
    return true;
  }

 private:
  std::vector<std::pair<std::int32_t, std::int64_t>> held_;
};

}  // namespace creditflow::kinds
