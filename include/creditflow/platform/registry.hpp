// Kinds of component by name: their parameters (defaults, ranges), ports (channel type,
// direction) and role in a credit loop, and the factory that builds one. The built-in
// kinds come from builtin_registry(); a user adds their own with Registry::add and passes
// the registry to the tool (cli::run_tool), so their module is usable from YAML.
#pragma once
#include <functional>
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

// How link discovery treats a kind: a sender starts a credit loop, pipes carry flits or
// credits through (each `passes` pair maps an input port to the output port it feeds), a
// receiver ends the forward path and starts the credit path; a source feeds a sender, or
// a receiver directly (a ready/valid link); a loop is a whole credit loop in one component.
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

  // The ports and parameter that tie the kind into links, where its role needs them.
  std::string flit_in = "in";           // receivers: where flits arrive
  std::string flit_out = "out";         // senders: where flits leave
  std::string credit_in = "credit_in";  // senders: where credits come back
  std::string credit_out = "credit";    // receivers: where credits leave
  std::string capacity_param;           // senders: their credits; receivers: their depth
  // Senders: parameters that must equal their receiver's (what it advertises).
  std::vector<std::string> mirrors;

  const ParamSpec* param(const std::string& name) const;
  const PortSpec* port(const std::string& name) const;
  std::vector<std::string> param_names() const;
  std::vector<std::string> port_names() const;
  // The output port an input port feeds through a pipe, or "" if none.
  std::string passes_to(const std::string& in_port) const;
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

// traffic_source, credit_sender, pipelined_link, credit_receiver.
Registry builtin_registry();

}  // namespace creditflow::platform
