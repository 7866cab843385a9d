#include "creditflow/core/stop_request.hpp"

namespace creditflow::core {

std::atomic<int>& stop_signal() {
  static std::atomic<int> signal{0};
  static_assert(std::atomic<int>::is_always_lock_free);
  return signal;
}

}  // namespace creditflow::core
