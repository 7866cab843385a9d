// Two VCD files compared signal by signal: the first time any signal both files carry has
// different values, which signal and both values; or that they agree throughout. What
// `creditflow compare` reports of two runs, each traced whole (channels, every holder's
// state and loop terms), so the difference can then be looked at in GTKWave.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace creditflow::platform {

struct VcdComparison {
  bool identical = true;
  // The first difference: its time in the files' unit, the signal (dotted, as a VCD viewer
  // shows it), both values (decimal up to 64 bits) and how many signals differ then.
  std::uint64_t time = 0;
  std::string signal, a, b;
  std::size_t differing = 0;
  std::size_t compared = 0;      // signals in both files
  std::uint64_t events = 0;      // value changes in the first file's compared signals
  std::uint64_t end_time = 0;    // the last time either file reaches
  std::vector<std::string> only_a, only_b;  // signals in one file only, not compared
};

// Throws creditflow::Error naming the file for one it cannot read or parse.
VcdComparison compare_vcd(const std::string& a_file, const std::string& b_file);

}  // namespace creditflow::platform
