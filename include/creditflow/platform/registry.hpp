// Kinds of component by name: their parameters (defaults, ranges), ports (channel type,
// direction) and role in a credit loop, and the factory that builds one. The built-in
// kinds come from builtin_registry(); a user adds their own with Registry::add and passes
// the registry to the tool (cli::run_tool), so their module is usable from YAML.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "creditflow/platform/channel.hpp"
#include "creditflow/platform/component.hpp"
#include "creditflow/platform/params.hpp"
#include "creditflow/platform/tl_part.hpp"

namespace creditflow::platform {

using kinds::PortDir;

struct PortSpec {
  PortSpec() = default;
  PortSpec(std::string name, ChannelType type, PortDir dir, bool optional, std::string doc, std::string domain = "")
      : name(std::move(name)), type(type), dir(dir), optional(optional), doc(std::move(doc)), domain(std::move(domain)) {}

  std::string name;
  ChannelType type = ChannelType::flow;
  PortDir dir = PortDir::in;
  bool optional = false;  // may be left unconnected
  std::string doc;
  // The clock the port runs on: "" for the component's own clock, else the name of its
  // clock-typed parameter (e.g. "to_clock"). A connection joins ports of one clock.
  std::string domain;
};

// Where a kind's ports meet credit loops; link discovery, the monitors and the reports go
// by these, so one component may end some loops and start others (a router ends one per
// input and starts one per output):
// - a sender end starts a credit loop: its flits leave by `flit`, its credits come back at
//   `credit`, `capacity` is the parameter holding them, and `feed` the input its flits come
//   in by from a source ("" if none);
// - a receiver end ends one: flits arrive at `flit`, credits leave by `credit`, `capacity`
//   is its slots; fed by a source with no credits between, it ends a ready/valid link;
// - a source end (`flit`: its output) feeds a sender or a receiver;
// - a whole end is a loop in one component (an asynchronous FIFO), flits arriving at `flit`.
// Pass-through ports are KindSpec::passes (an input and the output it feeds).
struct LoopEnd {
  enum class Side { source, sender, receiver, whole };
  Side side = Side::sender;
  std::string flit, credit, capacity, feed;
};

// A shorthand for a kind with at most one end, on the conventional ports (KindSpec's
// flit_in, flit_out, credit_in, credit_out): a source, a sender, a pipe (passes only), a
// receiver or a whole loop.
enum class LoopRole { none, source, sender, pipe, receiver, loop };

struct KindSpec {
  using Factory = std::function<std::unique_ptr<Component>(const ComponentConfig&)>;
  using TlFactory = std::function<std::unique_ptr<TlPart>(const ComponentConfig&)>;

  KindSpec() = default;
  KindSpec(std::string name, std::string doc, std::vector<ParamSpec> params, std::vector<PortSpec> ports,
           LoopRole role, std::vector<std::pair<std::string, std::string>> passes, Factory factory)
      : name(std::move(name)),
        doc(std::move(doc)),
        params(std::move(params)),
        ports(std::move(ports)),
        role(role),
        passes(std::move(passes)),
        factory(std::move(factory)) {}

  std::string name;
  std::string doc;
  std::vector<ParamSpec> params;
  std::vector<PortSpec> ports;
  LoopRole role = LoopRole::none;
  std::vector<std::pair<std::string, std::string>> passes;
  Factory factory;
  // The transaction-level view (`--view tl`); a kind without one runs in the cycle view only.
  TlFactory tl_factory;

  // Its loop ends; Registry::add makes the one its role says when none are given, on these
  // ports and parameter.
  std::vector<LoopEnd> ends;
  std::string flit_in = "in";           // receivers: where flits arrive
  std::string flit_out = "out";         // senders: where flits leave
  std::string credit_in = "credit_in";  // senders: where credits come back
  std::string credit_out = "credit";    // receivers: where credits leave
  std::string capacity_param;           // senders: their credits; receivers: their depth
  // Senders: parameters that must equal their receiver's (what it advertises).
  std::vector<std::string> mirrors;
  // It makes flits of its own without a traffic pattern (a responder's responses): a
  // source that accounting counts by, as every kind with a `pattern` is.
  bool makes_flits = false;
  // Its loop carries what reaches it from sources elsewhere, by their destinations (a
  // network interface's flits out of a network): that loop is offered what its receiver's
  // flows bring, not what its own figures say.
  bool offered_by_flows = false;
  // Flits end at it outside the platform's credit loops (BookSim2's terminal, which retires
  // what its router ejects): a destination routes may name.
  bool retires_flits = false;
  // It replays a trace (its parameters file, source and endpoints, as trace_source's): the
  // platform reads the trace through before a run, refusing what would not replay.
  bool replays_trace = false;
  // Checks of a component against its connections, once the netlist is resolved: throws
  // ParameterError naming `where` (file:line) when its parameters ask for a port that is
  // not connected (a split's route to an unconnected output).
  using Check = std::function<void(const std::map<std::string, ParamValue>& params,
                                   const std::function<bool(const std::string& port)>& connected,
                                   const std::string& where)>;
  Check check;
  // Bytes a component of this kind takes that its parameters' bytes_each cannot say (a
  // product of several: a network's routers x ports x VCs x flits), for the memory check
  // before running, with what makes them ("256 routers x 5 ports x 64 VCs x 4096 flits");
  // unset: none beyond them.
  std::function<std::pair<double, std::string>(const std::map<std::string, ParamValue>& params)> bytes;

  const ParamSpec* param(const std::string& name) const;
  const PortSpec* port(const std::string& name) const;
  // Its ports by name, sorted, where it has many (Registry::add makes it): port() then
  // searches instead of walking them.
  std::vector<std::pair<std::string, std::size_t>> port_index;
  std::vector<std::string> param_names() const;
  std::vector<std::string> port_names() const;
  // The output port an input port feeds through a pipe, or "" if none.
  std::string passes_to(const std::string& in_port) const;
  // The end whose flit port is `port` on `side`, or null.
  const LoopEnd* end_at(LoopEnd::Side side, const std::string& port) const;
};

class Registry {
 public:
  // Throws creditflow::Error if a kind of that name is already registered.
  void add(KindSpec kind);
  const KindSpec* find(const std::string& name) const;
  std::vector<std::string> names() const;
  const std::vector<KindSpec>& kinds() const { return kinds_; }

 private:
  std::vector<KindSpec> kinds_;
};

// A final receiver: it ends a loop and hands nothing on (a hop buffer, a merge or a split
// is on the way, not a destination; a responder's requests end there).
bool is_destination(const KindSpec& kind);

// traffic_source, credit_sender, pipelined_link, credit_receiver.
Registry builtin_registry();

}  // namespace creditflow::platform
