// A credit-counting source (timing.md section 2): creates flits by a pattern and sends one only
// while it holds a credit, never looking at the sink's ready. Its credits come back from
// the sink's registered `popped` output through R more registers, so a credit spent in
// cycle t is spendable again in t + R + 3 (sink FIFO, `popped`, counter): in timing.md's
// section 1's terms Lf = 0 and Lr = R + 1.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "creditflow/core/delay_line.hpp"
#include "creditflow/core/error.hpp"
#include "creditflow/core/limits.hpp"
#include "creditflow/core/sender_core.hpp"
#include "creditflow/core/source_core.hpp"

namespace creditflow::core {

struct CreditSourceParams {
  SourceParams source;
  std::int64_t credits = 4;
  std::int64_t return_delay = 0;  // R: registers between the sink's `popped` and the counter
};

template <class T>
class CreditSourceCore {
 public:
  CreditSourceCore(const CreditSourceParams& p, std::uint64_t seed, const std::string& where)
      : source_(p.source, seed, where), sender_(p.credits, where), returns_(line(p.return_delay, where)) {}

  Cycle now() const { return sender_.now(); }
  bool will_send() const { return sender_.will_send(source_.has_data()); }
  const T& head() const { return source_.head(); }

  // The edge closing the current cycle; `credit_in` is the sink's `popped` during it.
  void advance(bool credit_in) {
    const bool counted = returns_ ? returns_->out_valid() : credit_in;
    source_.advance(sender_.advance(source_.has_data(), counted));
    if (returns_) returns_->shift(credit_in, true);
  }

  const SourceCore<T>& source() const { return source_; }
  void record_to(CreationLog* log) { source_.record_to(log); }
  const SenderCore& sender() const { return sender_; }
  std::int64_t credits_returning() const {
    return returns_ ? static_cast<std::int64_t>(returns_->occupied()) : 0;
  }

 private:
  static std::optional<DelayLine<bool>> line(std::int64_t r, const std::string& where) {
    check_range(where, "return_delay", r, 0, limits::max_latency);
    if (r == 0) return std::nullopt;
    return DelayLine<bool>(static_cast<std::size_t>(r));
  }

  SourceCore<T> source_;
  SenderCore sender_;
  std::optional<DelayLine<bool>> returns_;
};

}  // namespace creditflow::core
