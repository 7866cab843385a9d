// Links the installed creditflow and runs one credit loop: L = 4, B = 4 runs at 0.400.
#include <cstdio>

#include <creditflow/creditflow.hpp>

int sc_main(int, char*[]) {
  creditflow::cycle::CreditLoopParams p;
  p.link = {4, 4};
  p.receiver.depth = 4;
  const auto report = creditflow::cycle::run_credit_loop(p, {});
  std::printf("throughput %.3f\n", report.throughput);
  return 0;
}
