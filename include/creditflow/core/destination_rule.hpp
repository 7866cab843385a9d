// How a source picks each packet's destination (timing.md section 5): one fixed destination,
// a repeating list, or a seeded random choice over a weighted set. Destinations are the
// ids a platform gives its endpoints; 0 means none (a flit goes wherever its path leads).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "creditflow/core/error.hpp"
#include "creditflow/core/seed.hpp"

namespace creditflow::core {

struct DestinationSpec {
  enum class Choice { list, random };
  // Not an aggregate: GCC 12 warns of its vectors as maybe uninitialized where a struct
  // holding it is brace-initialized in part.
  DestinationSpec() {}
  std::vector<std::uint32_t> destinations;  // empty: none
  Choice choice = Choice::list;             // one destination is a list of one
  std::vector<std::int64_t> weights;        // random: one per destination (empty: equal)
};

class DestinationRule {
 public:
  DestinationRule() = default;
  DestinationRule(DestinationSpec spec, std::uint64_t seed, const std::string& where)
      : spec_(std::move(spec)), rng_(seed) {
    if (spec_.choice != DestinationSpec::Choice::random) return;
    if (spec_.weights.empty()) spec_.weights.assign(spec_.destinations.size(), 1);
    if (spec_.weights.size() != spec_.destinations.size())
      throw ParameterError(where + ": " + std::to_string(spec_.weights.size()) + " weights for " +
                           std::to_string(spec_.destinations.size()) +
                           " destinations (allowed one weight per destination)");
    for (const std::int64_t w : spec_.weights) total_ += static_cast<std::uint64_t>(w);
    if (total_ == 0) throw ParameterError(where + ": the destination weights are all 0 (allowed at least one above 0)");
  }

  // The next packet's destination.
  std::uint32_t next() {
    if (spec_.destinations.empty()) return 0;
    if (spec_.choice == DestinationSpec::Choice::list) {
      const std::uint32_t d = spec_.destinations[position_];
      position_ = (position_ + 1) % spec_.destinations.size();
      return d;
    }
    std::uint64_t draw = rng_.next() % total_;
    for (std::size_t i = 0;; ++i) {
      const auto w = static_cast<std::uint64_t>(spec_.weights[i]);
      if (draw < w) return spec_.destinations[i];
      draw -= w;
    }
  }

  // Whether the choices repeat (a steady state can be jumped).
  bool deterministic() const { return spec_.choice == DestinationSpec::Choice::list; }
  // Packets after which the choices repeat.
  std::size_t period() const { return spec_.destinations.empty() ? 1 : spec_.destinations.size(); }
  std::size_t position() const { return position_; }
  const std::vector<std::uint32_t>& destinations() const { return spec_.destinations; }

 private:
  DestinationSpec spec_;
  Rng rng_;
  std::uint64_t total_ = 0;
  std::size_t position_ = 0;
};

}  // namespace creditflow::core
