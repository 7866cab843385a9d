#include "creditflow/core/sender_core.hpp"

#include <sstream>

#include "creditflow/core/error.hpp"
#include "creditflow/core/limits.hpp"

namespace creditflow::core {

namespace {
std::int64_t checked_credits(std::int64_t credits, const std::string& where) {
  check_range(where, "credits", credits, 1, limits::max_depth);
  return credits;
}
}  // namespace

SenderCore::SenderCore(std::int64_t credits, const std::string& where)
    : where_(where),
      capacity_(checked_credits(credits, where)),
      credits_(credits),
      spends_(static_cast<std::size_t>(credits)) {}

bool SenderCore::advance(bool has_data, std::int64_t credits_in) {
  const bool send = will_send(has_data);
  if (has_data && !send) ++credit_stall_cycles_;
  // Returned credits are matched before this cycle's spend is recorded: a credit cannot
  // come back in the cycle it is spent, so an empty record means one returned too many.
  for (std::int64_t i = 0; i < credits_in; ++i) {
    if (spends_.empty()) {
      std::ostringstream msg;
      msg << where_ << ": credit counter overflow at cycle " << now_ << ": a credit returned with "
          << credits_ << " of " << capacity_ << " credits already held (duplicated credit?)";
      throw ProtocolError(msg.str());
    }
    // Counted at this edge, spendable in the next cycle.
    round_trips_.add(now_ + 1 - spends_.front());
    spends_.pop();
  }
  if (send) {
    spends_.push(now_);
    ++sent_;
  }
  credits_ += credits_in - static_cast<std::int64_t>(send);
  ++now_;
  return send;
}

}  // namespace creditflow::core
