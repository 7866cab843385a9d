// The timing of a TlmCreditLink's two credit loops without simulating them: each beat's
// cycles follow from the beats before it, because everything on the link is first in,
// first out (the request queue, the sender, the stages, the far end's one transaction at
// a time, the response queue). So a loosely timed interconnect can annotate a
// transaction's delay in the call that issues it, with no clocked process, and still give
// the cycle-level bridge's timing transaction for transaction (tests/tlm).
//
// In cycles of the link's clock (cycle c spans [c, c + 1) periods, the edge closing it at
// c + 1), by timing.md section 1's rules for each loop of B credits and L stages each way:
//   a beat is sent in the first cycle it is offered with a credit: a credit popped in p
//   is back in p + L and spendable from p + L + 1; one beat a cycle, in order;
//   it arrives in s + L and is popped at the earliest in the next cycle;
//   the far end pops one beat a cycle into its assembly register, none while the target
//   has a whole transaction; the near end pops every cycle.
// Kernel-free: times are plain numbers of cycles.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "creditflow/core/error.hpp"
#include "creditflow/core/limits.hpp"
#include "creditflow/core/types.hpp"

namespace creditflow::tlm_bridge {

// One credit loop's beats in order: when each is sent and when it is popped. A beat may
// be sent before the beats ahead of it are popped, as far as its credit is known (an
// approximately timed far end pops only once its target has taken the transaction before).
class LoopTiming {
 public:
  LoopTiming(std::int64_t credits, std::int64_t latency)
      : credits_(static_cast<std::uint64_t>(credits)),
        latency_(static_cast<core::Cycle>(latency)),
        sends_(credits_, 0),
        pops_(credits_, 0) {}

  // Whether the next beat's credit is known: one of the first `credits`, or the beat
  // `credits` ahead of it has been popped.
  bool credit_known() const { return sent_ < credits_ || popped_ + credits_ > sent_; }
  // The next beat, offered from cycle `offer` (the sender takes beats in order): its send
  // cycle. Its credit must be known.
  core::Cycle send(core::Cycle offer) {
    // A credit popped in p is back in p + L and spendable from p + L + 1.
    const core::Cycle credit = sent_ < credits_ ? 0 : pops_[sent_ % credits_] + latency_ + 1;
    last_send_ = std::max({offer, credit, sent_ != 0 ? last_send_ + 1 : 0});
    sends_[sent_++ % credits_] = last_send_;
    return last_send_;
  }
  // Whether a beat has been sent and not popped.
  bool unpopped() const { return popped_ < sent_; }
  // The oldest unpopped beat's pop: at the earliest in cycle `earliest`, never in the cycle
  // it arrives (sent + L) or before, and after the beat before it.
  core::Cycle pop(core::Cycle earliest) {
    const core::Cycle arrived = sends_[popped_ % credits_] + latency_;
    last_pop_ = std::max({earliest, arrived + 1, popped_ != 0 ? last_pop_ + 1 : 0});
    pops_[popped_++ % credits_] = last_pop_;
    return last_pop_;
  }

 private:
  std::uint64_t credits_;
  core::Cycle latency_;
  // By beat number modulo the credits: send cycles of the beats not yet popped, and pop
  // cycles of the last `credits` popped (never more than `credits` are sent and not popped).
  std::vector<core::Cycle> sends_, pops_;
  std::uint64_t sent_ = 0, popped_ = 0;
  core::Cycle last_send_ = 0, last_pop_ = 0;
};

struct LinkTimingParams {
  std::int64_t width = 8;            // bytes per data beat
  std::int64_t request_depth = 16;   // the request loop's credits
  std::int64_t response_depth = 16;  // the response loop's credits
  std::int64_t latency = 1;          // stages each way, on both loops
};

class LinkTiming {
 public:
  LinkTiming(const LinkTimingParams& p, const std::string& where)
      : width_(check(where, "width", p.width, 64)),  // TlmBeat::max_width, as the bridge allows
        request_(check(where, "request_depth", p.request_depth, core::limits::max_depth),
                 check(where, "latency", p.latency, core::limits::max_latency, 0)),
        response_(check(where, "response_depth", p.response_depth, core::limits::max_depth), p.latency) {}

  std::int64_t width() const { return width_; }
  // A transaction whose request is offered from cycle `offer`, carrying `request_data`
  // data beats: the cycle of the edge at which its whole request reaches the far end's
  // assembly register, where the target is called.
  core::Cycle request(core::Cycle offer, std::uint64_t request_data) {
    core::Cycle popped = 0;
    for (std::uint64_t k = 0; k <= request_data; ++k) {
      request_.send(k == 0 ? offer : 0);
      popped = request_.pop(far_free_);
    }
    return popped + 1;
  }
  // The request loop itself, for a caller that times its beats apart (an approximately
  // timed far end pops only once its target has taken the transaction before).
  LoopTiming& request_loop() { return request_; }
  // Its response, offered from cycle `offer` (once the target has answered), of
  // `response_data` data beats: the far end may pop again from cycle `far_free`; returns
  // the edge at which the near end has the whole response (the call returns then).
  core::Cycle response(core::Cycle offer, std::uint64_t response_data, core::Cycle far_free) {
    far_free_ = far_free;
    return delivered(offer, response_data);
  }
  // A response offered from cycle `offer`, of `response_data` data beats, through the
  // response loop: the edge at which the near end, popping every cycle, has it whole.
  core::Cycle delivered(core::Cycle offer, std::uint64_t response_data) {
    core::Cycle popped = 0;
    for (std::uint64_t k = 0; k <= response_data; ++k) {
      response_.send(k == 0 ? offer : 0);
      popped = response_.pop(0);
    }
    return popped + 1;
  }

 private:
  static std::int64_t check(const std::string& where, const char* name, std::int64_t v, std::int64_t max,
                            std::int64_t min = 1) {
    check_range(where, name, v, min, max);
    return v;
  }

  std::int64_t width_;
  LoopTiming request_, response_;
  core::Cycle far_free_ = 0;  // the far end pops no request beat before this cycle
};

}  // namespace creditflow::tlm_bridge
