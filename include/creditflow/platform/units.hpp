// Physical quantities as users write them: "1ns", "500 ps", "16GB/s", "16B", "4KiB".
#pragma once
#include <string>

namespace creditflow::platform {

// Time in picoseconds. Units: s, ms, us, ns, ps, fs. Throws ParameterError naming `what`.
double parse_time_ps(const std::string& text, const std::string& what);
// A clock period in picoseconds, as a time or as a frequency ("600MHz": 1667 ps, rounded
// to the whole picosecond simulated time counts in). Throws ParameterError naming `what`.
double parse_period_ps(const std::string& text, const std::string& what);
// Bytes per second. Units: B/s, KB/s, MB/s, GB/s, TB/s (powers of 1000) and KiB/s, MiB/s,
// GiB/s, TiB/s (powers of 1024); also bits: Kb/s, Mb/s, Gb/s, Tb/s.
double parse_bandwidth(const std::string& text, const std::string& what);
// Bytes. Units: B, KB, MB, GB (1000s), KiB, MiB, GiB (1024s).
double parse_bytes(const std::string& text, const std::string& what);
// A size as it was meant: in the largest of B, KiB, MiB, GiB, TiB it fills, to four
// significant digits ("1.5 MiB", "1 GiB"), so that a limit is said as it was given.
std::string format_bytes(double bytes);

}  // namespace creditflow::platform
