// A flit's creation counted in its loop's sender's cycles. A flit made beyond a crossing
// upstream of that sender carries its creation in its source's clock; per source, the
// clock pair from the source's clock to the sender's (what the platform gives) moves it to
// the sender's cycle it fell in, so that creation->send and creation->pop count one
// clock's cycles. None given (one clock): flits pass as they are.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <utility>

#include "creditflow/core/clock_pair.hpp"
#include "creditflow/core/flit.hpp"

namespace creditflow::core {

class CreationClocks {
 public:
  void set(std::function<ClockPair(std::uint32_t source)> clocks) { clocks_ = std::move(clocks); }

  template <class T>
  T in_sender_cycles(const T& flit) {
    if constexpr (is_basic_flit<T>::value) {
      if (clocks_) {
        auto known = by_source_.find(flit.source);
        if (known == by_source_.end()) known = by_source_.emplace(flit.source, clocks_(flit.source)).first;
        if (known->second.crosses()) {
          T moved = flit;
          moved.created = known->second.cycle_at(flit.created);
          return moved;
        }
      }
    }
    return flit;
  }

 private:
  std::function<ClockPair(std::uint32_t)> clocks_;
  std::map<std::uint32_t, ClockPair> by_source_;  // asked once a source
};

}  // namespace creditflow::core
