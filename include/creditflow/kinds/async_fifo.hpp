// Asynchronous FIFO between two clock domains (timing.md section 3). The write side runs on
// its own clock (domain 0): in_ready during a writer cycle is "not full", i.e. the writer
// holds a credit, and a beat offered with in_ready high is written at the edge closing
// the cycle. The read side runs on rd_clock (domain 1): out_valid/out_flit during a
// reader cycle is the beat popped in it. The Gray pointers cross as registered values,
// so neither side reads the other's state.
#pragma once
#include <array>
#include <cstdint>
#include <string>

#include "creditflow/core/async_fifo_core.hpp"
#include "creditflow/core/loop_terms.hpp"
#include "creditflow/core/report_figures.hpp"
#include "creditflow/core/seed.hpp"
#include "creditflow/kinds/behaviour.hpp"

namespace creditflow::kinds {

template <class T = core::Flit>
class AsyncFifoKind : public Behaviour<T> {
 public:
  enum : std::size_t { in, out };
  static constexpr std::array<Port, 2> ports{{
      {"in", ChannelType::stream, PortDir::in, "in", false, "beats from the writer's side; ready = not full"},
      {"out", ChannelType::flow, PortDir::out, "out", true, "the beats popped, in the reader's clock", "rd_clock"}}};
  static constexpr int domains = 2;
  static constexpr std::array<const char*, 2> clocks{"wr_clk", "rd_clk"};
  static constexpr std::array<std::size_t, 1> ports_in_terms{in};
  using Io = kinds::Io<T, 2>;

  AsyncFifoKind(const core::AsyncFifoParams& params, std::uint64_t run_seed, const std::string& name)
      : params_(params), core_(params, core::derive_seed(run_seed, name), name) {}
  const core::AsyncFifoCore<T>& core() const { return core_; }
  core::AsyncFifoCore<T>& core() { return core_; }
  void set_period(int domain, double period_ps) {
    if (domain == 1) read_period_ps_ = period_ps;
  }

  void edge(int domain, Io& io) {
    if (domain == 0)
      core_.write_edge(io[in]->valid, io[in]->flit, read_gray_);
    else
      core_.read_edge(write_gray_);
  }
  void drive(Io& io) {
    write_gray_ = core_.write_gray();
    read_gray_ = core_.read_gray();
    io[in]->ready = core_.can_write();
    offer(*io[out], core_.will_pop(), core_.will_pop() ? &core_.head() : nullptr);
  }
  void add_terms(core::LoopState& s, const Io& io) const { core::add_terms(s, core_, io[in]->valid); }
  void add_figures(core::LinkReport& r) const { core::add_async_fifo_figures(r, params_, core_, read_period_ps_); }

 private:
  core::AsyncFifoParams params_;
  core::AsyncFifoCore<T> core_;
  double read_period_ps_ = 0.0;
  std::uint64_t write_gray_ = 0, read_gray_ = 0;
};

}  // namespace creditflow::kinds
