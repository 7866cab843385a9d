// Networks of routers in a platform (timing.md section 6): a component of kind `network` is a
// whole BookSim2-style network, configured by BookSim2's keys as its parameters, measured
// by its own sim_type. Both views step the same kernel-free network (noc/network.hpp): the
// transaction-level view in a loop, the cycle view from a SystemC process on the
// component's clock, so their figures are the same numbers.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "creditflow/noc/measurement.hpp"
#include "creditflow/noc/noc_config.hpp"
#include "creditflow/platform/netlist.hpp"
#include "creditflow/platform/platform.hpp"

namespace creditflow::platform {

// One VC of a channel over the run: what crossed on it, and what held its flits, here (a
// credit) and in the input buffer at the router the channel leads to.
struct VcUse {
  std::int64_t flits = 0;
  std::int64_t credit_waits = 0;   // switch requests for it held for want of a credit
  std::int64_t vc_waits = 0;       // failed VC allocations of its heads at the next router
  std::int64_t switch_losses = 0;  // its switch requests there that lost to another VC or input
  std::int64_t hol_cycles = 0;     // cycles its packets waited there behind another packet
  std::int64_t hol_packets = 0;    // packets that waited so
  std::int64_t failures() const { return credit_waits + vc_waits + switch_losses; }
};

// One router-to-router (or terminal) channel's use over the run; its counts are its VCs'.
struct ChannelUse {
  std::string router, port;     // the router and output port it leaves from
  std::string to;               // the router it reaches, or "terminal"
  int from_id = 0, to_id = -1;  // the same routers by number (to_id -1: a terminal)
  std::int64_t flits = 0;
  double utilisation = 0.0;     // flits per cycle over the measurement window
  std::int64_t credit_waits = 0;  // cycles a switch request waited here for a credit
  std::int64_t vc_waits = 0;      // failed VC allocations of heads that came over it, at the next router
  std::int64_t hol_cycles = 0;    // cycles packets that came over it waited behind another packet
  std::vector<VcUse> vcs;
};

struct NetworkReport {
  std::string name;
  noc::NocConfig config;
  noc::NocFigures figures;
  std::vector<ChannelUse> channels;  // every router output, router by router
  std::int64_t router_steps = 0;     // routers stepped (idle ones are skipped)
  int routers = 0, nodes = 0;
};

// The configuration a `network` component's parameters give (an anynet's network_file read
// from beside `model_file`); throws ParameterError naming `where` (file:line and component)
// for a value or a combination it refuses.
noc::NocConfig network_config(const std::map<std::string, ParamValue>& params, const std::string& where,
                              const std::string& model_file);

// Reads the netlist of `config.network_file` (when it names one) into config.netlist.
void read_network_file(noc::NocConfig& config, const std::string& where, const std::string& model_file);

// Where a file a model names is (a network_file, a trace): beside the model file, or where
// it says if absolute.
std::string network_file_path(const std::string& network_file, const std::string& model_file);
// The network files a model reads, as its components give them or `sets` (--set, --vary
// values) set them, each once: inputs a command must not write over, and part of a
// sweep's identity.
std::vector<std::string> network_files(const Netlist& netlist, const std::vector<Override>& sets);

// Whether the platform has networks; throws creditflow::Error when it mixes them with
// other components (a network runs on its own).
bool has_networks(const Platform& platform);

}  // namespace creditflow::platform
