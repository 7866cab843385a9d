// Shared by the cycle tests: one credit-loop run per child process.
#pragma once
#include <boost/test/unit_test.hpp>
#include <sstream>
#include <string>

#include "creditflow/cycle/run_credit_loop.hpp"
#include "creditflow/platform/isolated_run.hpp"

namespace cftest {

inline creditflow::cycle::CreditLoopParams loop_params(std::int64_t latency, std::int64_t depth,
                                                       std::int64_t drain_every = 1) {
  creditflow::cycle::CreditLoopParams p;
  p.link.forward_latency = latency;
  p.link.credit_latency = latency;
  p.receiver.depth = depth;
  p.receiver.drain.every = drain_every;
  return p;
}

// Runs the loop in a child process (SystemC elaborates once per process) and returns the
// figures the tests look at, as "throughput sent rtt stall_empty stall_busy".
struct Figures {
  double throughput = 0;
  unsigned long sent = 0, rtt = 0, stall_empty = 0, stall_busy = 0;
};

inline Figures run_in_child(const creditflow::cycle::CreditLoopParams& p,
                            creditflow::cycle::RunOptions options = {}) {
  const auto r = creditflow::platform::run_isolated([&] {
    const auto rep = creditflow::cycle::run_credit_loop(p, options);
    std::ostringstream os;
    os.precision(17);
    os << rep.throughput << ' ' << rep.sent << ' ' << rep.measured_rtt << ' '
       << rep.stall_receiver_empty << ' ' << rep.stall_receiver_busy;
    return os.str();
  });
  BOOST_TEST_REQUIRE(r.ok, "child failed: " << r.error);
  Figures f;
  std::istringstream is(r.output);
  is >> f.throughput >> f.sent >> f.rtt >> f.stall_empty >> f.stall_busy;
  return f;
}

}  // namespace cftest
