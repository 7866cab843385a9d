#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <memory>
#include <optional>
#include <set>

#include <systemc>

#include "creditflow/core/input_file.hpp"
#include "creditflow/core/error.hpp"
#include "creditflow/cycle/kernel_once.hpp"
#include "creditflow/monitor/loop_monitor.hpp"
#include "creditflow/platform/interrupt.hpp"
#include "creditflow/platform/simulate.hpp"
#include "creditflow/core/seed.hpp"
#include "report/vcd_file.hpp"
#include "creditflow/noc/trace_traffic.hpp"
#include "creditflow/platform/trace_file.hpp"
#include "creditflow/noc/packet_journey.hpp"
#include "report/network_timeline.hpp"
#include "run/network_shape.hpp"
#include "run/record_trace.hpp"

namespace creditflow::platform {
namespace {

bool is_network(const ResolvedComponent& c) { return c.kind->name == "network"; }

// The run's seed seeds every network, each by its name as every other random part is
// (core::derive_seed); the network's own BookSim2 `seed` key varies it further.
noc::NocConfig seeded(noc::NocConfig config, std::uint64_t run_seed, const std::string& name) {
  config.seed ^= core::derive_seed(run_seed, name);
  return config;
}

// A network's terminals replay a trace (traffic = trace) instead of drawing packets.
noc::NocConfig traced(noc::NocConfig config) {
  if (config.traffic == "trace") config.injection_rate = 0;
  return config;
}

// The trace of a network's terminals, read through before the run: every record's source
// and destination a node by its number.
std::unique_ptr<core::TraceStream> network_trace(const noc::NocConfig& config, int nodes, const std::string& model_file,
                                                 const std::string& where) {
  const std::string path = network_file_path(config.trace_file, model_file);
  TraceSummary trace;
  try {
    trace = scan_trace(path);
  } catch (const Error& e) {
    throw Error(where + ": trace_file: " + e.what());
  }
  for (const auto* names : {&trace.sources, &trace.destinations})
    for (const auto& [name, line] : *names) {
      if (!noc::trace_node(name, nodes))
        throw ParameterError(path + ":" + std::to_string(line) + ": " +
                             (names == &trace.sources ? "source" : "destination") + " '" + name +
                             "' is not a node of the network (allowed 0.." + std::to_string(nodes - 1) +
                             ": its terminals replay the trace by their numbers)");
    }
  return open_trace(path);
}

// A network run with its measurement, and what the report needs of it.
struct RunningNetwork {
  RunningNetwork(const Platform& platform, const ResolvedComponent& c)
      : RunningNetwork(platform, c, platform.file + ":" + std::to_string(c.line) + ": " + c.name) {}
  RunningNetwork(const Platform& platform, const ResolvedComponent& c, const std::string& where)
      : RunningNetwork(platform, c, where,
                       traced(seeded(network_config(c.params, where, platform.file), platform.run.seed, c.name))) {}
  // Stepped as the parts it was made of (run/network_shape.hpp).
  RunningNetwork(const Platform& platform, const ResolvedComponent& c, const std::string& where,
                 const noc::NocConfig& config)
      : name(c.name),
        network(config, where, network_shape(platform, c, config, where)),
        run(network, platform.run.warmup, platform.run.cycles - platform.run.warmup, platform.run.watchdog) {
    if (config.traffic == "trace")
      trace = std::make_unique<noc::TraceTraffic>(
          network, network_trace(config, network.nodes(), platform.file, where), platform.run.warmup);
  }
  void step() {
    if (trace) trace->step();
    network.step();
    if (recorder) recorder->stepped();
  }
  // Packets watched for their journeys (--timeline, --explain), told to `done` whole.
  void watch_journeys(const RunSettings& run, std::function<void(const noc::PacketJourney&)> done) {
    std::set<std::pair<int, int>> flows;
    for (const std::string& flow : run.timeline_flows) {
      const auto node = [&](const std::string& part) {
        const std::string prefix = name + "_node";
        if (part.rfind(prefix, 0) != 0) return -1;
        const std::optional<std::uint32_t> k = noc::trace_node(part.substr(prefix.size()), network.nodes());
        return k ? static_cast<int>(*k) : -1;
      };
      const auto colon = flow.find(':');
      const int from = node(flow.substr(0, colon)), to = colon == std::string::npos ? -1 : node(flow.substr(colon + 1));
      if (from >= 0 && to >= 0) flows.insert({from, to});
    }
    const bool timeline = !run.timeline.empty();
    const std::uint64_t limit = run.timeline_limit;
    const std::int64_t explain = run.explain;
    network.set_watch_rule([this, flows, timeline, limit, explain](const noc::NocFlit& f) {
      const bool on_timeline =
          timeline && watched < limit && (flows.empty() || flows.count({f.source, f.destination}) > 0);
      watched += on_timeline;
      if (f.packet == explain) explained_on_timeline = on_timeline;
      return on_timeline || f.packet == explain;
    });
    const noc::NocConfig& c = network.config();
    journeys = std::make_unique<noc::JourneyLog>(std::move(done), c.routing_delay, c.vc_alloc_delay, c.sw_alloc_delay,
                                                 c.crossbar_delay());
    network.set_watcher([this](const noc::NocEvent& e) { journeys->step(e); });
  }
  std::string name;
  noc::Network network;
  noc::NocRun run;
  std::unique_ptr<noc::TraceTraffic> trace;
  std::unique_ptr<noc::JourneyLog> journeys;
  std::unique_ptr<NetworkRecorder> recorder;  // --record-trace
  std::uint64_t watched = 0;           // packets the timeline follows
  bool explained_on_timeline = false;  // the --explain packet is one of them
  bool done = false;
};

// A network's trace flows, named by its terminals' parts (<network>_node<K>).
void add_trace_flows(const RunningNetwork& n, const RunSettings& run, std::vector<FlowReport>& flows) {
  if (!n.trace) return;
  const double window = run.cycles > run.warmup ? static_cast<double>(run.cycles - run.warmup) : 0.0;
  for (const auto& [key, f] : n.trace->flows()) {
    FlowReport r;
    r.source = n.name + "_node" + std::to_string(key.first - 1);
    r.destination = n.name + "_node" + std::to_string(key.second - 1);
    r.figures = f;
    r.throughput = window > 0 ? static_cast<double>(f.delivered_in_window) / window : 0.0;
    flows.push_back(std::move(r));
  }
}

// Stderr progress for runs of more than a few seconds: a line every two seconds.
class Progress {
 public:
  void tick(const std::vector<std::unique_ptr<RunningNetwork>>& nets) {
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < std::chrono::seconds(2)) return;
    last_ = now;
    for (const auto& n : nets) {
      const double elapsed = std::chrono::duration<double>(now - start_).count();
      const double cycles = static_cast<double>(n->network.now());
      std::fprintf(stderr, "network '%s': cycle %lld (at least %lld planned), %.0f cycles/s, %.0f s so far\n",
                   n->name.c_str(), static_cast<long long>(n->network.now()),
                   static_cast<long long>(n->run.planned()), cycles / elapsed, elapsed);
    }
  }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_ = start_;
};

// The cycle view: each network steps on its clock's rising edge from a SystemC process.
struct NetworkClock : sc_core::sc_module {
  sc_core::sc_in<bool> clk;
  RunningNetwork& net;
  std::size_t& running;
  Progress& progress;
  const std::vector<std::unique_ptr<RunningNetwork>>& all;

  NetworkClock(sc_core::sc_module_name name, RunningNetwork& n, std::size_t& r, Progress& p,
               const std::vector<std::unique_ptr<RunningNetwork>>& a)
      : sc_core::sc_module(name), net(n), running(r), progress(p), all(a) {
    SC_HAS_PROCESS(NetworkClock);
    SC_METHOD(edge);
    sensitive << clk.pos();
    dont_initialize();
  }

  void edge() {
    if (net.done) return;
    if (!net.run.next()) {
      net.done = true;
      if (--running == 0) monitor::stop_at_planned_end();
      return;
    }
    net.step();
    if ((net.network.now() & 1023) == 0) progress.tick(all);
  }
};

NetworkReport report_of(RunningNetwork& n) {
  NetworkReport r;
  r.name = n.name;
  r.config = n.network.config();
  r.figures = n.run.figures();
  r.router_steps = n.network.router_steps();
  r.routers = n.network.routers();
  r.nodes = n.network.nodes();
  const noc::Topology& topology = n.network.topology();
  const double cycles = static_cast<double>(std::max<std::int64_t>(n.network.now(), 1));
  for (int router = 0; router < topology.routers(); ++router) {
    const noc::RouterCounts& counts = n.network.router(router).counts();
    for (int port = 0; port < topology.ports(router); ++port) {
      const noc::PortLink link = topology.out(router, port);
      if (link.router == -2) continue;  // a mesh's edge: no channel
      ChannelUse use;
      use.router = topology.router_name(router);
      use.port = topology.port_name(router, port);
      use.to = link.router == -1 ? "terminal" : topology.router_name(link.router);
      use.from_id = router;
      use.to_id = link.router;
      const int vcs = r.config.num_vcs;
      for (int vc = 0; vc < vcs; ++vc) {
        VcUse v;
        v.flits = counts.flits_out[port * vcs + vc];
        v.credit_waits = counts.credit_waits[port * vcs + vc];
        if (link.router >= 0) {
          const noc::RouterCounts& next = n.network.router(link.router).counts();
          const int at = link.port * vcs + vc;
          v.vc_waits = next.vc_waits[at];
          v.switch_losses = next.switch_losses[at];
          v.hol_cycles = next.hol_cycles[at];
          v.hol_packets = next.hol_packets[at];
        }
        use.flits += v.flits;
        use.credit_waits += v.credit_waits;
        use.vc_waits += v.vc_waits;
        use.hol_cycles += v.hol_cycles;
        use.vcs.push_back(v);
      }
      use.utilisation = static_cast<double>(use.flits) / cycles;
      r.channels.push_back(use);
    }
  }
  return r;
}

// A port's name as a VCD name part: +x is xplus, -y yminus.
std::string trace_name(const std::string& port) {
  if (port.size() == 2 && (port[0] == '+' || port[0] == '-')) return port.substr(1) + (port[0] == '+' ? "plus" : "minus");
  return port;
}

// Every router's input VCs (flits buffered) and output VCs (credits spent on the buffer
// at the other end, flits sent so far), as <network>.<router>.in_<port>.vc<v> and
// <network>.<router>.out_<port>.vc<v>_credits_used, ..._flits.
void trace_network(sc_core::sc_trace_file* tf, const std::string& name, const noc::Network& network) {
  const noc::Topology& topology = network.topology();
  for (int r = 0; r < network.routers(); ++r) {
    const noc::VcRouter& router = network.router(r);
    const std::string at = name + "." + topology.router_name(r) + ".";
    for (int port = 0; port < topology.ports(r); ++port) {
      if (topology.out(r, port).router == -2) continue;  // a mesh's edge: no channel either way
      const std::string port_name = trace_name(topology.port_name(r, port));
      for (int vc = 0; vc < network.config().num_vcs; ++vc) {
        const std::string v = ".vc" + std::to_string(vc);
        sc_core::sc_trace(tf, router.buffered_ref(port, vc), at + "in_" + port_name + v);
        sc_core::sc_trace(tf, router.downstream(port).occupancy_ref(vc), at + "out_" + port_name + v + "_credits_used");
        sc_core::sc_trace(tf, router.counts().flits_out[static_cast<std::size_t>(port * network.config().num_vcs + vc)],
                          at + "out_" + port_name + v + "_flits");
      }
    }
  }
}

}  // namespace

bool has_networks(const Platform& platform) {
  std::size_t networks = 0;
  for (const ResolvedComponent& c : platform.components) networks += is_network(c);
  if (networks == 0) return false;
  for (const ResolvedComponent& c : platform.components)
    if (!is_network(c) && c.part_of.empty())
      throw Error(platform.file + ":" + std::to_string(c.line) + ": component '" + c.name + "' (" + c.kind->name +
                  ") shares a platform with a network; a network runs on its own (allowed: a platform of "
                  "network components only)");
  // BookSim2's measurement runs until its samples settle: a run length would be ignored.
  for (const ResolvedComponent& c : platform.components) {
    if (!is_network(c)) continue;
    const std::string sim_type = format_value(c.params.at("sim_type"));
    if (sim_type == "window") continue;
    const auto refuse = [&](const std::string& from, const char* what, std::int64_t value) {
      if (from.empty()) return;
      throw ParameterError(from + ": " + what + " = " + std::to_string(value) + " does not apply to network '" + c.name +
                           "', measured as BookSim2 does (sim_type " + sim_type +
                           "): it runs warmup_periods, then samples of sample_period cycles until they settle "
                           "(max_samples at most), then a drain; set " + c.name +
                           ".sim_type=window for a fixed run of cycles, or size it by those keys");
    };
    refuse(platform.run.cycles_from, "cycles", platform.run.cycles);
    refuse(platform.run.warmup_from, "warmup", platform.run.warmup);
  }
  return true;
}

std::string network_file_path(const std::string& network_file, const std::string& model_file) {
  // Beside the model, or where it says if absolute ("" stays "": no file).
  const auto slash = model_file.rfind('/');
  return network_file.empty() || network_file.front() == '/' || slash == std::string::npos
             ? network_file
             : model_file.substr(0, slash + 1) + network_file;
}

std::vector<std::string> network_files(const Netlist& netlist, const std::vector<Override>& sets) {
  std::vector<std::string> files;
  const auto add = [&](const std::string& value) {
    if (value.empty()) return;
    const std::string path = network_file_path(value, netlist.file);
    if (std::find(files.begin(), files.end(), path) == files.end()) files.push_back(path);
  };
  for (const ComponentDecl& c : netlist.components)
    for (const auto& [param, value] : c.params)
      if (param == "network_file") add(value.text);
  for (const Override& o : sets)
    if (o.target.size() > 13 && o.target.compare(o.target.size() - 13, 13, ".network_file") == 0) add(o.value);
  return files;
}

noc::NocConfig network_config(const std::map<std::string, ParamValue>& params, const std::string& where,
                              const std::string& model_file) {
  noc::NocConfig config;
  for (const auto& [key, value] : params) config.set(where, key, format_value(value));
  read_network_file(config, where, model_file);
  config.validate(where);
  return config;
}

void read_network_file(noc::NocConfig& config, const std::string& where, const std::string& model_file) {
  if (config.network_file.empty()) return;
  const std::string path = network_file_path(config.network_file, model_file);
  try {
    config.netlist = core::read_input_file(path, "a network's netlist", core::kMaxInputBytes);
  } catch (const Error& e) {
    throw ParameterError(where + ": network_file = '" + config.network_file + "' cannot be read (" + e.what() + ")");
  }
}

RunResult simulate_networks(const Platform& platform, const std::string& view, const std::string& vcd_file,
                            std::uint64_t vcd_limit) {
  std::vector<std::unique_ptr<RunningNetwork>> nets;
  std::vector<const ResolvedComponent*> networks;  // the network components, not their parts
  for (const ResolvedComponent& c : platform.components)
    if (is_network(c)) networks.push_back(&c);
  for (const ResolvedComponent* c : networks) nets.push_back(std::make_unique<RunningNetwork>(platform, *c));
  // Packets' journeys: the first network's (a timeline is one network's packets).
  std::unique_ptr<NetworkTimeline> timeline;
  std::string explanation;
  if (!platform.run.timeline.empty() || platform.run.explain >= 0) {
    RunningNetwork& n = *nets.front();
    if (!platform.run.timeline.empty())
      timeline = std::make_unique<NetworkTimeline>(platform.run.timeline, n.name, n.network.topology());
    n.watch_journeys(platform.run, [&](const noc::PacketJourney& j) {
      if (j.packet == platform.run.explain) explanation = journey_text(j, n.name, n.network.topology());
      if (timeline && (j.packet != platform.run.explain || n.explained_on_timeline)) timeline->add(j);
    });
  }
  if (!platform.run.record_trace.empty()) {
    const std::string& path = platform.run.record_trace;
    if (nets.size() != 1)
      throw Error("--record-trace " + path + ": records one network's packets (its nodes by number), and " +
                  platform.file + " has " + std::to_string(nets.size()) + " networks");
    if (nets.front()->trace)
      throw Error("--record-trace " + path + ": network '" + nets.front()->name +
                  "' replays a trace already (traffic = trace); record the run that made it");
    nets.front()->recorder = std::make_unique<NetworkRecorder>(nets.front()->network, nets.front()->name, path);
  }
  Progress progress;
  if (view == "tl") {
    for (auto& n : nets) {
      std::int64_t steps = 0;
      while (n->run.next()) {
        n->step();
        if ((++steps & 4095) == 0) {
          progress.tick(nets);
          stop_if_interrupted();  // a sweep's point on a worker thread (threaded_run.hpp)
        }
      }
    }
  } else {
    cycle::check_kernel_unused("platform::simulate_networks");
    std::vector<std::unique_ptr<sc_core::sc_clock>> clocks;
    std::vector<std::unique_ptr<NetworkClock>> modules;
    std::size_t running = nets.size();
    for (std::size_t i = 0; i < nets.size(); ++i) {
      const ResolvedComponent& c = *networks[i];
      const ClockDecl* clock = &platform.clocks.front();
      for (const ClockDecl& d : platform.clocks)
        if (d.name == c.clock) clock = &d;
      clocks.push_back(std::make_unique<sc_core::sc_clock>(
          (c.name + "_clk").c_str(), sc_core::sc_time(clock->period_ps, sc_core::SC_PS), 0.5,
          sc_core::sc_time(clock->phase_ps, sc_core::SC_PS), true));
      modules.push_back(std::make_unique<NetworkClock>(c.name.c_str(), *nets[i], running, progress, nets));
      modules.back()->clk(*clocks.back());
    }
    std::unique_ptr<VcdFile> vcd;
    if (!vcd_file.empty()) {
      vcd = std::make_unique<VcdFile>(vcd_file, vcd_limit, *clocks.front());
      for (std::size_t i = 0; i < nets.size(); ++i) {
        sc_core::sc_trace(vcd->trace(), *clocks[i], nets[i]->name + "_clk");
        trace_network(vcd->trace(), nets[i]->name, nets[i]->network);
      }
    }
    sc_core::sc_start();
    if (vcd) {
      std::int64_t planned = 0;
      for (const auto& n : nets) planned = std::max<std::int64_t>(planned, n->run.planned());
      vcd->finish(planned);
    }
  }
  if (nets.front()->recorder) nets.front()->recorder->finish();
  RunResult result;
  result.run = platform.run;
  result.view = view;
  std::int64_t cycles = 0;
  for (auto& n : nets) {
    result.networks.push_back(report_of(*n));
    const noc::NocFigures& f = n->run.figures();
    if (f.deadlock_cycle > 0)
      result.deadlocks.push_back("network '" + n->name + "' deadlocked at cycle " + std::to_string(f.deadlock_cycle) +
                                 ": no flit moved for " + std::to_string(f.deadlock_cycle - n->network.last_progress()) +
                                 " cycles with " + std::to_string(n->network.flits_in_flight()) + " in flight" +
                                 (f.wait_cycle.empty() ? std::string(" (no cycle of waiting VCs found)")
                                                       : "; VCs wait on each other in a cycle: " + f.wait_cycle) +
                                 "\n");
    cycles = std::max(cycles, n->network.now());
  }
  result.run.cycles = cycles;
  for (const auto& n : nets) add_trace_flows(*n, result.run, result.flows);
  if (timeline) timeline->finish();
  if (platform.run.explain >= 0)
    result.explanation = !explanation.empty()
                             ? explanation
                             : "packet " + std::to_string(platform.run.explain) + " of network '" + nets.front()->name +
                                   "' was not retired whole by the run's end (packets are numbered from 0 as they "
                                   "are made; " + std::to_string(nets.front()->network.flits_in_flight()) +
                                   " flits were in flight at the end)\n";
  return result;
}

}  // namespace creditflow::platform
