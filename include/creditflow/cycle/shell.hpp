// The cycle view of any kind (kinds/behaviour.hpp): a SystemC module whose ports are the
// kind's port table on sc_signals, one clocked process per clock domain, and one process
// for the outputs that follow inputs combinationally. It reads the inputs into the kind's
// port values, calls edge() and drive(), and writes the outputs back, so a kind's timing
// is its definition's, whatever the view. The typed modules users wire by hand
// (CreditSender<>, ...) are instances of it that name its ports.
//
// Timing: at a rising edge that closes a cycle (cycle/clocking.hpp) the kind advances
// from the inputs as they were during the cycle, then drives its outputs for the next one
// in the same delta. A kind of two clocks drives one delta later, so that edges of both
// clocks at one instant all read the values from before it. Outputs that follow inputs
// are driven again whenever those inputs change, by the one process that writes them.
#pragma once
#include <array>
#include <memory>
#include <string>
#include <systemc>
#include <utility>
#include <vector>

#include "creditflow/core/class_credits.hpp"
#include "creditflow/cycle/class_trace.hpp"
#include "creditflow/cycle/clocking.hpp"
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
  void read_into(X& value) const {
    if (required_)
      value = required_->read();
    else if (optional_ && optional_->size() != 0)
      value = (*optional_)->read();
  }
  sc_core::sc_port_base& port() { return required_ ? static_cast<sc_core::sc_port_base&>(*required_) : *optional_; }
  void bind(sc_core::sc_signal<X>& s) {
    if (required_)
      (*required_)(s);
    else
      (*optional_)(s);
  }
  sc_core::sc_in<X>& required() { return *required_; }

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
  void write(const X& value) {
    if (required_)
      required_->write(value);
    else if (optional_)
      write_if_bound(*optional_, value);
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

 private:
  std::unique_ptr<sc_core::sc_out<X>> required_;
  std::unique_ptr<optional_out<X>> optional_;
};

// The SystemC ports of one port of the table; a channel type makes only its own.
template <class T>
struct Pins {
  InPin<bool> valid_in, ready_in, credit_in;
  InPin<T> flit_in;
  InPin<core::ClassCredits> credits_in;
  OutPin<bool> valid_out, ready_out, credit_out;
  OutPin<T> flit_out;
  OutPin<core::ClassCredits> credits_out;

  void make(const kinds::Port& p) {
    const std::string s = p.signal;
    const bool in = p.dir == kinds::PortDir::in;
    switch (p.type) {
      case kinds::ChannelType::stream:
      case kinds::ChannelType::flow:
        if (in) {
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
        in ? credit_in.make(s, p.optional) : credit_out.make(s, p.optional);
        break;
      case kinds::ChannelType::class_credit:
        in ? credits_in.make(s, p.optional) : credits_out.make(s, p.optional);
        break;
    }
  }
  void read(kinds::BasicWire<T>& w) const {
    valid_in.read_into(w.valid);
    flit_in.read_into(w.flit);
    ready_in.read_into(w.ready);
    credit_in.read_into(w.credit);
    credits_in.read_into(w.credits);
  }
  void write(const kinds::BasicWire<T>& w) {
    if (valid_out.exists()) {
      valid_out.write(w.valid);
      if (w.valid) flit_out.write(w.flit);
    }
    if (ready_out.exists()) ready_out.write(w.ready);
    if (credit_out.exists()) credit_out.write(w.credit);
    if (credits_out.exists()) credits_out.write(w.credits);
  }
  void initialize(const kinds::BasicWire<T>& w) {
    valid_out.initialize(w.valid);
    if (w.valid) flit_out.initialize(w.flit);
    ready_out.initialize(w.ready);
    credit_out.initialize(w.credit);
    credits_out.initialize(w.credits);
  }
  // The SystemC ports whose changes a combinational output follows.
  template <class Sensitive>
  void make_sensitive(Sensitive& sensitive) {
    for (auto* pin : {&valid_in, &ready_in, &credit_in})
      if (pin->exists()) sensitive << pin->port();
    if (flit_in.exists()) sensitive << flit_in.port();
    if (credits_in.exists()) sensitive << credits_in.port();
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
      read_inputs();
      b_.add_terms(s, io_);
    }
  }
  void add_figures(core::LinkReport& r) const override {
    if constexpr (!B::several_loops) b_.add_figures(r);
  }

  // For a kind in several loops: what it holds of the loop whose end is port `port`.
  class EndHolder : public monitor::LoopParticipant {
   public:
    EndHolder(const Shell& shell, std::size_t port) : shell_(shell), port_(port) {}
    void contribute(core::LoopState& s) const override {
      if constexpr (B::several_loops) {
        shell_.read_inputs();
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

 private:
  void read_inputs() const {
    for (std::size_t i = 0; i < N; ++i) pins_[i].read(wires_[i]);
  }
  void write_outputs() {
    for (std::size_t i = 0; i < N; ++i) pins_[i].write(wires_[i]);
  }
  void advance(int domain) {
    if (edges_[static_cast<std::size_t>(domain)].opening()) return;
    read_inputs();
    report_protocol_errors([&] { b_.edge(domain, io_); });
    // One process writes the outputs (a signal has one writer): this one, or the one that
    // follows the inputs, woken in this delta, or for two clocks in the next.
    if (B::domains == 2)
      advanced_.notify(sc_core::SC_ZERO_TIME);
    else if (follows_inputs_)
      advanced_.notify();
    else
      drive_outputs();
  }
  void on_edge() { advance(0); }
  void on_second_edge() { advance(1); }
  void drive_outputs() {
    b_.drive(io_);
    write_outputs();
  }
  void on_inputs() {
    read_inputs();
    drive_outputs();
  }

  B b_;
  std::array<std::unique_ptr<sc_core::sc_in<bool>>, B::domains> clocks_;
  std::array<EdgeCount, B::domains> edges_;
  std::array<Pins<T>, N> pins_;
  mutable std::array<kinds::BasicWire<T>, N> wires_;
  kinds::Io<T, N> io_{};
  sc_core::sc_event advanced_;
  bool follows_inputs_ = false;
  std::vector<EndHolder> ends_;  // per port, for a kind in several loops
};

}  // namespace creditflow::cycle
