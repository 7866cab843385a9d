// A router placed in a platform: BookSim2's iq router (noc/vc_router.hpp, timing.md section 6)
// with its ports in the netlist. Port p is four ports: in{p} takes flits holding a VC and
// in{p}_credit returns the credits of in{p}'s buffers, one bit per VC; out{p} sends flits
// and out{p}_credit brings back the credits of the buffers at the far end. A head is
// routed by the table in `routes` (destination=port), or on a torus or ring by BookSim2's
// dim_order, on a mesh by its dor, from the router's place (noc/cube_routes.hpp).
// Timing: flits and credits that arrive during t are taken at the edge closing t, and the
// router steps its pipeline there; what that step sends is on out{p} and in{p}_credit
// during t + 1. Between two routers a vc_link of L stages then gives timing.md section
// 6's channel: sent in t, read in t + L + 1.
#pragma once
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "creditflow/core/error.hpp"
#include "creditflow/core/flit.hpp"
#include "creditflow/kinds/behaviour.hpp"
#include "creditflow/kinds/packet_census.hpp"
#include "creditflow/noc/noc_config.hpp"
#include "creditflow/noc/route_table.hpp"
#include "creditflow/noc/vc_router.hpp"

namespace creditflow::kinds {

// As many ports as the network's router has at most (VcRouter::kMaxPorts): a router of
// an anynet a network makes may have that many.
inline constexpr std::size_t kRouterPorts = noc::VcRouter::kMaxPorts;

// Port p's four names, in<p>, in<p>_credit, out<p>, out<p>_credit, written once at compile
// time (the kinds' port tables point into them).
struct RouterPortNameTable {
  static constexpr std::size_t kLongest = sizeof "out63_credit";
  char text[4 * kRouterPorts][kLongest]{};
  constexpr RouterPortNameTable() {
    const char* const stems[4] = {"in", "in", "out", "out"};
    for (std::size_t p = 0; p < kRouterPorts; ++p)
      for (std::size_t k = 0; k < 4; ++k) {
        char* at = text[4 * p + k];
        std::size_t n = 0;
        for (const char* c = stems[k]; *c != '\0'; ++c) at[n++] = *c;
        if (p >= 10) at[n++] = static_cast<char>('0' + p / 10);
        at[n++] = static_cast<char>('0' + p % 10);
        if (k % 2 == 1)
          for (const char* c = "_credit"; *c != '\0'; ++c) at[n++] = *c;
      }
  }
};
inline constexpr RouterPortNameTable kRouterPortNameTable{};
constexpr std::array<const char*, 4 * kRouterPorts> router_port_names() {
  std::array<const char*, 4 * kRouterPorts> names{};
  for (std::size_t i = 0; i < names.size(); ++i) names[i] = kRouterPortNameTable.text[i];
  return names;
}
inline constexpr std::array<const char*, 4 * kRouterPorts> kRouterPortNames = router_port_names();

constexpr std::array<Port, 4 * kRouterPorts> router_ports() {
  std::array<Port, 4 * kRouterPorts> ports{};
  for (std::size_t p = 0; p < kRouterPorts; ++p) {
    const char* const* n = &kRouterPortNames[4 * p];
    ports[4 * p] = {n[0], ChannelType::vc_flow, PortDir::in, n[0], true, "flits in, each holding a VC"};
    ports[4 * p + 1] = {n[1], ChannelType::vc_credit, PortDir::out, n[1], true, "credits back for the input's VCs"};
    ports[4 * p + 2] = {n[2], ChannelType::vc_flow, PortDir::out, n[2], true, "flits out, each holding a VC"};
    ports[4 * p + 3] = {n[3], ChannelType::vc_credit, PortDir::in, n[3], true,
                        "credits back from the buffers the output feeds"};
  }
  return ports;
}

class RouterKind : public Behaviour<core::Flit> {
 public:
  static constexpr std::array<Port, 4 * kRouterPorts> ports = router_ports();
  static constexpr std::size_t in(std::size_t p) { return 4 * p; }
  static constexpr std::size_t in_credit(std::size_t p) { return 4 * p + 1; }
  static constexpr std::size_t out(std::size_t p) { return 4 * p + 2; }
  static constexpr std::size_t out_credit(std::size_t p) { return 4 * p + 3; }
  // Its credit loops are per VC, between routers: the router checks its own counts
  // (VcRouter::audit_counts), not a platform loop.
  static constexpr bool holds_credits = false;
  using Io = kinds::Io<core::Flit, 4 * kRouterPorts>;

  // `config`: the router keys (num_vcs, vc_buf_size, the delays, allocators, speedups);
  // `routes`: destination endpoint id -> output port.
  // `vc_classes`: message classes, each on its own share of the VCs.
  RouterKind(const noc::NocConfig& config, int ports, std::map<std::uint32_t, int> routes, const std::string& name,
             core::EndpointNamer name_of = {}, int vc_classes = 1)
      : RouterKind(config, ports,
                   std::make_unique<noc::RouteTable>(std::move(routes), config.num_vcs, vc_classes, name,
                                                     std::move(name_of)),
                   name) {}
  // Routed by `routing` instead (noc/cube_routes.hpp by a place in a cube).
  RouterKind(const noc::NocConfig& config, int ports, std::unique_ptr<noc::Routing> routing, const std::string& name)
      : state_(std::make_unique<State>(config, ports, std::move(routing), name)) {}

  const noc::VcRouter& router() const { return state_->router; }

  // Each input VC that holds flits and cannot move: for a credit on an output VC (the
  // buffer beyond that output is full), or for an output VC another input VC holds.
  void add_waits(core::Waits& w) const {
    const auto vc_name = [](int input, int vc) { return "in" + std::to_string(input) + " VC " + std::to_string(vc); };
    for (const noc::VcWait& v : state_->router.waits()) {
      if (v.output >= 0)
        w.push_back({vc_name(v.input, v.vc), "out" + std::to_string(v.output), v.out_vc, ""});
      else
        w.push_back({vc_name(v.input, v.vc), "", -1, vc_name(v.holder_input, v.holder_vc)});
    }
  }

  // A platform flit is held where its packet's tail is (network_interface.hpp): here, in
  // the buffers, the crossbar, the output queues and the registers driving the outputs.
  static constexpr bool counts_flits = true;
  void count(core::Census& c) const { state_->tails.count(c); }
  // The same by place: "in<p> VC <v>" for an input VC's buffer, "out<p> VC <v>" for a
  // flit on its way through the switch to output p, queued there or driving it.
  static constexpr bool counts_places = true;
  void count_places(const core::FlitCounter::PlaceCensus& at) const {
    count_at([&](int port, int vc) -> core::Census& {
      return at((port >= 0 ? "in" + std::to_string(port) : "out" + std::to_string(-1 - port)) + " VC " +
                std::to_string(vc));
    });
  }

  // At out<p>: the credits it has spent per VC, the flits allocated to leave, the flit on
  // the output, the credits arrived and not yet counted. At in<p>: the flits its buffers
  // hold, their credits not yet sent and those on in<p>_credit.
  void add_vc_terms(std::size_t port, core::VcTerms& t) const {
    const State& s = *state_;
    const int p = static_cast<int>(port / 4);
    const auto i = static_cast<std::size_t>(p);
    if (port == out(i)) {
      t.each([&](std::size_t v) {
        const int vc = static_cast<int>(v);
        t.spent[v] += s.router.downstream(p).occupancy(vc);
        t.leaving[v] += s.router.leaving(p, vc);
        t.back[v] += s.router.credits_due(p, vc);
      });
      if (s.outbox.valid[i]) ++t.on_wire[static_cast<std::size_t>(s.outbox.flits[i].vc)];
    } else if (port == in(i)) {
      t.each([&](std::size_t v) {
        const int vc = static_cast<int>(v);
        t.held[v] += static_cast<std::int64_t>(s.router.buffered_ref(p, vc));
        t.back[v] += s.router.credits_to_send(p, vc);
      });
      core::VcTerms::add_mask(t.back, s.outbox.credits[i]);
    }
  }

  // The same shares, as the counters that hold them (core/vc_terms.hpp VcCells).
  bool vc_cells(std::size_t port, int vc, core::VcCells& c) const {
    const State& s = *state_;
    const int p = static_cast<int>(port / 4);
    if (vc < 0 || vc >= s.config.num_vcs || p >= s.ports) return false;
    if (port == out(static_cast<std::size_t>(p))) {
      c.spent.push_back(&s.router.downstream(p).occupancy_ref(vc));
      c.leaving.push_back(&s.router.leaving(p, vc));
      c.back.push_back(&s.router.credits_due(p, vc));
      c.on_wire.push_back(&s.outbox.flits_by_vc[s.outbox.at(p, vc)]);
      return true;
    }
    if (port == in(static_cast<std::size_t>(p))) {
      c.held.push_back(&s.router.buffered_ref(p, vc));
      c.back.push_back(&s.router.credits_to_send(p, vc));
      c.back.push_back(&s.outbox.credits_by_vc[s.outbox.at(p, vc)]);
      return true;
    }
    return false;
  }

  // At out<p>: requests held for credits; at in<p>: VC allocations failed, switch requests
  // lost, and its flits' requests held for credits toward any output.
  void add_hop_waits(std::size_t port, core::HopWaits& w) const {
    const noc::RouterCounts& counts = state_->router.counts();
    const auto p = port / 4;
    const auto vcs = static_cast<std::size_t>(w.vcs());
    for (std::size_t vc = 0; vc < vcs; ++vc) {
      if (port == out(p)) {
        w.held_for_credit[vc] += counts.credit_waits[p * vcs + vc];
      } else if (port == in(p)) {
        w.lost_vc[vc] += counts.vc_waits[p * vcs + vc];
        w.lost_switch[vc] += counts.switch_losses[p * vcs + vc];
        w.held_onward[vc] += counts.held_onward[p * vcs + vc];
      }
    }
  }

  std::vector<std::string> outputs_toward(const std::string& input, std::uint32_t destination) const {
    std::vector<std::string> names;
    for (const int p : state_->routing->outputs(0, std::stoi(input.substr(2)), static_cast<int>(destination)))
      names.push_back("out" + std::to_string(p));
    return names;
  }

  void edge(int, Io& io) {
    State& s = *state_;
    bool woken = false;
    for (int p = 0; p < s.ports; ++p) {
      const auto i = static_cast<std::size_t>(p);
      if (io[in(i)]->valid) {
        s.router.arrive(p, io[in(i)]->noc, now_);
        s.tails.add(io[in(i)]->noc);
        ++held_;
        woken = true;
      }
      if (io[out_credit(i)]->vcs != 0) {
        s.router.credit_arrives(p, io[out_credit(i)]->vcs, now_);
        woken = true;
      }
      if (s.outbox.valid[i]) {  // onto the channel at this edge
        s.tails.remove(s.outbox.flits[i]);
        --held_;
      }
    }
    s.outbox.clear();
    if ((now_ & (kAuditPeriod - 1)) == 0) audit();
    const int steps = steps_this_cycle();
    if (woken || awake_) {
      s.router.step(now_, s.outbox, steps);
      awake_ = !s.router.quiet();
    }
    ++now_;
  }
  // Idle when nothing is inside and nothing was sent for this cycle: then only a flit or a
  // credit arriving wakes it (the loop above steps it only then), and the cycles between
  // add only to its clock and its speedup's count.
  static constexpr bool sleeps = true;
  core::Cycle next_busy(core::Cycle t) const {
    return awake_ || held_ != 0 || carrying_ != 0 ? t + 1 : this->never_busy;
  }
  void skip_to(core::Cycle t) {
    // A whole internal_speedup adds whole steps: its count of partial ones stays as it is.
    if (state_->config.internal_speedup == std::floor(state_->config.internal_speedup))
      now_ = std::max(now_, static_cast<noc::Cycle>(t));
    for (; now_ < static_cast<noc::Cycle>(t); ++now_) steps_this_cycle();
    state_->outbox.clear();
    carrying_ = 0;
  }

  // Only the outputs that carry something now or did after the last drive are written: the
  // others hold the quiet values they had (a wire written each cycle with what it held was
  // most of the engine's write misses).
  void drive(Io& io) {
    const State& s = *state_;
    if (!s.outbox.sent && carrying_ == 0) return;  // nothing to send, nothing to take back
    PortMask carrying = 0;
    for (std::size_t i = 0; i < static_cast<std::size_t>(s.ports); ++i)
      carrying |= (s.outbox.valid[i] ? port_bit_or_every(out(i)) : 0) |
                  (s.outbox.credits[i] != 0 ? port_bit_or_every(in_credit(i)) : 0);
    const PortMask written = carrying | carrying_;
    for (std::size_t i = 0; i < static_cast<std::size_t>(s.ports); ++i) {
      if (written & port_bit_or_every(out(i))) {
        io[out(i)]->valid = s.outbox.valid[i];
        if (s.outbox.valid[i]) io[out(i)]->noc = s.outbox.flits[i];
      }
      if (written & port_bit_or_every(in_credit(i))) io[in_credit(i)]->vcs = s.outbox.credits[i];
    }
    carrying_ = carrying;
  }
  PortMask carrying() const { return carrying_; }

 private:
  // Each packet's tail into the census `at(port, vc)` gives for where it is (port >= 0 an
  // input, -1 - p output p): what count and count_places share.
  template <class At>
  void count_at(const At& at) const {
    state_->router.for_each_flit_at([&](int port, int vc, const noc::NocFlit& f) {
      if (f.tail) count_packet(at(port, vc), f);
    });
    for (int p = 0; p < state_->ports; ++p)
      if (const auto i = static_cast<std::size_t>(p); state_->outbox.valid[i] && state_->outbox.flits[i].tail)
        count_packet(at(-1 - p, state_->outbox.flits[i].vc), state_->outbox.flits[i]);
  }

  // What a step sent: a flit per output, the credits per input, for the next cycle.
  // Beside them, as counts by port and VC (at port * vcs + vc), what the per-VC channel
  // check reads: the flits on the outputs and the credits on the inputs' credit wires.
  struct Outbox : noc::RouterOutbox {
    Outbox(std::string where, int ports, int vcs)
        : where(std::move(where)), ports(static_cast<std::size_t>(ports)), vcs(vcs),
          flits_by_vc(static_cast<std::size_t>(ports * vcs), 0), credits_by_vc(flits_by_vc) {}
    void flit(int, int output, const noc::NocFlit& f) override {
      const auto o = static_cast<std::size_t>(output);
      if (valid[o]) throw ProtocolError(where + " sent two flits on out" + std::to_string(output) + " in one cycle");
      valid[o] = true;
      flits[o] = f;
      ++flits_by_vc[at(output, f.vc)];
      sent = true;
    }
    void credit(int, int input, noc::VcMask vcs) override {
      noc::VcMask& mask = credits[static_cast<std::size_t>(input)];
      for (noc::VcMask fresh = vcs & ~mask; fresh != 0; fresh &= fresh - 1)
        ++credits_by_vc[at(input, __builtin_ctzll(fresh))];
      mask |= vcs;
      sent = true;
    }
    void clear() {
      if (!sent) return;
      sent = false;
      for (std::size_t p = 0; p < ports; ++p) {  // its own ports: 5 of a mesh router's 64
        if (valid[p]) --flits_by_vc[at(static_cast<int>(p), flits[p].vc)];
        for (noc::VcMask m = credits[p]; m != 0; m &= m - 1)
          --credits_by_vc[at(static_cast<int>(p), __builtin_ctzll(m))];
        valid[p] = false;
        credits[p] = 0;
      }
    }
    std::size_t at(int port, int vc) const { return static_cast<std::size_t>(port * vcs + vc); }
    std::string where;
    std::size_t ports;
    int vcs;
    bool sent = false;  // anything since the last clear
    std::array<bool, kRouterPorts> valid{};
    std::array<noc::NocFlit, kRouterPorts> flits{};
    std::array<noc::VcMask, kRouterPorts> credits{};
    std::vector<int> flits_by_vc, credits_by_vc;
  };
  // The router keeps references to its configuration and routing: held in one place that
  // does not move when the kind does.
  struct State {
    State(const noc::NocConfig& c, int p, std::unique_ptr<noc::Routing> r, const std::string& name)
        : config(c), ports(p), routing(std::move(r)), router(config, 0, ports, *routing),
          outbox(name, ports, config.num_vcs) {}
    noc::NocConfig config;
    int ports;
    std::unique_ptr<noc::Routing> routing;
    noc::VcRouter router;
    Outbox outbox;
    TailTally tails;  // what count() says, kept by the moves at each edge
  };
  // Every 1024 of its cycles (awake, just after the outputs of the cycle before left onto
  // their channels, so its outbox is empty): its census and its count of flits by moves
  // against a walk over its buffers and queues, and the router's counts of its queues
  // against the queues.
  static constexpr noc::Cycle kAuditPeriod = 1024;
  void audit() const {
    std::map<std::int32_t, std::int64_t> walked;
    state_->router.for_each_flit_at([&](int, int, const noc::NocFlit& f) {
      if (f.tail) ++walked[f.source];
    });
    if (held_ != state_->router.flits_inside())
      throw ProtocolError(state_->outbox.where + " at cycle " + std::to_string(now_) + ": it counted " +
                          std::to_string(held_) + " flits in as they came and went, but holds " +
                          std::to_string(state_->router.flits_inside()));
    if (!state_->tails.same_as(walked)) {
      std::string found;
      for (const auto& [source, n] : walked)
        found += (found.empty() ? "" : ", ") + std::to_string(n) + " from source " + std::to_string(source);
      throw ProtocolError(state_->outbox.where + " at cycle " + std::to_string(now_) +
                          ": its count of the packets it holds, kept as they came and went, differs from what its "
                          "buffers and queues hold (" + (found.empty() ? "none" : found) + ")");
    }
    state_->router.audit_counts();
  }

  // BookSim2's routers add internal_speedup to a count every cycle and step while it is 1
  // or more: the steps of the cycle now closing.
  int steps_this_cycle() {
    partial_steps_ += state_->config.internal_speedup;
    int steps = 0;
    for (; partial_steps_ >= 1.0; partial_steps_ -= 1.0) ++steps;
    return steps;
  }

  std::unique_ptr<State> state_;
  noc::Cycle now_ = 0;
  double partial_steps_ = 0.0;
  bool awake_ = false;
  // Beside awake_, what next_busy asks every cycle: the flits inside and on its outputs,
  // kept by its moves, and the outputs its last drive made carry something.
  std::int64_t held_ = 0;
  PortMask carrying_ = 0;
};

}  // namespace creditflow::kinds
