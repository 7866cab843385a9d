// A bounded FIFO on a ring: O(1) everything. Indices wrap by comparison, not `%`: a
// division costs more than the rest of a simulated cycle, and every cycle pushes and pops
// several of these. With `PowerOfTwo` the ring has a power of two slots (up to twice the
// capacity), all allocated at once, and wraps by a mask, a third of the instructions: for
// small FIFOs on the hottest paths (a router's queues). Without it the ring starts small
// and doubles as it fills, up to the capacity: a buffer whose depth a user sets into the
// millions takes the memory of what it holds, in the run and in every copy of it (a
// steady-state jump's snapshot), not of what it could.
#pragma once
#include <cstddef>
#include <vector>

namespace creditflow::core {

template <class T, bool PowerOfTwo = false>
class RingFifo {
 public:
  explicit RingFifo(std::size_t capacity)
      : slots_(slots_for(capacity)), capacity_(capacity), ring_(slots_.size()), mask_(slots_.size() - 1) {}

  std::size_t capacity() const { return capacity_; }
  std::size_t size() const { return size_; }
  // The live count, for tracing (a VCD samples it at every change of time).
  const std::size_t& size_ref() const { return size_; }
  bool empty() const { return size_ == 0; }
  bool full() const { return size_ == capacity_; }

  // Callers check full() first: a push into a full FIFO is a caller's bug.
  void push(const T& value) { push_slot() = value; }
  // The new last entry's slot, holding whatever it held before: for a caller that writes
  // a large entry in place rather than building it and copying it in.
  T& push_slot() {
    if constexpr (!PowerOfTwo)
      if (size_ == ring_) grow();
    return slots_[wrap(head_ + size_++)];
  }
  const T& front() const { return slots_[head_]; }
  T& front() { return slots_[head_]; }
  // The i-th entry from the oldest (i < size()).
  const T& operator[](std::size_t i) const { return slots_[wrap(head_ + i)]; }
  T& operator[](std::size_t i) { return slots_[wrap(head_ + i)]; }
  // Visits every entry, oldest first.
  template <class F>
  void for_each(F&& f) const {
    for (std::size_t i = 0; i < size_; ++i) f(slots_[wrap(head_ + i)]);
  }
  template <class F>
  void for_each(F&& f) {
    for (std::size_t i = 0; i < size_; ++i) f(slots_[wrap(head_ + i)]);
  }

  void pop() {
    head_ = wrap(head_ + 1);
    --size_;
  }

 private:
  static constexpr std::size_t kFirstSlots = 16;
  static std::size_t slots_for(std::size_t capacity) {
    if (!PowerOfTwo) return capacity < kFirstSlots ? capacity : kFirstSlots;
    std::size_t slots = 1;
    while (slots < capacity) slots *= 2;
    return slots;
  }
  // A full ring below its capacity: twice the slots (at most the capacity), the entries
  // moved to the front in order.
  __attribute__((noinline)) void grow() {
    std::vector<T> bigger(ring_ * 2 < capacity_ ? ring_ * 2 : capacity_);
    for (std::size_t i = 0; i < size_; ++i) bigger[i] = std::move(slots_[wrap(head_ + i)]);
    slots_.swap(bigger);
    ring_ = slots_.size();
    head_ = 0;
  }
  // i < 2 * slots here: head_ and every offset from it are below the slots.
  std::size_t wrap(std::size_t i) const {
    if constexpr (PowerOfTwo)
      return i & mask_;
    else
      return i >= ring_ ? i - ring_ : i;
  }

  std::vector<T> slots_;
  std::size_t capacity_;  // what it may hold
  std::size_t ring_;      // slots_.size(), kept: computing it divides by sizeof(T)
  std::size_t mask_;      // slots - 1, with PowerOfTwo
  std::size_t head_ = 0;
  std::size_t size_ = 0;
};

}  // namespace creditflow::core
