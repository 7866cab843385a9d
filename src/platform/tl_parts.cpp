// The transaction-level view of every built-in kind: the cores of its cycle module, with
// the module's edge and output logic line for line, on plain wires. An optional port left
// unconnected writes to a wire of the part's own that nothing reads.
#include "tl_parts.hpp"

#include <memory>

#include "creditflow/core/credit_crossing.hpp"
#include "creditflow/core/limits.hpp"
#include "creditflow/core/loop_terms.hpp"
#include "creditflow/core/seed.hpp"
#include "creditflow/core/slice_core.hpp"
#include "kind_config.hpp"

namespace creditflow::platform {

namespace {

namespace lim = core::limits;
using core::Flit;

// A part whose ports are all bound to wires by name; unbound ones point at `spare_`. Parts
// are copied only as snapshots for steady-state jumps, and a copy never runs.
class PartBase : public TlPart, public monitor::LoopParticipant {

 public:
  void bind(const std::string& port, Wire& wire) override { *port_slot(port) = &wire; }
  const monitor::LoopParticipant* participant() const override { return this; }
  void contribute(core::LoopState&) const override {}
  using TlPart::contribute;

 protected:
  // The member pointer a port name binds.
  virtual Wire** port_slot(const std::string& port) = 0;
  Wire spare_;
};

std::uint64_t seed_of(const ComponentConfig& c) { return core::derive_seed(c.seed(), c.name()); }

void offer(Wire& w, bool valid, const Flit* flit) {
  w.valid = valid;
  if (valid) w.flit = *flit;
}

class CreditSourcePart : public PartBase {
 public:
  explicit CreditSourcePart(const ComponentConfig& c)
      : config_(c),
        params_{source_params(c), c.integer("credits"), c.integer("return_delay")},
        core_(params_, seed_of(c), c.name()) {}
  void edge(int) override { core_.advance(credit_in_->credit); }
  void drive() override {
    out_->valid = core_.will_send();
    if (out_->valid) {
      out_->flit = core_.head();
      core::stamp_sent(out_->flit, core_.now());
    }
  }
  void contribute(core::LoopState& s) const override { core::add_terms(s, core_); }
  void contribute(core::LinkReport& r) const override {
    add_credit_source_figures(r, core_, params_.return_delay, config_);
    r.flit_bytes = config_.integer("width");
  }

 private:
  Wire** port_slot(const std::string& port) override { return port == "out" ? &out_ : &credit_in_; }
  ComponentConfig config_;
  core::CreditSourceParams params_;
  core::CreditSourceCore<Flit> core_;
  Wire *out_ = &spare_, *credit_in_ = &spare_;
};

class SinkPart : public PartBase {
 public:
  explicit SinkPart(const ComponentConfig& c)
      : params_{c.integer("depth"), c.boolean("backpressure"), drain_spec(c)}, core_(params_, seed_of(c), c.name()) {
    core_.measure_from(static_cast<core::Cycle>(c.warmup()));
    core_.list_creations(c.random_source());
  }
  void set_period(int, double period_ps) override { period_ps_ = period_ps; }
  void edge(int) override { core_.advance(in_->valid, in_->flit); }
  void drive() override {
    in_->ready = core_.ready();
    popped_->credit = core_.popped_register();
    offer(*out_, core_.will_pop(), core_.will_pop() ? &core_.head() : nullptr);
  }
  void contribute(core::LoopState& s) const override { core::add_terms(s, core_); }
  void contribute(core::LinkReport& r) const override { add_sink_figures(r, params_, core_, period_ps_); }

 private:
  Wire** port_slot(const std::string& port) override {
    return port == "in" ? &in_ : port == "popped" ? &popped_ : &out_;
  }
  core::SinkParams params_;
  core::SinkCore<Flit> core_;
  double period_ps_ = 0.0;
  Wire *in_ = &spare_, *popped_ = &spare_, *out_ = &spare_;
};

// Domain 0 writes, domain 1 reads; the Gray pointers cross as registered values.
class AsyncFifoPart : public PartBase {
 public:
  explicit AsyncFifoPart(const ComponentConfig& c)
      : params_{c.integer("depth"), c.integer("sync_stages"), c.real("uncertainty"), drain_spec(c)},
        core_(params_, seed_of(c), c.name()) {
    core_.set_clocks(c.from_loop_clock(c.text("rd_clock")));
  }
  void set_period(int domain, double period_ps) override {
    if (domain == 1) read_period_ps_ = period_ps;
  }
  void edge(int domain) override {
    if (domain == 0)
      core_.write_edge(in_->valid, in_->flit, read_gray_);
    else
      core_.read_edge(write_gray_);
  }
  void drive() override {
    write_gray_ = core_.write_gray();
    read_gray_ = core_.read_gray();
    in_->ready = core_.can_write();
    offer(*out_, core_.will_pop(), core_.will_pop() ? &core_.head() : nullptr);
  }
  void contribute(core::LoopState& s) const override { core::add_terms(s, core_, in_->valid); }
  void contribute(core::LinkReport& r) const override {
    add_async_fifo_figures(r, params_, core_, read_period_ps_);
  }

 private:
  Wire** port_slot(const std::string& port) override { return port == "in" ? &in_ : &out_; }
  core::AsyncFifoParams params_;
  core::AsyncFifoCore<Flit> core_;
  double read_period_ps_ = 0.0;
  std::uint64_t write_gray_ = 0, read_gray_ = 0;
  Wire *in_ = &spare_, *out_ = &spare_;
};

class FlitCrossingPart : public PartBase {
 public:
  explicit FlitCrossingPart(const ComponentConfig& c)
      : core_(c.integer("sync_stages"), c.real("uncertainty"), seed_of(c), c.name()) {}
  void edge(int domain) override {
    if (domain == 0)
      core_.source_edge(in_->valid, in_->flit);
    else
      core_.dest_edge(wire_);
  }
  void drive() override {
    wire_ = core_.wire();
    offer(*out_, core_.out_valid(), core_.out_valid() ? &core_.out_flit() : nullptr);
  }
  void contribute(core::LoopState& s) const override { core::add_terms(s, core_); }
  void contribute(core::LinkReport& r) const override { r.crosses_clocks = true; }

 private:
  Wire** port_slot(const std::string& port) override { return port == "in" ? &in_ : &out_; }
  core::FlitCrossing<Flit> core_;
  std::uint64_t wire_ = 0;
  Wire *in_ = &spare_, *out_ = &spare_;
};

class CreditCrossingPart : public PartBase {
 public:
  CreditCrossingPart(const std::string& form, const ComponentConfig& c)
      : core_(core::make_crossing(form, credit_crossing_params(c),
                                  seed_of(c), c.name())) {
    if (c.integer("upset_at") >= 0)
      core_->upset(static_cast<std::uint64_t>(c.integer("upset_at")), static_cast<unsigned>(c.integer("upset_bit")));
  }
  void edge(int domain) override {
    if (domain == 0)
      core_->source_edge(in_->credit, back_wire_);
    else
      core_->dest_edge(wire_);
  }
  void drive() override {
    wire_ = core_->wire();
    back_wire_ = core_->back_wire();
    out_->credit = core_->credit_out();
  }
  void contribute(core::LoopState& s) const override { core::add_terms(s, *core_); }
  void contribute(core::LinkReport& r) const override { r.crosses_clocks = true; }

 private:
  Wire** port_slot(const std::string& port) override { return port == "in" ? &in_ : &out_; }
  std::unique_ptr<core::CreditCrossing> core_;
  std::uint64_t wire_ = 0, back_wire_ = 0;
  Wire *in_ = &spare_, *out_ = &spare_;
};

class ClassSenderPart : public PartBase {
 public:
  explicit ClassSenderPart(const ComponentConfig& c)
      : core_(class_specs(c), pool_spec(c, list_items(c.text("classes")).size()), arbiter_of(c), c.seed(),
              c.name(), c.integer("width")) {
    core_.measure_from(static_cast<core::Cycle>(c.warmup()));
  }
  void edge(int) override { core_.advance(credit_in_->credits); }
  void drive() override {
    out_->valid = core_.out_valid();
    if (out_->valid) out_->flit = core_.out_flit();
  }
  void contribute(core::LoopState& s) const override { core::add_terms(s, core_); }
  void contribute(core::LinkReport& r) const override { add_class_sender_figures(r, core_); }

 private:
  Wire** port_slot(const std::string& port) override { return port == "out" ? &out_ : &credit_in_; }
  core::ClassSenderCore core_;
  Wire *out_ = &spare_, *credit_in_ = &spare_;
};

class ClassReceiverPart : public PartBase {
 public:
  explicit ClassReceiverPart(const ComponentConfig& c)
      : names_(list_items(c.text("classes"))),
        depth_(c.integer("depth")),
        core_(names_, pool_spec(c, names_.size()), class_drains(c, names_.size()), c.boolean("bypass"), c.seed(),
              c.name()) {
    core_.measure_from(static_cast<core::Cycle>(c.warmup()));
  }
  std::vector<std::string> combinational_inputs() const override { return {"in"}; }
  void edge(int) override { core_.advance(in_->valid, in_->flit); }
  void drive() override { credit_->credits = core_.pops(in_->valid, in_->flit); }
  void contribute(core::LoopState& s) const override { core::add_terms(s, core_); }
  void contribute(core::LinkReport& r) const override { add_class_receiver_figures(r, names_, depth_, core_); }

 private:
  Wire** port_slot(const std::string& port) override { return port == "in" ? &in_ : &credit_; }
  std::vector<std::string> names_;
  std::int64_t depth_;
  core::ClassReceiverCore core_;
  Wire *in_ = &spare_, *credit_ = &spare_;
};

template <class P>
KindSpec::TlFactory make() {
  return [](const ComponentConfig& c) { return std::make_unique<P>(c); };
}

}  // namespace

KindSpec::TlFactory tl_factory(const std::string& kind) {
  if (kind == "credit_source") return make<CreditSourcePart>();
  if (kind == "ready_valid_sink") return make<SinkPart>();
  if (kind == "async_fifo") return make<AsyncFifoPart>();
  if (kind == "flit_crossing") return make<FlitCrossingPart>();
  if (kind == "gray" || kind == "toggle" || kind == "pulse")
    return [kind](const ComponentConfig& c) { return std::make_unique<CreditCrossingPart>(kind, c); };
  if (kind == "class_sender") return make<ClassSenderPart>();
  if (kind == "class_receiver") return make<ClassReceiverPart>();
  throw Error("no built-in kind '" + kind + "'");
}

}  // namespace creditflow::platform
