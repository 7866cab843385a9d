// Each router routed by a routing of its own (a network read back from a netlist whose
// routers route by tables): route() and outputs() ask the router's.
#pragma once
#include <memory>
#include <utility>
#include <vector>

#include "creditflow/noc/routing.hpp"

namespace creditflow::noc {

class PerRouterRouting : public Routing {
 public:
  explicit PerRouterRouting(std::vector<std::unique_ptr<Routing>> routers) : routers_(std::move(routers)) {}
  Route route(int router, int input, NocFlit& flit) const override {
    return routers_[router]->route(router, input, flit);
  }
  Route route(int router, int input, NocFlit& flit, const BufferState* outputs) const override {
    return routers_[router]->route(router, input, flit, outputs);
  }
  std::vector<int> outputs(int router, int input, int destination) const override {
    return routers_[router]->outputs(router, input, destination);
  }

 private:
  std::vector<std::unique_ptr<Routing>> routers_;
};

}  // namespace creditflow::noc
