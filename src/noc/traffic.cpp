#include "creditflow/noc/traffic.hpp"

#include <numeric>
#include <string>

#include "creditflow/core/error.hpp"
#include "creditflow/noc/knuth_random.hpp"

namespace creditflow::noc {

TrafficPattern::TrafficPattern(const NocConfig& config, int nodes)
    : nodes_(nodes), k_(config.k * config.xr), n_(config.dimensions()), bits_(0) {  // BookSim2's digits: k xr
  while ((1 << bits_) < nodes_) ++bits_;
  const std::string& name = config.traffic;
  kind_ = name == "uniform_noself" ? Kind::uniform_noself
          : name == "transpose"    ? Kind::transpose
          : name == "bitcomp"      ? Kind::bitcomp
          : name == "bitrev"       ? Kind::bitrev
          : name == "shuffle"      ? Kind::shuffle
          : name == "tornado"      ? Kind::tornado
          : name == "neighbor"     ? Kind::neighbor
          : name == "hotspot"      ? Kind::hotspot
          : name == "randperm"     ? Kind::randperm
          : name == "diagonal"     ? Kind::diagonal
          : name == "asymmetric"   ? Kind::asymmetric
          : name == "taper64"      ? Kind::taper64
          : name == "badperm_yarc" ? Kind::badperm_yarc
                                   : Kind::uniform;
  hotspots_ = config.hotspot_nodes;
  hotspot_weights_ = config.hotspot_rates.empty() ? std::vector<int>(hotspots_.size(), 1)
                                                  : config.hotspot_rates;
  hotspot_total_ = std::accumulate(hotspot_weights_.begin(), hotspot_weights_.end(), 0);
  if (kind_ == Kind::randperm) permutation_ = booksim_permutation(nodes_, config.perm_seed);
}

int TrafficPattern::destination(int source, Rng& rng) const {
  switch (kind_) {
    case Kind::uniform:
      return uniform_int(rng, nodes_ - 1);
    case Kind::uniform_noself: {
      const int other = uniform_int(rng, nodes_ - 2);
      return other >= source ? other + 1 : other;
    }
    case Kind::transpose: {  // swap the halves of the node id's bits
      const int half = bits_ / 2;
      const int low = (1 << half) - 1;
      return ((source >> half) & low) | ((source & low) << half);
    }
    case Kind::randperm:
      return permutation_[source];
    case Kind::bitcomp:
      return ~source & (nodes_ - 1);
    case Kind::bitrev: {
      int result = 0;
      for (int b = 0; b < bits_; ++b) result |= ((source >> b) & 1) << (bits_ - 1 - b);
      return result;
    }
    case Kind::shuffle:  // rotate the bits left by one
      return ((source << 1) & (nodes_ - 1)) | ((source >> (bits_ - 1)) & 1);
    case Kind::tornado:
    case Kind::neighbor: {  // every digit moves ceil(k/2)-1 (tornado) or 1 (neighbour) on
      const int step = kind_ == Kind::tornado ? (k_ + 1) / 2 - 1 : 1;
      int result = 0, weight = 1;
      for (int d = 0; d < n_; ++d, weight *= k_)
        result += weight * (((source / weight) % k_ + step) % k_);
      return result;
    }
    // BookSim2's random patterns, by its draws: a third of the packets to the next node, the
    // rest to the source itself; the source's place in a half drawn by a coin; half the time a
    // neighbour within one in both digits of an 8 x 8 numbering (itself included), else any
    // node; a random column of the source's row, read as a row of the transpose.
    case Kind::diagonal:
      return uniform_int(rng, 2) == 0 ? (source + 1) % nodes_ : source;
    case Kind::asymmetric:
      return source % (nodes_ / 2) + (uniform_int(rng, 1) ? nodes_ / 2 : 0);
    case Kind::taper64: {
      if (uniform_int(rng, 1) == 0) return uniform_int(rng, nodes_ - 1);
      const int row_step = uniform_int(rng, 2) - 1;
      const int column_step = uniform_int(rng, 2) - 1;
      return (64 + source + 8 * row_step + column_step) % 64;
    }
    case Kind::badperm_yarc:
      return uniform_int(rng, k_ - 1) * k_ + source / k_;
    case Kind::hotspot: {
      int pick = uniform_int(rng, hotspot_total_ - 1);
      for (std::size_t i = 0; i + 1 < hotspots_.size(); ++i) {
        if (pick < hotspot_weights_[i]) return hotspots_[i];
        pick -= hotspot_weights_[i];
      }
      return hotspots_.back();
    }
  }
  return source;
}

InjectionProcess::InjectionProcess(const NocConfig& config, Rng& rng)
    : bursty_(config.injection_process == "on_off"),
      rate_(config.packet_rate()),
      alpha_(config.burst_alpha),
      beta_(config.burst_beta) {
  if (!bursty_) return;
  // The rate while on (NocConfig::validate has checked it is at most 1, and alpha above 0).
  rate_ = config.packet_rate() * (alpha_ + beta_) / alpha_;
  on_.resize(config.nodes());
  for (auto& state : on_) state = static_cast<std::uint8_t>(uniform_int(rng, 1));
}

bool InjectionProcess::fires(int source, Rng& rng) {
  if (!bursty_) return uniform01(rng) < rate_;
  on_[source] = on_[source] ? uniform01(rng) >= beta_ : uniform01(rng) < alpha_;
  return on_[source] && uniform01(rng) < rate_;
}

PacketSizes::PacketSizes(const NocConfig& config)
    : sizes_(config.packet_size), weights_(config.size_weights()) {
  total_ = std::accumulate(weights_.begin(), weights_.end(), 0);
}

int PacketSizes::draw(Rng& rng) const {
  if (sizes_.size() == 1) return sizes_[0];
  int pick = uniform_int(rng, total_ - 1);
  for (std::size_t i = 0; i + 1 < sizes_.size(); ++i) {
    if (pick < weights_[i]) return sizes_[i];
    pick -= weights_[i];
  }
  return sizes_.back();
}

}  // namespace creditflow::noc
