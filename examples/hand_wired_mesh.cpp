// A 2x2 mesh wired by hand in sc_main: four routers (BookSim2's iq router, 2 VCs of 4
// flits), the channels between them and a network interface at each node, bound by
// sc_signals, with a traffic source and a receiver at each node. Node i sends at random
// 0.2 a cycle to the receiver of node 3 - i, routed x then y. It prints each flow's
// figures over cycles 1000..3999, the same as `creditflow run models/hand_wired_mesh.yaml`
// prints for the same mesh written in YAML (a test compares them).
#include <array>
#include <iostream>
#include <memory>

#include <creditflow/creditflow.hpp>

using namespace creditflow;

int sc_main(int, char*[]) {
  constexpr int kCycles = 4000, kWarmup = 1000;
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);

  noc::NocConfig router_keys;  // BookSim2's defaults but for the buffers
  router_keys.num_vcs = 2;
  router_keys.vc_buf_size = 4;
  kinds::NetworkInterfaceParams ni_keys;
  ni_keys.num_vcs = 2;
  ni_keys.vc_buf_size = 4;

  // Endpoint ids: what a flit carries as its source and destination.
  const auto source_id = [](int node) { return static_cast<std::uint32_t>(10 + node); };
  const auto receiver_id = [](int node) { return static_cast<std::uint32_t>(20 + node); };

  std::array<std::unique_ptr<cycle::Router>, 4> routers;
  for (int r = 0; r < 4; ++r) {
    // x then y: port 1 along x, port 2 along y, port 0 the node.
    std::map<std::uint32_t, int> routes;
    for (int d = 0; d < 4; ++d)
      routes[receiver_id(d)] = d % 2 != r % 2 ? 1 : d / 2 != r / 2 ? 2 : 0;
    routers[r] = std::make_unique<cycle::Router>(("r" + std::to_string(r)).c_str(), router_keys, 3, routes);
    routers[r]->clk(clk);
  }

  // Between routers: a 1-cycle channel each way, along x (0-1, 2-3) and along y (0-2, 1-3).
  struct Hop {
    int from, port, to;
  };
  const std::array<Hop, 8> hops{{{0, 1, 1}, {1, 1, 0}, {0, 2, 2}, {2, 2, 0}, {1, 2, 3}, {3, 2, 1}, {2, 1, 3}, {3, 1, 2}}};
  std::vector<std::unique_ptr<cycle::VcLink>> links;
  std::vector<std::unique_ptr<cycle::VcWires>> wires;
  const auto channel = [&](const std::string& name) {
    links.push_back(std::make_unique<cycle::VcLink>(name.c_str(), 1));
    links.back()->clk(clk);
    wires.push_back(std::make_unique<cycle::VcWires>((name + "_in").c_str()));
    links.back()->in(*wires.back());
    cycle::VcWires& into = *wires.back();
    wires.push_back(std::make_unique<cycle::VcWires>((name + "_out").c_str()));
    links.back()->out(*wires.back());
    return std::pair<cycle::VcWires*, cycle::VcWires*>{&into, wires.back().get()};
  };
  for (const Hop& h : hops) {
    const auto [into, out_of] = channel("l" + std::to_string(h.from) + std::to_string(h.to));
    routers[h.from]->out(h.port, *into);
    routers[h.to]->in(h.port, *out_of);
  }

  // At each node: a source, an interface (a channel each way to the router's port 0), a
  // receiver of 4 slots fed by the interface's credit loop.
  std::array<std::unique_ptr<cycle::TrafficSource<>>, 4> sources;
  std::array<std::unique_ptr<cycle::NetworkInterface>, 4> interfaces;
  std::array<std::unique_ptr<cycle::CreditReceiver<>>, 4> receivers;
  std::array<sc_core::sc_signal<bool>, 4> offer_valid, offer_ready, out_valid, credit;
  std::array<sc_core::sc_signal<core::Flit>, 4> offered, out_flit;
  for (int n = 0; n < 4; ++n) {
    const std::string i = std::to_string(n);
    core::SourceParams src;
    src.traffic = core::TrafficSpec::bernoulli(0.2);
    src.source_id = source_id(n);
    src.destinations.destinations = {receiver_id(3 - n)};
    sources[n] = std::make_unique<cycle::TrafficSource<>>(("src" + i).c_str(), src);
    ni_keys.credits = 4;
    interfaces[n] = std::make_unique<cycle::NetworkInterface>(("ni" + i).c_str(), ni_keys);
    interfaces[n]->measure_from(kWarmup);
    receivers[n] = std::make_unique<cycle::CreditReceiver<>>(("rx" + i).c_str(), core::ReceiverParams{4, core::DrainSpec{}});
    receivers[n]->measure_from(kWarmup);
    receivers[n]->behaviour().flows().configure(receiver_id(n), kWarmup);
    sources[n]->clk(clk), interfaces[n]->clk(clk), receivers[n]->clk(clk);

    sources[n]->out_valid(offer_valid[n]), sources[n]->out_flit(offered[n]), sources[n]->out_ready(offer_ready[n]);
    interfaces[n]->in(offer_valid[n], offered[n], offer_ready[n]);
    const auto [inject, at_router] = channel("inj" + i);
    interfaces[n]->to_router(*inject);
    routers[n]->in(0, *at_router);
    const auto [eject, at_interface] = channel("ej" + i);
    routers[n]->out(0, *eject);
    interfaces[n]->from_router(*at_interface);
    interfaces[n]->out(out_valid[n], out_flit[n], credit[n]);
    receivers[n]->in_valid(out_valid[n]), receivers[n]->in_flit(out_flit[n]), receivers[n]->credit_out(credit[n]);
  }

  // The monitor runs the cycles (and watches the loop into node 0's receiver).
  monitor::LoopMonitor mon("mon", kCycles, kWarmup);
  mon.clk(clk);
  mon.watch("rx0", {interfaces[0].get(), receivers[0].get()});
  sc_core::sc_start();

  core::FlowTable flows;
  for (int n = 0; n < 4; ++n) {
    sources[n]->behaviour().add_flows(flows);
    receivers[n]->behaviour().add_flows(flows);
  }
  for (const auto& [key, f] : flows) {
    const int from = static_cast<int>(key.first) - 10, to = static_cast<int>(key.second) - 20;
    std::cout << "flow src" << from << ":rx" << to << " created " << f.created << " delivered " << f.delivered
              << " in_window " << f.delivered_in_window << " p50 " << f.latency.p50() << " p99 " << f.latency.p99()
              << " max " << f.latency.max() << "\n";
  }
  return 0;
}
