// Builds one credit loop with its clock and monitor, runs it for a number of cycles and
// returns what it measured. SystemC elaborates once per process: call it once per process
// (platform::run_isolated runs it in a child).
#pragma once
#include <string>

#include "creditflow/core/link_report.hpp"
#include "creditflow/cycle/credit_loop.hpp"

namespace creditflow::cycle {

struct RunOptions {
  core::Cycle cycles = 6000;
  core::Cycle warmup = 3000;  // timing.md section 1: the second half is the measurement window
  std::string link_name = "link";
  std::string vcd_file;  // without extension; empty: no trace (cycle view only)
  // "cycle": the signal-level modules; "tl": the same cores stepped in one process, a
  // quantum of cycles per entry into the kernel. Both give identical figures.
  std::string view = "cycle";
};

core::LinkReport run_credit_loop(const CreditLoopParams& params, const RunOptions& options);

}  // namespace creditflow::cycle
