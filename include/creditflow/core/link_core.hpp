// A pipelined link's behaviour: Lf forward stages carrying flits and Lr return stages
// carrying credits (timing.md section 1). A flit entering at the edge closing t leaves during
// t + Lf; a credit likewise during t + Lr. A direction with zero stages is a wire: what
// enters in cycle t leaves in cycle t, which only a combinational caller can express.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "creditflow/core/delay_line.hpp"
#include "creditflow/core/error.hpp"
#include "creditflow/core/limits.hpp"
#include "creditflow/core/steady_state.hpp"

namespace creditflow::core {

struct LinkParams {
  std::int64_t forward_latency = 1;
  std::int64_t credit_latency = 1;
};

// Lf or Lr stages of a pipeline, checked against the limits; none (a wire) for 0.
template <class V>
std::optional<DelayLine<V>> pipeline_stages(const std::string& where, const char* name, std::int64_t stages) {
  check_range(where, name, stages, 0, limits::max_latency);
  if (stages == 0) return std::nullopt;
  return DelayLine<V>(static_cast<std::size_t>(stages));
}

template <class T>
class LinkCore {
 public:
  LinkCore(const LinkParams& params, const std::string& where)
      : forward_(pipeline_stages<T>(where, "forward_latency", params.forward_latency)),
        credits_(pipeline_stages<bool>(where, "credit_latency", params.credit_latency)) {}

  bool forward_is_wire() const { return !forward_; }
  bool credit_is_wire() const { return !credits_; }

  // What leaves each registered direction during the current cycle.
  bool arrive_valid() const { return forward_->out_valid(); }
  const T& arrive_flit() const { return forward_->out_value(); }
  bool credit_out() const { return credits_->out_valid(); }

  // The edge: each registered direction shifts in what entered this cycle.
  void advance(bool send, const T& flit, bool credit_in) {
    if (forward_) forward_->shift(send, flit);
    if (credits_) credits_->shift(credit_in, true);
  }

  // Cycles before a flit arrives, and before a credit comes out (both 0 on a wire, where
  // nothing is held); the stages' count when none is in flight.
  // At most `limit` (DelayLine::shifts_to_next).
  Cycle cycles_to_arrival(Cycle limit = UINT64_MAX) const {
    return forward_ ? forward_->shifts_to_next(static_cast<std::size_t>(limit)) : 0;
  }
  Cycle cycles_to_credit(Cycle limit = UINT64_MAX) const {
    return credits_ ? credits_->shifts_to_next(static_cast<std::size_t>(limit)) : 0;
  }
  // The first cycle from t in which a flit or a credit held in the stages comes out, at
  // most `by` (never sooner than t; `by` when nothing is held).
  Cycle next_out(Cycle t, Cycle by) const {
    if (forward_flits() > 0 && by > t) by = t + cycles_to_arrival(by - t);
    if (return_credits() > 0 && by > t) by = t + cycles_to_credit(by - t);
    return by;
  }
  // `n` cycles with nothing sent or returned, n at most both of the above.
  void idle(Cycle n) {
    if (forward_) forward_->idle(static_cast<std::size_t>(n));
    if (credits_) credits_->idle(static_cast<std::size_t>(n));
  }

  std::int64_t forward_flits() const {
    return forward_ ? static_cast<std::int64_t>(forward_->occupied()) : 0;
  }
  std::int64_t return_credits() const {
    return credits_ ? static_cast<std::int64_t>(credits_->occupied()) : 0;
  }

  // Steady-state jumps (steady_state.hpp): what is in which stage, and the flits' stamps.
  void add_shape(Shape& s, Cycle now, std::uint64_t next_id) const {
    if (forward_)
      forward_->for_each([&](bool valid, const T& f) {
        s.add(std::uint64_t{valid});
        if constexpr (jumpable_flit<T>)
          if (valid) add_flit(s, f, now, next_id, true);
      });
    if (credits_) credits_->for_each([&](bool valid, bool) { s.add(std::uint64_t{valid}); });
  }
  void repeat(const Repeat& r) {
    if constexpr (jumpable_flit<T>)
      if (forward_)
        forward_->for_each([&](bool valid, T& f) {
          if (valid) move_flit(f, r, true);
        });
  }

  // Visits every flit in the forward stages.
  template <class F>
  void for_each_flit(F&& f) const {
    if (forward_)
      forward_->for_each([&](bool valid, const T& flit) {
        if (valid) f(flit);
      });
  }

 private:
  std::optional<DelayLine<T>> forward_;
  std::optional<DelayLine<bool>> credits_;
};

}  // namespace creditflow::core
