// A pipeline of L registers: what enters at the edge closing cycle t leaves (is the
// output) during cycle t + L. With L == 0 the output is the input of the same cycle,
// which only a combinational caller can use; DelayLine itself needs L >= 1.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace creditflow::core {

template <class T>
class DelayLine {
 public:
  explicit DelayLine(std::size_t stages) : slots_(stages), capacity_(stages) {}

  std::size_t stages() const { return capacity_; }
  // Entries currently held by the stages (each a flit or a credit in flight).
  std::size_t occupied() const { return occupied_; }

  // The entry in the last stage: what leaves the line during the current cycle.
  bool out_valid() const { return slots_[oldest_].valid; }
  const T& out_value() const { return slots_[oldest_].value; }

  // Visits every stage as (valid, value), the last stage (leaving next) first.
  template <class F>
  void for_each(F&& f) const {
    for (std::size_t i = 0; i < capacity_; ++i) {
      const Slot& slot = slots_[wrap(oldest_ + i)];
      f(slot.valid, slot.value);
    }
  }
  template <class F>
  void for_each(F&& f) {
    for (std::size_t i = 0; i < capacity_; ++i) {
      Slot& slot = slots_[wrap(oldest_ + i)];
      f(slot.valid, slot.value);
    }
  }

  // Edges before an entry is in the last stage (0: one leaves this cycle); stages() when
  // the line is empty. At most `limit`: a caller that only needs to know whether one
  // leaves sooner looks no further.
  std::size_t shifts_to_next(std::size_t limit = SIZE_MAX) const {
    const std::size_t n = std::min(limit, capacity_);
    if (occupied_ != 0)
      for (std::size_t i = 0; i < n; ++i)
        if (slots_[wrap(oldest_ + i)].valid) return i;
    return n;
  }
  // `n` edges with nothing entering and, as n <= shifts_to_next(), nothing leaving: the
  // stages passed through the last one are empty already, so the ring only turns.
  void idle(std::size_t n) { oldest_ = (oldest_ + n) % capacity_; }

  // The edge: the last stage's entry leaves, `valid`/`value` enter the first stage.
  void shift(bool valid, const T& value) {
    Slot& slot = slots_[oldest_];
    occupied_ += static_cast<std::size_t>(valid) - static_cast<std::size_t>(slot.valid);
    slot.valid = valid;
    if (valid) slot.value = value;
    oldest_ = wrap(oldest_ + 1);
  }

 private:
  // By comparison, not `%` (see RingFifo): i < 2 * stages() here.
  std::size_t wrap(std::size_t i) const { return i >= capacity_ ? i - capacity_ : i; }

  struct Slot {
    bool valid = false;
    T value{};
  };
  std::vector<Slot> slots_;
  std::size_t capacity_;  // slots_.size(), kept: computing it divides by sizeof(Slot)
  std::size_t oldest_ = 0;
  std::size_t occupied_ = 0;
};

}  // namespace creditflow::core
