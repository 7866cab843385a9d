#include "creditflow/core/pool_policy.hpp"

#include <numeric>
#include <sstream>

#include "creditflow/core/error.hpp"

namespace creditflow::core {

ReservedPool::ReservedPool(std::string name, std::vector<std::int64_t> reserved, std::int64_t shared,
                           std::vector<std::int64_t> max)
    : name_(std::move(name)), reserved_(std::move(reserved)), shared_(shared), max_(std::move(max)) {}

std::int64_t ReservedPool::shared_held(std::size_t cls, const std::vector<std::int64_t>& held) const {
  // A class spends its reservation first; only what is beyond it sits in the shared part.
  return std::max<std::int64_t>(0, held[cls] - reserved_[cls]);
}

bool ReservedPool::may_take(std::size_t cls, std::int64_t amount, const std::vector<std::int64_t>& held) const {
  if (max_[cls] != 0 && held[cls] + amount > max_[cls]) return false;
  std::int64_t shared_used = 0;
  for (std::size_t k = 0; k < held.size(); ++k) shared_used += shared_held(k, held);
  const std::int64_t own_left = std::max<std::int64_t>(0, reserved_[cls] - held[cls]);
  return amount <= own_left + (shared_ - shared_used);
}

std::int64_t ReservedPool::most(std::size_t cls) const {
  const std::int64_t alone = reserved_[cls] + shared_;
  return max_[cls] != 0 ? std::min(alone, max_[cls]) : alone;
}

std::int64_t ReservedPool::capacity() const {
  return std::accumulate(reserved_.begin(), reserved_.end(), shared_);
}

std::string ReservedPool::describe() const {
  std::ostringstream os;
  os << name_ << " (";
  for (std::size_t c = 0; c < reserved_.size(); ++c) os << (c ? "+" : "") << reserved_[c];
  os << " reserved, " << shared_ << " shared)";
  return os.str();
}

std::unique_ptr<PoolPolicy> make_pool(const std::string& policy, std::size_t classes, std::int64_t total,
                                      const std::vector<std::int64_t>& reserved,
                                      const std::vector<std::int64_t>& max, const std::string& where) {
  std::vector<std::int64_t> own(classes, 0);
  std::int64_t shared = total;
  if (policy == "split") {
    for (std::size_t c = 0; c < classes; ++c)
      own[c] = total / static_cast<std::int64_t>(classes) + (static_cast<std::int64_t>(c) < total % static_cast<std::int64_t>(classes) ? 1 : 0);
    shared = 0;
  } else if (policy == "reserved") {
    own = reserved;
    shared = total - std::accumulate(reserved.begin(), reserved.end(), std::int64_t{0});
    if (shared < 0)
      throw ParameterError(where + ": reserved credits add up to more than the " + std::to_string(total) +
                           " the receiver has");
  } else if (policy != "shared") {
    throw ParameterError(where + ": policy = " + policy + " is not a known policy (allowed one of shared, split, reserved)");
  }
  std::vector<std::int64_t> cap = max.empty() ? std::vector<std::int64_t>(classes, 0) : max;
  return std::make_unique<ReservedPool>(policy, own, shared, cap);
}

}  // namespace creditflow::core
