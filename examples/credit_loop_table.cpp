// Prints the credit-loop reference table of timing.md section 1 from the cycle-level SystemC
// models: throughput of a saturating sender over cycles 3000..5999 of a 6000-cycle run,
// for L in {1, 4, 8} and B in {1, ..., 18}, plus L = 4 with a receiver that pops only
// when t % 2 == 0. Every point is its own SystemC elaboration, in its own process.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "creditflow/cycle/run_credit_loop.hpp"
#include "creditflow/platform/isolated_run.hpp"

namespace cf = creditflow;

namespace {

struct Point {
  double throughput = 0;
  unsigned long rtt = 0;
};

Point run_point(std::int64_t latency, std::int64_t depth, std::int64_t drain_every) {
  cf::cycle::CreditLoopParams p;
  p.link.forward_latency = latency;
  p.link.credit_latency = latency;
  p.receiver.depth = depth;
  p.receiver.drain.every = drain_every;
  const cf::platform::IsolatedResult r = cf::platform::run_isolated([&] {
    const cf::core::LinkReport rep = cf::cycle::run_credit_loop(p, cf::cycle::RunOptions{});
    return std::to_string(rep.throughput) + " " + std::to_string(rep.measured_rtt);
  });
  if (!r.ok) {
    std::cerr << "credit_loop_table: L=" << latency << " B=" << depth << ": " << r.error << "\n";
    std::exit(1);
  }
  Point pt;
  std::sscanf(r.output.c_str(), "%lf %lu", &pt.throughput, &pt.rtt);
  return pt;
}

// timing.md's layout: the label in three columns, two spaces, the values; the RTT measured on
// the row's loop after the L rows.
void print_row(const std::string& label, std::int64_t latency, std::int64_t drain_every,
               const std::vector<std::int64_t>& depths, bool show_rtt) {
  std::printf("%-3s ", label.c_str());
  unsigned long rtt = 0;
  for (std::int64_t b : depths) {
    const Point pt = run_point(latency, b, drain_every);
    std::printf(" %5.3f", pt.throughput);
    rtt = pt.rtt;
  }
  if (show_rtt) std::printf("   (RTT %lu)", rtt);
  std::printf("\n");
  std::fflush(stdout);
}

}  // namespace

int sc_main(int, char*[]) {
  const std::vector<std::int64_t> depths{1, 2, 4, 6, 8, 10, 12, 14, 16, 18};
  std::printf("   B:");
  for (std::int64_t b : depths) std::printf("%6lld", static_cast<long long>(b));
  std::printf("\n");
  for (std::int64_t latency : {1, 4, 8})
    print_row("L=" + std::to_string(latency), latency, 1, depths, true);
  std::printf("L=4, drain every 2nd cycle (pop allowed when t %% 2 == 0):\n");
  print_row("", 4, 2, depths, false);
  return 0;
}
