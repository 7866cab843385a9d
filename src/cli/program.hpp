// Runs another program (sbatch, squeue) with an argument vector, no shell, and captures
// what it says.
#pragma once
#include <string>
#include <vector>

namespace creditflow::cli {

struct ProgramOutcome {
  bool started = false;  // false: not found or not executable (then `err` says why)
  int status = -1;       // exit status, or 128 + signal
  std::string out, err;
};

ProgramOutcome run_program(const std::vector<std::string>& argv);

}  // namespace creditflow::cli
