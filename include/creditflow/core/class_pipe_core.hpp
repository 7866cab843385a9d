// The pipelined wires of a multi-class link: timing.md section 1's link between a class sender
// and a class receiver (section 4). Lf forward stages carry packets, Lr return stages
// carry each cycle's per-class credits. A packet sent in cycle t arrives during t + Lf (a
// bypass receiver may pop it then); credits popped in t reach the sender during t + Lr,
// are counted at that edge and usable from t + Lr + 1. With zero stages a direction is a
// wire, and the link is timing.md section 4's exactly.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "creditflow/core/class_credits.hpp"
#include "creditflow/core/error.hpp"
#include "creditflow/core/flit.hpp"
#include "creditflow/core/link_core.hpp"

namespace creditflow::core {

class ClassPipeCore {
 public:
  ClassPipeCore(const LinkParams& params, const std::string& where)
      : forward_(pipeline_stages<Flit>(where, "forward_latency", params.forward_latency)),
        credits_(pipeline_stages<ClassCredits>(where, "credit_latency", params.credit_latency)) {}

  bool forward_is_wire() const { return !forward_; }
  bool credit_is_wire() const { return !credits_; }
  // What leaves each registered direction during the current cycle.
  bool arrive_valid() const { return forward_->out_valid(); }
  const Flit& arrive_flit() const { return forward_->out_value(); }
  ClassCredits credit_out() const { return credits_->out_valid() ? credits_->out_value() : ClassCredits{}; }

  // The edge: each registered direction shifts in what entered this cycle (a cycle that
  // returns no credit leaves its stage empty), and the in-flight counts follow.
  void advance(bool send, const Flit& flit, const ClassCredits& returned) {
    if (forward_) {
      if (forward_->out_valid()) count(forward_->out_value(), -1);
      forward_->shift(send, flit);
      if (send) count(flit, +1);
    }
    if (credits_) {
      if (credits_->out_valid()) count(credits_->out_value(), -1);
      const bool any = !(returned == ClassCredits{});
      credits_->shift(any, returned);
      if (any) count(returned, +1);
    }
  }

  // Per class, what the stages hold: packets on their way in (a header each, and their
  // data units) and credits on their way back. Kept as counts, not walked: the monitor
  // asks every cycle, and a link may have many stages.
  const ClassCredits& forward_in_flight() const { return forward_count_; }
  const ClassCredits& returning() const { return returning_; }
  std::int64_t forward_flits() const { return forward_ ? static_cast<std::int64_t>(forward_->occupied()) : 0; }
  // Visits every packet in the forward stages.
  template <class F>
  void for_each_flit(F&& f) const {
    if (forward_)
      forward_->for_each([&](bool valid, const Flit& p) {
        if (valid) f(p);
      });
  }

 private:
  void count(const Flit& p, std::int64_t sign) {
    if (p.traffic_class >= max_classes)
      throw ProtocolError("a packet of class index " + std::to_string(p.traffic_class) + " entered a class link (at most " +
                          std::to_string(max_classes) + " classes): only a class_sender feeds one");
    forward_count_.header[p.traffic_class] += sign;
    forward_count_.data[p.traffic_class] += sign * std::int64_t{p.data_units};
  }
  void count(const ClassCredits& c, std::int64_t sign) {
    for (std::size_t k = 0; k < max_classes; ++k) {
      returning_.header[k] += sign * c.header[k];
      returning_.data[k] += sign * c.data[k];
    }
  }

  std::optional<DelayLine<Flit>> forward_;
  std::optional<DelayLine<ClassCredits>> credits_;
  ClassCredits forward_count_{}, returning_{};
};

}  // namespace creditflow::core
