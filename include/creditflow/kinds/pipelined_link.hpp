// Pipelined link: Lf forward stages for flits, Lr return stages for credits (each >= 0).
// Timing: out_valid/out_flit during t are what entered in_* during t - Lf; credit_out
// during t is credit_in during t - Lr. A zero-stage direction is a combinational wire.
// One definition for both link cores: pipelined_link carries one credit per pulse
// (core::LinkCore), class_link each cycle's per-class credits (core::ClassPipeCore).
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <type_traits>

#include "creditflow/core/class_pipe_core.hpp"
#include "creditflow/core/link_core.hpp"
#include "creditflow/core/loop_terms.hpp"
#include "creditflow/core/report_figures.hpp"
#include "creditflow/kinds/behaviour.hpp"

namespace creditflow::kinds {

template <class Core, class T>
class BasicLinkKind : public Behaviour<T> {
  static constexpr bool per_class = std::is_same_v<Core, core::ClassPipeCore>;
  static constexpr ChannelType credit_type = per_class ? ChannelType::class_credit : ChannelType::credit;

 public:
  enum : std::size_t { in, out, credit_in, credit_out };
  static constexpr std::array<Port, 4> ports{{
      {"in", ChannelType::flow, PortDir::in, "in", false,
       per_class ? "packets from a class_sender" : "flits from the sender side"},
      {"out", ChannelType::flow, PortDir::out, "out", false,
       per_class ? "packets to a class_receiver" : "flits to the receiver side"},
      {"credit_in", credit_type, PortDir::in, "credit_in", false,
       per_class ? "credits from the class_receiver" : "credits from the receiver side"},
      {"credit_out", credit_type, PortDir::out, "credit_out", false,
       per_class ? "credits to the class_sender" : "credits to the sender side"}}};
  using Io = kinds::Io<T, 4>;

  BasicLinkKind(const core::LinkParams& params, const std::string& name) : params_(params), core_(params, name) {}
  const Core& core() const { return core_; }

  std::vector<std::size_t> combinational_inputs() const {
    std::vector<std::size_t> ports;
    for (const auto& path : combinational_paths()) ports.push_back(path.first);
    return ports;
  }
  std::vector<std::pair<std::size_t, std::size_t>> combinational_paths() const {
    std::vector<std::pair<std::size_t, std::size_t>> paths;
    if (core_.forward_is_wire()) paths.emplace_back(in, out);
    if (core_.credit_is_wire()) paths.emplace_back(credit_in, credit_out);
    return paths;
  }
  void edge(int, Io& io) {
    if (!core_.forward_is_wire() || !core_.credit_is_wire()) core_.advance(io[in]->valid, io[in]->flit, credit(*io[credit_in]));
    if constexpr (!per_class) {
      entered_ += io[in]->valid;
      ++now_;
    }
  }
  void drive(Io& io) {
    if (core_.forward_is_wire())
      offer(*io[out], io[in]->valid, &io[in]->flit);
    else
      offer(*io[out], core_.arrive_valid(), core_.arrive_valid() ? &core_.arrive_flit() : nullptr);
    credit(*io[credit_out]) = core_.credit_is_wire() ? credit(*io[credit_in]) : core_.credit_out();
  }
  void add_terms(core::LoopState& s, const Io&) const { core::add_terms(s, core_); }
  void add_figures(core::LinkReport& r) const { core::add_link_figures(r, params_); }
  static constexpr bool counts_flits = true;
  void count(core::Census& c) const {
    if (c.by_flit())
      core_.for_each_flit([&](const T& f) { c.hold(f); });
    else
      c.held_count(static_cast<std::uint64_t>(core_.forward_flits()));
  }

  // Idle until the next flit or credit in its stages comes out (a wire holds nothing: what
  // crosses it is its producer's change). Per-class pipes do not skip.
  core::Cycle next_busy(core::Cycle t) const {
    if constexpr (per_class)
      return t + 1;
    else
      return core_.next_out(t, this->never_busy);
  }
  void skip_to(core::Cycle t) {
    if constexpr (!per_class) {
      core_.idle(t - now_);
      now_ = t;
    }
  }
  // Steady-state jumps, for one credit per pulse: flit ids relative to the flits that
  // entered so far (the k-th to enter carries id k).
  std::optional<core::Cycle> cycle_length() const {
    if constexpr (per_class) return std::nullopt;
    else return 1;
  }
  void add_shape(core::Shape& s) const {
    if constexpr (!per_class) core_.add_shape(s, now_, entered_);
  }
  void repeat(const BasicLinkKind& earlier, core::Cycle periods, core::Cycle period) {
    if constexpr (!per_class) {
      const core::Repeat r{periods, period, entered_ - earlier.entered_};
      core_.repeat(r);
      entered_ = r.count(entered_, earlier.entered_);
      now_ = r.time(now_);
    }
  }

 private:
  static auto& credit(BasicWire<T>& w) {
    if constexpr (per_class) return w.credits;
    else return w.credit;
  }
  core::LinkParams params_;
  Core core_;
  std::uint64_t entered_ = 0;  // flits that entered the link
  core::Cycle now_ = 0;
};

// A credit loop's link: one credit per pulse.
template <class T = core::Flit>
using PipelinedLinkKind = BasicLinkKind<core::LinkCore<T>, T>;
// A multi-class link's pipeline: every class's credits each cycle.
using ClassLinkKind = BasicLinkKind<core::ClassPipeCore, core::Flit>;

}  // namespace creditflow::kinds
