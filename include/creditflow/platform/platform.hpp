// A platform resolved against a registry: every kind known, every parameter a checked
// value, every connection typed, every credit loop found. Nothing reaches the SystemC
// kernel before it has passed through resolve().
#pragma once
#include <cstdint>
#include <map>
#include <unordered_map>
#include <optional>
#include <string>
#include <vector>

#include "creditflow/platform/netlist.hpp"
#include "creditflow/platform/params.hpp"
#include "creditflow/platform/registry.hpp"

namespace creditflow::platform {

// A parameter set from outside the file: --set comp.param=value or a sweep point.
struct Override {
  std::string target;  // component.param
  std::string value;
  std::string where;   // for errors, e.g. "--set rx.depth=0"
};

struct RunSettings {
  std::int64_t cycles = 6000;
  std::int64_t warmup = 3000;
  std::uint64_t seed = 1;
  std::int64_t watchdog = 10000;  // cycles with work pending and nothing moving; 0: off
  // Random traffic is sized by its credit waits: this percentile of them at most
  // accepted_wait cycles.
  double wait_percentile = 99.0;
  std::int64_t accepted_wait = 0;
  // Where cycles and warmup were given ("--cycles", "model.yaml:12"), empty when defaulted:
  // a network measured as BookSim2 does sets its own length, and refuses them.
  std::string cycles_from, warmup_from;
  // Where the run's trace goes (--record-trace), "" for none.
  std::string record_trace;
  // A network's packets' journeys: a timeline file (--timeline) of the packets of these
  // flows (all when empty), at most timeline_limit of them; and one packet in words
  // (--explain, -1: none).
  std::string timeline;
  std::vector<std::string> timeline_flows;
  std::uint64_t timeline_limit = 10000;
  std::int64_t explain = -1;
};

// Run settings given on the command line; unset ones come from the file's `run:`.
struct RunOverrides {
  std::optional<std::string> cycles, warmup, seed, watchdog, wait_percentile, accepted_wait;
};

struct ResolvedComponent {
  std::string name;
  const KindSpec* kind = nullptr;
  std::string clock;
  std::map<std::string, ParamValue> params;
  int line = 0;
  std::string terminal_of;  // ComponentDecl::terminal_of
  std::string part_of;      // ComponentDecl::part_of
};

struct ResolvedConnection {
  std::string from, from_port, to, to_port;
  ChannelType type = ChannelType::flow;
  int line = 0;
};

// One link the monitors watch: a credit loop (sender -> pipes -> receiver, and back
// through pipes to the sender) or a ready/valid link (source -> pipes -> receiver, no
// credits: sender empty, capacity 0).
// Its ends are ports (LoopEnd): a component may take part in several loops, each by
// other ports.
struct LoopPlan {
  std::string name;    // the first forward pipe's name, else the receiver's
  std::string source;  // the source feeding the sender or receiver, or ""
  std::string sender;
  std::vector<std::string> pipes;  // forward and return, each once
  std::string receiver;
  // The ports of the ends: the source's and the sender's flit outputs, the receiver's flit
  // input ("" where the loop has no such part).
  std::string source_end, sender_end, receiver_end;
  std::int64_t capacity = 0;  // the loop's credits
  std::string clock;
};

// A channel between routers (or a router and an interface): the sender's vc_flow output,
// the pipes its flits pass (vc_link, vc_crossing), the receiver's input, and the pipes its
// credits pass back (from the receiver's <input>_credit to the sender's <output>_credit).
// Its per-VC conservation is checked every cycle (core/vc_terms.hpp).
struct VcChannelPlan {
  std::string sender, sender_port, receiver, receiver_port;
  std::vector<std::string> forward, back;
  int vcs = 0;
};

struct Platform {
  std::string file;
  std::vector<ClockDecl> clocks;
  std::vector<ResolvedComponent> components;
  std::vector<ResolvedConnection> connections;
  std::vector<LoopPlan> loops;
  std::vector<VcChannelPlan> vc_channels;
  RunSettings run;

  const ResolvedComponent& component(const std::string& name) const;
  // The position of `name` in components, or components.size() when there is none.
  std::size_t index_of(const std::string& name) const;
  // The loop `name` is the source, sender, receiver or a pipe of; null when it is in none.
  const LoopPlan* loop_of(const std::string& name) const;

 private:
  // Look-ups by name, rebuilt when components or loops have grown since: a platform of
  // 16000 loops is resolved in n log n, not by a scan per name.
  mutable std::unordered_map<std::string, std::size_t> component_index_;
  mutable std::map<std::string, std::size_t> loop_index_;
  mutable std::size_t loops_indexed_ = 0;
};

// The id flits carry for component `name` as their source or destination: its position
// from 1 (the resolver has checked the name).
inline std::uint32_t endpoint_id(const Platform& platform, const std::string& name) {
  return static_cast<std::uint32_t>(platform.index_of(name) + 1);
}
// The component an id names, or "" for 0 and ids out of range.
inline std::string endpoint_name(const Platform& platform, std::uint32_t id) {
  return id == 0 || id > platform.components.size() ? std::string() : platform.components[id - 1].name;
}

// Throws creditflow::Error (ParameterError for values) with one line naming the file and
// line, or the command-line option, what is wrong and what is allowed.
Platform resolve(const Netlist& netlist, const Registry& registry,
                 const std::vector<Override>& overrides = {}, const RunOverrides& run = {});

// "rx.depth=4" -> Override; throws ParameterError naming `option` if malformed.
Override parse_override(const std::string& assignment, const std::string& option);

// The kind a component is, as written or as `--set name.kind=` gives it; `kind: verilated`
// is one kind per role (their ports differ): verilated_<role> once a role is given.
std::string kind_name(const ComponentDecl& c, const std::vector<Override>& overrides);

}  // namespace creditflow::platform
