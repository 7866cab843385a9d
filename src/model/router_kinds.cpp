// The kinds a network is made of, placed in a platform by hand: `router` (BookSim2's iq
// router, its keys typed and ranged as every kind's parameters), `vc_link` (the channel
// between routers), `vc_crossing` (the same between routers in two clocks) and
// `network_interface` (where a platform's flits enter and leave).
#include <algorithm>
#include <map>
#include <memory>
#include <string>

#include "creditflow/core/limits.hpp"
#include "creditflow/core/seed.hpp"
#include "creditflow/kinds/network_interface.hpp"
#include "creditflow/kinds/router.hpp"
#include "creditflow/kinds/vc_crossing.hpp"
#include "creditflow/kinds/vc_link.hpp"
#include "creditflow/noc/cube_routes.hpp"
#include "creditflow/platform/define_kind.hpp"
#include "creditflow/platform/kind_config.hpp"
#include "creditflow/platform/registry.hpp"

namespace creditflow::platform {
namespace {

namespace lim = core::limits;
using P = ParamSpec;

// A channel's pipes pass flits in -> out and their credits credit_in -> credit_out.
const std::vector<std::pair<std::string, std::string>> kVcPipe{{"in", "out"}, {"credit_in", "credit_out"}};

// The keys a router and the interfaces at its ports share: what its input buffers are.
std::vector<ParamSpec> buffer_params() {
  return {noc_key("num_vcs"), noc_key("vc_buf_size").storing(64),
          P::integer("vc_classes", "1", 1, 64,
                     "message classes (requests, responses), each kept on its own share of the VCs"),
          noc_key("wait_for_tail_credit")};
}

std::vector<ParamSpec> router_params() {
  std::vector<ParamSpec> params{
      P::integer("ports", "5", 1, static_cast<std::int64_t>(kinds::kRouterPorts), "ports in0/out0.. in use"),
      P::list("routes", "", P::text("", "", ""),
              "destination=output, e.g. \"mem=out0, cpu=out2\" (with routing: table, required); with routing: "
              "torus or mesh, destination=node, e.g. \"mem=node5\" (a network's own terminals need none: they are "
              "their nodes)",
              false)
          .naming_destinations(),
      P::choice("routing", "table", {"table", "torus", "mesh", "network"},
                "table: by routes; torus: BookSim2's dim_order on a k-ary n-cube with wraparound from `position` "
                "(the shorter way round each dimension in turn, a tie by coin, the VCs of a packet's class halved "
                "by dateline); mesh: BookSim2's dor from `position` (the lowest dimension that differs first); "
                "on a cube, ports 2d go to and come from the +d neighbour, 2d+1 the -d one, 2n the node's; "
                "network: its network's routing_function (a user's, registered in C++), as a part of that network"),
      noc_key("k"),
      noc_key("n"),
      P::integer("position", "0", 0, 65535, "with routing: torus or mesh, the router's number in the cube "
                                            "(dimension 0 fastest, as BookSim2 numbers them)")};
  for (ParamSpec& p : buffer_params()) params.push_back(p);
  for (const char* key : {"routing_delay", "vc_alloc_delay", "sw_alloc_delay", "st_prepare_delay", "st_final_delay",
                          "credit_delay", "vc_allocator", "sw_allocator", "alloc_iters", "input_speedup",
                          "output_speedup", "internal_speedup"})
    params.push_back(noc_key(key));
  return params;
}

// The router's keys into the network's configuration, through its one table of BookSim2's
// keys (the ranges are the same: the parameters have checked them).
noc::NocConfig router_config(const ComponentConfig& c) {
  noc::NocConfig n;
  for (const auto& [key, value] : c.params())
    if (noc::NocConfig::knows(key)) n.set(c.name(), key, format_value(value));
  n.routing_function = "routes";  // what its messages call the routing
  return n;
}

// A torus router's routes: destination -> the node it is behind ("mem=node5").
std::vector<std::pair<std::string, int>> node_routes(const std::string& text, int nodes, const std::string& where) {
  const auto is_node = [nodes](const std::string& node) {
    return node.size() > 4 && node.size() < 10 && node.compare(0, 4, "node") == 0 &&
           std::all_of(node.begin() + 4, node.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
           std::stoi(node.substr(4)) < nodes;
  };
  std::vector<std::pair<std::string, int>> routes;
  if (text.empty()) return routes;  // a network's own terminals are their nodes
  for (const auto& [destination, node] :
       route_items(text, where, is_node, "destination=node with routing: torus or mesh",
                   "nodes node0..node" + std::to_string(nodes - 1) + ", e.g. mem=node5", "node"))
    routes.emplace_back(destination, std::stoi(node.substr(4)));
  return routes;
}

int cube_nodes(const std::map<std::string, ParamValue>& params) {
  int nodes = 1;
  for (std::int64_t d = 0; d < integer_param(params, "n"); ++d) nodes *= static_cast<int>(integer_param(params, "k"));
  return nodes;
}

// A router routed by its place in a cube: its place, its ports, on a torus its VCs halved
// per class.
void check_cube(const std::map<std::string, ParamValue>& params, const std::string& where) {
  const std::string routing = std::get<std::string>(params.at("routing"));
  const int nodes = cube_nodes(params);
  const std::int64_t position = integer_param(params, "position"), n = integer_param(params, "n");
  if (position >= nodes)
    throw ParameterError(where + ": position = " + std::to_string(position) + " is past the " + std::to_string(nodes) +
                         " routers of a " + std::to_string(integer_param(params, "k")) + "-ary " + std::to_string(n) +
                         "-cube (allowed 0.." + std::to_string(nodes - 1) + ")");
  if (integer_param(params, "ports") < 2 * n + 1)
    throw ParameterError(where + ": ports = " + std::to_string(integer_param(params, "ports")) + ", and routing: " +
                         routing + " in " + std::to_string(n) + " dimensions uses " + std::to_string(2 * n + 1) +
                         " (allowed ports " + std::to_string(2 * n + 1) + " or more)");
  node_routes(std::get<std::string>(params.at("routes")), nodes, where);
  if (routing == "mesh") return;
  const std::int64_t per_class = integer_param(params, "num_vcs") / integer_param(params, "vc_classes");
  if (per_class < 2 || per_class % 2 != 0)
    throw ParameterError(where + ": num_vcs = " + std::to_string(integer_param(params, "num_vcs")) + " gives each of " +
                         std::to_string(integer_param(params, "vc_classes")) + " classes " + std::to_string(per_class) +
                         " VCs, and routing: torus halves a class's VCs by dateline to break the rings' cycles "
                         "(allowed an even number, 2 or more, of VCs a class)");
}

void check_classes(const std::map<std::string, ParamValue>& params, const std::string& where) {
  const std::int64_t vcs = integer_param(params, "num_vcs"), classes = integer_param(params, "vc_classes");
  if (vcs % classes != 0)
    throw ParameterError(where + ": num_vcs = " + std::to_string(vcs) + " does not split into vc_classes = " +
                         std::to_string(classes) + " (allowed num_vcs a multiple of vc_classes)");
}

}  // namespace

void add_router_kinds(Registry& r) {
  KindSpec router{"router",
                  "BookSim2's input-queued VC router: route, VC allocation, switch allocation, traversal; ports "
                  "in<p>/out<p> with per-VC credits, routed by a destination table or, on a torus, by dim_order",
                  router_params(),
                  {},
                  LoopRole::none,
                  {},
                  {}};
  router.check = [](const std::map<std::string, ParamValue>& params,
                    const std::function<bool(const std::string&)>& connected, const std::string& where) {
    check_classes(params, where);
    if (integer_param(params, "st_prepare_delay") + integer_param(params, "st_final_delay") == 0)
      throw ParameterError(where + ": st_prepare_delay + st_final_delay = 0 (allowed 1 or more: a flit crosses the "
                           "switch in a cycle at least)");
    const auto ports = static_cast<int>(integer_param(params, "ports"));
    for (std::size_t p = static_cast<std::size_t>(ports); p < kinds::kRouterPorts; ++p)
      for (std::size_t k = 0; k < 4; ++k)
        if (const char* name = kinds::kRouterPortNames[4 * p + k]; connected(name))
          throw ParameterError(where + "." + name + " is connected, past its " + std::to_string(ports) +
                               " ports (allowed ports " + std::to_string(p + 1) + " or more, or in0..in" +
                               std::to_string(ports - 1) + " and out0..out" + std::to_string(ports - 1) + ")");
    if (std::get<std::string>(params.at("routing")) == "network") return;  // its network reads it
    if (std::get<std::string>(params.at("routing")) != "table") return check_cube(params, where);
    if (std::get<std::string>(params.at("routes")).empty())
      throw ParameterError(where + ".routes is empty: with routing: table it is what the router routes by (allowed "
                           "destination=output, e.g. \"mem=out0, cpu=out2\")");
    for (const auto& [destination, port] : split_routes(std::get<std::string>(params.at("routes")), where)) {
      if (std::stoi(port.substr(3)) >= ports)
        throw ParameterError(where + ".routes sends " + destination + " to " + port + ", past its " +
                             std::to_string(ports) + " ports (allowed out0..out" + std::to_string(ports - 1) + ")");
      if (!connected(port))
        throw ParameterError(where + ".routes sends " + destination + " to " + port +
                             ", which is not connected (allowed a connected output)");
    }
  };
  r.add(defined_by<kinds::RouterKind>(router, [](const ComponentConfig& c) {
    if (c.text("routing") == "network")
      throw Error(c.name() + " (router) routes by its network's routing_function, and runs only as a part of that "
                  "network (a network with nothing attached makes it)");
    if (c.text("routing") != "table") {
      std::map<std::uint32_t, int> nodes;
      for (const auto& [destination, node] : node_routes(c.text("routes"), cube_nodes(c.params()), c.name()))
        nodes[c.endpoint_id(destination)] = node;
      const noc::NocConfig config = router_config(c);
      // Its coin is its own, seeded by the run's seed and its name as every random part is.
      return kinds::RouterKind(
          config, static_cast<int>(c.integer("ports")),
          std::make_unique<noc::CubeRoutes>(c.text("routing") == "torus", static_cast<int>(c.integer("k")),
                                            static_cast<int>(c.integer("n")),
                                             static_cast<int>(c.integer("position")), std::move(nodes),
                                             config.num_vcs, static_cast<int>(c.integer("vc_classes")),
                                             core::derive_seed(c.seed(), c.name()), c.name(), c.endpoint_namer()),
          c.name());
    }
    std::map<std::uint32_t, int> routes;
    for (const auto& [destination, port] : split_routes(c.text("routes"), c.name()))
      routes[c.endpoint_id(destination)] = std::stoi(port.substr(3));
    return kinds::RouterKind(router_config(c), static_cast<int>(c.integer("ports")), std::move(routes), c.name(),
                             c.endpoint_namer(), static_cast<int>(c.integer("vc_classes")));
  }));

  r.add(defined_by<kinds::VcLinkKind>(
      {"vc_link", "a channel between routers: latency stages for flits holding a VC, as many for their credits back",
       {P::integer("latency", "1", 0, lim::max_latency, "stages each way: sent in t, read by the next router in "
                                                          "t + latency + 1")
            .storing(64)},
       {},
       LoopRole::none,
       kVcPipe,
       {}},
      [](const ComponentConfig& c) { return kinds::VcLinkKind(c.integer("latency"), c.name()); }));

  r.add(defined_by<kinds::VcCrossingKind>(
      {"vc_crossing",
       "a channel between routers in two clocks: flits holding a VC cross through a Gray-coded count, each VC's "
       "credits back through one of their own",
       [] {
         std::vector<ParamSpec> p{P::clock("to_clock", "the receiving router's clock (the sender's is `clock`)"),
                                  noc_key("num_vcs")};
         for (const ParamSpec& s : sync_params()) p.push_back(s);
         return p;
       }(),
       {},
       LoopRole::none,
       kVcPipe,
       {}},
      [](const ComponentConfig& c) {
        return kinds::VcCrossingKind(static_cast<int>(c.integer("num_vcs")), c.integer("sync_stages"),
                                     c.real("uncertainty"), c.seed(), c.name());
      }));

  std::vector<ParamSpec> ni_params = buffer_params();
  for (ParamSpec p :
       {P::integer("message_class", "0", 0, 63, "the VC class of the packets it injects (0: the first)"),
        P::integer("packet_flits", "1", 0, 4096, "network flits per flit (0: one, and one more per data unit)"),
        P::integer("queue_depth", "16", 1, lim::max_queue, "flits waiting to be injected").storing(64),
        P::integer("eject_depth", "4", 1, lim::max_queue, "whole flits waiting to go on out").storing(64),
        P::integer("credits", "4", 1, lim::max_depth, "credits of the loop on out; at most its receiver's depth")})
    ni_params.push_back(p);
  KindSpec ni{"network_interface",
              "where a platform's flits enter a network (in, to the router's port) and leave it (from the router, "
              "on out as a credit loop's sender)",
              ni_params,
              {},
              LoopRole::none,
              {},
              {}};
  ni.capacity_param = "credits";
  ni.offered_by_flows = true;
  ni.ends.push_back({LoopEnd::Side::sender, "out", "credit_in", "credits", ""});
  ni.check = [](const std::map<std::string, ParamValue>& params, const std::function<bool(const std::string&)>&,
                const std::string& where) {
    check_classes(params, where);
    if (integer_param(params, "message_class") >= integer_param(params, "vc_classes"))
      throw ParameterError(where + ": message_class = " + std::to_string(integer_param(params, "message_class")) +
                           " (allowed 0.." + std::to_string(integer_param(params, "vc_classes") - 1) +
                           ", one of its vc_classes)");
  };
  r.add(defined_by<kinds::NetworkInterfaceKind>(ni, [](const ComponentConfig& c) {
    kinds::NetworkInterfaceParams p;
    p.num_vcs = static_cast<int>(c.integer("num_vcs"));
    p.vc_buf_size = static_cast<int>(c.integer("vc_buf_size"));
    p.vc_classes = static_cast<int>(c.integer("vc_classes"));
    p.message_class = static_cast<int>(c.integer("message_class"));
    p.packet_flits = static_cast<int>(c.integer("packet_flits"));
    p.queue_depth = c.integer("queue_depth");
    p.eject_depth = c.integer("eject_depth");
    p.credits = c.integer("credits");
    p.wait_for_tail_credit = c.integer("wait_for_tail_credit") != 0;
    kinds::NetworkInterfaceKind k(p, c.name());
    k.measure_from(static_cast<core::Cycle>(c.warmup_in_own_cycles()));
    return k;
  }));

  // BookSim2's terminals draw from their network's one random stream in node order, each
  // cycle, as BookSim2 does: the network steps them together (simulate_network.cpp).
  const auto alone = [](const ComponentConfig& c) -> std::string {
    return c.name() + " (booksim_terminal) runs as node " + std::to_string(c.integer("node")) + " of network '" +
           c.text("network") + "', which steps its terminals together (one random stream, drawn in node order as "
           "BookSim2 draws it); a network with nothing attached at that node makes it";
  };
  KindSpec terminal{
      "booksim_terminal",
      "BookSim2's synthetic terminal at a node of a network with nothing attached there: packets by the network's "
      "traffic pattern, injection process and packet sizes, a flit a cycle into the router's buffer, retired as "
      "they arrive; made by its network, which measures its terminals as BookSim2 does",
      {P::integer("node", "0", 0, 65535, "its node's number (BookSim2's: what the traffic patterns address)"),
       P::text("network", "", "the network whose traffic it makes and that steps it").make_required()},
      {{"to_router", ChannelType::vc_flow, PortDir::out, false, "flits into the router's terminal port"},
       {"to_router_credit", ChannelType::vc_credit, PortDir::in, false, "credits of that port's buffers"},
       {"from_router", ChannelType::vc_flow, PortDir::in, false, "flits the router ejects"},
       {"from_router_credit", ChannelType::vc_credit, PortDir::out, false, "their credits, back at once"}},
      LoopRole::none,
      {},
      [alone](const ComponentConfig& c) -> std::unique_ptr<Component> { throw Error(alone(c)); }};
  terminal.retires_flits = true;
  terminal.tl_factory = [alone](const ComponentConfig& c) -> std::unique_ptr<TlPart> { throw Error(alone(c)); };
  r.add(terminal);
}

}  // namespace creditflow::platform
