#include "run/network_shape.hpp"

#include <map>
#include <unordered_map>
#include <memory>
#include <utility>

#include "creditflow/core/error.hpp"
#include "creditflow/noc/listed_topology.hpp"
#include "creditflow/noc/network.hpp"
#include "creditflow/noc/per_router_routing.hpp"
#include "creditflow/noc/route_table.hpp"
#include "creditflow/noc/topology.hpp"
#include "creditflow/platform/port_key.hpp"

namespace creditflow::platform {
namespace {

using Port = PortKey;
using PortMap = std::unordered_map<Port, Port, PortKeyHash>;

// A routing over a cube it keeps: dor and dim_order read the cube's coordinates.
class OwnCubeRouting : public noc::Routing {
 public:
  OwnCubeRouting(std::shared_ptr<const noc::KaryNcube> cube, std::unique_ptr<noc::Routing> routing)
      : cube_(std::move(cube)), routing_(std::move(routing)) {}
  noc::Route route(int router, int input, noc::NocFlit& flit) const override {
    return routing_->route(router, input, flit);
  }
  std::vector<int> outputs(int router, int input, int destination) const override {
    return routing_->outputs(router, input, destination);
  }

 private:
  std::shared_ptr<const noc::KaryNcube> cube_;
  std::unique_ptr<noc::Routing> routing_;
};

class PartsReader {
 public:
  PartsReader(const Platform& platform, const ResolvedComponent& net, const noc::NocConfig& config, std::string where)
      : net_(net), config_(config), where_(std::move(where)) {
    for (const ResolvedComponent& c : platform.components) {
      if (c.part_of != net.name) continue;
      if (c.kind->name == "router") {
        router_of_[c.name] = static_cast<int>(routers_.size());
        routers_.push_back(&c);
      } else if (c.kind->name == "vc_link") {
        links_.push_back(&c);
      } else if (c.kind->name == "booksim_terminal") {
        terminals_.push_back(&c);
      } else {
        throw ParameterError(where_ + ": " + c.name + " (" + c.kind->name + ") is no part a network steps (allowed: "
                             "router, vc_link, booksim_terminal)");
      }
    }
    if (routers_.empty()) throw ParameterError(where_ + ": no router is a part of it");
    to_.reserve(platform.connections.size());
    from_.reserve(platform.connections.size());
    for (const ResolvedConnection& c : platform.connections) {
      to_[{c.from, c.from_port}] = {c.to, c.to_port};
      from_[{c.to, c.to_port}] = {c.from, c.from_port};
    }
  }

  noc::Network::Shape shape() {
    auto listed = std::make_unique<noc::ListedTopology>();
    const std::string prefix = net_.name + "_";
    for (const ResolvedComponent* r : routers_) {
      same_keys(*r);
      const auto ports = static_cast<std::size_t>(integer_param(r->params, "ports"));
      const bool prefixed = r->name.compare(0, prefix.size(), prefix) == 0;
      listed->add_router(prefixed ? r->name.substr(prefix.size()) : r->name, std::vector<std::string>(ports));
    }
    struct End {
      int router = -1, port = -1, latency = 0;
    };
    std::map<std::string, End> inject, eject;  // by terminal
    for (const ResolvedComponent* l : links_) {
      const Port in = along(from_, {l->name, "in"}), out = along(to_, {l->name, "out"});
      const auto latency = static_cast<int>(integer_param(l->params, "latency"));
      const bool from_router = router_of_.count(in.first) > 0, to_router = router_of_.count(out.first) > 0;
      if (from_router && to_router)
        listed->connect(router_of_.at(in.first), number(in.second), router_of_.at(out.first), number(out.second),
                        latency);
      else if (to_router)
        inject[in.first] = {router_of_.at(out.first), number(out.second), latency};
      else if (from_router)
        eject[out.first] = {router_of_.at(in.first), number(in.second), latency};
    }
    for (const ResolvedComponent* t : terminals_) {
      if (text(*t, "network") != net_.name)
        throw ParameterError(where_ + ": " + t->name + ".network = " + text(*t, "network") +
                             ", but it is a terminal of " + net_.name + " (allowed: " + net_.name + ")");
      const End i = inject[t->name], e = eject[t->name];
      if (i.router < 0 || e.router < 0)
        throw ParameterError(where_ + ": " + t->name + " has no channel " + (i.router < 0 ? "to" : "from") +
                             " a router of it (allowed: a vc_link each way to one router port)");
      if (i.router != e.router || i.port != e.port || i.latency != e.latency)
        throw ParameterError(where_ + ": " + t->name + " injects at " + routers_[i.router]->name + ".in" +
                             std::to_string(i.port) + " over " + std::to_string(i.latency) + " cycles and takes from " +
                             routers_[e.router]->name + ".out" + std::to_string(e.port) + " over " +
                             std::to_string(e.latency) + " (allowed: one router port, one latency both ways)");
      listed->attach(static_cast<int>(integer_param(t->params, "node")), i.router, i.port, i.latency);
    }
    listed->check(where_);
    // The shape a routing drawn as it goes needs (a tree's, a cmesh's, a mesh's for valiant),
    // made once: it names the ports and routes them.
    const noc::Network::Shape own =
        config_.drawn_routing() ? noc::Network::shape_of(config_, where_) : noc::Network::Shape{};
    name_ports(*listed, own.topology.get());
    noc::Network::Shape shape;
    shape.routing = routing(*listed, own);
    shape.topology = std::move(listed);
    return shape;
  }

 private:
  // A router's keys that are the network's (num_vcs, vc_buf_size, the delays, k, n) must
  // be the network's values: its routers are stepped as one.
  void same_keys(const ResolvedComponent& r) const {
    for (const auto& [key, value] : r.params) {
      const auto mine = net_.params.find(key);
      if (!noc::NocConfig::knows(key) || key == "k" || key == "n" || mine == net_.params.end() || mine->second == value)
        continue;  // k and n place a router in a cube: checked against its channels
      throw ParameterError(where_ + ": " + r.name + "." + key + " = " + format_value(value) + ", but " + net_.name +
                           "." + key + " = " + format_value(mine->second) +
                           " (a network's routers share its keys: set " + net_.name + "." + key + ")");
    }
  }

  // Ports named as the network's topology names them, in its figures and messages: on a
  // cube by direction (+x, -x, ..., terminal), on a tree down0.., up.. (node0.. at a leaf),
  // on a cmesh node0..3, +x, ... (+x_express on an edge), as `own` shape names them; else by
  // what each leads to (node3, to_l2), as BookSim2's anynet names them.
  void name_ports(noc::ListedTopology& listed, const noc::Topology* own) const {
    std::unique_ptr<noc::Topology> cube;
    if (!own && config_.topology != "anynet") cube = std::make_unique<noc::KaryNcube>(config_);
    const noc::Topology* shaped = own ? own : cube.get();  // what names its ports, where not an anynet
    for (int r = 0; r < listed.routers(); ++r) {
      std::vector<std::string> names;
      for (int p = 0; p < listed.ports(r); ++p) {
        const noc::PortLink to = listed.out(r, p);
        names.push_back(shaped && r < shaped->routers() && p < shaped->ports(r) ? shaped->port_name(r, p)
                        : to.router == -1      ? "node" + std::to_string(to.port)
                        : to.router >= 0       ? "to_" + listed.router_name(to.router)
                                               : "out" + std::to_string(p));
      }
      listed.name_ports(r, std::move(names));
    }
  }

  // The routing its routers name, the same for all: by their place in a cube (checked to
  // be the cube's), by their tables, or by the network's routing_function.
  std::function<std::unique_ptr<noc::Routing>(const noc::Topology&, noc::Rng&)> routing(
      const noc::ListedTopology& listed, const noc::Network::Shape& own) const {
    const std::string how = text(*routers_.front(), "routing");
    for (const ResolvedComponent* r : routers_)
      if (text(*r, "routing") != how)
        throw ParameterError(where_ + ": " + routers_.front()->name + " routes by " + how + " and " + r->name + " by " +
                             text(*r, "routing") + " (allowed: every router of a network routed one way)");
    const int vcs = config_.num_vcs;
    if (how == "network" && config_.drawn_routing() && noc::find_routing(config_.routing_function) == nullptr) {
      // A routing drawn as it goes (a tree's, a cmesh's, valiant, romm): the network's, on the
      // network's own shape, which the routers' channels must be.
      bool same = listed.routers() == own.topology->routers();
      for (int r = 0; same && r < listed.routers(); ++r) {
        same = listed.ports(r) == own.topology->ports(r);
        for (int p = 0; same && p < listed.ports(r); ++p)
          same = listed.out(r, p).router == own.topology->out(r, p).router &&
                 listed.out(r, p).port == own.topology->out(r, p).port;
      }
      if (!same)
        throw ParameterError(where_ + ": its routers route by " + config_.routing_function + " on a " +
                             config_.topology + " of k = " + std::to_string(config_.k) + ", n = " +
                             std::to_string(config_.n) + ", but their channels are not that " + config_.topology + "'s");
      return own.routing;
    }
    if (how == "network") {
      const noc::RoutingFactory* users = noc::find_routing(config_.routing_function);
      if (users == nullptr)
        throw ParameterError(where_ + ": its routers route by its routing_function, " + config_.routing_function +
                             ", which is none registered (allowed: a user's, noc::register_routing)");
      return [factory = *users, config = config_](const noc::Topology& t, noc::Rng& coin) {
        return factory(t, config, coin);
      };
    }
    if (how == "table") {
      std::map<std::string, int> node_of;
      for (const ResolvedComponent* t : terminals_)
        node_of[t->name] = static_cast<int>(integer_param(t->params, "node"));
      std::vector<std::map<std::uint32_t, int>> tables;
      for (const ResolvedComponent* r : routers_) {
        tables.emplace_back();
        for (const std::string& item : list_items(text(*r, "routes"))) {
          const auto eq = item.find('=');
          const std::string to = item.substr(0, eq);
          if (!node_of.count(to))
            throw ParameterError(where_ + ": " + r->name + ".routes names " + to + ", which is no terminal of " +
                                 net_.name + " (allowed: its booksim_terminals)");
          tables.back()[static_cast<std::uint32_t>(node_of.at(to))] = number(item.substr(eq + 1));
        }
      }
      return [tables, vcs, names = router_names()](const noc::Topology&, noc::Rng&) -> std::unique_ptr<noc::Routing> {
        std::vector<std::unique_ptr<noc::Routing>> each;
        for (std::size_t r = 0; r < tables.size(); ++r)
          each.push_back(std::make_unique<noc::RouteTable>(tables[r], vcs, 1, names[r]));
        return std::make_unique<noc::PerRouterRouting>(std::move(each));
      };
    }
    noc::NocConfig cube_shape;
    cube_shape.topology = how == "mesh" ? "mesh" : "torus";
    cube_shape.k = static_cast<int>(integer_param(routers_.front()->params, "k"));
    cube_shape.n = static_cast<int>(integer_param(routers_.front()->params, "n"));
    auto cube = std::make_shared<const noc::KaryNcube>(cube_shape);
    for (std::size_t r = 0; r < routers_.size(); ++r) {
      const auto at = static_cast<int>(r);
      bool theirs = integer_param(routers_[r]->params, "position") == at && at < cube->routers() &&
                    listed.ports(at) == cube->ports(at);
      for (int p = 0; theirs && p < listed.ports(at); ++p)
        theirs = listed.out(at, p).router == cube->out(at, p).router && listed.out(at, p).port == cube->out(at, p).port;
      if (!theirs || static_cast<int>(routers_.size()) != cube->routers())
        throw ParameterError(where_ + ": " + routers_[r]->name + " routes by its place (" + how + ", position " +
                             format_value(routers_[r]->params.at("position")) + ") in a " +
                             std::to_string(cube_shape.k) + "-ary " + std::to_string(cube_shape.n) +
                             "-cube, and its channels are not that place's (allowed: the cube's routers in order, "
                             "each port joined as the cube joins it)");
    }
    return [cube, vcs](const noc::Topology&, noc::Rng& coin) -> std::unique_ptr<noc::Routing> {
      return std::make_unique<OwnCubeRouting>(cube, noc::cube_routing(*cube, vcs, coin));
    };
  }

  std::vector<std::string> router_names() const {
    std::vector<std::string> names;
    for (const ResolvedComponent* r : routers_) names.push_back(r->name);
    return names;
  }
  static std::string text(const ResolvedComponent& c, const std::string& key) {
    return format_value(c.params.at(key));
  }
  // "out3", "in3" -> 3.
  static int number(const std::string& port) { return std::stoi(port.substr(port[0] == 'o' ? 3 : 2)); }
  // The port a connection joins to `at`, through `by`; throws for a dangling one.
  Port along(const PortMap& by, const Port& at) const {
    const auto it = by.find(at);
    if (it == by.end()) throw ParameterError(where_ + ": " + at.first + "." + at.second + " is connected to nothing");
    return it->second;
  }

  const ResolvedComponent& net_;
  const noc::NocConfig& config_;
  std::string where_;
  std::vector<const ResolvedComponent*> routers_, links_, terminals_;
  std::map<std::string, int> router_of_;
  PortMap to_, from_;
};

}  // namespace

noc::Network::Shape network_shape(const Platform& platform, const ResolvedComponent& network,
                                  const noc::NocConfig& config, const std::string& where) {
  return PartsReader(platform, network, config, where).shape();
}

}  // namespace creditflow::platform
