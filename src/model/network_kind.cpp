// The `network` kind: a whole network of BookSim2 iq routers as one component, its
// parameters BookSim2's configuration keys (so `key = value` in a BookSim2 file is
// `--set net.key=value`), checked by the network's own configuration.
#include <map>

#include "creditflow/core/error.hpp"
#include "creditflow/noc/noc_config.hpp"
#include "creditflow/platform/network_run.hpp"
#include "creditflow/platform/registry.hpp"

namespace creditflow::platform {
namespace {

// What each key means, for `creditflow list` and the table of docs/guide/networks.md.
const std::map<std::string, std::string>& key_docs() {
  static const std::map<std::string, std::string> docs{
      {"topology", "mesh, torus, ring (a torus of one dimension) or anynet (a netlist)"},
      {"netlist", "anynet: BookSim2's netlist, lines like 'router 0 node 0 router 1 4' (';' may part them)"},
      {"network_file", "anynet: the file holding the netlist, beside the model"},
      {"router_names", "anynet: the routers' names for the reports, router 0 first (a,b,c; creditflow's key)"},
      {"k", "routers per dimension"},
      {"n", "dimensions"},
      {"channel_latency", "cycles on a router-to-router channel, both ways (0: BookSim2's, 1 on a mesh, 2 on a torus)"},
      {"routing_function", "dor (mesh), dim_order (torus, ring: a dateline splits the VCs in two classes), min (anynet), "
                           "or one registered in C++"},
      {"num_vcs", "virtual channels per port"},
      {"vc_buf_size", "flits each VC buffers at each input"},
      {"routing_delay", "cycles to route a head flit"},
      {"vc_alloc_delay", "cycles of VC allocation"},
      {"sw_alloc_delay", "cycles of switch allocation"},
      {"st_prepare_delay", "cycles before switch traversal"},
      {"st_final_delay", "cycles of switch traversal"},
      {"credit_delay", "cycles before a credit received counts"},
      {"wait_for_tail_credit", "1: a VC is free for a new packet only when its tail's credit is back"},
      {"vc_allocator", "islip, separable_input_first or separable_output_first (round-robin arbiters)"},
      {"sw_allocator", "islip, separable_input_first or separable_output_first (round-robin arbiters)"},
      {"alloc_iters", "iSLIP iterations (the separable allocators make one pass)"},
      {"traffic", "uniform (self included), uniform_noself, transpose, bitcomp, bitrev, shuffle, tornado, neighbor, hotspot"},
      {"injection_rate", "packets per node and cycle (flits with injection_rate_uses_flits = 1)"},
      {"injection_rate_uses_flits", "1: injection_rate counts flits"},
      {"injection_process", "bernoulli or on_off (bursty)"},
      {"burst_alpha", "on_off: chance per cycle to turn on"},
      {"burst_beta", "on_off: chance per cycle to turn off"},
      {"packet_size", "flits per packet, or sizes drawn by packet_size_rate: a,b or BookSim2's {{a,b}}"},
      {"packet_size_rate", "weights of the packet sizes: x,y or {{x,y}}"},
      {"hotspot_nodes", "hotspot traffic: the nodes all packets go to, {a,b,...}"},
      {"hotspot_rates", "hotspot traffic: their weights"},
      {"include_queuing", "1: packet latency counts from when the packet fell due at its source"},
      {"sim_type", "latency or throughput (BookSim2's measurement), window (run.warmup, then to run.cycles)"},
      {"warmup_periods", "sample periods of warm-up"},
      {"sample_period", "cycles per sample"},
      {"max_samples", "sample periods at most"},
      {"latency_thres", "mean latency above which the run is unstable"},
      {"warmup_thres", "latency change under which warm-up ends (warmup_periods 0)"},
      {"stopping_thres", "latency change under which a sample counts as converged"},
      {"acc_warmup_thres", "accepted-rate change under which warm-up ends (warmup_periods 0)"},
      {"acc_stopping_thres", "accepted-rate change under which a sample counts as converged"},
      {"seed", "seed of the traffic"},
      {"input_speedup", "crossbar inputs per router input: VCs of one input that may cross in one cycle"},
      {"output_speedup", "crossbar outputs per router output: inputs that may reach one output in one cycle"},
      {"internal_speedup", "crossbar cycles per router cycle"},
  };
  return docs;
}

}  // namespace

KindSpec network_kind() {
  const noc::NocConfig defaults;
  std::vector<ParamSpec> params;
  for (const std::string& key : noc::NocConfig::keys()) {
    const auto doc = key_docs().find(key);
    params.push_back(ParamSpec::text(key, defaults.text(key),
                                     doc != key_docs().end() ? doc->second
                                                             : "BookSim2's key, modelled at its default only")
                         .allowing(noc::NocConfig::allowed(key)));
  }
  KindSpec kind{"network",
                "a network of BookSim2 iq routers (mesh, torus, ring) with a terminal at each router; "
                "parameters are BookSim2's keys",
                std::move(params),
                {},
                LoopRole::none,
                {},
                [](const ComponentConfig&) -> std::unique_ptr<Component> {
                  throw Error("a network runs through simulate_networks, not as a platform part");
                }};
  kind.check = [](const std::map<std::string, ParamValue>& values, const std::function<bool(const std::string&)>&,
                  const std::string& where) {
    // A network_file is read when the run starts, beside its model: checked there.
    const auto file = values.find("network_file");
    if (file != values.end() && !format_value(file->second).empty()) return;
    network_config(values, where, "");
  };
  kind.bytes = [](const std::map<std::string, ParamValue>& values) {
    noc::NocConfig config;
    try {
      for (const auto& [key, value] : values) config.set("", key, format_value(value));
    } catch (const Error&) {
      return std::pair<double, std::string>{0.0, ""};  // its check says what is wrong
    }
    return std::pair<double, std::string>{config.buffer_bytes(), config.buffer_terms()};
  };
  return kind;
}

}  // namespace creditflow::platform
