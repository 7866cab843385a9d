// Where a head flit goes from a router: an output port and the VCs it may take there.
#pragma once
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "creditflow/noc/noc_flit.hpp"

namespace creditflow::noc {

struct Route {
  int port = 0;
  int first_vc = 0;
  int last_vc = 0;
};

class BufferState;

class Routing {
 public:
  virtual ~Routing() = default;
  // The route of `flit` (a head) arriving at `router` on input port `input`; a torus route
  // records its dateline class in the flit.
  virtual Route route(int router, int input, NocFlit& flit) const = 0;
  // The same where the router can show its outputs: `outputs[p]` is what output p knows of
  // the buffer its channel leads to (its credits in use). An adaptive function weighs them,
  // at the routing stage, as BookSim2's do; the rest route as above.
  virtual Route route(int router, int input, NocFlit& flit, const BufferState* /*outputs*/) const {
    return route(router, input, flit);
  }
  // The outputs a head bound for `destination` (what route() reads in flit.destination)
  // arriving on `input` may leave by, drawing nothing: two where a coin picks between
  // them, none where the routing cannot say. What a diagnosis follows a flow's path by.
  virtual std::vector<int> outputs(int /*router*/, int /*input*/, int /*destination*/) const { return {}; }
};

// Message classes each keeping to a block of VCs: `inner` routes within one block of
// `per_class` VCs, and a flit of class c takes the same VCs in the c-th block.
class ClassBlocks : public Routing {
 public:
  ClassBlocks(std::unique_ptr<Routing> inner, int per_class) : inner_(std::move(inner)), per_class_(per_class) {}
  Route route(int router, int input, NocFlit& flit) const override {
    return in_block(inner_->route(router, input, flit), flit);
  }
  Route route(int router, int input, NocFlit& flit, const BufferState* outputs) const override {
    return in_block(inner_->route(router, input, flit, outputs), flit);
  }
  std::vector<int> outputs(int router, int input, int destination) const override {
    return inner_->outputs(router, input, destination);
  }

 private:
  Route in_block(const Route& r, const NocFlit& flit) const {
    const int first = flit.message_class * per_class_;
    return {r.port, first + r.first_vc, first + r.last_vc};
  }
  std::unique_ptr<Routing> inner_;
  int per_class_;
};

class Topology;
struct NocConfig;

// A routing function a user writes in C++, registered by name before the network is
// built; `routing_function: NAME` then picks it. It must be deadlock-free for the VCs it
// gives, or the watchdog names the cycle of channels it made.
using RoutingFactory =
    std::function<std::unique_ptr<Routing>(const Topology& topology, const NocConfig& config, std::mt19937_64& coin)>;
// Throws creditflow::Error for a name taken (dor and dim_order are BookSim2's).
void register_routing(const std::string& name, RoutingFactory factory);
// The factory registered under `name`, or null.
const RoutingFactory* find_routing(const std::string& name);
std::vector<std::string> routing_names();

}  // namespace creditflow::noc
