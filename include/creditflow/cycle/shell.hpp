// The cycle view of any kind (kinds/behaviour.hpp): a SystemC module whose ports are the
// kind's port table on sc_signals, one clocked process per clock domain, and one process
// for the outputs that follow inputs combinationally. It reads the inputs into the kind's
// port values, calls edge() and drive(), and writes the outputs back, so a kind's timing
// is its definition's, whatever the view. The typed modules users wire by hand
// (CreditSender<>, ...) are instances of it that name its ports.
//
// Timing: at a rising edge that closes a cycle (cycle/clocking.hpp) the kind advances
// from the inputs as they were during the cycle, then drives its registered outputs for
// the next one in the same delta (the loop monitor reads them in the next). The outputs
// that follow inputs are written by a process of their own (a signal has one writer), one
// delta after the edge and whenever those inputs change. A kind of two clocks drives
// everything one delta after its edges, so that edges of both clocks at one instant all
// read the values from before it.
#pragma once
#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <systemc>
#include <utility>
#include <vector>

#include "creditflow/core/class_credits.hpp"
#include "creditflow/cycle/class_trace.hpp"
#include "creditflow/cycle/clocking.hpp"
#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/protocol_errors.hpp"
#include "creditflow/kinds/port.hpp"
#include "creditflow/monitor/loop_participant.hpp"

namespace creditflow::cycle {

template <class X>
using optional_in = sc_core::sc_port<sc_core::sc_signal_in_if<X>, 1, sc_core::SC_ZERO_OR_MORE_BOUND>;

// An input port of the shell: an sc_in, or, for an optional port, one that reads X{}
// while unbound.
template <class X>
class InPin {
 public:
  void make(const std::string& name, bool optional) {
    if (optional)
      optional_ = std::make_unique<optional_in<X>>(name.c_str());
    else
      required_ = std::make_unique<sc_core::sc_in<X>>(name.c_str());
  }
  bool exists() const { return required_ || optional_; }
  // Before binding is complete (a monitor summing holders during elaboration); a running
  // shell reads through its flat lists (Shell::flatten).
  void read_into(X& value) const {
    if (const auto* channel = bound()) value = channel->read();
  }
  sc_core::sc_port_base& port() { return required_ ? static_cast<sc_core::sc_port_base&>(*required_) : *optional_; }
  void bind(sc_core::sc_signal<X>& s) {
    if (required_)
      (*required_)(s);
    else
      (*optional_)(s);
  }
  sc_core::sc_in<X>& required() { return *required_; }

  // The channel it reads, once bound; null before then, or unbound.
  const sc_core::sc_signal_in_if<X>* bound() const {
    sc_core::sc_interface* channel = nullptr;
    if (required_)
      channel = required_->get_interface();
    else if (optional_ && optional_->size() != 0)
      channel = optional_->get_interface(0);
    return dynamic_cast<const sc_core::sc_signal_in_if<X>*>(channel);
  }

 private:
  std::unique_ptr<sc_core::sc_in<X>> required_;
  std::unique_ptr<optional_in<X>> optional_;
};

// An output port of the shell: an sc_out, or, for an optional port, one that writes
// nowhere while unbound.
template <class X>
class OutPin {
 public:
  void make(const std::string& name, bool optional) {
    if (optional)
      optional_ = std::make_unique<optional_out<X>>(name.c_str());
    else
      required_ = std::make_unique<sc_core::sc_out<X>>(name.c_str());
  }
  bool exists() const { return required_ || optional_; }
  // Before binding is complete; a running shell writes through its flat lists.
  void write(const X& value) {
    if (auto* channel = bound()) channel->write(value);
  }
  void initialize(const X& value) {
    if (required_) required_->initialize(value);
  }
  void bind(sc_core::sc_signal<X>& s) {
    if (required_)
      (*required_)(s);
    else
      (*optional_)(s);
  }
  sc_core::sc_out<X>& required() { return *required_; }
  optional_out<X>& optional() { return *optional_; }

  // The channel it writes, once bound; null before then, or unbound.
  sc_core::sc_signal_inout_if<X>* bound() const {
    sc_core::sc_interface* channel = nullptr;
    if (required_)
      channel = required_->get_interface();
    else if (optional_ && optional_->size() != 0)
      channel = optional_->get_interface(0);
    return dynamic_cast<sc_core::sc_signal_inout_if<X>*>(channel);
  }

 private:
  std::unique_ptr<sc_core::sc_out<X>> required_;
  std::unique_ptr<optional_out<X>> optional_;
};

// The SystemC ports of one port of the table; a channel type makes only its own.
template <class T>
struct Pins {
 private:
  bool in_ = true;
  kinds::ChannelType type_ = kinds::ChannelType::flow;

 public:
  InPin<bool> valid_in, ready_in, credit_in;
  InPin<T> flit_in;
  InPin<core::ClassCredits> credits_in;
  InPin<noc::NocFlit> noc_in;
  InPin<noc::VcMask> vcs_in;
  OutPin<bool> valid_out, ready_out, credit_out;
  OutPin<T> flit_out;
  OutPin<core::ClassCredits> credits_out;
  OutPin<noc::NocFlit> noc_out;
  OutPin<noc::VcMask> vcs_out;

  void make(const kinds::Port& p) {
    const std::string s = p.signal;
    in_ = p.dir == kinds::PortDir::in;
    type_ = p.type;
    switch (p.type) {
      case kinds::ChannelType::stream:
      case kinds::ChannelType::flow:
        if (in_) {
          valid_in.make(s + "_valid", p.optional);
          flit_in.make(s + "_flit", p.optional);
          if (p.type == kinds::ChannelType::stream) ready_out.make(s + "_ready", p.optional);
        } else {
          valid_out.make(s + "_valid", p.optional);
          flit_out.make(s + "_flit", p.optional);
          if (p.type == kinds::ChannelType::stream) ready_in.make(s + "_ready", p.optional);
        }
        break;
      case kinds::ChannelType::credit:
        in_ ? credit_in.make(s, p.optional) : credit_out.make(s, p.optional);
        break;
      case kinds::ChannelType::class_credit:
        in_ ? credits_in.make(s, p.optional) : credits_out.make(s, p.optional);
        break;
      case kinds::ChannelType::vc_flow:
        if (in_) {
          valid_in.make(s + "_valid", p.optional);
          noc_in.make(s + "_flit", p.optional);
        } else {
          valid_out.make(s + "_valid", p.optional);
          noc_out.make(s + "_flit", p.optional);
        }
        break;
      case kinds::ChannelType::vc_credit:
        in_ ? vcs_in.make(s, p.optional) : vcs_out.make(s, p.optional);
        break;
    }
  }
  // The inputs into the port's wire. A flit is read only when valid: a kind reads it only
  // then, and the wire keeps the last one, as a signal does. Without `payload`, only the
  // flags and single credits (what a kind's loop terms may read).
  void read(kinds::BasicWire<T>& w, bool payload = true) const {
    switch (type_) {
      case kinds::ChannelType::stream:
      case kinds::ChannelType::flow:
        if (!in_) {
          if (type_ == kinds::ChannelType::stream) ready_in.read_into(w.ready);
        } else {
          valid_in.read_into(w.valid);
          if (payload && w.valid) flit_in.read_into(w.flit);
        }
        break;
      case kinds::ChannelType::credit:
        if (in_) credit_in.read_into(w.credit);
        break;
      case kinds::ChannelType::class_credit:
        if (in_ && payload) credits_in.read_into(w.credits);
        break;
      case kinds::ChannelType::vc_flow:
        if (in_) {
          valid_in.read_into(w.valid);
          if (payload && w.valid) noc_in.read_into(w.noc);
        }
        break;
      case kinds::ChannelType::vc_credit:
        if (in_ && payload) vcs_in.read_into(w.vcs);
        break;
    }
  }
  void write(const kinds::BasicWire<T>& w) {
    switch (type_) {
      case kinds::ChannelType::stream:
      case kinds::ChannelType::flow:
        if (in_) {
          if (type_ == kinds::ChannelType::stream) ready_out.write(w.ready);
        } else {
          valid_out.write(w.valid);
          if (w.valid) flit_out.write(w.flit);
        }
        break;
      case kinds::ChannelType::credit:
        if (!in_) credit_out.write(w.credit);
        break;
      case kinds::ChannelType::class_credit:
        if (!in_) credits_out.write(w.credits);
        break;
      case kinds::ChannelType::vc_flow:
        if (!in_) {
          valid_out.write(w.valid);
          if (w.valid) noc_out.write(w.noc);
        }
        break;
      case kinds::ChannelType::vc_credit:
        if (!in_) vcs_out.write(w.vcs);
        break;
    }
  }
  void initialize(const kinds::BasicWire<T>& w) {
    valid_out.initialize(w.valid);
    if (w.valid) flit_out.initialize(w.flit);
    ready_out.initialize(w.ready);
    credit_out.initialize(w.credit);
    credits_out.initialize(w.credits);
    if (w.valid) noc_out.initialize(w.noc);
    vcs_out.initialize(w.vcs);
  }
  // The SystemC ports whose changes a combinational output follows.
  template <class Sensitive>
  void make_sensitive(Sensitive& sensitive) {
    for (auto* pin : {&valid_in, &ready_in, &credit_in})
      if (pin->exists()) sensitive << pin->port();
    if (flit_in.exists()) sensitive << flit_in.port();
    if (credits_in.exists()) sensitive << credits_in.port();
    if (noc_in.exists()) sensitive << noc_in.port();
    if (vcs_in.exists()) sensitive << vcs_in.port();
  }
};

template <class B>
class Shell : public sc_core::sc_module, public monitor::LoopParticipant {
 public:
  using T = typename B::Payload;
  static constexpr std::size_t N = B::ports.size();

  SC_HAS_PROCESS(Shell);
  // `make(name)` builds the definition, given the module's full name.
  template <class Make>
  Shell(sc_core::sc_module_name name, const Make& make) : sc_core::sc_module(name), b_(make(std::string(this->name()))) {
    for (std::size_t d = 0; d < clocks_.size(); ++d)
      clocks_[d] = std::make_unique<sc_core::sc_in<bool>>(B::clocks[d]);
    for (std::size_t i = 0; i < N; ++i) {
      pins_[i].make(B::ports[i]);
      io_[i] = &wires_[i];
      if constexpr (B::several_loops) ends_.emplace_back(*this, i);
    }
    SC_METHOD(on_edge);
    sensitive << clocks_[0]->pos();
    dont_initialize();
    if constexpr (B::domains == 2) {
      SC_METHOD(on_second_edge);
      sensitive << clocks_[1]->pos();
      dont_initialize();
    }
    const auto inputs = b_.combinational_inputs();
    follows_inputs_ = !inputs.empty() || B::domains == 2;
    mark_followers();
    if (follows_inputs_) {
      SC_METHOD(on_inputs);
      for (const std::size_t i : inputs) pins_[i].make_sensitive(sensitive);
      sensitive << advanced_;  // runs at initialization too: inputs may start high
    }
    b_.drive(io_);
    for (std::size_t i = 0; i < N; ++i) pins_[i].initialize(wires_[i]);
  }

  sc_core::sc_in<bool>& clock(int domain) { return *clocks_[static_cast<std::size_t>(domain)]; }
  Pins<T>& pins(std::size_t port) { return pins_[port]; }
  const B& behaviour() const { return b_; }
  B& behaviour() { return b_; }

  // What it holds of its loop (a kind in several loops: see end_holder).
  void contribute(core::LoopState& s) const override {
    if constexpr (!B::several_loops) {
      read_terms_inputs();
      b_.add_terms(s, io_);
    }
  }
  void add_figures(core::LinkReport& r) const override {
    if constexpr (!B::several_loops) b_.add_figures(r);
  }
  bool crosses_clocks() const override { return B::domains == 2; }

  // For a kind in several loops: what it holds of the loop whose end is port `port`.
  class EndHolder : public monitor::LoopParticipant {
   public:
    EndHolder(const Shell& shell, std::size_t port) : shell_(shell), port_(port) {}
    void contribute(core::LoopState& s) const override {
      if constexpr (B::several_loops) {
        shell_.read_terms_inputs();
        shell_.b_.add_terms(port_, s, shell_.io_);
      }
    }
    void add_figures(core::LinkReport& r) const override {
      if constexpr (B::several_loops) shell_.b_.add_figures(port_, r);
    }

   private:
    const Shell& shell_;
    std::size_t port_;
  };
  const monitor::LoopParticipant& end_holder(std::size_t port) const { return ends_[port]; }

 protected:
  // An optional port's sc_port cannot be initialized as an sc_out is: its registered
  // outputs start at what drive() said, written here once bound (as sc_out does its own).
  void end_of_elaboration() override {
    flatten();
    write_outputs(false);
  }

 private:
  void read_inputs() const {
    if (!flat_) {
      for (std::size_t i = 0; i < N; ++i) pins_[i].read(wires_[i]);
      return;
    }
    for (const auto& r : bools_in_) *r.value = r.channel->read();
    for (const auto& r : flits_in_)
      if (*r.valid) *r.value = r.channel->read();
    for (const auto& r : credits_in_) *r.value = r.channel->read();
    for (const auto& r : nocs_in_)
      if (*r.valid) *r.value = r.channel->read();
    for (const auto& r : vcs_in_) *r.value = r.channel->read();
  }
  // What the monitor's sum needs of the inputs, as they are now (one delta after an edge).
  void read_terms_inputs() const {
    if (!flat_) {
      for (const std::size_t i : B::ports_in_terms) pins_[i].read(wires_[i], false);
      return;
    }
    for (const auto& r : terms_in_) *r.value = r.channel->read();
  }
  // Which ports' outputs follow the inputs, and so are written by on_inputs (each signal
  // has one writer): every port's for a kind of two clocks; for one clock, those the kind
  // names, else those its combinational paths lead to, else every port's.
  void mark_followers() {
    if (!follows_inputs_) return;
    if (B::domains == 1) {
      auto outputs = b_.combinational_outputs();
      for (const auto& path : b_.combinational_paths()) outputs.push_back(path.second);
      for (const std::size_t o : outputs) follower_[o] = true;
      if (!outputs.empty()) return;
    }
    follower_.fill(true);
  }
  void write_outputs(bool followers) {
    if (!flat_) {
      for (std::size_t i = 0; i < N; ++i)
        if (follower_[i] == followers) pins_[i].write(wires_[i]);
      return;
    }
    const Writes& w = writes_[followers];
    for (const auto& o : w.bools) o.channel->write(*o.value);
    for (const auto& o : w.flits)
      if (*o.valid) o.channel->write(*o.value);
    for (const auto& o : w.credits) o.channel->write(*o.value);
    for (const auto& o : w.nocs)
      if (*o.valid) o.channel->write(*o.value);
    for (const auto& o : w.vcs) o.channel->write(*o.value);
  }

  // Once binding is complete, a cycle's reads and writes go straight between the wires and
  // the bound channels, in flat lists (a generic walk over the port table cost a platform
  // a third more time); an unbound optional port has no entry.
  template <class X>
  struct In {
    const sc_core::sc_signal_in_if<X>* channel;
    X* value;
    const bool* valid;  // flits: read only when valid
  };
  template <class X>
  struct Out {
    sc_core::sc_signal_inout_if<X>* channel;
    const X* value;
    const bool* valid;  // flits: written only when valid
  };
  struct Writes {
    std::vector<Out<bool>> bools;
    std::vector<Out<T>> flits;
    std::vector<Out<core::ClassCredits>> credits;
    std::vector<Out<noc::NocFlit>> nocs;
    std::vector<Out<noc::VcMask>> vcs;
  };
  void flatten() {
    for (std::size_t i = 0; i < N; ++i) {
      Pins<T>& p = pins_[i];
      kinds::BasicWire<T>& w = wires_[i];
      auto in = [&](auto& pin, auto& list, auto& value, const bool* valid) {
        if (pin.exists())
          if (const auto* channel = pin.bound()) list.push_back({channel, &value, valid});
      };
      in(p.valid_in, bools_in_, w.valid, nullptr);
      in(p.ready_in, bools_in_, w.ready, nullptr);
      in(p.credit_in, bools_in_, w.credit, nullptr);
      in(p.flit_in, flits_in_, w.flit, &w.valid);
      in(p.credits_in, credits_in_, w.credits, nullptr);
      in(p.noc_in, nocs_in_, w.noc, &w.valid);
      in(p.vcs_in, vcs_in_, w.vcs, nullptr);
      if (std::find(B::ports_in_terms.begin(), B::ports_in_terms.end(), i) != B::ports_in_terms.end()) {
        in(p.valid_in, terms_in_, w.valid, nullptr);
        in(p.ready_in, terms_in_, w.ready, nullptr);
        in(p.credit_in, terms_in_, w.credit, nullptr);
      }
      Writes& out = writes_[follower_[i]];
      auto put = [&](auto& pin, auto& list, const auto& value, const bool* valid) {
        if (pin.exists())
          if (auto* channel = pin.bound()) list.push_back({channel, &value, valid});
      };
      put(p.valid_out, out.bools, w.valid, nullptr);
      put(p.ready_out, out.bools, w.ready, nullptr);
      put(p.credit_out, out.bools, w.credit, nullptr);
      put(p.flit_out, out.flits, w.flit, &w.valid);
      put(p.credits_out, out.credits, w.credits, nullptr);
      put(p.noc_out, out.nocs, w.noc, &w.valid);
      put(p.vcs_out, out.vcs, w.vcs, nullptr);
    }
    flat_ = true;
  }
  // At the edge: the registered outputs for the next cycle, in this delta (the monitor reads
  // them in the next); those that follow inputs once the inputs have settled, in the next
  // delta (for two clocks, after every edge of the instant).
  void advance(int domain) {
    if (edges_[static_cast<std::size_t>(domain)].opening()) return;
    read_inputs();
    report_protocol_errors([&] { b_.edge(domain, io_); });
    if (B::domains == 1) {
      b_.drive(io_);
      write_outputs(false);
    }
    if (follows_inputs_) advanced_.notify(sc_core::SC_ZERO_TIME);
  }
  void on_edge() { advance(0); }
  void on_second_edge() { advance(1); }
  void on_inputs() {
    read_inputs();
    b_.drive(io_);
    write_outputs(true);
  }

  B b_;
  std::array<std::unique_ptr<sc_core::sc_in<bool>>, B::domains> clocks_;
  std::array<EdgeCount, B::domains> edges_;
  std::array<Pins<T>, N> pins_;
  mutable std::array<kinds::BasicWire<T>, N> wires_;
  kinds::Io<T, N> io_{};
  sc_core::sc_event advanced_;
  bool follows_inputs_ = false;
  std::array<bool, N> follower_{};
  std::vector<EndHolder> ends_;
  bool flat_ = false;
  std::vector<In<bool>> bools_in_;
  std::vector<In<bool>> terms_in_;  // the flags of the ports in B::ports_in_terms
  std::vector<In<T>> flits_in_;
  std::vector<In<core::ClassCredits>> credits_in_;
  std::vector<In<noc::NocFlit>> nocs_in_;
  std::vector<In<noc::VcMask>> vcs_in_;
  std::array<Writes, 2> writes_;  // [0]: registered outputs, [1]: those that follow inputs  // per port, for a kind in several loops
};

}  // namespace creditflow::cycle
