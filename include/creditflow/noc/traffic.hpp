// Where packets go and when they are made, with BookSim2's names and meanings: traffic
// patterns over node ids, and Bernoulli or on/off (bursty) injection per node.
#pragma once
#include <cstdint>
#include <random>
#include <vector>

#include "creditflow/noc/noc_config.hpp"

namespace creditflow::noc {

using Rng = std::mt19937_64;

// A uniform number in [0, 1).
inline double uniform01(Rng& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }
// A uniform whole number in [0, top].
inline int uniform_int(Rng& rng, int top) {
  return static_cast<int>(uniform01(rng) * (top + 1));
}

class TrafficPattern {
 public:
  // Over `nodes` nodes (a k-ary n-cube's k^n, or what a netlist names).
  TrafficPattern(const NocConfig& config, int nodes);
  int destination(int source, Rng& rng) const;

 private:
  enum class Kind { uniform, uniform_noself, transpose, bitcomp, bitrev, shuffle, tornado,
                    neighbor, hotspot, randperm, diagonal, asymmetric, taper64, badperm_yarc };
  Kind kind_;
  int nodes_, k_, n_, bits_;
  std::vector<int> hotspots_, hotspot_weights_;
  int hotspot_total_ = 0;
  std::vector<int> permutation_;  // randperm: each source's destination
};

class InjectionProcess {
 public:
  InjectionProcess(const NocConfig& config, Rng& rng);
  // Whether `source` makes a packet this cycle (called once per cycle and node, in turn).
  bool fires(int source, Rng& rng);

 private:
  bool bursty_;
  double rate_;                 // packets per cycle (Bernoulli), or while on (on/off)
  double alpha_, beta_;
  std::vector<std::uint8_t> on_;
};

// Packet sizes drawn by weight.
class PacketSizes {
 public:
  explicit PacketSizes(const NocConfig& config);
  int draw(Rng& rng) const;

 private:
  std::vector<int> sizes_, weights_;
  int total_ = 0;
};

}  // namespace creditflow::noc
