// A network's parts wired by hand (kinds/router.hpp, kinds/vc_link.hpp,
// kinds/vc_crossing.hpp, kinds/network_interface.hpp, which say their timing): the cycle shells of their one
// definitions, with their ports bound by name. A channel between two parts is a valid
// signal, a flit signal (noc::NocFlit) and a credit signal (noc::VcMask) back.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <string>

#include "creditflow/cycle/shell.hpp"
#include "creditflow/kinds/network_interface.hpp"
#include "creditflow/kinds/router.hpp"
#include "creditflow/kinds/vc_crossing.hpp"
#include "creditflow/kinds/vc_link.hpp"

namespace creditflow::cycle {

// One direction of a channel between network parts: flits one way, credits the other.
struct VcWires {
  explicit VcWires(const char* name = "vc")
      : valid((std::string(name) + "_valid").c_str()),
        flit((std::string(name) + "_flit").c_str()),
        credits((std::string(name) + "_credits").c_str()) {}
  sc_core::sc_signal<bool> valid;
  sc_core::sc_signal<noc::NocFlit> flit;
  sc_core::sc_signal<noc::VcMask> credits;
};

namespace detail {
template <class S>
void bind_in(S& shell, std::size_t flit_port, std::size_t credit_port, VcWires& w) {
  shell.pins(flit_port).valid_in.bind(w.valid);
  shell.pins(flit_port).noc_in.bind(w.flit);
  shell.pins(credit_port).vcs_out.bind(w.credits);
}
template <class S>
void bind_out(S& shell, std::size_t flit_port, std::size_t credit_port, VcWires& w) {
  shell.pins(flit_port).valid_out.bind(w.valid);
  shell.pins(flit_port).noc_out.bind(w.flit);
  shell.pins(credit_port).vcs_in.bind(w.credits);
}
}  // namespace detail

class Router : public Shell<kinds::RouterKind> {
  using Kind = kinds::RouterKind;

 public:
  sc_core::sc_in<bool>& clk;

  // `routes`: destination endpoint id -> output port; `config`: the router keys.
  Router(sc_core::sc_module_name name, const noc::NocConfig& config, int ports, std::map<std::uint32_t, int> routes,
         int vc_classes = 1)
      : Shell<Kind>(name, [&](const std::string& n) {
          return Kind(config, ports, std::move(routes), n, {}, vc_classes);
        }),
        clk(clock(0)) {}

  // Input port p takes the flits of `w` and returns their credits on it; output port p
  // sends on `w` and takes the credits back.
  void in(std::size_t p, VcWires& w) { detail::bind_in(*this, Kind::in(p), Kind::in_credit(p), w); }
  void out(std::size_t p, VcWires& w) { detail::bind_out(*this, Kind::out(p), Kind::out_credit(p), w); }
};

class VcLink : public Shell<kinds::VcLinkKind> {
  using Kind = kinds::VcLinkKind;

 public:
  sc_core::sc_in<bool>& clk;

  VcLink(sc_core::sc_module_name name, std::int64_t latency)
      : Shell<Kind>(name, [&](const std::string& n) { return Kind(latency, n); }), clk(clock(0)) {}

  void in(VcWires& w) { detail::bind_in(*this, Kind::in, Kind::credit_out, w); }
  void out(VcWires& w) { detail::bind_out(*this, Kind::out, Kind::credit_in, w); }
};

// A channel between routers in two clocks: `clk` the sending router's, `to_clk` the
// receiving router's.
class VcCrossing : public Shell<kinds::VcCrossingKind> {
  using Kind = kinds::VcCrossingKind;

 public:
  sc_core::sc_in<bool>& clk;
  sc_core::sc_in<bool>& to_clk;

  VcCrossing(sc_core::sc_module_name name, int num_vcs, std::int64_t sync_stages = 2, double uncertainty = 0.0,
             std::uint64_t seed = 1)
      : Shell<Kind>(name, [&](const std::string& n) { return Kind(num_vcs, sync_stages, uncertainty, seed, n); }),
        clk(clock(0)),
        to_clk(clock(1)) {}

  void in(VcWires& w) { detail::bind_in(*this, Kind::in, Kind::credit_out, w); }
  void out(VcWires& w) { detail::bind_out(*this, Kind::out, Kind::credit_in, w); }
};

class NetworkInterface : public Shell<kinds::NetworkInterfaceKind> {
  using Kind = kinds::NetworkInterfaceKind;

 public:
  sc_core::sc_in<bool>& clk;

  NetworkInterface(sc_core::sc_module_name name, const kinds::NetworkInterfaceParams& params)
      : Shell<Kind>(name, [&](const std::string& n) { return Kind(params, n); }), clk(clock(0)) {}

  // Flits to inject: a ready/valid stream from a source.
  void in(sc_core::sc_signal<bool>& valid, sc_core::sc_signal<core::Flit>& flit, sc_core::sc_signal<bool>& ready) {
    pins(Kind::in).valid_in.bind(valid);
    pins(Kind::in).flit_in.bind(flit);
    pins(Kind::in).ready_out.bind(ready);
  }
  void to_router(VcWires& w) { detail::bind_out(*this, Kind::to_router, Kind::to_router_credit, w); }
  void from_router(VcWires& w) { detail::bind_in(*this, Kind::from_router, Kind::from_router_credit, w); }
  // Whole flits out, as the sender of a credit loop: one credit pulse back per slot freed.
  void out(sc_core::sc_signal<bool>& valid, sc_core::sc_signal<core::Flit>& flit, sc_core::sc_signal<bool>& credit) {
    pins(Kind::out).valid_out.bind(valid);
    pins(Kind::out).flit_out.bind(flit);
    pins(Kind::credit_in).credit_in.bind(credit);
  }
  void measure_from(core::Cycle start) { behaviour().measure_from(start); }
};

}  // namespace creditflow::cycle
