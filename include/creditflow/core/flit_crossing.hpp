// Flits crossing into another clock domain (timing.md section 3), for a buffer that sits in the
// receiver's domain: the sender's side writes each flit into dual-clock storage and counts
// it in a Gray-coded register; the receiver's side sees the count through a Synchronizer
// and hands the visible flits on one per cycle from a registered output. Credits bound
// the flits in flight, so the storage needs no bound of its own.
#pragma once
#include <cstdint>
#include <deque>
#include <string>

#include "creditflow/core/gray.hpp"
#include "creditflow/core/synchronizer.hpp"

namespace creditflow::core {

template <class T>
class FlitCrossing {
 public:
  FlitCrossing(std::int64_t sync_stages, double uncertainty, std::uint64_t seed, const std::string& where)
      : count_(pointer_width(1u << 20)), sync_(sync_stages, uncertainty, seed, where) {}

  // Source (sender) domain edge closing a cycle in which `valid` carried `flit`.
  void source_edge(bool valid, const T& flit) {
    if (!valid) return;
    storage_.push_back(flit);
    count_.advance();
  }
  std::uint64_t wire() const { return count_.gray(); }

  // Destination domain edge: the flit on the output leaves (the next stage stores it at
  // this edge), newly visible flits join, and the next one goes on the output.
  void dest_edge(std::uint64_t wire) {
    if (out_valid_) {
      storage_.pop_front();
      --visible_;
    }
    sync_.sample(wire);
    const std::uint64_t now = from_gray(sync_.output());
    visible_ += static_cast<std::int64_t>(count_.distance(now, seen_));
    seen_ = now;
    out_valid_ = visible_ > 0;
  }
  bool out_valid() const { return out_valid_; }
  const T& out_flit() const { return storage_.front(); }

  // Flits inside: written and not yet handed on.
  std::int64_t in_flight() const { return static_cast<std::int64_t>(storage_.size()); }
  // Visits each flit written and not yet taken by the destination side.
  template <class F>
  void for_each_flit(F&& f) const {
    for (const T& flit : storage_) f(flit);
  }
  // Of those, the flits the receiver's side already sees but has not reached yet (it hands
  // on one per cycle): a queue on the receiver's side, as a slower receiver clock makes.
  std::int64_t waiting() const { return visible_ - (out_valid_ ? 1 : 0); }

 private:
  GrayPointer count_;
  Synchronizer sync_;
  std::deque<T> storage_;  // written by the source side, read by the destination side
  std::uint64_t seen_ = 0;
  std::int64_t visible_ = 0;
  bool out_valid_ = false;
};

}  // namespace creditflow::core
