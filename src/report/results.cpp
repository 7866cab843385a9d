#include "creditflow/platform/results.hpp"

#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <nlohmann/json.hpp>
#include <sstream>
#include <utility>

#include "creditflow/core/diagnosis.hpp"
#include "creditflow/core/report_figures.hpp"
#include "creditflow/platform/network_results.hpp"
#include "creditflow/core/figure_text.hpp"

namespace creditflow::platform {

using core::fixed;

namespace {

using nlohmann::json;

json latency_json(const core::LatencyStats& s) {
  return {{"count", s.count()}, {"mean", s.mean()}, {"p50", s.p50()},
          {"p99", s.p99()}, {"max", s.max()}};
}

// A latency in nanoseconds: samples of `ps_each` picoseconds (a cycle's, or 1 for stats
// kept in picoseconds).
json latency_ns_json(const core::LatencyStats& s, double ps_each) {
  // To the picosecond, the resolution simulated time counts in.
  const auto ns = [ps_each](double samples) { return std::round(samples * ps_each) / 1000.0; };
  return {{"count", s.count()}, {"mean", ns(s.mean())}, {"p50", ns(static_cast<double>(s.p50()))},
          {"p99", ns(static_cast<double>(s.p99()))}, {"max", ns(static_cast<double>(s.max()))}};
}

// Each latency phase in nanoseconds: one clock's in cycles times its period; across
// clocks, the phases within one clock so, those spanning both from their picoseconds.
json latencies_ns_json(const core::LinkReport& l) {
  const double sender = l.period_ps, reader = l.reader_period_ps > 0 ? l.reader_period_ps : l.period_ps;
  const bool across = l.reader_period_ps > 0;
  return {{"creation_to_send", latency_ns_json(l.latency.creation_to_send, sender)},
          {"send_to_arrival", across ? latency_ns_json(l.latency.send_to_arrival_ps, 1.0)
                                     : latency_ns_json(l.latency.send_to_arrival, sender)},
          {"arrival_to_pop", latency_ns_json(l.latency.arrival_to_pop, reader)},
          {"creation_to_pop", across ? latency_ns_json(l.latency.creation_to_pop_ps, 1.0)
                                     : latency_ns_json(l.latency.creation_to_pop, sender)}};
}

json value_json(const ParamValue& v) {
  return std::visit([](const auto& x) { return json(x); }, v);
}

json histogram_json(const core::LatencyStats& s) {
  json h = json::array();
  for (const auto& [value, count] : s.histogram()) h.push_back({value, count});
  return h;
}

// Per class over every link: a multi-class link's own classes, or a single-class link
// under its source's class. Flits that end at a receiver counting flows (timing.md section 5)
// are delivered under their own source's class, whatever merged them on the way.
std::map<std::string, core::ClassReport> by_class(const RunResult& r) {
  std::set<std::string> by_flow;  // links whose deliveries the flows count (on one clock)
  for (const FlowReport& f : r.flows)
    if (!f.link.empty()) by_flow.insert(f.link);
  for (const core::LinkReport& l : r.links)
    if (l.crosses_clocks) by_flow.erase(l.name);
  std::map<std::string, core::ClassReport> classes;
  auto add = [&](const core::ClassReport& k) {
    core::ClassReport& c = classes[k.name];
    c.name = k.name;
    c.sent += k.sent;
    c.delivered += k.delivered;
    c.refused += k.refused;
    c.throughput += k.throughput;
    c.stall_cycles += k.stall_cycles;
    c.latency.merge(k.latency);
    c.credit_wait.merge(k.credit_wait);
    c.round_trip.merge(k.round_trip);
    c.credit_limit += k.credit_limit;  // over the class's links
    if (k.starved_cycles > c.starved_cycles) {
      c.starved_cycles = k.starved_cycles;
      c.starved_by = k.starved_by;
    }
  };
  for (const core::LinkReport& l : r.links) {
    if (!l.classes.empty()) {
      for (const core::ClassReport& k : l.classes) add(k);
      continue;
    }
    // A chain of links counts its flits once: sent where they enter it, delivered (with
    // their latency from creation) where they leave it.
    core::ClassReport k;
    k.name = l.traffic_class.empty() ? "unclassified" : l.traffic_class;
    if (l.fed_by.empty()) {
      k.sent = l.sent;
      k.refused = l.source_refused;
      k.credit_wait = l.latency.creation_to_send;
      k.stall_cycles = l.credit_stall_cycles;
    }
    if (l.feeds.empty() && !by_flow.count(l.name)) {
      k.delivered = l.delivered;
      k.throughput = l.throughput;
      k.latency = l.latency.creation_to_pop;
    }
    add(k);
  }
  for (const FlowReport& f : r.flows) {
    if (!by_flow.count(f.link)) continue;
    core::ClassReport k;
    k.name = f.traffic_class.empty() ? "unclassified" : f.traffic_class;
    k.delivered = f.figures.delivered_in_window;
    k.throughput = f.throughput;
    k.latency = f.figures.latency;
    add(k);
  }
  return classes;
}

json class_json(const core::ClassReport& c) {
  json latency = latency_json(c.latency), wait = latency_json(c.credit_wait);
  latency["histogram"] = histogram_json(c.latency);
  wait["histogram"] = histogram_json(c.credit_wait);
  json doc = {{"sent", c.sent},
              {"delivered", c.delivered},
              {"refused", c.refused},
              {"throughput", c.throughput},
              {"stall_cycles", c.stall_cycles},
              {"starved_by", c.starved_by},
              {"starved_cycles", c.starved_cycles},
              {"latency", latency},
              {"credit_wait", wait}};
  if (c.credit_limit > 0) {  // a multi-class link's class: its own credits and round trip
    doc["credit_limit"] = c.credit_limit;
    doc["round_trip"] = latency_json(c.round_trip);
  }
  return doc;
}

// A flow's name: "src:rx", or "src:*" for flits whose source named no destination and
// that reached several receivers. No character a shell takes for itself but that `*`, so
// that `--metric flows.cpu:mem.throughput` is typed as it reads.
std::string flow_name(const FlowReport& f) { return f.source + ":" + (f.destination.empty() ? "*" : f.destination); }

json flow_json(const FlowReport& f) {
  json flow = {{"source", f.source},
               {"destination", f.destination},
               {"created", f.figures.created},
               {"delivered", f.figures.delivered},
               {"delivered_in_window", f.figures.delivered_in_window},
               {"misdelivered", f.figures.misdelivered},
               {"throughput", f.throughput}};
  if (f.offered) flow["offered"] = *f.offered;
  if (f.offered_noise) flow["offered_noise"] = *f.offered_noise;
  // Moved in, not copied as a list's members are: a run of 3,600 flows writes each once.
  json& latency = flow["latency"] = latency_json(f.figures.latency);
  latency["histogram"] = histogram_json(f.figures.latency);
  if (f.figures.traced)
    flow["trace"] = {{"records", f.figures.records},
                     {"bytes", f.figures.bytes},
                     {"width", f.figures.width},
                     {"done", f.figures.trace_done},
                     {"last_delivered", f.figures.last_delivered}};
  return flow;
}

// A trace that the run ended before: per source, what it had issued, and that the rest
// were not reached (a closed-loop trace runs as long as the fabric makes it).
std::vector<std::string> unfinished_traces(const RunResult& r) {
  std::map<std::string, std::uint64_t> issued;
  for (const FlowReport& f : r.flows)
    if (f.figures.traced && !f.figures.trace_done) issued[f.source] += f.figures.records;
  std::vector<std::string> out;
  for (const auto& [source, records] : issued)
    out.push_back("'" + source + "' had issued " + std::to_string(records) + (records == 1 ? " record" : " records") +
                  " of its trace " +
                  "when the run ended at cycle " + std::to_string(r.run.cycles) +
                  ", and not the rest: its flows' figures are of that part only (give more cycles to replay it whole)");
  return out;
}

// The diagnosis, less the lines about a link or a flow of the parts `hidden` names (a
// network's terminals, which the summary folds).
std::vector<std::string> diagnosis(const RunResult& r, const std::map<std::string, std::string>& hidden = {}) {
  std::vector<std::string> out = r.starvations;
  for (const core::LinkReport& l : r.links)
    if (!hidden.count(l.name))
      for (std::string& line : core::diagnose(l)) out.push_back(std::move(line));
  for (const auto& [source, line] : r.flow_limits)
    if (!hidden.count(source)) out.push_back(line);
  for (std::string& line : unfinished_traces(r)) out.push_back(std::move(line));
  for (const NetworkReport& n : r.networks)
    for (std::string& line : network_diagnosis(n)) out.push_back(std::move(line));
  return out;
}

std::string latency_text(const core::LatencyStats& s) {
  if (s.count() == 0) return "n/a";
  return "mean " + fixed(s.mean(), 2) + " p50 " + std::to_string(s.p50()) + " p99 " +
         std::to_string(s.p99()) + " max " + std::to_string(s.max());
}

}  // namespace

std::vector<RunProblem> run_problems(const RunResult& result) {
  std::vector<RunProblem> out;
  for (const std::string& v : result.first_violations) out.push_back({"violated", v});
  for (const std::string& c : result.corruptions) out.push_back({"corrupted", c});
  for (const std::string& d : result.deadlocks) out.push_back({"deadlocked", d.substr(0, d.find('\n'))});
  for (const core::LinkReport& l : result.links)
    for (const std::string& s : core::never_sent(l)) out.push_back({"stuck", s});
  for (const FlowReport& f : result.flows)
    if (f.figures.misdelivered)
      out.push_back({"misrouted", std::to_string(f.figures.misdelivered) + " flits of flow " + flow_name(f) +
                                      " were popped at another receiver than " + f.destination});
  return out;
}

std::string run_json(const Platform& platform, const RunResult& result) {
  json doc;
  doc["model"] = platform.file;
  doc["view"] = result.view;
  doc["cycles"] = result.run.cycles;
  doc["warmup"] = result.run.warmup;
  doc["seed"] = result.run.seed;
  json params = json::object();
  for (const ClockDecl& c : platform.clocks) {
    params[c.name + ".period"] = c.period_text;
    params[c.name + ".phase"] = c.phase_text;
  }
  for (const ResolvedComponent& c : platform.components) {
    if (!c.part_of.empty()) continue;  // a part of a network: its keys are the network's
    params[c.name + ".kind"] = c.kind->name;
    for (const auto& [name, value] : c.params) params[c.name + "." + name] = value_json(value);
  }
  doc["parameters"] = std::move(params);
  json links = json::object();
  for (const core::LinkReport& l : result.links) {
    links[l.name] = {
        {"kind", l.kind},
        {"throughput", l.throughput},
        {"flit_bytes", l.flit_bytes},
        {"bandwidth_gb_s", std::round(core::bandwidth_gb_s(l) * 1e6) / 1e6},
        {"sent", l.sent},
        {"delivered", l.delivered},
        {"dropped", l.dropped},
        {"lossy", l.lossy},
        {"credits", l.credits},
        {"receiver_depth", l.receiver_depth},
        {"depth_to_keep_all", l.depth_to_keep_all},
        {"source_held_cycles", l.source_held_cycles},
        {"forward_latency", l.forward_latency},
        {"credit_latency", l.credit_latency},
        {"loop_rtt", l.loop_rtt},
        {"measured_rtt", l.measured_rtt},
        {"mean_rtt", l.mean_rtt},
        {"max_rtt", l.max_rtt},
        {"unqueued_max_rtt", l.unqueued_max_rtt},
        {"depth_needed", core::depth_needed(l)},
        {"depth_rule", core::depth_rule(l)},
        {"credits_missing", l.credits_missing},
        {"credit_stall_cycles", l.credit_stall_cycles},
        {"stall_receiver_empty", l.stall_receiver_empty},
        {"stall_receiver_busy", l.stall_receiver_busy},
        {"peak_occupancy", l.peak_occupancy},
        {"conservation_violations", l.conservation_violations},
        {"deadlock_cycle", l.deadlock_cycle},
        {"starved_cycles", l.starved_cycles},
        {"starved_since", l.starved_since},
        {"credit_handshakes", l.credit_handshakes},
        {"handshake_queued_cycles", l.handshake_queued_cycles},
        {"handshake_cycles", l.handshake_cycles},
        {"still_since", l.still_since},
        {"still_cycles", l.still_cycles},
        {"watchdog", l.watchdog},
        {"corrupted_flits", l.corrupted_flits},
        {"faults_injected", l.faults_injected},
        {"source_refused", l.source_refused},
        {"source_backlog_growth", l.source_backlog_growth},
        {"source_backlog_noise", l.source_backlog_noise},
        {"traffic_class", l.traffic_class},
        {"latency",
         {{"creation_to_send", latency_json(l.latency.creation_to_send)},
          {"send_to_arrival", latency_json(l.latency.send_to_arrival)},
          {"arrival_to_pop", latency_json(l.latency.arrival_to_pop)},
          {"creation_to_pop", latency_json(l.latency.creation_to_pop)}}},
        {"latency_ns", latencies_ns_json(l)},
        {"latency_in", l.reader_period_ps > 0 ? "send_to_arrival, arrival_to_pop and creation_to_pop in the receiver's "
                                                "cycles (rounded up), creation_to_send in the sender's"
                                              : "cycles of the link's clock"}};
    if (!l.fed_by.empty()) links[l.name]["fed_by"] = l.fed_by;
    if (!l.feeds.empty()) links[l.name]["feeds"] = l.feeds;
    if (!l.split.empty())
      links[l.name]["split"] = {{"name", l.split},
                                {"blocking", l.split_blocking},
                                {"blocked", l.split_blocked},
                                {"blocked_by", l.split_blocked_by}};
    if (!l.merge.empty()) {
      json inputs = json::object();
      for (const core::LinkReport::MergeInput& in : l.merge_inputs)
        inputs[in.name] = {{"transfers", in.transfers}, {"waits", in.waits}, {"share", in.share}};
      links[l.name]["merge"] = {{"name", l.merge}, {"policy", l.merge_policy}};
      links[l.name]["merge"]["inputs"] = std::move(inputs);
    }
    if (!l.classes.empty()) {
      links[l.name]["pool_policy"] = l.pool_policy;
      json per_class = json::object();
      for (const core::ClassReport& k : l.classes) per_class[k.name] = class_json(k);
      links[l.name]["classes"] = std::move(per_class);
    }
  }
  doc["links"] = std::move(links);
  json classes = json::object();
  for (const auto& [name, c] : by_class(result)) classes[name] = class_json(c);
  doc["classes"] = std::move(classes);
  json flows = json::object();
  for (const FlowReport& f : result.flows) flows[flow_name(f)] = flow_json(f);
  doc["flows"] = std::move(flows);
  if (!result.explanation.empty()) doc["explanation"] = result.explanation;
  doc["accounting"] = result.accounting;
  doc["wait_cycle"] = result.wait_cycle;
  doc["accounting_violations"] = result.accounting_violations;
  json sources = json::object();
  for (const SourceLedger& s : result.sources) {
    json held = json::object();
    for (const auto& [holder, n] : s.in_flight) held[holder] = n;
    sources[s.name] = {{"created", s.created}, {"refused", s.refused}, {"delivered", s.delivered},
                       {"dropped", s.dropped}, {"in_flight", held}};
  }
  doc["sources"] = std::move(sources);
  if (result.vc_channels)
    doc["vc_channels"] = {{"checked", result.vc_channels}, {"violations", result.vc_channel_violations}};
  if (!result.networks.empty()) {
    json networks = json::object();
    for (const NetworkReport& n : result.networks) networks[n.name] = network_json(n);
    doc["networks"] = std::move(networks);
  }
  doc["diagnosis"] = diagnosis(result);
  const std::vector<RunProblem> problems = run_problems(result);
  doc["status"] = problems.empty() ? "ok" : problems.front().status;
  json messages = json::array();
  for (const RunProblem& p : problems) messages.push_back(p.message);
  doc["problems"] = std::move(messages);
  return doc.dump(2) + "\n";
}

namespace {
// " (max 11 for a flit that met no queue)": the round trip a crossing is sized by.
std::string unqueued_text(const core::LinkReport& l) {
  if (!l.crosses_clocks) return "";
  return l.unqueued_rtts ? " (max " + std::to_string(l.unqueued_max_rtt) + " for a flit that met no queue)"
                         : " (no flit met an empty receiver)";
}

// The parts networks made for their terminals (ComponentDecl::terminal_of), each by the
// network: the summary folds them into a line a network; the JSON keeps every figure.
std::map<std::string, std::string> terminal_parts(const Platform& platform) {
  std::map<std::string, std::string> network_of;
  for (const ResolvedComponent& c : platform.components)
    if (!c.terminal_of.empty()) network_of[c.name] = c.terminal_of;
  return network_of;
}

// One line a network for its terminals' sources: their sums, and where the rest is.
void terminal_lines(std::ostream& os, const RunResult& result, const std::map<std::string, std::string>& terminals) {
  struct Sums {
    std::uint64_t sources = 0, created = 0, delivered = 0, held = 0, dropped = 0, refused = 0;
  };
  std::map<std::string, Sums> by_network;
  for (const SourceLedger& s : result.sources) {
    const auto it = terminals.find(s.name);
    if (it == terminals.end()) continue;
    Sums& sums = by_network[it->second];
    ++sums.sources;
    sums.created += s.created;
    sums.delivered += s.delivered;
    sums.dropped += s.dropped;
    sums.refused += s.refused;
    for (const auto& held : s.in_flight) sums.held += held.second;
  }
  for (const auto& [network, sums] : by_network) {
    os << "terminals of '" << network << "': " << sums.sources << " sources, " << sums.created << " created = "
       << sums.delivered << " delivered + " << sums.held << " in flight + " << sums.dropped << " dropped";
    if (sums.refused) os << "; " << sums.refused << " refused at their queues";
    os << " (each source, flow and link in the JSON)\n";
  }
}

}  // namespace

void flow_line(std::ostream& os, const FlowReport& f) {
  os << "flow '" << flow_name(f) << "': " << f.figures.created << " created, " << f.figures.delivered
     << " delivered, throughput " << fixed(f.throughput, 3) << ", latency creation->final pop "
     << latency_text(f.figures.latency);
  if (f.figures.misdelivered) os << ", " << f.figures.misdelivered << " popped at another receiver";
  if (f.figures.traced)
    os << "; from " << f.figures.records << (f.figures.records == 1 ? " record" : " records") << " of its trace ("
       << f.figures.bytes << " bytes at "
       << f.figures.width << " a flit), the last delivered in cycle " << f.figures.last_delivered;
  os << "\n";
}

std::string run_summary(const Platform& platform, const RunResult& result) {
  std::ostringstream os;
  const std::map<std::string, std::string> terminals = terminal_parts(platform);
  if (!result.networks.empty()) {
    os << platform.file << ": " << result.run.cycles << " cycles, " << result.view << " view\n";
    for (const NetworkReport& n : result.networks) os << network_summary(n);
    for (const FlowReport& f : result.flows) flow_line(os, f);  // a trace's
    for (const std::string& line : diagnosis(result)) os << "- " << line << "\n";
    return os.str();
  }
  if (result.run.cycles > result.run.warmup)
    os << platform.file << ": " << result.run.cycles << " cycles, measured over cycles " << result.run.warmup << ".."
       << result.run.cycles - 1 << ", seed " << result.run.seed << "\n";
  else
    os << platform.file << ": " << result.run.cycles << " cycles, stopped before the measurement window (from cycle "
       << result.run.warmup << ") opened: every rate is 0, seed " << result.run.seed << "\n";
  for (const core::LinkReport& l : result.links) {
    if (terminals.count(l.name)) continue;
    os << "link '" << l.name << "': throughput " << fixed(l.throughput, 3);
    if (core::bandwidth_gb_s(l) > 0)
      os << " (" << fixed(core::bandwidth_gb_s(l), 3) << " GB/s at "
         << l.flit_bytes << " B a flit)";
    os << ", " << l.sent
       << " sent, " << l.delivered << " delivered";
    if (l.kind == "ready_valid" || l.dropped) os << ", " << l.dropped << " dropped";
    if (!l.classes.empty()) {
      os << ", " << l.credits << " header credits, " << l.pool_policy << "\n";
      for (const core::ClassReport& k : l.classes)
        os << "  class '" << k.name << "': throughput " << fixed(k.throughput, 3) << ", up to " << k.credit_limit
           << " credits, round trip " << latency_text(k.round_trip) << ", waited for credits " << k.stall_cycles
           << " cycles\n";
      if (l.conservation_violations) os << "  CONSERVATION VIOLATED in " << l.conservation_violations << " cycles\n";
      continue;
    } else if (l.kind == "ready_valid") {
      os << ", source held " << l.source_held_cycles << " cycles; sink depth " << l.receiver_depth
         << (l.lossy ? " (lossy)" : " (backpressure)") << ", peak occupancy " << l.peak_occupancy << "\n";
    } else {
      os << ", " << l.credits << " credits, round trip ";
      if (l.loop_rtt)
        os << l.loop_rtt << " cycles (" << (l.measured_rtt ? "shortest measured " + std::to_string(l.measured_rtt) : std::string("none measured")) << ")\n";
      else
        os << "min " << l.measured_rtt << " / mean " << fixed(l.mean_rtt, 2) << " / max " << l.max_rtt
           << " sender cycles across clocks" << unqueued_text(l) << "\n";
      os << "  waited for a credit " << l.credit_stall_cycles << " cycles: " << l.stall_receiver_empty
         << " with the receiver empty, " << l.stall_receiver_busy << " with it busy; peak occupancy "
         << l.peak_occupancy << "\n";
    }
    os << "  latency creation->send " << latency_text(l.latency.creation_to_send) << "; send->arrival "
       << latency_text(l.latency.send_to_arrival) << "; arrival->pop " << latency_text(l.latency.arrival_to_pop)
       << "\n";
    if (l.reader_period_ps > 0 && l.latency.creation_to_pop_ps.count()) {
      const core::LatencyStats& ps = l.latency.creation_to_pop_ps;
      os << "  creation->pop across clocks: mean " << fixed(ps.mean() / 1000.0, 3) << " p50 "
         << fixed(static_cast<double>(ps.p50()) / 1000.0, 3) << " p99 "
         << fixed(static_cast<double>(ps.p99()) / 1000.0, 3) << " max "
         << fixed(static_cast<double>(ps.max()) / 1000.0, 3) << " ns (counted elsewhere in the receiver's "
         << fixed(l.reader_period_ps / 1000.0, 3) << " ns cycles, rounded up)\n";
    }
    if (l.conservation_violations)
      os << "  CONSERVATION VIOLATED in " << l.conservation_violations << " cycles\n";
    if (l.corrupted_flits) os << "  CORRUPTED PAYLOADS: " << l.corrupted_flits << " flits\n";
    if (l.faults_injected) os << "  faults injected: " << l.faults_injected << "\n";
  }
  for (const core::LinkReport& l : result.links)
    if (l.deadlock_cycle)
      os << "DEADLOCK on link '" << l.name << "' at cycle " << l.deadlock_cycle << ": the run stopped there\n";
  if (!result.wait_cycle.empty())
    os << "DEADLOCK: buffers wait for each other in a cycle: " << result.wait_cycle << "\n";
  for (const auto& [name, c] : by_class(result)) {
    os << "class '" << name << "': " << c.sent << " sent, " << c.delivered << " delivered";
    if (c.refused) os << ", " << c.refused << " refused at the source";
    os << ", latency " << latency_text(c.latency) << ", credit wait " << latency_text(c.credit_wait) << "\n";
  }
  // A network's flows and sources; one link's flow is its link.
  if (result.links.size() > 1) {
    for (const SourceLedger& s : result.sources) {
      if (terminals.count(s.name)) continue;
      std::uint64_t held = 0;
      std::string where;
      for (const auto& [holder, n] : s.in_flight) {
        held += n;
        where += (where.empty() ? "" : ", ") + std::to_string(n) + " at " + holder;
      }
      os << "source '" << s.name << "': " << s.created << " created = " << s.delivered << " delivered + " << held
         << " in flight" << (where.empty() ? "" : " (" + where + ")") << " + " << s.dropped << " dropped";
      if (s.refused) os << "; " << s.refused << " refused at its queue";
      os << "\n";
    }
    terminal_lines(os, result, terminals);
    for (const FlowReport& f : result.flows)
      if (!terminals.count(f.source)) flow_line(os, f);
  }
  if (result.vc_channels) {
    os << "channels between routers: " << result.vc_channels << ", each VC's credits checked in every cycle they move";
    if (result.vc_channel_violations) os << ": VIOLATED in " << result.vc_channel_violations << " cycles";
    os << "\n";
  }
  for (const std::string& line : diagnosis(result, terminals)) os << "- " << line << "\n";
  return os.str();
}

}  // namespace creditflow::platform
