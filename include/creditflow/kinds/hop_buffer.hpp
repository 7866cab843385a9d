// Hop buffer (timing.md section 5): a receiver whose consumer is the next part of a path (a
// sender, a merge, a split) rather than a drain schedule alone. Timing: during t it
// offers its head on `out` iff it held a flit at the start of t and its drain schedule
// allows t; the head leaves, and a credit goes back on `credit`, iff the next part is
// ready during t (the credit follows `out`'s ready combinationally). A flit stored at the
// edge closing t can go on during t + 1. It ends the loop that brings flits to `in` and
// is the source of whatever `out` feeds.
#pragma once
#include <array>
#include <cstdint>
#include <string>

#include "creditflow/kinds/credit_receiver.hpp"

namespace creditflow::kinds {

template <class T = core::Flit>
class HopBufferKind : public ReceiverBuffer<T> {
  using ReceiverBuffer<T>::core_;

 public:
  enum : std::size_t { in, credit, out };
  static constexpr std::array<Port, 3> ports{{
      {"in", ChannelType::flow, PortDir::in, "in", false, "flits from the link"},
      {"credit", ChannelType::credit, PortDir::out, "credit_out", false, "one pulse per flit the next part takes"},
      {"out", ChannelType::stream, PortDir::out, "out", false, "the head, to the next part (a sender)"}}};
  static constexpr bool several_loops = true;  // the end of one, the source of the next
  static constexpr std::array<std::size_t, 1> ports_in_terms{out};
  using Io = kinds::Io<T, 3>;
  using ReceiverBuffer<T>::ReceiverBuffer;

  std::vector<std::size_t> combinational_inputs() const { return {out}; }
  // Only the credit follows the next part's ready; the offer is registered.
  std::vector<std::pair<std::size_t, std::size_t>> combinational_paths() const { return {{out, credit}}; }
  void edge(int, Io& io) { core_.advance(io[in]->valid, io[in]->flit, io[out]->ready); }
  void drive(Io& io) {
    offer(*io[out], core_.will_pop(), core_.will_pop() ? &core_.head() : nullptr);
    io[credit]->credit = core_.will_pop() && io[out]->ready;
  }

  // As the end of the incoming loop: its buffer; as the source of the next: what it handed on.
  void add_terms(std::size_t end, core::LoopState& s, const Io& io) const {
    const bool taken = core_.will_pop() && io[out]->ready;
    if (end == in) {
      s.receiver_occupancy += core_.occupancy();
      s.popped += core_.popped();
      s.receiver_popping = s.receiver_popping || taken;
    } else {
      s.sent += core_.popped();
      s.source_held = s.source_held || (core_.will_pop() && !io[out]->ready);
    }
  }
  void add_figures(std::size_t end, core::LinkReport& r) const {
    if (end == in) this->add_buffer_figures(r);
  }
};

}  // namespace creditflow::kinds
