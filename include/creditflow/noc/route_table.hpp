// Routing by a table written in a platform: each destination endpoint to an output port,
// on the VCs of the packet's message class (the VCs split evenly among `classes`, class 0
// first). What a router placed in a netlist routes by (a split's routes, for a router); a
// flit's destination is its destination component's endpoint id.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "creditflow/core/endpoint_text.hpp"
#include "creditflow/core/error.hpp"
#include "creditflow/noc/routing.hpp"

namespace creditflow::noc {

class RouteTable : public Routing {
 public:
  // `ports`: destination endpoint id -> output; `vcs`: VCs per port; `where` and `name_of`
  // name the router and a destination in the message for a flit the table does not route.
  RouteTable(std::map<std::uint32_t, int> ports, int vcs, int classes, std::string where,
             core::EndpointNamer name_of = {})
      : per_class_(vcs / classes), where_(std::move(where)), name_of_(std::move(name_of)) {
    // By endpoint id, a flat table: ids are numbers of a platform's components.
    if (!ports.empty()) port_of_.assign(static_cast<std::size_t>(ports.rbegin()->first) + 1, kNone);
    for (const auto& [destination, port] : ports) port_of_[destination] = port;
  }

  Route route(int, int input, NocFlit& flit) const override {
    const int port = port_for(flit.destination);
    if (port == kNone) unrouted(input, flit);
    const int first = flit.message_class * per_class_;
    return {port, first, first + per_class_ - 1};
  }
  std::vector<int> outputs(int, int, int destination) const override {
    const int port = port_for(destination);
    if (port == kNone) return {};
    return {port};
  }

 private:
  [[noreturn]] __attribute__((cold, noinline)) void unrouted(int input, const NocFlit& flit) const {
    throw ProtocolError(where_ + ": a packet for " +
                        core::endpoint_text(name_of_, static_cast<std::uint32_t>(flit.destination)) + " came in on in" +
                        std::to_string(input) + ", and routes names no output for it");
  }

  static constexpr int kNone = -1;
  int port_for(std::int64_t destination) const {
    const auto at = static_cast<std::uint64_t>(destination);
    return at < port_of_.size() ? port_of_[at] : kNone;
  }

  std::vector<int> port_of_;  // destination endpoint id -> output, kNone where none
  int per_class_;  // VCs per message class
  std::string where_;
  core::EndpointNamer name_of_;
};

}  // namespace creditflow::noc
