#include "creditflow/core/arbiter.hpp"

#include "creditflow/core/error.hpp"

namespace creditflow::core {

Arbiter::Arbiter(Kind kind, std::vector<std::size_t> priority, std::vector<std::int64_t> weights)
    : kind_(kind), priority_(std::move(priority)), weights_(std::move(weights)) {}

Arbiter::Kind Arbiter::parse(const std::string& name, const std::string& where) {
  if (name == "strict") return Kind::strict;
  if (name == "round_robin") return Kind::round_robin;
  if (name == "weighted") return Kind::weighted;
  throw ParameterError(where + ": arbitration = " + name +
                       " is not a known arbiter (allowed one of strict, round_robin, weighted)");
}

int Arbiter::pick(const std::vector<bool>& eligible) {
  const std::size_t n = eligible.size();
  if (kind_ == Kind::strict) {
    for (std::size_t c : priority_)
      if (eligible[c]) return static_cast<int>(c);
    return -1;
  }
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t c = (turn_ + i) % n;
    if (!eligible[c]) continue;
    if (kind_ == Kind::round_robin) {
      turn_ = (c + 1) % n;
    } else {
      // The turn stays with c until it has used its weight, then passes on.
      if (c != turn_) used_ = 0;
      turn_ = c;
      if (++used_ >= weights_[c]) {
        turn_ = (c + 1) % n;
        used_ = 0;
      }
    }
    return static_cast<int>(c);
  }
  return -1;
}

}  // namespace creditflow::core
