// Ports that come in numbers (a merge's inputs, a split's outputs): in0..in15, out0..out15.
// A kind's port table is fixed at compile time, so a fan of up to kMaxFan ports is declared,
// each optional; a platform connects the ones it uses.
#pragma once
#include <array>
#include <cstddef>

#include "creditflow/kinds/port.hpp"

namespace creditflow::kinds {

inline constexpr std::size_t kMaxFan = 16;

inline constexpr std::array<const char*, kMaxFan> kNumberedIn{"in0", "in1", "in2",  "in3",  "in4",  "in5",
                                                              "in6", "in7", "in8",  "in9",  "in10", "in11",
                                                              "in12", "in13", "in14", "in15"};
inline constexpr std::array<const char*, kMaxFan> kNumberedOut{"out0", "out1", "out2",  "out3",  "out4",  "out5",
                                                               "out6", "out7", "out8",  "out9",  "out10", "out11",
                                                               "out12", "out13", "out14", "out15"};

// `single` first, then one `each` per name, named (and with SystemC ports named) by it.
constexpr std::array<Port, kMaxFan + 1> fan_ports(Port single, const std::array<const char*, kMaxFan>& names,
                                                  Port each) {
  std::array<Port, kMaxFan + 1> ports{};
  ports[0] = single;
  for (std::size_t i = 0; i < kMaxFan; ++i) {
    ports[i + 1] = each;
    ports[i + 1].name = names[i];
    ports[i + 1].signal = names[i];
  }
  return ports;
}

}  // namespace creditflow::kinds
