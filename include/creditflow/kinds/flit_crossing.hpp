// Flits into another clock (timing.md section 3) for a buffer in the receiver's domain: the
// sender's side (domain 0) counts flits in a Gray-coded pointer, the receiver's side
// (to_clock, domain 1) sees it through N synchronizer flops and hands each flit on for
// one of its cycles.
#pragma once
#include <array>
#include <cstdint>
#include <string>

#include "creditflow/core/flit_crossing.hpp"
#include "creditflow/core/loop_terms.hpp"
#include "creditflow/core/seed.hpp"
#include "creditflow/kinds/behaviour.hpp"

namespace creditflow::kinds {

template <class T = core::Flit>
class FlitCrossingKind : public Behaviour<T> {
 public:
  enum : std::size_t { in, out };
  static constexpr std::array<Port, 2> ports{{
      {"in", ChannelType::flow, PortDir::in, "in", false, "flits in the sender's clock"},
      {"out", ChannelType::flow, PortDir::out, "out", false, "flits in the receiver's clock", "to_clock"}}};
  static constexpr int domains = 2;
  static constexpr std::array<const char*, 2> clocks{"clk", "to_clk"};
  using Io = kinds::Io<T, 2>;

  FlitCrossingKind(std::int64_t sync_stages, double uncertainty, std::uint64_t run_seed, const std::string& name)
      : core_(sync_stages, uncertainty, core::derive_seed(run_seed, name), name) {}
  const core::FlitCrossing<T>& core() const { return core_; }

  void edge(int domain, Io& io) {
    if (domain == 0)
      core_.source_edge(io[in]->valid, io[in]->flit);
    else
      core_.dest_edge(wire_);
  }
  void drive(Io& io) {
    wire_ = core_.wire();
    offer(*io[out], core_.out_valid(), core_.out_valid() ? &core_.out_flit() : nullptr);
  }
  void add_terms(core::LoopState& s, const Io&) const { core::add_terms(s, core_); }
  void add_figures(core::LinkReport& r) const { r.crosses_clocks = true; }
  // Every flit written and not yet taken on the other side.
  static constexpr bool counts_flits = true;
  void count(core::Census& c) const {
    if (c.by_flit())
      core_.for_each_flit([&](const T& f) { c.hold(f); });
    else
      c.held_count(static_cast<std::uint64_t>(core_.in_flight()));
  }

 private:
  core::FlitCrossing<T> core_;
  std::uint64_t wire_ = 0;
};

}  // namespace creditflow::kinds
