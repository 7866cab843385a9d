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

void SenderCore::throw_overflow() const {
  std::ostringstream msg;
  msg << where_ << ": credit counter overflow at cycle " << now_ << ": a credit returned with " << credits_ << " of "
      << capacity_ << " credits already held (duplicated credit?)";
  throw ProtocolError(msg.str());
}

}  // namespace creditflow::core
