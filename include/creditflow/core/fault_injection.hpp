// Faults injected on purpose, to show that the monitors catch them: a credit wire that
// drops or duplicates a credit, and a flit wire that flips a bit of a payload. A fault
// strikes at listed cycles and/or at random with a seeded rate; a strike in a cycle with
// nothing to act on waits for the next cycle that has (the next credit to drop, the next
// free cycle to add one in, the next flit to corrupt), so every strike takes effect once.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "creditflow/core/error.hpp"
#include "creditflow/core/flit.hpp"
#include "creditflow/core/seed.hpp"
#include "creditflow/core/types.hpp"

namespace creditflow::core {

class FaultSchedule {
 public:
  FaultSchedule(std::vector<std::int64_t> at, double rate, std::uint64_t seed, const std::string& where)
      : rate_(rate), rng_(seed) {
    check_range(where, "fault_rate", rate, 0.0, 1.0);
    for (std::int64_t t : at) {
      check_range(where, "fault_at", t, 0, INT64_MAX);
      at_.push_back(static_cast<Cycle>(t));
    }
    std::sort(at_.begin(), at_.end());
  }
  // Whether a fault strikes in cycle t; call once per cycle, in increasing t.
  bool strikes(Cycle t) {
    bool hit = false;
    while (next_ < at_.size() && at_[next_] <= t) hit = at_[next_++] == t || hit;
    if (rate_ > 0.0 && rng_.bernoulli(rate_)) hit = true;
    return hit;
  }

 private:
  std::vector<Cycle> at_;
  std::size_t next_ = 0;
  double rate_;
  Rng rng_;
};

// A zero-latency credit wire with faults: what leaves in cycle t is decided from what
// enters in t and the strikes owed at the start of t.
class CreditFaultCore {
 public:
  enum class Mode { drop, duplicate };
  CreditFaultCore(Mode mode, FaultSchedule schedule) : mode_(mode), schedule_(std::move(schedule)) {
    owed_ += schedule_.strikes(0);
  }
  bool out(bool credit_in) const {
    if (owed_ == 0) return credit_in;
    return mode_ == Mode::drop ? false : true;
  }
  // The edge closing the current cycle.
  void edge(bool credit_in) {
    if (out(credit_in) != credit_in) {
      --owed_;
      ++injected_;
    }
    owed_ += schedule_.strikes(++now_);
  }
  std::uint64_t injected() const { return injected_; }

 private:
  Mode mode_;
  FaultSchedule schedule_;
  Cycle now_ = 0;
  std::uint64_t owed_ = 0;
  std::uint64_t injected_ = 0;
};

// A zero-latency flit wire that flips bit `bit` of a passing flit's payload when a fault
// strikes. Payload types that are not arithmetic pass untouched.
template <class T>
class FlitFaultCore {
 public:
  FlitFaultCore(std::int64_t bit, FaultSchedule schedule, const std::string& where)
      : bit_(static_cast<unsigned>(check_bit(bit, where))), schedule_(std::move(schedule)) {
    owed_ += schedule_.strikes(0);
  }
  T out(bool valid, const T& flit) const {
    T f = flit;
    if constexpr (echoes_id<T>::value)
      if (valid && owed_ > 0) f.payload = static_cast<decltype(f.payload)>(f.payload ^ (std::uint64_t{1} << bit_));
    return f;
  }
  void edge(bool valid) {
    if (valid && owed_ > 0) {
      --owed_;
      ++injected_;
    }
    owed_ += schedule_.strikes(++now_);
  }
  std::uint64_t injected() const { return injected_; }

 private:
  static std::int64_t check_bit(std::int64_t bit, const std::string& where) {
    check_range(where, "bit", bit, 0, 63);
    return bit;
  }
  unsigned bit_;
  FaultSchedule schedule_;
  Cycle now_ = 0;
  std::uint64_t owed_ = 0;
  std::uint64_t injected_ = 0;
};

}  // namespace creditflow::core
