// A user's own kind, defined once: replays flits at the cycles listed in a trace, offering
// each on a ready/valid stream until it is taken. Written against creditflow's kind
// definition (kinds/behaviour.hpp), it gets the cycle view (a SystemC module) and the
// transaction-level view from this one class, and can be wired by hand as CycleListSource.
#pragma once
#include <array>
#include <cstdint>
#include <deque>
#include <vector>

#include <creditflow/core/flit.hpp>
#include <creditflow/cycle/shell.hpp>
#include <creditflow/kinds/behaviour.hpp>

class CycleListSourceKind : public creditflow::kinds::Behaviour<creditflow::core::Flit> {
  using Flit = creditflow::core::Flit;

 public:
  // Its one port: a stream out, named `out` in YAML and out_valid/out_flit/out_ready in C++.
  enum : std::size_t { out };
  static constexpr std::array<creditflow::kinds::Port, 1> ports{
      {{"out", creditflow::kinds::ChannelType::stream, creditflow::kinds::PortDir::out, "out", false, "flits"}}};
  static constexpr bool holds_credits = false;  // its flits are counted by the loop it feeds
  using Io = creditflow::kinds::Io<Flit, 1>;

  explicit CycleListSourceKind(std::vector<std::uint64_t> cycles) : trace_(cycles.begin(), cycles.end()) { release(0); }

  std::uint64_t replayed() const { return next_id_; }

  // The edge closing cycle now_: the head leaves if it was taken, and cycle now_ + 1's
  // flits join the queue.
  void edge(int, Io& io) {
    if (!waiting_.empty() && io[out]->ready) waiting_.pop_front();
    release(++now_);
  }
  // During a cycle: the head of the queue is offered.
  void drive(Io& io) { creditflow::kinds::offer(*io[out], !waiting_.empty(), waiting_.empty() ? nullptr : &waiting_.front()); }
  void add_figures(creditflow::core::LinkReport& r) const { r.traffic_class = "trace"; }

 private:
  // Flits whose trace cycle has come join the queue, in trace order.
  void release(std::uint64_t t) {
    while (!trace_.empty() && trace_.front() <= t) {
      Flit f;
      f.id = next_id_++;
      f.payload = f.id;  // the payload echoes the id, so receivers can check what they got
      f.created = t;
      waiting_.push_back(f);
      trace_.pop_front();
    }
  }

  std::deque<std::uint64_t> trace_;
  std::deque<Flit> waiting_;
  std::uint64_t now_ = 0;
  std::uint64_t next_id_ = 0;
};

// The cycle view, for wiring by hand: clk, out_valid, out_flit, out_ready.
using CycleListSource = creditflow::cycle::Shell<CycleListSourceKind>;
