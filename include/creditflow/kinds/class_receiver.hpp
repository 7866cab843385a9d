// Several traffic classes on one link (timing.md section 4), the receiver's half: a buffer and
// a consumer per class under the pool policy it advertises. Timing: the credits during t
// are what is popped in t; a bypass receiver may pop a packet in the cycle it arrives, so
// they follow the arriving packet combinationally.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "creditflow/core/class_link_core.hpp"
#include "creditflow/core/class_report_figures.hpp"
#include "creditflow/core/loop_terms.hpp"
#include "creditflow/kinds/behaviour.hpp"

namespace creditflow::kinds {

class ClassReceiverKind : public Behaviour<core::Flit> {
 public:
  enum : std::size_t { in, credit };
  static constexpr std::array<Port, 2> ports{{
      {"in", ChannelType::flow, PortDir::in, "in", false, "packets"},
      {"credit", ChannelType::class_credit, PortDir::out, "credit_out", false, "credits back, per class and type"}}};
  using Io = kinds::Io<core::Flit, 2>;

  ClassReceiverKind(std::vector<std::string> classes, const core::ClassPoolSpec& pools,
                    std::vector<core::DrainSpec> drains, bool bypass, std::uint64_t run_seed, const std::string& name,
                    std::int64_t depth = 0)
      : names_(classes), depth_(depth), core_(std::move(classes), pools, std::move(drains), bypass, run_seed, name) {}
  const core::ClassReceiverCore& core() const { return core_; }
  core::ClassReceiverCore& core() { return core_; }

  // As a destination of flows (packets a fed class_sender took from sources): its own
  // endpoint id, and the cycle its flows are measured from.
  core::FlowDeliveries& flows() { return flows_; }

  std::vector<std::size_t> combinational_inputs() const { return {in}; }
  void edge(int, Io& io) {
    for (std::size_t c = 0; c < core_.classes(); ++c)
      if (const core::Flit* popped = core_.popping(c, io[in]->valid, io[in]->flit); popped && popped->source != 0)
        flows_.pop(*popped, core_.now());
    core_.advance(io[in]->valid, io[in]->flit);
  }
  void drive(Io& io) { io[credit]->credits = core_.pops(io[in]->valid, io[in]->flit); }
  void add_terms(core::LoopState& s, const Io&) const { core::add_terms(s, core_); }
  void add_figures(core::LinkReport& r) const { core::add_class_receiver_figures(r, names_, depth_, core_); }
  void add_flows(core::FlowTable& t) const { flows_.add_to(t); }
  // What it holds, and what it popped: delivered, as far as the path goes.
  static constexpr bool counts_flits = true;
  void count(core::Census& c) const {
    std::uint64_t delivered = 0;
    for (std::size_t k = 0; k < core_.classes(); ++k) delivered += core_.delivered_since_reset(k);
    core_.for_each_queued([&](const core::Flit& f) { c.hold(f); });
    flows_.count_delivered(c, delivered);
  }

 private:
  std::vector<std::string> names_;
  std::int64_t depth_;
  core::ClassReceiverCore core_;
  core::FlowDeliveries flows_;
};

}  // namespace creditflow::kinds
