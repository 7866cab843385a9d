// A network's configuration under BookSim2's parameter names and defaults, so that a
// BookSim2 configuration line `key = value` is `set(key, value)` here (timing.md section 6).
// Kernel-free: both views and the importer read the same struct.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace creditflow::noc {

struct NocConfig {
  // Topology: mesh, torus or ring (a torus of one dimension) of k^n routers, one terminal
  // each. channel_latency 0 means BookSim2's own: 1 on a mesh, 2 on a torus or ring.
  std::string topology = "torus";
  int k = 8;
  int n = 2;
  int channel_latency = 0;
  std::string routing_function = "none";  // dor (mesh), dim_order (torus, ring), min (anynet)
  // anynet: the netlist in BookSim2's format (noc/anynet.hpp), or the file holding it.
  std::string netlist;
  std::string network_file;
  // anynet: the routers' names, router 0 first (creditflow's key; empty: router_0, ...).
  std::vector<std::string> router_names;
  // cmesh: nodes per router (c = xr x yr, 4 as BookSim2 builds it) and x = y, which BookSim2
  // asks of a cmesh; use_noc_latency 1 gives its channels their lengths in node pitches.
  int c = 1;
  int x = 8;
  int y = 8;
  int xr = 1;
  int yr = 1;
  int use_noc_latency = 1;

  // Router (BookSim2's iq router).
  int num_vcs = 16;
  int vc_buf_size = 8;
  int routing_delay = 1;
  int vc_alloc_delay = 1;
  int sw_alloc_delay = 1;
  int st_prepare_delay = 0;
  int st_final_delay = 1;
  int credit_delay = 0;
  int wait_for_tail_credit = 0;
  std::string vc_allocator = "islip";
  std::string sw_allocator = "islip";
  int alloc_iters = 1;
  // Message classes the VCs are split among, each keeping to its own num_vcs /
  // message_classes (class c the c-th block): a TLM-2.0 interconnect's requests and
  // responses (tlm/network_interconnect.hpp sets it; no key sets it: a network's own
  // traffic is of one class).
  int message_classes = 1;
  // Crossbar ports per input and per output: an input's VCs share its input_speedup ports
  // by VC number, the inputs share an output's output_speedup ports by input number.
  int input_speedup = 1;
  int output_speedup = 1;
  // Pipeline steps per cycle: a router clocked faster than its channels (1.5: one and two
  // steps in turn). Flits and credits still leave one a cycle per port.
  double internal_speedup = 1.0;

  // Traffic.
  std::string traffic = "uniform";
  double injection_rate = 0.1;
  int injection_rate_uses_flits = 0;
  std::string injection_process = "bernoulli";  // or on_off
  double burst_alpha = 0.5;  // on_off: chance per cycle to turn on when off
  double burst_beta = 0.5;   // on_off: chance per cycle to turn off when on
  std::vector<int> packet_size{1};
  std::vector<int> packet_size_rate{1};
  // traffic = hotspot: its nodes and their weights (BookSim2 writes them as the pattern's
  // arguments, hotspot({{nodes},{weights}}), which set() takes too).
  std::vector<int> hotspot_nodes;
  std::vector<int> hotspot_rates;
  // traffic = randperm: the seed of BookSim2's generator that draws the permutation.
  int perm_seed = 0;
  int include_queuing = 1;
  // traffic = trace: the trace each node replays (its records' sources and destinations
  // are node numbers), each record a packet of its bytes over flit_bytes, rounded up.
  std::string trace_file;
  int flit_bytes = 0;

  // Measurement, as BookSim2 does it (sim_type latency or throughput).
  std::string sim_type = "latency";
  int warmup_periods = 3;
  int sample_period = 1000;
  int max_samples = 10;
  double latency_thres = 500.0;
  double warmup_thres = 0.05;
  double stopping_thres = 0.05;
  double acc_warmup_thres = 0.05;
  double acc_stopping_thres = 0.05;
  std::uint64_t seed = 0;

  // Sets one key from its text, as a BookSim2 configuration or `--set net.key=value`
  // gives it; throws ParameterError naming `where`, the key and what is allowed.
  void set(const std::string& where, const std::string& key, const std::string& value);
  // The value of `key` as set() would take it back ("" for a key it does not know).
  std::string text(const std::string& key) const;
  // Whether `key` is one set() takes.
  static bool knows(const std::string& key);
  // Every key set() takes, in the order docs/guide/networks.md lists them.
  static const std::vector<std::string>& keys();
  // What `key` takes, in words ("1..64", "one of mesh, torus, ring, anynet"): for `creditflow list`.
  static std::string allowed(const std::string& key);
  // What `key` takes, for a parameter system to type it once (the `network` and `router`
  // kinds): a whole number or a number in lo..hi, one of `choices`, or text that set()
  // checks (lists, netlists, names, BookSim2's keys modelled at their default only); and
  // what it means. Throws ParameterError for a key set() does not take.
  struct KeyInfo {
    enum class Type { integer, real, choice, text } type = Type::text;
    double lo = 0, hi = 0;
    std::vector<std::string> choices;
    std::string doc;
  };
  static KeyInfo info(const std::string& key);
  // Throws ParameterError when the keys together make no network (a dor routing function
  // on a torus, a transpose on a node count that is not an even power of two, ...).
  void validate(const std::string& where) const;

  int dimensions() const { return topology == "ring" ? 1 : topology == "anynet" ? 0 : n; }
  // A fattree or a qtree: n levels of routers (k^n nodes, as a cube's), routed by nca.
  bool tree() const { return topology == "fattree" || topology == "qtree"; }
  // Neither a k-ary n-cube nor an anynet: a tree or a cmesh, built and routed by its own
  // classes, run as a network of its own (parts attach to cubes and anynets).
  bool own_shape() const { return tree() || topology == "cmesh"; }
  // A routing that draws a packet's way as it goes (a tree's, a cmesh's, valiant and romm on
  // a mesh): the network makes it when it runs, as no table or router's place can hold it.
  bool drawn_routing() const;
  int nodes() const;
  int channel_cycles() const;
  int crossbar_delay() const { return st_prepare_delay + st_final_delay; }
  // One weight per packet size (packet_size_rate, one weight standing for every size).
  std::vector<int> size_weights() const;
  double mean_packet_size() const;
  // Bytes its buffers take at least: a flit slot (64 bytes) for every flit of every VC of
  // every router port, before a cycle is run; for a memory check before running.
  double buffer_bytes() const;
  // The same in words: "256 routers x 5 ports x 64 VCs x 4096 flits x 64 bytes".
  std::string buffer_terms() const;
  // Where an anynet's netlist is: `where`, and the network_file it came from if it did.
  std::string netlist_where(const std::string& where) const;
  // Packets per node per cycle, whatever unit injection_rate is in.
  double packet_rate() const;
};

}  // namespace creditflow::noc
