// The cycle view of every built-in kind: thin adapters from resolved YAML parameters to the
// cycle modules, bound to the platform's sc_signal channels.
#include "cycle_components.hpp"

#include <memory>
#include <type_traits>

#include "creditflow/core/limits.hpp"
#include "creditflow/cycle/async_fifo.hpp"
#include "creditflow/cycle/class_link.hpp"
#include "creditflow/cycle/class_receiver.hpp"
#include "creditflow/cycle/class_sender.hpp"
#include "creditflow/cycle/credit_crossing.hpp"
#include "creditflow/cycle/credit_receiver.hpp"
#include "creditflow/cycle/credit_sender.hpp"
#include "creditflow/cycle/credit_source.hpp"
#include "creditflow/cycle/fault_wires.hpp"
#include "creditflow/cycle/flit_crossing.hpp"
#include "creditflow/cycle/pipelined_link.hpp"
#include "creditflow/cycle/ready_valid_sink.hpp"
#include "creditflow/cycle/register_slice.hpp"
#include "creditflow/cycle/traffic_source.hpp"
#include "kind_config.hpp"

namespace creditflow::platform {

namespace {

namespace lim = core::limits;

template <class C>
C& as(Channel& channel) {
  return dynamic_cast<C&>(channel);  // the resolver has checked the channel type
}

// Binds a module's port group to a channel: valid and flit, and ready on a stream.
template <class Valid, class Flit, class Ready>
void bind_stream(Valid& valid, Flit& flit, Ready& ready, Channel& ch) {
  auto& s = as<StreamChannel>(ch);
  valid(s.valid);
  flit(s.flit);
  ready(s.ready);
}
template <class Valid, class Flit>
void bind_flow(Valid& valid, Flit& flit, Channel& ch) {
  auto& f = as<FlowChannel>(ch);
  valid(f.valid);
  flit(f.flit);
}

double period_ps(const sc_core::sc_clock& clk) { return clk.period() / sc_core::sc_time(1, sc_core::SC_PS); }

class CreditSourceComponent : public Component {
 public:
  explicit CreditSourceComponent(const ComponentConfig& c)
      : config_(c),
        params_{source_params(c), c.integer("credits"), c.integer("return_delay")},
        module_(c.name().c_str(), params_, c.seed()) {}
  void bind_clock(sc_core::sc_clock& clk) override { module_.clk(clk); }
  void bind(const std::string& port, Channel& ch) override {
    if (port == "out") {
      bind_stream(module_.out_valid, module_.out_flit, module_.out_ready, ch);
    } else {
      module_.credit_in(as<CreditChannel>(ch).credit);
    }
  }
  const monitor::LoopParticipant* participant() const override { return &module_; }
  void contribute(core::LinkReport& r) const override {
    add_credit_source_figures(r, module_.core(), params_.return_delay, config_);
    r.flit_bytes = config_.integer("width");
  }
  void trace_state(sc_core::sc_trace_file* tf, const std::string& name) const override {
    sc_core::sc_trace(tf, module_.core().sender().credits_ref(), name + ".credits");
  }

 private:
  ComponentConfig config_;
  core::CreditSourceParams params_;
  cycle::CreditSource<> module_;
};

class SinkComponent : public Component {
 public:
  explicit SinkComponent(const ComponentConfig& c)
      : params_{c.integer("depth"), c.boolean("backpressure"), drain_spec(c)},
        module_(c.name().c_str(), params_, c.seed()) {
    module_.measure_from(c.warmup());
    module_.list_creations(c.random_source());
  }
  void bind_clock(sc_core::sc_clock& clk) override {
    module_.clk(clk);
    period_ps_ = period_ps(clk);
  }
  void bind(const std::string& port, Channel& ch) override {
    if (port == "in") {
      bind_stream(module_.in_valid, module_.in_flit, module_.in_ready, ch);
    } else if (port == "popped") {
      module_.popped(as<CreditChannel>(ch).credit);
    } else {
      bind_flow(module_.out_valid, module_.out_flit, ch);
    }
  }
  const monitor::LoopParticipant* participant() const override { return &module_; }
  void contribute(core::LinkReport& r) const override { add_sink_figures(r, params_, module_.core(), period_ps_); }

 private:
  double period_ps_ = 0.0;
  core::SinkParams params_;
  cycle::ReadyValidSink<> module_;
};

class AsyncFifoComponent : public Component {
 public:
  explicit AsyncFifoComponent(const ComponentConfig& c)
      : params_{c.integer("depth"), c.integer("sync_stages"), c.real("uncertainty"), drain_spec(c)},
        module_(c.name().c_str(), params_, c.seed()) {
    module_.set_clocks(c.from_loop_clock(c.text("rd_clock")));
  }
  void bind_clock(sc_core::sc_clock& clk) override { module_.wr_clk(clk); }
  void bind_domain_clock(const std::string&, sc_core::sc_clock& clk) override {
    module_.rd_clk(clk);
    read_period_ps_ = period_ps(clk);
  }
  void bind(const std::string& port, Channel& ch) override {
    if (port == "in") {
      bind_stream(module_.in_valid, module_.in_flit, module_.in_ready, ch);
    } else {
      bind_flow(module_.out_valid, module_.out_flit, ch);
    }
  }
  const monitor::LoopParticipant* participant() const override { return &module_; }
  void contribute(core::LinkReport& r) const override {
    add_async_fifo_figures(r, params_, module_.core(), read_period_ps_);
  }

 private:
  double read_period_ps_ = 0.0;
  core::AsyncFifoParams params_;
  cycle::AsyncFifo<> module_;
};

class FlitCrossingComponent : public Component {
 public:
  explicit FlitCrossingComponent(const ComponentConfig& c)
      : module_(c.name().c_str(), c.integer("sync_stages"), c.real("uncertainty"), c.seed()) {}
  void bind_clock(sc_core::sc_clock& clk) override { module_.clk(clk); }
  void bind_domain_clock(const std::string&, sc_core::sc_clock& clk) override { module_.to_clk(clk); }
  void bind(const std::string& port, Channel& ch) override {
    if (port == "in")
      bind_flow(module_.in_valid, module_.in_flit, ch);
    else
      bind_flow(module_.out_valid, module_.out_flit, ch);
  }
  const monitor::LoopParticipant* participant() const override { return &module_; }
  void contribute(core::LinkReport& r) const override { r.crosses_clocks = true; }

 private:
  cycle::FlitCrossing<> module_;
};

class CreditCrossingComponent : public Component {
 public:
  CreditCrossingComponent(const std::string& form, const ComponentConfig& c)
      : module_(c.name().c_str(), form,
                credit_crossing_params(c), c.seed()) {
    if (c.integer("upset_at") >= 0)
      module_.upset(static_cast<std::uint64_t>(c.integer("upset_at")), static_cast<unsigned>(c.integer("upset_bit")));
  }
  void bind_clock(sc_core::sc_clock& clk) override { module_.clk(clk); }
  void bind_domain_clock(const std::string&, sc_core::sc_clock& clk) override { module_.to_clk(clk); }
  void bind(const std::string& port, Channel& ch) override {
    if (port == "in")
      module_.credit_in(as<CreditChannel>(ch).credit);
    else
      module_.credit_out(as<CreditChannel>(ch).credit);
  }
  const monitor::LoopParticipant* participant() const override { return &module_; }
  void contribute(core::LinkReport& r) const override { r.crosses_clocks = true; }

 private:
  cycle::CreditCrossing module_;
};

class ClassSenderComponent : public Component {
 public:
  explicit ClassSenderComponent(const ComponentConfig& c)
      : module_(c.name().c_str(), class_specs(c), pool_spec(c, list_items(c.text("classes")).size()), arbiter_of(c),
                c.seed(), c.integer("width")) {
    module_.measure_from(c.warmup());
  }
  void bind_clock(sc_core::sc_clock& clk) override { module_.clk(clk); }
  void bind(const std::string& port, Channel& ch) override {
    if (port == "out") {
      bind_flow(module_.out_valid, module_.out_flit, ch);
    } else {
      module_.credit_in(as<ClassCreditChannel>(ch).credits);
    }
  }
  const monitor::LoopParticipant* participant() const override { return &module_; }
  void contribute(core::LinkReport& r) const override { add_class_sender_figures(r, module_.core()); }
  // The credits each class holds, named by class: tx.A.header, tx.A.data.
  void trace_state(sc_core::sc_trace_file* tf, const std::string& name) const override {
    for (std::size_t c = 0; c < module_.core().classes(); ++c) {
      const std::string base = name + "." + module_.core().name(c);
      sc_core::sc_trace(tf, module_.core().held_header_ref(c), base + ".header");
      sc_core::sc_trace(tf, module_.core().held_data_ref(c), base + ".data");
    }
  }

 private:
  cycle::ClassSender module_;
};

class ClassReceiverComponent : public Component {
 public:
  explicit ClassReceiverComponent(const ComponentConfig& c)
      : names_(list_items(c.text("classes"))),
        depth_(c.integer("depth")),
        module_(c.name().c_str(), names_, pool_spec(c, names_.size()), class_drains(c, names_.size()),
                c.boolean("bypass"), c.seed()) {
    module_.measure_from(c.warmup());
  }
  void bind_clock(sc_core::sc_clock& clk) override { module_.clk(clk); }
  void bind(const std::string& port, Channel& ch) override {
    if (port == "in") {
      bind_flow(module_.in_valid, module_.in_flit, ch);
    } else {
      module_.credit_out(as<ClassCreditChannel>(ch).credits);
    }
  }
  const monitor::LoopParticipant* participant() const override { return &module_; }
  void contribute(core::LinkReport& r) const override {
    add_class_receiver_figures(r, names_, depth_, module_.core());
  }

 private:
  std::vector<std::string> names_;
  std::int64_t depth_;
  cycle::ClassReceiver module_;
};

template <class C>
KindSpec::Factory make() {
  return [](const ComponentConfig& c) { return std::make_unique<C>(c); };
}

}  // namespace

KindSpec::Factory cycle_factory(const std::string& kind) {
  if (kind == "credit_source") return make<CreditSourceComponent>();
  if (kind == "ready_valid_sink") return make<SinkComponent>();
  if (kind == "async_fifo") return make<AsyncFifoComponent>();
  if (kind == "flit_crossing") return make<FlitCrossingComponent>();
  if (kind == "gray" || kind == "toggle" || kind == "pulse")
    return [kind](const ComponentConfig& c) { return std::make_unique<CreditCrossingComponent>(kind, c); };
  if (kind == "class_sender") return make<ClassSenderComponent>();
  if (kind == "class_receiver") return make<ClassReceiverComponent>();
  throw Error("no built-in kind '" + kind + "'");
}

}  // namespace creditflow::platform
