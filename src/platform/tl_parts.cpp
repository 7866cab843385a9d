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

class SourcePart : public PartBase {
 public:
  explicit SourcePart(const ComponentConfig& c) : config_(c), core_(source_params(c), seed_of(c), c.name()) {}
  void edge(int) override { core_.advance(core_.has_data() && out_->ready); }
  void drive() override { offer(*out_, core_.has_data(), core_.has_data() ? &core_.head() : nullptr); }
  void contribute(core::LoopState& s) const override { core::add_terms(s, core_, out_->ready); }
  void contribute(core::LinkReport& r) const override {
    add_source_figures(core_.pattern(), core_.refused(), config_, r);
  }
  std::optional<core::Cycle> cycle_length() const override { return core_.cycle_length(); }
  void add_shape(core::Shape& s) const override { core_.add_shape(s); }
  std::unique_ptr<TlPart> clone() const override { return std::make_unique<SourcePart>(*this); }
  void repeat(const TlPart& earlier, core::Cycle periods, core::Cycle period) override {
    const auto& e = static_cast<const SourcePart&>(earlier).core_;
    core_.repeat(e, core::Repeat{periods, period, core_.created() - e.created()});
  }

 private:
  Wire** port_slot(const std::string&) override { return &out_; }
  ComponentConfig config_;
  core::SourceCore<Flit> core_;
  Wire* out_ = &spare_;
};

class SenderPart : public PartBase {
 public:
  explicit SenderPart(const ComponentConfig& c) : core_(c.integer("credits"), c.name()), flit_bytes_(c.integer("width")) {}
  std::vector<std::string> combinational_inputs() const override { return {"in"}; }
  void edge(int) override { core_.advance(in_->valid, credit_in_->credit); }
  void drive() override {
    in_->ready = core_.can_send();
    out_->valid = core_.will_send(in_->valid);
    if (out_->valid) {
      out_->flit = in_->flit;
      core::stamp_sent(out_->flit, core_.now());
    }
  }
  void contribute(core::LoopState& s) const override { core::add_terms(s, core_, in_->valid); }
  void contribute(core::LinkReport& r) const override {
    r.credits = core_.capacity();
    add_round_trips(r, core_);
    r.flit_bytes = flit_bytes_;
  }
  std::optional<core::Cycle> cycle_length() const override { return 1; }  // no schedule of its own
  void add_shape(core::Shape& s) const override { core_.add_shape(s); }
  std::unique_ptr<TlPart> clone() const override { return std::make_unique<SenderPart>(*this); }
  void repeat(const TlPart& earlier, core::Cycle periods, core::Cycle period) override {
    core_.repeat(static_cast<const SenderPart&>(earlier).core_, core::Repeat{periods, period, 0});
  }

 private:
  Wire** port_slot(const std::string& port) override {
    return port == "in" ? &in_ : port == "out" ? &out_ : &credit_in_;
  }
  core::SenderCore core_;
  std::int64_t flit_bytes_;
  Wire *in_ = &spare_, *out_ = &spare_, *credit_in_ = &spare_;
};

// A pipelined link on plain wires, for either link core: `Credit` is the wire's field
// its credits travel in (one per pulse, or every class's). A direction with zero stages
// is a wire, named as a combinational path of its own.
template <class Core, auto Credit>
class PipePart : public PartBase {
 public:
  explicit PipePart(const ComponentConfig& c)
      : params_{c.integer("forward_latency"), c.integer("credit_latency")}, core_(params_, c.name()) {}
  std::vector<std::string> combinational_inputs() const override {
    std::vector<std::string> ports;
    for (const auto& path : combinational_paths()) ports.push_back(path.first);
    return ports;
  }
  std::vector<std::pair<std::string, std::string>> combinational_paths() const override {
    std::vector<std::pair<std::string, std::string>> paths;
    if (core_.forward_is_wire()) paths.emplace_back("in", "out");
    if (core_.credit_is_wire()) paths.emplace_back("credit_in", "credit_out");
    return paths;
  }
  void edge(int) override {
    if (!core_.forward_is_wire() || !core_.credit_is_wire()) core_.advance(in_->valid, in_->flit, credit_in_->*Credit);
  }
  void drive() override {
    if (core_.forward_is_wire())
      offer(*out_, in_->valid, &in_->flit);
    else
      offer(*out_, core_.arrive_valid(), core_.arrive_valid() ? &core_.arrive_flit() : nullptr);
    credit_out_->*Credit = core_.credit_is_wire() ? credit_in_->*Credit : core_.credit_out();
  }
  void contribute(core::LoopState& s) const override { core::add_terms(s, core_); }
  void contribute(core::LinkReport& r) const override { add_link_figures(r, params_); }

 protected:
  Wire** port_slot(const std::string& port) override {
    return port == "in" ? &in_ : port == "out" ? &out_ : port == "credit_in" ? &credit_in_ : &credit_out_;
  }
  core::LinkParams params_;
  Core core_;
  Wire *in_ = &spare_, *out_ = &spare_, *credit_in_ = &spare_, *credit_out_ = &spare_;
};

// pipelined_link, with steady-state jumps.
class LinkPart : public PipePart<core::LinkCore<Flit>, &Wire::credit> {
 public:
  using PipePart::PipePart;
  void edge(int domain) override {
    PipePart::edge(domain);
    entered_ += in_->valid;
    ++now_;
  }
  std::optional<core::Cycle> cycle_length() const override { return 1; }
  // Flit ids relative to the flits that entered so far: the k-th to enter carries id k.
  void add_shape(core::Shape& s) const override { core_.add_shape(s, now_, entered_); }
  std::unique_ptr<TlPart> clone() const override { return std::make_unique<LinkPart>(*this); }
  void repeat(const TlPart& earlier, core::Cycle periods, core::Cycle period) override {
    const auto& e = static_cast<const LinkPart&>(earlier);
    const core::Repeat r{periods, period, entered_ - e.entered_};
    core_.repeat(r);
    entered_ = r.count(entered_, e.entered_);
    now_ = r.time(now_);
  }

 private:
  std::uint64_t entered_ = 0;  // flits that entered the link
  core::Cycle now_ = 0;
};

class ReceiverPart : public PartBase {
 public:
  explicit ReceiverPart(const ComponentConfig& c) : params_(receiver_params(c)), core_(params_, seed_of(c), c.name()) {
    core_.measure_from(static_cast<core::Cycle>(c.warmup()));
    core_.set_clocks(c.from_loop_clock());
    core_.list_creations(c.random_source());
  }
  void set_period(int, double period_ps) override { period_ps_ = period_ps; }
  void edge(int) override { core_.advance(in_->valid, in_->flit); }
  void drive() override {
    credit_->credit = core_.will_pop();
    offer(*out_, core_.will_pop(), core_.will_pop() ? &core_.head() : nullptr);
  }
  void contribute(core::LoopState& s) const override { core::add_terms(s, core_); }
  void contribute(core::LinkReport& r) const override {
    add_receiver_figures(r, params_.depth, core_, params_.drain, period_ps_);
    add_payload_check(r, core_);
  }
  std::optional<core::Cycle> cycle_length() const override { return core_.cycle_length(); }
  core::Cycle next_stall_edge(core::Cycle t) const override { return core_.next_stall_edge(t); }
  void add_shape(core::Shape& s) const override { core_.add_shape(s, core_.arrived()); }
  std::unique_ptr<TlPart> clone() const override { return std::make_unique<ReceiverPart>(*this); }
  void repeat(const TlPart& earlier, core::Cycle periods, core::Cycle period) override {
    const auto& e = static_cast<const ReceiverPart&>(earlier).core_;
    core_.repeat(e, core::Repeat{periods, period, core_.arrived() - e.arrived()});
  }

 private:
  Wire** port_slot(const std::string& port) override {
    return port == "in" ? &in_ : port == "credit" ? &credit_ : &out_;
  }
  core::ReceiverParams params_;
  core::ReceiverCore<Flit> core_;
  double period_ps_ = 0.0;
  Wire *in_ = &spare_, *credit_ = &spare_, *out_ = &spare_;
};

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

class SlicePart : public PartBase {
 public:
  explicit SlicePart(const ComponentConfig& c) : core_(c.integer("entries"), c.name()) {}
  const monitor::LoopParticipant* participant() const override { return nullptr; }
  void edge(int) override { core_.advance(in_->valid, in_->flit, out_->ready); }
  void drive() override {
    in_->ready = core_.in_ready();
    offer(*out_, core_.out_valid(), core_.out_valid() ? &core_.out_flit() : nullptr);
  }

 private:
  Wire** port_slot(const std::string& port) override { return port == "in" ? &in_ : &out_; }
  core::SliceCore<Flit> core_;
  Wire *in_ = &spare_, *out_ = &spare_;
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

class CreditFaultPart : public PartBase {
 public:
  explicit CreditFaultPart(const ComponentConfig& c) : core_(credit_fault_core(c)) {}
  const monitor::LoopParticipant* participant() const override { return nullptr; }
  std::vector<std::string> combinational_inputs() const override { return {"in"}; }
  void edge(int) override { core_.edge(in_->credit); }
  void drive() override { out_->credit = core_.out(in_->credit); }
  using PartBase::contribute;  // holds nothing of the loop
  void contribute(core::LinkReport& r) const override { r.faults_injected += core_.injected(); }

 private:
  Wire** port_slot(const std::string& port) override { return port == "in" ? &in_ : &out_; }
  core::CreditFaultCore core_;
  Wire *in_ = &spare_, *out_ = &spare_;
};

class FlitFaultPart : public PartBase {
 public:
  explicit FlitFaultPart(const ComponentConfig& c) : core_(flit_fault_core(c)) {}
  const monitor::LoopParticipant* participant() const override { return nullptr; }
  std::vector<std::string> combinational_inputs() const override { return {"in"}; }
  void edge(int) override { core_.edge(in_->valid); }
  void drive() override {
    out_->valid = in_->valid;
    if (in_->valid) out_->flit = core_.out(true, in_->flit);
  }
  using PartBase::contribute;  // holds nothing of the loop
  void contribute(core::LinkReport& r) const override { r.faults_injected += core_.injected(); }

 private:
  Wire** port_slot(const std::string& port) override { return port == "in" ? &in_ : &out_; }
  core::FlitFaultCore<Flit> core_;
  Wire *in_ = &spare_, *out_ = &spare_;
};

template <class P>
KindSpec::TlFactory make() {
  return [](const ComponentConfig& c) { return std::make_unique<P>(c); };
}

}  // namespace

KindSpec::TlFactory tl_factory(const std::string& kind) {
  if (kind == "traffic_source") return make<SourcePart>();
  if (kind == "credit_sender") return make<SenderPart>();
  if (kind == "pipelined_link") return make<LinkPart>();
  if (kind == "credit_receiver") return make<ReceiverPart>();
  if (kind == "credit_source") return make<CreditSourcePart>();
  if (kind == "ready_valid_sink") return make<SinkPart>();
  if (kind == "async_fifo") return make<AsyncFifoPart>();
  if (kind == "flit_crossing") return make<FlitCrossingPart>();
  if (kind == "gray" || kind == "toggle" || kind == "pulse")
    return [kind](const ComponentConfig& c) { return std::make_unique<CreditCrossingPart>(kind, c); };
  if (kind == "class_sender") return make<ClassSenderPart>();
  if (kind == "class_receiver") return make<ClassReceiverPart>();
  if (kind == "class_link") return make<PipePart<core::ClassPipeCore, &Wire::credits>>();
  if (kind == "register_slice") return make<SlicePart>();
  if (kind == "credit_fault") return make<CreditFaultPart>();
  if (kind == "flit_fault") return make<FlitFaultPart>();
  throw Error("no built-in kind '" + kind + "'");
}

}  // namespace creditflow::platform
