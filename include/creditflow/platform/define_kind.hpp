// A kind registered from its one definition (kinds/behaviour.hpp): its ports come from the
// definition's table, its cycle view is the generic cycle shell bound to the platform's
// channels, its transaction-level view the generic TL shell. `make` builds the definition
// from a component's resolved parameters, once per view.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <systemc>

#include "creditflow/cycle/shell.hpp"
#include "creditflow/platform/registry.hpp"
#include "creditflow/platform/tl_shell.hpp"

namespace creditflow::platform {

template <class B>
class ShellComponent : public Component {
 public:
  template <class Make>
  ShellComponent(const ComponentConfig& c, const Make& make)
      : shell_(c.name().c_str(), [&](const std::string&) { return make(c); }) {}

  void bind_clock(sc_core::sc_clock& clk) override {
    shell_.clock(0)(clk);
    shell_.behaviour().set_period(0, period_ps(clk));
  }
  void bind_domain_clock(const std::string&, sc_core::sc_clock& clk) override {
    if constexpr (B::domains == 2) {
      shell_.clock(1)(clk);
      shell_.behaviour().set_period(1, period_ps(clk));
    }
  }
  void bind(const std::string& port, Channel& ch) override {
    auto& pins = shell_.pins(kinds::port_index(B::ports, port));
    if (auto* s = dynamic_cast<StreamChannel*>(&ch)) {
      bind_flit(pins, s->valid, s->flit);
      if (pins.ready_in.exists()) pins.ready_in.bind(s->ready);
      if (pins.ready_out.exists()) pins.ready_out.bind(s->ready);
    } else if (auto* f = dynamic_cast<FlowChannel*>(&ch)) {
      bind_flit(pins, f->valid, f->flit);
    } else if (auto* k = dynamic_cast<CreditChannel*>(&ch)) {
      pins.credit_in.exists() ? pins.credit_in.bind(k->credit) : pins.credit_out.bind(k->credit);
    } else if (auto* v = dynamic_cast<VcFlowChannel*>(&ch)) {
      if (pins.noc_in.exists()) {
        pins.valid_in.bind(v->valid);
        pins.noc_in.bind(v->flit);
      } else {
        pins.valid_out.bind(v->valid);
        pins.noc_out.bind(v->flit);
      }
    } else if (auto* m = dynamic_cast<VcCreditChannel*>(&ch)) {
      pins.vcs_in.exists() ? pins.vcs_in.bind(m->vcs) : pins.vcs_out.bind(m->vcs);
    } else {
      auto& cc = dynamic_cast<ClassCreditChannel&>(ch);  // the resolver has checked the type
      pins.credits_in.exists() ? pins.credits_in.bind(cc.credits) : pins.credits_out.bind(cc.credits);
    }
  }
  const monitor::LoopParticipant* participant() const override { return B::holds_credits ? &shell_ : nullptr; }
  void contribute(core::LinkReport& r) const override {
    if constexpr (!B::several_loops) shell_.behaviour().add_figures(r);
  }
  void add_flows(core::FlowTable& t) const override { shell_.behaviour().add_flows(t); }
  void add_waits(core::Waits& w) const override { shell_.behaviour().add_waits(w); }
  bool counts_flits() const override { return B::counts_flits; }
  bool holds_flits() const override { return B::holds_flits; }
  void count(core::Census& c) const override { shell_.behaviour().count(c); }
  std::uint64_t census_version() const override { return shell_.behaviour().census_version(); }
  core::CensusLog* census_log() override { return shell_.behaviour().census_log(); }
  void count_places(const PlaceCensus& at) const override {
    if constexpr (B::counts_places)
      shell_.behaviour().count_places(at);
    else
      shell_.behaviour().count(at(""));
  }
  std::size_t port_number(const std::string& port) const override { return kinds::port_index(B::ports, port); }
  void add_vc_terms(std::size_t port, core::VcTerms& t) const override { shell_.behaviour().add_vc_terms(port, t); }
  bool vc_cells(std::size_t port, int vc, core::VcCells& c) const override {
    return shell_.behaviour().vc_cells(port, vc, c);
  }
  void add_hop_waits(std::size_t port, core::HopWaits& w) const override { shell_.behaviour().add_hop_waits(port, w); }
  std::vector<std::string> outputs_toward(const std::string& input, std::uint32_t destination) const override {
    return shell_.behaviour().outputs_toward(input, destination);
  }
  const monitor::LoopParticipant* participant_at(const std::string& end) const override {
    if constexpr (B::several_loops) return &shell_.end_holder(kinds::port_index(B::ports, end));
    else return participant();
  }
  void contribute_at(const std::string& end, core::LinkReport& r) const override {
    if constexpr (B::several_loops) shell_.behaviour().add_figures(kinds::port_index(B::ports, end), r);
    else contribute(r);
  }
  void trace_state(sc_core::sc_trace_file* tf, const std::string& name) const override {
    shell_.behaviour().trace([&](const auto& value, const char* what) { sc_core::sc_trace(tf, value, name + "." + what); });
  }

 private:
  static double period_ps(const sc_core::sc_clock& clk) { return clk.period() / sc_core::sc_time(1, sc_core::SC_PS); }
  static void bind_flit(cycle::Pins<core::Flit>& pins, sc_core::sc_signal<bool>& valid,
                        sc_core::sc_signal<core::Flit>& flit) {
    if (pins.valid_in.exists()) {
      pins.valid_in.bind(valid);
      pins.flit_in.bind(flit);
    } else {
      pins.valid_out.bind(valid);
      pins.flit_out.bind(flit);
    }
  }

  cycle::Shell<B> shell_;
};

// The kind's ports, from its definition's table.
template <class B>
std::vector<PortSpec> ports_of() {
  std::vector<PortSpec> ports;
  for (const kinds::Port& p : B::ports) ports.emplace_back(p.name, p.type, p.dir, p.optional, p.doc, p.domain);
  return ports;
}

// Sets `kind`'s ports and both views from definition B, built by make(config).
template <class B>
KindSpec defined_by(KindSpec kind, std::function<B(const ComponentConfig&)> make) {
  kind.ports = ports_of<B>();
  kind.factory = [make](const ComponentConfig& c) { return std::make_unique<ShellComponent<B>>(c, make); };
  kind.tl_factory = [make](const ComponentConfig& c) { return std::make_unique<TlShell<B>>(make(c)); };
  return kind;
}

}  // namespace creditflow::platform
