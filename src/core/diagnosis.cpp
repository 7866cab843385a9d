#include "creditflow/core/diagnosis.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace creditflow::core {

namespace {
std::string fixed3(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", v);
  return buf;
}
}  // namespace

std::int64_t credits_for_rate(double rate, std::uint64_t rtt) {
  // The epsilon keeps 0.8 x 10 = 8.000000000000002 from becoming 9.
  const double need = std::ceil(rate * static_cast<double>(rtt) - 1e-9);
  return std::max<std::int64_t>(1, static_cast<std::int64_t>(need));
}

double loop_bound(std::int64_t credits, std::uint64_t rtt, double drain_rate) {
  const double by_credits =
      rtt ? static_cast<double>(credits) / static_cast<double>(rtt) : 1.0;
  return std::min({1.0, drain_rate, by_credits});
}

std::vector<std::string> diagnose(const LinkReport& r) {
  std::vector<std::string> out;
  const std::string link = "link '" + r.name + "'";
  if (r.conservation_violations) {
    out.push_back(link + " lost or duplicated credits in " +
                  std::to_string(r.conservation_violations) +
                  " cycles: its figures cannot be trusted");
  }
  if (r.sent == 0) {
    out.push_back(link + " sent nothing in the measurement window");
    return out;
  }
  const std::uint64_t rtt = r.loop_rtt ? r.loop_rtt : r.measured_rtt;
  const std::string window = std::to_string(r.cycles - r.warmup);
  std::ostringstream s;
  s << link << " runs at " << fixed3(r.throughput) << " of full rate";
  if (r.credit_stall_cycles == 0) {
    s << " and never waited for a credit";
    if (rtt) s << " (" << r.credits << " credits, " << rtt << "-cycle round trip)";
    if (r.offered_rate < 1.0) s << "; it is limited by the offered load of " << fixed3(r.offered_rate);
    out.push_back(s.str());
    return out;
  }
  if (r.stall_receiver_empty >= r.stall_receiver_busy) {
    // Undersized loop: out of credits while the receiver is empty (SPEC section 1).
    const double target = std::min(r.offered_rate, r.drain_rate);
    s << ": its " << r.credits << " credits cover " << r.credits << " of the " << rtt
      << "-cycle round trip; it needs B >= " << credits_for_rate(target, rtt)
      << (target >= 1.0 ? " for full rate" : " for its offered rate of " + fixed3(target))
      << " (the sender was out of credits with the receiver empty in " << r.stall_receiver_empty
      << " of " << window << " cycles)";
  } else {
    // Slow receiver: out of credits while the receiver holds flits.
    s << ", limited by the receiver's drain of " << fixed3(r.drain_rate)
      << " per cycle (the sender was out of credits with the receiver holding flits in "
      << r.stall_receiver_busy << " of " << window
      << " cycles); more credits will not help beyond B >= "
      << credits_for_rate(r.drain_rate, rtt);
  }
  out.push_back(s.str());
  return out;
}

}  // namespace creditflow::core
