// Register slice: a 1- or 2-entry FIFO between two ready/valid streams, both sides
// registered, so backpressure walks upstream one stage per cycle. Timing: out_valid and
// out_flit during t are the head at the start of t; in_ready during t is count(t) < entries.
#pragma once
#include <array>
#include <string>

#include "creditflow/core/slice_core.hpp"
#include "creditflow/kinds/behaviour.hpp"

namespace creditflow::kinds {

template <class T = core::Flit>
class RegisterSliceKind : public Behaviour<T> {
 public:
  enum : std::size_t { in, out };
  static constexpr std::array<Port, 2> ports{{
      {"in", ChannelType::stream, PortDir::in, "in", false, "beats from upstream"},
      {"out", ChannelType::stream, PortDir::out, "out", false, "beats to downstream"}}};
  static constexpr bool holds_credits = false;
  using Io = kinds::Io<T, 2>;

  RegisterSliceKind(std::int64_t entries, const std::string& name) : core_(entries, name) {}
  const core::SliceCore<T>& core() const { return core_; }

  void edge(int, Io& io) { core_.advance(io[in]->valid, io[in]->flit, io[out]->ready); }
  void drive(Io& io) {
    io[in]->ready = core_.in_ready();
    offer(*io[out], core_.out_valid(), core_.out_valid() ? &core_.out_flit() : nullptr);
  }

 private:
  core::SliceCore<T> core_;
};

}  // namespace creditflow::kinds
