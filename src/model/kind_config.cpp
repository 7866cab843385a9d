// Resolved YAML parameters -> the parameters of the kernel-free cores, shared by the
// cycle view's components and the transaction-level view's parts.
#include "creditflow/platform/kind_config.hpp"

#include "creditflow/noc/noc_config.hpp"

#include <algorithm>

#include "creditflow/core/limits.hpp"
#include "creditflow/core/seed.hpp"
#include "creditflow/kinds/numbered_ports.hpp"
#include "creditflow/platform/nearest.hpp"

namespace creditflow::platform {

// Parameters shared by the kinds that create traffic.
std::vector<ParamSpec> pattern_params() {
  return {ParamSpec::choice("pattern", "saturating", {"saturating", "periodic", "burst", "bernoulli", "on_off"},
                            "when a flit is created"),
          ParamSpec::integer("every", "1", 1, core::limits::max_period, "periodic: a flit when t % every == 0"),
          ParamSpec::integer("burst_on", "1", 1, core::limits::max_period, "burst: cycles on"),
          ParamSpec::integer("burst_off", "0", 0, core::limits::max_period, "burst: cycles off"),
          ParamSpec::real("rate", "1", 0.0, 1.0, "bernoulli: probability of a flit per cycle; on_off: flits per "
                                                  "cycle in the long run"),
          ParamSpec::real("burst_alpha", "0.5", 0.0, 1.0, "on_off: chance per cycle an off source turns on"),
          ParamSpec::real("burst_beta", "0.5", 0.0, 1.0, "on_off: chance per cycle an on source turns off (bursts of "
                                                         "1/burst_beta cycles on average)"),
          ParamSpec::integer("queue_depth", "1024", 1, core::limits::max_queue,
                             "flits waiting at the source; more are refused and counted"),
          ParamSpec::integer("beats", "0", 0, INT64_MAX / 2, "flits to create in all; 0: no limit"),
          ParamSpec::text("class", "data", "traffic class name, for per-class figures"),
          ParamSpec::list("destinations", "", ParamSpec::text("", "", ""),
                          "where its packets go, by receiver name: one, or several taken in turn (choose: list) "
                          "or at random (choose: random); none: wherever the path leads",
                          false)
              .naming_destinations(),
          ParamSpec::choice("choose", "list", {"list", "random"},
                            "list: destinations in turn, repeating; random: seeded, by weights"),
          ParamSpec::list("weights", "", ParamSpec::integer("", "", 0, core::limits::max_period, ""),
                          "random: a weight per destination (default: equal)", false),
          ParamSpec::integer("packet_flits", "1", 1, core::limits::max_packet_flits,
                             "flits a packet (head, body, tail): a merge holds its output from head to tail")};
}

// Parameters shared by the kinds whose consumer drains on a schedule.
std::vector<ParamSpec> drain_params() {
  return {ParamSpec::integer("drain_every", "1", 1, core::limits::max_period, "pop only when t % k == 0"),
          ParamSpec::real("drain_rate", "1", 0.0, 1.0, "seeded random fraction of cycles that may pop"),
          ParamSpec::integer("stall_from", "0", 0, INT64_MAX / 2, "first cycle of a consumer stall"),
          ParamSpec::integer("stall_cycles", "0", 0, INT64_MAX / 2, "length of that stall")};
}


std::vector<ParamSpec> sync_params() {
  return {ParamSpec::integer("sync_stages", "2", 2, 16, "synchronizer flops N in each destination domain"),
          ParamSpec::real("uncertainty", "0", 0.0, 1.0,
                          "chance per destination edge that a crossing lands one cycle late (1: always)")};
}

ParamSpec noc_key(const std::string& key) {
  const noc::NocConfig::KeyInfo info = noc::NocConfig::info(key);
  const std::string value = noc::NocConfig{}.text(key);
  using Type = noc::NocConfig::KeyInfo::Type;
  switch (info.type) {
    case Type::integer:
      return ParamSpec::integer(key, value, static_cast<std::int64_t>(info.lo), static_cast<std::int64_t>(info.hi),
                                info.doc);
    case Type::real:
      return ParamSpec::real(key, value, info.lo, info.hi, info.doc);
    case Type::choice:
      return ParamSpec::choice(key, value, info.choices, info.doc);
    case Type::text:
      break;
  }
  return ParamSpec::text(key, value, info.doc).allowing(noc::NocConfig::allowed(key));
}

std::vector<std::pair<std::string, std::string>> route_items(const std::string& text, const std::string& where,
                                                              const std::function<bool(const std::string&)>& fits,
                                                              const std::string& form, const std::string& allowed,
                                                              const std::string& one) {
  std::vector<std::pair<std::string, std::string>> routes;
  for (const std::string& item : list_items(text)) {
    const auto eq = item.find('=');
    const std::string way = eq == std::string::npos ? "" : item.substr(eq + 1);
    if (!fits(way))
      throw ParameterError(where + ".routes: '" + item + "' is not " + form + " (allowed " + allowed + ")");
    for (const auto& [d, w] : routes)
      if (d == item.substr(0, eq))
        throw ParameterError(where + ".routes: '" + d + "' is routed twice (allowed one " + one + " a destination)");
    routes.emplace_back(item.substr(0, eq), way);
  }
  return routes;
}

std::vector<std::pair<std::string, std::string>> split_routes(const std::string& text, const std::string& where) {
  if (text.empty()) return {};
  const auto& outs = kinds::kNumberedOut;
  return route_items(
      text, where, [&](const std::string& port) { return std::find(outs.begin(), outs.end(), port) != outs.end(); },
      "destination=port", "ports out0..out" + std::to_string(kinds::kMaxFan - 1) + ", e.g. rxA=out0", "output");
}


core::SourceParams source_params(const ComponentConfig& c) {
  core::SourceParams p;
  const std::string& pattern = c.text("pattern");
  if (pattern == "periodic") p.traffic = core::TrafficSpec::periodic(c.integer("every"));
  if (pattern == "burst")
    p.traffic = core::TrafficSpec::burst(c.integer("burst_on"), c.integer("burst_off"));
  if (pattern == "bernoulli") p.traffic = core::TrafficSpec::bernoulli(c.real("rate"));
  if (pattern == "on_off")
    p.traffic = core::TrafficSpec::on_off(c.real("rate"), c.real("burst_alpha"), c.real("burst_beta"));
  p.queue_depth = c.integer("queue_depth");
  p.beats = c.integer("beats");
  p.source_id = c.endpoint_id();
  if (!c.text("destinations").empty())
    for (const std::string& name : list_items(c.text("destinations")))
      p.destinations.destinations.push_back(c.endpoint_id(name));
  if (c.text("choose") == "random") p.destinations.choice = core::DestinationSpec::Choice::random;
  if (!c.text("weights").empty())
    for (const std::string& w : list_items(c.text("weights"))) p.destinations.weights.push_back(std::stoll(w));
  p.packet_flits = c.integer("packet_flits");
  return p;
}

core::DrainSpec drain_spec(const ComponentConfig& c) {
  core::DrainSpec d;
  d.every = c.integer("drain_every");
  d.rate = c.real("drain_rate");
  if (c.integer("stall_cycles") > 0) {
    const std::int64_t from = c.integer("stall_from");
    d.stalls.push_back({from, from + c.integer("stall_cycles")});
  }
  return d;
}

core::ReceiverParams receiver_params(const ComponentConfig& c) {
  return core::ReceiverParams{c.integer("depth"), drain_spec(c), c.boolean("check_payload")};
}

core::ClassPoolSpec pool_spec(const ComponentConfig& c, std::size_t n) {
  core::ClassPoolSpec p;
  p.policy = c.text("policy");
  p.depth = c.integer("depth");
  p.reserved = per_class_integers(c.text("reserved"), n);
  p.max = per_class_integers(c.text("max"), n);
  p.data_depth = c.integer("data_depth");
  p.data_reserved = per_class_integers(c.text("data_reserved"), n);
  p.data_unit = c.integer("data_unit");
  return p;
}

std::vector<core::ClassSpec> class_specs(const ComponentConfig& c) {
  const auto names = list_items(c.text("classes"));
  const std::size_t n = names.size();
  const auto pattern = list_items(c.text("pattern"));
  const auto every = per_class_integers(c.text("every"), n), on = per_class_integers(c.text("burst_on"), n),
             off = per_class_integers(c.text("burst_off"), n), queue = per_class_integers(c.text("queue_depth"), n),
             beats = per_class_integers(c.text("beats"), n);
  const auto rate = per_class_reals(c.text("rate"), n);
  auto payloads = list_items(c.text("payload_bytes"));
  if (payloads.size() == 1) payloads.assign(n, payloads.front());
  std::vector<core::ClassSpec> specs;
  for (std::size_t k = 0; k < n; ++k) {
    core::ClassSpec s;
    s.name = names[k];
    const std::string& pat = pattern.size() == 1 ? pattern[0] : pattern[k];
    if (pat == "periodic") s.source.traffic = core::TrafficSpec::periodic(every[k]);
    if (pat == "burst") s.source.traffic = core::TrafficSpec::burst(on[k], off[k]);
    if (pat == "bernoulli") s.source.traffic = core::TrafficSpec::bernoulli(rate[k]);
    s.source.queue_depth = queue[k];
    s.source.beats = beats[k];
    s.payload_bytes.clear();
    for (const std::string& b : list_items(payloads[k], '/')) s.payload_bytes.push_back(std::stoll(b));
    specs.push_back(s);
  }
  return specs;
}

core::Arbiter arbiter_of(const ComponentConfig& c) {
  const auto names = list_items(c.text("classes"));
  std::vector<std::size_t> priority;
  const std::string order = c.text("priority");
  for (const std::string& p : order.empty() ? names : list_items(order)) {
    const auto it = std::find(names.begin(), names.end(), p);
    if (it == names.end())
      throw ParameterError(c.name() + ": priority names class '" + p + "', which is not in classes" +
                           did_you_mean(p, names));
    priority.push_back(static_cast<std::size_t>(it - names.begin()));
  }
  for (std::size_t k = 0; k < names.size(); ++k)
    if (std::find(priority.begin(), priority.end(), k) == priority.end()) priority.push_back(k);
  return core::Arbiter(core::Arbiter::parse(c.text("arbitration"), c.name()), priority,
                       per_class_integers(c.text("weights"), names.size()));
}

std::vector<core::DrainSpec> class_drains(const ComponentConfig& c, std::size_t n) {
  const auto every = per_class_integers(c.text("drain_every"), n), from = per_class_integers(c.text("stall_from"), n),
             cycles = per_class_integers(c.text("stall_cycles"), n),
             period = per_class_integers(c.text("stall_period"), n);
  const auto rate = per_class_reals(c.text("drain_rate"), n);
  std::vector<core::DrainSpec> drains(n);
  for (std::size_t k = 0; k < n; ++k) {
    drains[k].every = every[k];
    drains[k].rate = rate[k];
    drains[k].stall_period = period[k];
    if (cycles[k] > 0) drains[k].stalls.push_back({from[k], from[k] + cycles[k]});
  }
  return drains;
}

core::CrossingParams credit_crossing_params(const ComponentConfig& c) {
  const std::int64_t credits = c.loop_capacity() > 0 ? c.loop_capacity() : core::limits::max_depth;
  const unsigned width = core::pointer_width(static_cast<std::uint64_t>(credits));
  if (c.integer("upset_at") >= 0 && c.integer("upset_bit") >= static_cast<std::int64_t>(width))
    throw ParameterError(c.name() + ": upset_bit = " + std::to_string(c.integer("upset_bit")) + " is not a bit of the " +
                         std::to_string(width) + "-bit Gray counter of a " + std::to_string(credits) +
                         "-credit loop (allowed 0.." + std::to_string(width - 1) + ")");
  return core::CrossingParams{c.integer("sync_stages"), c.real("uncertainty"), credits};
}

core::FaultSchedule fault_schedule(const ComponentConfig& c) {
  std::vector<std::int64_t> at;
  for (const std::string& t : list_items(c.text("fault_at")))
    if (!t.empty()) at.push_back(std::stoll(t));  // items were checked as integers; "" is no item
  return core::FaultSchedule(at, c.real("fault_rate"), core::derive_seed(c.seed(), c.name()), c.name());
}

core::CreditFaultCore credit_fault_core(const ComponentConfig& c) {
  const auto mode = c.text("mode") == "drop" ? core::CreditFaultCore::Mode::drop : core::CreditFaultCore::Mode::duplicate;
  return core::CreditFaultCore(mode, fault_schedule(c));
}

core::FlitFaultCore<core::Flit> flit_fault_core(const ComponentConfig& c) {
  return core::FlitFaultCore<core::Flit>(c.integer("bit"), fault_schedule(c), c.name());
}

}  // namespace creditflow::platform
