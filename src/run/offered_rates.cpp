#include "run/offered_rates.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "creditflow/core/diagnosis.hpp"

namespace creditflow::platform {
namespace {

// What a source offers, per cycle of its clock, from its own figures.
core::LinkReport source_figures(const Contribute& contribute, const std::string& source) {
  core::LinkReport own;
  contribute({source, "out"}, own);
  return own;
}
double source_rate(const Contribute& contribute, const std::string& source) {
  return source_figures(contribute, source).offered_rate;
}

// Cycles of component `from`'s clock in one cycle of clock `to`: a rate per cycle of the
// one times this is per cycle of the other.
double cycles_per(const Platform& platform, const std::string& from, const std::string& to) {
  const double from_ps = clock_period_ps(platform, platform.component(from).clock), to_ps = clock_period_ps(platform, to);
  return from_ps > 0 && to_ps > 0 ? to_ps / from_ps : 1.0;
}

// The share of a source's flits that go to each receiver: its destinations in turn, or at
// random by their weights (equal where none are given).
std::map<std::string, double> destination_shares(const std::map<std::string, ParamValue>& params) {
  std::map<std::string, double> shares;
  if (text_param(params, "destinations").empty()) return shares;
  const auto names = list_items(text_param(params, "destinations"));
  std::vector<double> weights(names.size(), 1.0);
  if (text_param(params, "choose") == "random" && !text_param(params, "weights").empty()) {
    const auto given = list_items(text_param(params, "weights"));
    for (std::size_t i = 0; i < weights.size() && i < given.size(); ++i) weights[i] = std::stod(given[i]);
  }
  double all = 0;
  for (std::size_t i = 0; i < names.size(); ++i) {
    all += weights[i];
    shares[names[i]] += weights[i];
  }
  for (auto& [name, share] : shares) share = all > 0 ? share / all : 0.0;
  return shares;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> replies_of(const ResolvedComponent& c) {
  std::vector<std::pair<std::string, std::string>> pairs;
  for (const ParamSpec& replies : c.kind->params)
    if (const std::string text = text_param(c.params, replies.name); replies.names_replies && !text.empty())
      for (const std::string& item : list_items(text)) {
        const std::size_t eq = item.find('=');
        pairs.emplace_back(item.substr(0, eq), item.substr(eq + 1));
      }
  return pairs;
}

// A class_sender fed from its input: each class is offered what the sources `sources` maps
// to it offer (at most a packet a cycle).
void fed_class_rates(const Platform& platform, const Contribute& contribute, RunResult& result) {
  for (std::size_t i = 0; i < platform.loops.size(); ++i) {
    const std::string& sender = platform.loops[i].sender;
    if (sender.empty()) continue;
    const std::string sources = text_param(platform.component(sender).params, "sources");
    if (sources.empty()) continue;
    for (const std::string& item : list_items(sources)) {
      const std::size_t eq = item.find('=');
      const double rate = source_rate(contribute, item.substr(0, eq));
      for (core::ClassReport& k : result.links[i].classes)
        if (k.name == item.substr(eq + 1)) k.offered_rate = std::min(1.0, k.offered_rate + rate);
    }
  }
}

const FlowOffers::Source& FlowOffers::source(const std::string& name) {
  const auto known = sources_.find(name);
  if (known != sources_.end()) return known->second;
  const ResolvedComponent& c = platform_.component(name);
  Source s;
  if (c.kind->param("pattern") && c.kind->param("destinations")) {
    s.shares = destination_shares(c.params);
    if (!s.shares.empty()) {
      const core::LinkReport own = source_figures(contribute_, name);
      s.rate = own.offered_rate;
      s.random = own.random_traffic || (s.shares.size() > 1 && text_param(c.params, "choose") == "random");
    }
  }
  s.replies = replies_of(c);
  return sources_.emplace(name, std::move(s)).first->second;
}

double FlowOffers::offered(const std::string& name, const std::string& destination, const std::string& clock) {
  const Source& s = source(name);
  double offered = 0;
  if (const auto share = s.shares.find(destination); share != s.shares.end())
    offered += s.rate * share->second * cycles_per(platform_, name, clock);
  for (const auto& [asker, receiver] : s.replies)
    if (receiver == destination) offered += this->offered(asker, name, clock);
  return offered;
}

bool FlowOffers::random(const std::string& name) {
  const Source& s = source(name);
  if (s.random) return true;
  for (const auto& [asker, receiver] : s.replies)
    if (random(asker)) return true;
  return false;
}

void flow_offers(const Platform& platform, const Contribute& contribute, std::vector<FlowReport>& flows) {
  const std::string& run_clock = platform.clocks.front().name;  // a flow's throughput counts its cycles
  std::map<std::pair<std::string, std::string>, double> carried;
  for (const FlowReport& f : flows) carried[{f.source, f.destination}] = f.throughput;
  FlowOffers offers(platform, contribute);
  const double window = static_cast<double>(std::max<std::int64_t>(1, platform.run.cycles - platform.run.warmup));
  for (FlowReport& f : flows) {
    if (f.destination.empty() || platform.index_of(f.source) == platform.components.size()) continue;
    const ResolvedComponent& source = platform.component(f.source);
    if (source.kind->makes_flits) {
      // A responder answers what reached it: its flows are offered the requests it was given.
      const auto replies = replies_of(source);
      if (replies.empty()) continue;
      double offered = 0;
      for (const auto& [asker, receiver] : replies)
        if (receiver == f.destination) {
          const auto found = carried.find({asker, f.source});
          if (found != carried.end()) offered += found->second;
        }
      f.offered = offered;
    } else if (source.kind->param("pattern") && source.kind->param("destinations")) {
      // A product of parameters: to 12 decimals, so that 0.3 x 3/4 reads 0.225, not 0.22499999999999998.
      f.offered = std::round(offers.offered(f.source, f.destination, run_clock) * 1e12) / 1e12;
    }
    // How far short of it the window may fall by chance, as a link's diagnosis allows.
    if (f.offered) f.offered_noise = core::measurement_stray(*f.offered, window, offers.random(f.source));
  }
}

// A loop out of a network (KindSpec::offered_by_flows: a network_interface's) is offered
// what its receiver's flows bring, per cycle of the loop's clock. Measured, it would be what
// the network let through, which the loop itself may hold back.
void network_offered_rates(const Platform& platform, const Contribute& contribute, RunResult& result) {
  FlowOffers offers(platform, contribute);
  for (std::size_t i = 0; i < platform.loops.size(); ++i) {
    const LoopPlan& loop = platform.loops[i];
    if (loop.sender.empty() || !platform.component(loop.sender).kind->offered_by_flows) continue;
    double offered = 0;
    for (const ResolvedComponent& c : platform.components) offered += offers.offered(c.name, loop.receiver, loop.clock);
    if (offered > 0) result.links[i].offered_rate = std::min(1.0, offered);
  }
}

}  // namespace creditflow::platform
