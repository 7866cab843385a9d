// timing.md section 1's reference table, as printed there: throughput over cycles 3000..5999
// of a 6000-cycle run with a saturating sender.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace spec1 {

inline const std::vector<std::int64_t> depths{1, 2, 4, 6, 8, 10, 12, 14, 16, 18};

// Keyed by L, the latency each way, with the receiver popping every cycle.
inline const std::map<std::int64_t, std::vector<std::string>> rows{
    {1, {"0.250", "0.500", "1.000", "1.000", "1.000", "1.000", "1.000", "1.000", "1.000", "1.000"}},
    {4, {"0.100", "0.200", "0.400", "0.600", "0.800", "1.000", "1.000", "1.000", "1.000", "1.000"}},
    {8, {"0.056", "0.111", "0.223", "0.334", "0.445", "0.555", "0.666", "0.777", "0.889", "1.000"}}};

// L = 4 with a receiver that pops only when t % 2 == 0.
inline const std::vector<std::string> drain_every_2nd{"0.100", "0.200", "0.400", "0.500", "0.500",
                                                      "0.500", "0.500", "0.500", "0.500", "0.500"};

}  // namespace spec1
