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
      : ports_(std::move(ports)), per_class_(vcs / classes), where_(std::move(where)), name_of_(std::move(name_of)) {}

  Route route(int, int input, NocFlit& flit) const override {
    const auto found = ports_.find(static_cast<std::uint32_t>(flit.destination));
    if (found == ports_.end()) unrouted(input, flit);
    const int first = flit.message_class * per_class_;
    return {found->second, first, first + per_class_ - 1};
  }
  std::vector<int> outputs(int, int, int destination) const override {
    const auto found = ports_.find(static_cast<std::uint32_t>(destination));
    if (found == ports_.end()) return {};
    return {found->second};
  }

 private:
  [[noreturn]] __attribute__((cold, noinline)) void unrouted(int input, const NocFlit& flit) const {
    throw ProtocolError(where_ + ": a packet for " +
                        core::endpoint_text(name_of_, static_cast<std::uint32_t>(flit.destination)) + " came in on in" +
                        std::to_string(input) + ", and routes names no output for it");
  }

  std::map<std::uint32_t, int> ports_;
  int per_class_;  // VCs per message class
  std::string where_;
  core::EndpointNamer name_of_;
};

}  // namespace creditflow::noc
