#include "creditflow/noc/saturation.hpp"

#include <algorithm>
#include <cmath>

#include "creditflow/core/figure_text.hpp"
#include "creditflow/noc/noc_config.hpp"

namespace creditflow::noc {
namespace {

// The variance per node and cycle of the number of packets a source makes. Bernoulli:
// p(1 - p). On/off (a two-state chain turning on with alpha, off with beta, firing at r
// while on): the same plus the covariance of the on state over every lag, which sums to
// 2 r^2 pi_on pi_off (1 - alpha - beta) / (alpha + beta).
double packet_variance(const NocConfig& c) {
  const double p = std::clamp(c.packet_rate(), 0.0, 1.0);
  double v = p * (1 - p);
  if (c.injection_process == "on_off" && c.burst_alpha > 0) {
    const double sum = c.burst_alpha + c.burst_beta;
    const double on = c.burst_alpha / sum;
    const double r = std::min(1.0, p / on);
    v += 2 * r * r * on * (1 - on) * (1 - sum) / sum;
  }
  return std::max(v, 0.0);
}

// The variance of one packet's size in flits.
double size_variance(const NocConfig& c) {
  const auto weights = c.size_weights();
  double total = 0, sum = 0, squares = 0;
  for (std::size_t i = 0; i < c.packet_size.size(); ++i) {
    const double s = c.packet_size[i];
    total += weights[i];
    sum += s * weights[i];
    squares += s * s * weights[i];
  }
  if (total <= 0) return 0;
  const double mean = sum / total;
  return std::max(squares / total - mean * mean, 0.0);
}

std::string number(double v) { return core::significant(v, 4); }

std::string packet_count(std::int64_t n) { return std::to_string(n) + (n == 1 ? " packet" : " packets"); }

}  // namespace

SaturationTest test_saturation(const NocConfig& config, int nodes, std::int64_t window, double offered,
                               double accepted, std::int64_t backlog_growth, std::int64_t packets) {
  SaturationTest t;
  t.window = window;
  t.shortfall = offered - accepted;
  t.backlog_growth = backlog_growth;
  t.packets = packets;
  const double node_cycles = static_cast<double>(nodes) * static_cast<double>(std::max<std::int64_t>(window, 1));
  const double packet_var = packet_variance(config);
  const double mean_size = config.mean_packet_size();
  // The flits offered: a random count of packets of random size.
  const double flit_var = packet_var * mean_size * mean_size + config.packet_rate() * size_variance(config);
  t.noise = 3 * std::sqrt(flit_var * node_cycles) / node_cycles;
  t.backlog_noise = std::max<std::int64_t>(nodes, static_cast<std::int64_t>(std::ceil(3 * std::sqrt(packet_var * node_cycles))));
  return t;
}

std::string SaturationTest::evidence() const {
  if (by_accepted() && by_backlog()) return "accepted and backlog";
  if (by_accepted()) return "accepted";
  if (by_backlog()) return "backlog";
  return "none";
}

std::string SaturationTest::because() const {
  std::string text;
  if (by_accepted())
    text = "accepted is " + number(shortfall) + " flits/node/cycle below offered, more than the " + number(noise) +
           " the noise of " + std::to_string(window) + " cycles of random arrivals allows";
  if (by_backlog())
    text += (text.empty() ? std::string() : std::string("; ")) + "the sources' backlog grew by " + packet_count(backlog_growth) +
            " through the window, more than the " + std::to_string(backlog_noise) + " a network that keeps up shows";
  return text;
}

std::string SaturationTest::why_not() const {
  const std::string gap = shortfall >= 0 ? number(shortfall) + " flits/node/cycle below offered"
                                         : number(-shortfall) + " flits/node/cycle above offered";
  const std::string backlog = backlog_growth > 0 ? "grew by " + packet_count(backlog_growth) + ", no more than the " +
                                                       std::to_string(backlog_noise) + " a network that keeps up shows"
                                                 : std::string("did not grow");
  return "accepted is " + gap + ", within the " + number(noise) + " the noise of " + std::to_string(window) +
         " cycles of random arrivals allows, and the sources' backlog " + backlog;
}

}  // namespace creditflow::noc
