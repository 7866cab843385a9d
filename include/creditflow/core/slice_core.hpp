// A register slice: a FIFO of 1 or 2 entries between two ready/valid streams, with both
// sides registered: out_valid/out_flit during t are its head at the start of t, and
// in_ready during t is count(t) < entries. A stall therefore reaches the stage upstream
// one cycle later. Two entries sustain one beat per cycle; one entry cannot take a beat in
// the cycle it gives one, so it passes one beat every other cycle.
#pragma once
#include <cstdint>
#include <string>

#include "creditflow/core/error.hpp"
#include "creditflow/core/ring_fifo.hpp"

namespace creditflow::core {

template <class T>
class SliceCore {
 public:
  SliceCore(std::int64_t entries, const std::string& where)
      : fifo_(static_cast<std::size_t>(checked(entries, where))) {}

  bool in_ready() const { return !fifo_.full(); }
  bool out_valid() const { return !fifo_.empty(); }
  const T& out_flit() const { return fifo_.front(); }
  std::int64_t occupancy() const { return static_cast<std::int64_t>(fifo_.size()); }

  // The edge: a beat leaves if downstream was ready, one enters if this slice was ready.
  void advance(bool in_valid, const T& in_flit, bool out_ready) {
    const bool accept = in_valid && in_ready();
    if (out_valid() && out_ready) fifo_.pop();
    if (accept) fifo_.push(in_flit);
  }

 private:
  static std::int64_t checked(std::int64_t entries, const std::string& where) {
    check_range(where, "entries", entries, 1, 2);
    return entries;
  }
  RingFifo<T> fifo_;
};

}  // namespace creditflow::core
