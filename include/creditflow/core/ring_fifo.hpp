// A bounded FIFO on a fixed ring: no allocation after construction, O(1) everything.
#pragma once
#include <cstddef>
#include <vector>

namespace creditflow::core {

template <class T>
class RingFifo {
 public:
  explicit RingFifo(std::size_t capacity) : slots_(capacity) {}

  std::size_t capacity() const { return slots_.size(); }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  bool full() const { return size_ == slots_.size(); }

  // Callers check full() first: a push into a full FIFO is a caller's bug.
  void push(const T& value) {
    slots_[(head_ + size_) % slots_.size()] = value;
    ++size_;
  }
  const T& front() const { return slots_[head_]; }
  T& front() { return slots_[head_]; }
  // Visits every entry, oldest first.
  template <class F>
  void for_each(F&& f) const {
    for (std::size_t i = 0; i < size_; ++i) f(slots_[(head_ + i) % slots_.size()]);
  }
  template <class F>
  void for_each(F&& f) {
    for (std::size_t i = 0; i < size_; ++i) f(slots_[(head_ + i) % slots_.size()]);
  }

  void pop() {
    head_ = (head_ + 1) % slots_.size();
    --size_;
  }

 private:
  std::vector<T> slots_;
  std::size_t head_ = 0;
  std::size_t size_ = 0;
};

}  // namespace creditflow::core
