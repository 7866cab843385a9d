#include "creditflow/platform/network_results.hpp"
#include "creditflow/core/figure_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace creditflow::platform {

using core::fixed;
namespace {

double rounded(double v, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::round(v * scale) / scale;
}

std::string shape(const noc::NocConfig& c) {
  if (c.topology == "anynet") return "anynet";
  if (c.topology == "fattree") return std::to_string(c.k) + "-ary " + std::to_string(c.n) + "-tree fattree";
  if (c.topology == "qtree") return std::to_string(c.k) + "-ary " + std::to_string(c.n) + "-level qtree";
  if (c.topology == "cmesh")
    return std::to_string(c.k) + "x" + std::to_string(c.k) + " cmesh of " + std::to_string(c.c) + " nodes a router";
  std::string size = std::to_string(c.k);
  for (int d = 1; d < c.dimensions(); ++d) size += "x" + std::to_string(c.k);
  return size + " " + c.topology;
}

// The first three of `items` (most first, as ranked), each as `text` gives it, joined.
template <class T, class Text>
std::string first_three(const std::vector<T>& items, const char* separator, Text text) {
  std::string list;
  for (std::size_t i = 0; i < items.size() && i < 3; ++i) list += (i ? separator : "") + text(items[i]);
  return list;
}

const char* measurement(const noc::NocConfig& c) {
  if (c.sim_type == "window") return "a fixed window";
  return c.sim_type == "latency" ? "BookSim2's latency measurement" : "BookSim2's throughput measurement";
}

}  // namespace

nlohmann::json network_json(const NetworkReport& r) {
  const noc::NocFigures& f = r.figures;
  nlohmann::json channels = nlohmann::json::array();
  for (const ChannelUse& c : r.channels) {
    nlohmann::json vcs = nlohmann::json::array();
    for (const VcUse& v : c.vcs)
      vcs.push_back({{"flits", v.flits}, {"credit_waits", v.credit_waits}, {"vc_waits", v.vc_waits},
                     {"switch_losses", v.switch_losses}, {"hol_cycles", v.hol_cycles}, {"hol_packets", v.hol_packets}});
    channels.push_back({{"router", c.router}, {"port", c.port}, {"to", c.to}, {"flits", c.flits},
                        {"utilisation", rounded(c.utilisation, 6)}, {"credit_waits", c.credit_waits},
                        {"vc_waits", c.vc_waits}, {"hol_cycles", c.hol_cycles}, {"vcs", vcs}});
  }
  return {{"topology", r.config.topology},
          {"k", r.config.k},
          {"n", r.config.dimensions()},
          {"routers", r.routers},
          {"nodes", r.nodes},
          {"sim_type", r.config.sim_type},
          {"stable", f.stable},
          {"saturated", f.saturated()},
          {"saturation",
           {{"evidence", f.saturation.evidence()},
            // Unrounded, so that a sweep's sentence, worded from the JSON, quotes the run's.
            {"shortfall", f.saturation.shortfall},
            {"noise", f.saturation.noise},
            {"backlog_growth", f.saturation.backlog_growth},
            {"backlog_noise", f.saturation.backlog_noise}}},
          {"cycles", f.cycles},
          {"window", f.window},
          {"samples", f.samples},
          {"offered", rounded(f.offered, 6)},
          {"mean_packet_flits", r.config.mean_packet_size()},
          {"injected", rounded(f.injected, 6)},
          {"accepted", rounded(f.accepted, 6)},
          {"accepted_packets", rounded(f.accepted_packets, 6)},
          {"packet_latency", rounded(f.packet_latency, 4)},
          {"network_latency", rounded(f.network_latency, 4)},
          {"flit_latency", rounded(f.flit_latency, 4)},
          {"hops", rounded(f.hops, 4)},
          {"packets", f.packets},
          {"packet_latency_min", f.packet_latency_min},
          {"packet_latency_p50", f.packet_latency_p50},
          {"packet_latency_p99", f.packet_latency_p99},
          {"packet_latency_max", f.packet_latency_max},
          {"source_backlog", f.source_backlog},
          {"deadlock_cycle", f.deadlock_cycle},
          {"wait_cycle", f.wait_cycle},
          {"router_steps", r.router_steps},
          {"channels", channels}};
}

noc::SaturationTest saturation_from_json(const nlohmann::json& n) {
  const nlohmann::json& s = n.at("saturation");
  noc::SaturationTest t;
  t.window = n.at("window").get<std::int64_t>();
  t.packets = n.at("packets").get<std::int64_t>();
  t.shortfall = s.at("shortfall").get<double>();
  t.noise = s.at("noise").get<double>();
  t.backlog_growth = s.at("backlog_growth").get<std::int64_t>();
  t.backlog_noise = s.at("backlog_noise").get<std::int64_t>();
  return t;
}

std::string network_summary(const NetworkReport& r) {
  const noc::NocFigures& f = r.figures;
  const noc::NocConfig& c = r.config;
  std::ostringstream os;
  os << "network '" << r.name << "': " << shape(c) << ", " << r.routers << " routers, " << c.routing_function << ", "
     << c.num_vcs << " VCs of " << c.vc_buf_size << " flits, " << c.traffic << " traffic; " << measurement(c) << ": "
     << (f.stable ? "stable" : "UNSTABLE (mean latency passed latency_thres, or no convergence)") << ", window "
     << f.window << " cycles, " << f.cycles << " cycles in all\n";
  os << "  offered " << fixed(f.offered, 4) << " flits/node/cycle, accepted " << fixed(f.accepted, 4)
     << "; packet latency " << fixed(f.packet_latency, 2) << " (network " << fixed(f.network_latency, 2) << ", min "
     << f.packet_latency_min << " p50 " << f.packet_latency_p50 << " p99 " << f.packet_latency_p99 << " max "
     << f.packet_latency_max << ") over " << f.packets << " packets, " << fixed(f.hops, 3) << " routers crossed\n";
  if (f.deadlock_cycle > 0)
    os << "  DEADLOCK at cycle " << f.deadlock_cycle << ": the run stopped there; VCs wait on each other in a cycle: "
       << (f.wait_cycle.empty() ? "none found" : f.wait_cycle) << "\n";
  if (f.saturated())
    os << "  saturated: " << f.saturation.because() << "; " << f.source_backlog << " packets wait at the sources\n";
  const auto busiest = std::max_element(r.channels.begin(), r.channels.end(), [](const ChannelUse& a, const ChannelUse& b) {
    return a.utilisation < b.utilisation;
  });
  if (busiest != r.channels.end() && busiest->flits > 0)
    os << "  busiest channel: " << busiest->router << " " << busiest->port << " -> " << busiest->to << ", "
       << fixed(busiest->utilisation, 3) << " flits/cycle over the run, " << busiest->credit_waits
       << " switch requests held for a credit\n";
  return os.str();
}

std::vector<std::string> network_diagnosis(const NetworkReport& r) {
  const noc::NocFigures& f = r.figures;
  std::vector<std::string> out;
  const std::string name = "network '" + r.name + "'";
  const auto channel = [](const ChannelUse& c) { return c.router + " " + c.port + " -> " + c.to; };
  const auto busiest = std::max_element(r.channels.begin(), r.channels.end(),
                                        [](const ChannelUse& a, const ChannelUse& b) { return a.utilisation < b.utilisation; });
  if (f.saturated() && busiest != r.channels.end())
    out.push_back(name + " is saturated: it accepts " + fixed(f.accepted, 4) + " of the " + fixed(f.offered, 4) +
                  " flits/node/cycle offered (" + f.saturation.because() + "); its busiest channel, " +
                  channel(*busiest) + ", carried " + fixed(busiest->utilisation, 3) +
                  " flits/cycle over the run (a channel carries 1 at most)");
  else if (f.deadlock_cycle > 0)
    out.push_back(name + " deadlocked at cycle " + std::to_string(f.deadlock_cycle) + ": VCs wait on each other in a cycle: " +
                  (f.wait_cycle.empty() ? std::string("none found") : f.wait_cycle));
  else if (r.config.traffic == "trace")
    out.push_back(name + " replayed its trace: accepted " + fixed(f.accepted, 4) + " of the " + fixed(f.offered, 4) +
                  " flits/node/cycle its records gave in the window; " + std::to_string(f.source_backlog) +
                  " packets waited at their terminals at the end");
  else if (!f.saturated())
    out.push_back(name + " takes what is offered: accepted " + fixed(f.accepted, 4) + " of " + fixed(f.offered, 4) +
                  " flits/node/cycle (" + f.saturation.why_not() + ")");
  // The three channels with the most of each kind of wait, most first.
  const auto most = [&](std::int64_t ChannelUse::*field, const std::string& what, const std::string& then) {
    std::vector<const ChannelUse*> ranked;
    for (const ChannelUse& c : r.channels)
      if (c.*field > 0) ranked.push_back(&c);
    if (ranked.empty()) return;
    std::stable_sort(ranked.begin(), ranked.end(), [&](const ChannelUse* a, const ChannelUse* b) { return a->*field > b->*field; });
    const std::string list = first_three(ranked, ", ", [&](const ChannelUse* c) {
      return channel(*c) + " (" + std::to_string(c->*field) + ")";
    });
    std::int64_t total = 0;
    for (const ChannelUse* c : ranked) total += c->*field;
    out.push_back(what + " " + std::to_string(total) + " times on " + std::to_string(ranked.size()) +
                  " channels, most on " + list + then);
  };
  most(&ChannelUse::credit_waits, name + ": switch requests were held for want of a credit",
       ": the buffers at the other end of those channels were full then");
  most(&ChannelUse::vc_waits, name + ": head flits failed to get an output VC",
       ", at the router those channels lead to: the VCs they asked for were all held, or went to another packet that cycle");
  for (std::string& line : vc_diagnosis(r)) out.push_back(std::move(line));
  return out;
}

std::vector<std::string> vc_diagnosis(const NetworkReport& r) {
  std::vector<std::string> out;
  const std::string name = "network '" + r.name + "'";
  struct At {
    const ChannelUse* channel;
    int vc;
    const VcUse& use() const { return channel->vcs[vc]; }
    std::string text() const {
      return channel->router + " " + channel->port + " -> " + channel->to + " VC " + std::to_string(vc);
    }
  };
  std::vector<At> all;
  for (const ChannelUse& c : r.channels)
    for (int vc = 0; vc < static_cast<int>(c.vcs.size()); ++vc) all.push_back({&c, vc});
  // Head-of-line blocking: packets queued behind another packet in their input VC.
  std::int64_t hol_cycles = 0, hol_packets = 0;
  std::vector<At> blocked;
  for (const At& at : all) {
    hol_cycles += at.use().hol_cycles;
    hol_packets += at.use().hol_packets;
    if (at.use().hol_cycles > 0) blocked.push_back(at);
  }
  if (hol_cycles > 0) {
    std::stable_sort(blocked.begin(), blocked.end(),
                     [](const At& a, const At& b) { return a.use().hol_cycles > b.use().hol_cycles; });
    const std::string list = first_three(blocked, ", ", [](const At& at) {
      return at.text() + " (" + std::to_string(at.use().hol_cycles) + " cycles, " +
             std::to_string(at.use().hol_packets) + " packets)";
    });
    out.push_back(name + ": head-of-line blocking: " + std::to_string(hol_packets) +
                  " packets that came over router-to-router channels waited behind another packet in their input VC, " +
                  std::to_string(hol_cycles) +
                  " cycles in all; most in the VCs fed by " + list);
  }
  // Each VC number's share of the flits, and how often its flits failed to move on.
  const int vcs = r.config.num_vcs;
  if (vcs > 1) {
    std::vector<std::int64_t> flits(vcs, 0), failures(vcs, 0);
    std::int64_t total = 0;
    for (const At& at : all) {
      flits[at.vc] += at.use().flits;
      failures[at.vc] += at.use().failures();
      total += at.use().flits;
    }
    if (total > 0) {
      std::string list;
      for (int vc = 0; vc < vcs; ++vc)
        list += (vc ? ", " : "") + std::string("VC ") + std::to_string(vc) + " " +
                fixed(100.0 * static_cast<double>(flits[vc]) / static_cast<double>(total), 1) + "% (" +
                (flits[vc] > 0 ? fixed(static_cast<double>(failures[vc]) / static_cast<double>(flits[vc]), 2) : "no") +
                " failed attempts a flit)";
      out.push_back(name + ": the VCs' shares of the " + std::to_string(total) +
                    " flits sent on channels, with the failed attempts (for an output VC, the switch or a credit) a "
                    "flit met: " + list);
    }
  }
  // A VC that carried nothing on a channel whose other VCs carried flits: never given.
  std::vector<At> unused;
  for (const At& at : all)
    if (at.use().flits == 0 && at.channel->flits > 0) unused.push_back(at);
  if (!unused.empty()) {
    const std::string list = first_three(unused, ", ", [](const At& at) { return at.text(); });
    out.push_back(name + ": " + std::to_string(unused.size()) +
                  " VCs carried no flit on channels whose other VCs did: " + list +
                  (unused.size() > 3 ? ", ..." : "") + " (no packet was given them there)");
  }
  // The VCs whose flits met the most failed attempts each: where the traffic starves.
  std::vector<At> held;
  for (const At& at : all)
    if (at.use().flits > 0 && at.use().failures() > 0) held.push_back(at);
  const auto per_flit = [](const At& at) {
    return static_cast<double>(at.use().failures()) / static_cast<double>(at.use().flits);
  };
  std::stable_sort(held.begin(), held.end(), [&](const At& a, const At& b) { return per_flit(a) > per_flit(b); });
  if (!held.empty()) {
    const std::string list = first_three(held, "; ", [&](const At& at) {
      const VcUse& v = at.use();
      return at.text() + ": " + fixed(per_flit(at), 2) + " a flit over " + std::to_string(v.flits) + " flits (" +
             std::to_string(v.vc_waits) + " for an output VC, " + std::to_string(v.switch_losses) + " for the switch, " +
             std::to_string(v.credit_waits) + " for a credit)";
    });
    out.push_back(name + ": the VCs whose flits failed most often to move on: " + list);
  }
  return out;
}

}  // namespace creditflow::platform
