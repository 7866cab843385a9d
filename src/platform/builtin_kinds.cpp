// The built-in kinds: thin adapters from resolved YAML parameters to the cycle modules.
#include <algorithm>
#include <memory>

#include "creditflow/core/limits.hpp"
#include "creditflow/cycle/async_fifo.hpp"
#include "creditflow/cycle/class_receiver.hpp"
#include "creditflow/cycle/class_sender.hpp"
#include "creditflow/cycle/credit_crossing.hpp"
#include "creditflow/cycle/credit_receiver.hpp"
#include "creditflow/cycle/flit_crossing.hpp"
#include "creditflow/cycle/credit_sender.hpp"
#include "creditflow/cycle/credit_source.hpp"
#include "creditflow/cycle/pipelined_link.hpp"
#include "creditflow/cycle/ready_valid_sink.hpp"
#include "creditflow/cycle/register_slice.hpp"
#include "creditflow/cycle/traffic_source.hpp"
#include "creditflow/platform/nearest.hpp"
#include "creditflow/platform/registry.hpp"

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

// What every buffering receiver adds to its link's report; its drain counts in cycles of
// the clock of `drain_period_ps`.
template <class Core>
void add_receiver_figures(core::LinkReport& r, std::int64_t depth, const Core& core, const core::DrainSpec& drain,
                          double drain_period_ps) {
  r.receiver_depth = depth;
  r.peak_occupancy = core.peak_occupancy();
  r.latency = core.latency();
  r.drain_rate = drain.permitted_rate();
  r.drain_period_ps = drain_period_ps;
}

core::SourceParams source_params(const ComponentConfig& c) {
  core::SourceParams p;
  const std::string& pattern = c.text("pattern");
  if (pattern == "periodic") p.traffic = core::TrafficSpec::periodic(c.integer("every"));
  if (pattern == "burst")
    p.traffic = core::TrafficSpec::burst(c.integer("burst_on"), c.integer("burst_off"));
  if (pattern == "bernoulli") p.traffic = core::TrafficSpec::bernoulli(c.real("rate"));
  p.queue_depth = c.integer("queue_depth");
  p.beats = c.integer("beats");
  return p;
}

void add_source_figures(const core::TrafficPattern& pattern, std::uint64_t refused,
                        const ComponentConfig& c, core::LinkReport& r) {
  r.traffic_class = c.text("class");
  r.offered_rate = pattern.offered_rate();
  r.source_refused = refused;
  r.source_beats = static_cast<std::uint64_t>(c.integer("beats"));
}

class SourceComponent : public Component {
 public:
  explicit SourceComponent(const ComponentConfig& c)
      : config_(c), module_(c.name().c_str(), source_params(c), c.seed()) {}
  void bind_clock(sc_core::sc_clock& clk) override { module_.clk(clk); }
  void bind(const std::string&, Channel& ch) override {
    bind_stream(module_.out_valid, module_.out_flit, module_.out_ready, ch);
  }
  const monitor::LoopParticipant* participant() const override { return &module_; }
  void contribute(core::LinkReport& r) const override {
    add_source_figures(module_.core().pattern(), module_.core().refused(), config_, r);
  }

 private:
  ComponentConfig config_;
  cycle::TrafficSource<> module_;
};

class SenderComponent : public Component {
 public:
  explicit SenderComponent(const ComponentConfig& c)
      : module_(c.name().c_str(), c.integer("credits")) {}
  void bind_clock(sc_core::sc_clock& clk) override { module_.clk(clk); }
  void bind(const std::string& port, Channel& ch) override {
    if (port == "in") {
      bind_stream(module_.in_valid, module_.in_flit, module_.in_ready, ch);
    } else if (port == "out") {
      bind_flow(module_.out_valid, module_.out_flit, ch);
    } else {
      module_.credit_in(as<CreditChannel>(ch).credit);
    }
  }
  const monitor::LoopParticipant* participant() const override { return &module_; }
  void contribute(core::LinkReport& r) const override {
    r.credits = module_.core().capacity();
    r.measured_rtt = module_.core().round_trips().min();
    r.mean_rtt = module_.core().round_trips().mean();
    r.max_rtt = module_.core().round_trips().max();
  }

 private:
  cycle::CreditSender<> module_;
};

class LinkComponent : public Component {
 public:
  explicit LinkComponent(const ComponentConfig& c)
      : params_{c.integer("forward_latency"), c.integer("credit_latency")},
        module_(c.name().c_str(), params_) {}
  void bind_clock(sc_core::sc_clock& clk) override { module_.clk(clk); }
  void bind(const std::string& port, Channel& ch) override {
    if (port == "in") {
      bind_flow(module_.in_valid, module_.in_flit, ch);
    } else if (port == "out") {
      bind_flow(module_.out_valid, module_.out_flit, ch);
    } else if (port == "credit_in") {
      module_.credit_in(as<CreditChannel>(ch).credit);
    } else {
      module_.credit_out(as<CreditChannel>(ch).credit);
    }
  }
  const monitor::LoopParticipant* participant() const override { return &module_; }
  void contribute(core::LinkReport& r) const override {
    r.forward_latency += params_.forward_latency;
    r.credit_latency += params_.credit_latency;
  }

 private:
  core::LinkParams params_;
  cycle::PipelinedLink<> module_;
};

core::DrainSpec drain_spec(const ComponentConfig& c) {
  core::DrainSpec d;
  d.every = c.integer("drain_every");
  d.rate = c.real("drain_rate");
  if (c.integer("stall_cycles") > 0) {
    const std::int64_t from = c.integer("stall_from");
    d.stalls.push_back({from, from + c.integer("stall_cycles")});
  }
  return d;
}

core::ReceiverParams receiver_params(const ComponentConfig& c) {
  return core::ReceiverParams{c.integer("depth"), drain_spec(c)};
}

class ReceiverComponent : public Component {
 public:
  explicit ReceiverComponent(const ComponentConfig& c)
      : params_(receiver_params(c)), module_(c.name().c_str(), params_, c.seed()) {
    module_.measure_from(c.warmup());
  }
  void bind_clock(sc_core::sc_clock& clk) override {
    module_.clk(clk);
    period_ps_ = period_ps(clk);
  }
  void bind(const std::string& port, Channel& ch) override {
    if (port == "in") {
      bind_flow(module_.in_valid, module_.in_flit, ch);
    } else if (port == "credit") {
      module_.credit_out(as<CreditChannel>(ch).credit);
    } else {
      bind_flow(module_.out_valid, module_.out_flit, ch);
    }
  }
  const monitor::LoopParticipant* participant() const override { return &module_; }
  void contribute(core::LinkReport& r) const override {
    add_receiver_figures(r, params_.depth, module_.core(), params_.drain, period_ps_);
  }

 private:
  double period_ps_ = 0.0;
  core::ReceiverParams params_;
  cycle::CreditReceiver<> module_;
};

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
    const auto& core = module_.core();
    add_source_figures(core.source().pattern(), core.source().refused(), config_, r);
    r.credits = core.sender().capacity();
    r.credit_latency += params_.return_delay;  // the sink adds its `popped` register
    r.measured_rtt = core.sender().round_trips().min();
    r.mean_rtt = core.sender().round_trips().mean();
    r.max_rtt = core.sender().round_trips().max();
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
  void contribute(core::LinkReport& r) const override {
    add_receiver_figures(r, params_.depth, module_.core(), params_.drain, period_ps_);
    r.lossy = !params_.backpressure;
    r.credit_latency += 1;  // `popped` is a register: the first stage of a credit's way back
    r.depth_to_keep_all = module_.core().depth_to_keep_all();
  }

 private:
  double period_ps_ = 0.0;
  core::SinkParams params_;
  cycle::ReadyValidSink<> module_;
};

class SliceComponent : public Component {
 public:
  explicit SliceComponent(const ComponentConfig& c) : module_(c.name().c_str(), c.integer("entries")) {}
  void bind_clock(sc_core::sc_clock& clk) override { module_.clk(clk); }
  void bind(const std::string& port, Channel& ch) override {
    if (port == "in")
      bind_stream(module_.in_valid, module_.in_flit, module_.in_ready, ch);
    else
      bind_stream(module_.out_valid, module_.out_flit, module_.out_ready, ch);
  }

 private:
  cycle::RegisterSlice<> module_;
};

class AsyncFifoComponent : public Component {
 public:
  explicit AsyncFifoComponent(const ComponentConfig& c)
      : params_{c.integer("depth"), c.integer("sync_stages"), c.real("uncertainty"), drain_spec(c)},
        module_(c.name().c_str(), params_, c.seed()) {}
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
    const auto& core = module_.core();
    add_receiver_figures(r, params_.depth, core, params_.drain, read_period_ps_);
    r.credits = params_.depth;
    r.crosses_clocks = true;
    r.measured_rtt = core.writer().round_trips().min();
    r.mean_rtt = core.writer().round_trips().mean();
    r.max_rtt = core.writer().round_trips().max();
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
                core::CrossingParams{c.integer("sync_stages"), c.real("uncertainty"), lim::max_depth}, c.seed()) {}
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

// What both halves of a multi-class link read of the receiver's advertisement.
core::ClassPoolSpec pool_spec(const ComponentConfig& c, std::size_t n) {
  core::ClassPoolSpec p;
  p.policy = c.text("policy");
  p.depth = c.integer("depth");
  p.reserved = per_class_integers(c.text("reserved"), n);
  p.max = per_class_integers(c.text("max"), n);
  p.data_depth = c.integer("data_depth");
  p.data_reserved = per_class_integers(c.text("data_reserved"), n);
  p.data_unit = c.integer("data_unit");
  return p;
}

std::vector<core::ClassSpec> class_specs(const ComponentConfig& c) {
  const auto names = list_items(c.text("classes"));
  const std::size_t n = names.size();
  const auto pattern = list_items(c.text("pattern"));
  const auto every = per_class_integers(c.text("every"), n), on = per_class_integers(c.text("burst_on"), n),
             off = per_class_integers(c.text("burst_off"), n), queue = per_class_integers(c.text("queue_depth"), n),
             beats = per_class_integers(c.text("beats"), n);
  const auto rate = per_class_reals(c.text("rate"), n);
  auto payloads = list_items(c.text("payload_bytes"));
  if (payloads.size() == 1) payloads.assign(n, payloads.front());
  std::vector<core::ClassSpec> specs;
  for (std::size_t k = 0; k < n; ++k) {
    core::ClassSpec s;
    s.name = names[k];
    const std::string& pat = pattern.size() == 1 ? pattern[0] : pattern[k];
    if (pat == "periodic") s.source.traffic = core::TrafficSpec::periodic(every[k]);
    if (pat == "burst") s.source.traffic = core::TrafficSpec::burst(on[k], off[k]);
    if (pat == "bernoulli") s.source.traffic = core::TrafficSpec::bernoulli(rate[k]);
    s.source.queue_depth = queue[k];
    s.source.beats = beats[k];
    s.payload_bytes.clear();
    for (const std::string& b : list_items(payloads[k], '/')) s.payload_bytes.push_back(std::stoll(b));
    specs.push_back(s);
  }
  return specs;
}

core::Arbiter arbiter_of(const ComponentConfig& c) {
  const auto names = list_items(c.text("classes"));
  std::vector<std::size_t> priority;
  const std::string order = c.text("priority");
  for (const std::string& p : order.empty() ? names : list_items(order)) {
    const auto it = std::find(names.begin(), names.end(), p);
    if (it == names.end())
      throw ParameterError(c.name() + ": priority names class '" + p + "', which is not in classes" +
                           did_you_mean(p, names));
    priority.push_back(static_cast<std::size_t>(it - names.begin()));
  }
  for (std::size_t k = 0; k < names.size(); ++k)
    if (std::find(priority.begin(), priority.end(), k) == priority.end()) priority.push_back(k);
  return core::Arbiter(core::Arbiter::parse(c.text("arbitration"), c.name()), priority,
                       per_class_integers(c.text("weights"), names.size()));
}

class ClassSenderComponent : public Component {
 public:
  explicit ClassSenderComponent(const ComponentConfig& c)
      : module_(c.name().c_str(), class_specs(c), pool_spec(c, list_items(c.text("classes")).size()), arbiter_of(c),
                c.seed()) {
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
  void contribute(core::LinkReport& r) const override {
    const auto& core = module_.core();
    r.credits = core.header_pool().capacity();
    r.pool_policy = core.header_pool().describe();
    r.classes.resize(core.classes());
    for (std::size_t c = 0; c < core.classes(); ++c) {
      core::ClassReport& k = r.classes[c];
      const auto& f = core.figures(c);
      k.name = core.name(c);
      k.sent = f.sent;
      k.refused = core.refused(c);
      k.offered_rate = core.offered_rate(c);
      k.credit_wait = f.credit_wait;
      k.stall_cycles = f.stall_cycles;
      for (std::size_t other = 0; other < core.classes(); ++other)
        if (f.starved_by[other] > k.starved_cycles) {
          k.starved_cycles = f.starved_by[other];
          k.starved_by = core.name(other);
        }
    }
  }

 private:
  cycle::ClassSender module_;
};

std::vector<core::DrainSpec> class_drains(const ComponentConfig& c, std::size_t n) {
  const auto every = per_class_integers(c.text("drain_every"), n), from = per_class_integers(c.text("stall_from"), n),
             cycles = per_class_integers(c.text("stall_cycles"), n),
             period = per_class_integers(c.text("stall_period"), n);
  const auto rate = per_class_reals(c.text("drain_rate"), n);
  std::vector<core::DrainSpec> drains(n);
  for (std::size_t k = 0; k < n; ++k) {
    drains[k].every = every[k];
    drains[k].rate = rate[k];
    drains[k].stall_period = period[k];
    if (cycles[k] > 0) drains[k].stalls.push_back({from[k], from[k] + cycles[k]});
  }
  return drains;
}

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
    const auto& core = module_.core();
    r.receiver_depth = depth_;
    r.classes.resize(core.classes());
    for (std::size_t c = 0; c < core.classes(); ++c) {
      r.classes[c].name = names_[c];
      r.classes[c].delivered = core.delivered(c);
      r.classes[c].latency = core.latency(c);
      r.classes[c].drain_rate = core.drain_rate(c);
    }
  }

 private:
  std::vector<std::string> names_;
  std::int64_t depth_;
  cycle::ClassReceiver module_;
};

// The receiver's advertisement, which a class sender mirrors.
std::vector<ParamSpec> pool_params() {
  const ParamSpec count = ParamSpec::integer("", "", 0, lim::max_depth, "");
  return {ParamSpec::integer("depth", "8", 1, lim::max_depth, "header credits: packets the buffer holds"),
          ParamSpec::choice("policy", "shared", {"shared", "split", "reserved"},
                            "how the credits are divided among the classes"),
          ParamSpec::list("reserved", "0", count, "reserved policy: header credits only this class may use"),
          ParamSpec::list("max", "0", count, "most header credits a class may hold (0: no maximum)"),
          ParamSpec::integer("data_depth", "0", 0, lim::max_depth, "data credits (0: packets carry no data)"),
          ParamSpec::list("data_reserved", "0", count, "reserved policy: data credits only this class may use"),
          ParamSpec::integer("data_unit", "16", 1, 1 << 20, "bytes per data credit")};
}

ParamSpec class_names_param() {
  return ParamSpec::list("classes", "", ParamSpec::text("", "", ""), "the traffic classes, in order", false)
      .make_required();
}

// Parameters shared by the kinds whose values cross into another clock.
std::vector<ParamSpec> sync_params() {
  return {ParamSpec::integer("sync_stages", "2", 2, 16, "synchronizer flops N in each destination domain"),
          ParamSpec::real("uncertainty", "0", 0.0, 1.0,
                          "chance per destination edge that a crossing lands one cycle late (1: always)")};
}

// Parameters shared by the kinds that create traffic.
std::vector<ParamSpec> pattern_params() {
  return {ParamSpec::choice("pattern", "saturating", {"saturating", "periodic", "burst", "bernoulli"},
                            "when a flit is created"),
          ParamSpec::integer("every", "1", 1, lim::max_period, "periodic: a flit when t % every == 0"),
          ParamSpec::integer("burst_on", "1", 1, lim::max_period, "burst: cycles on"),
          ParamSpec::integer("burst_off", "0", 0, lim::max_period, "burst: cycles off"),
          ParamSpec::real("rate", "1", 0.0, 1.0, "bernoulli: probability of a flit per cycle"),
          ParamSpec::integer("queue_depth", "1024", 1, lim::max_queue,
                             "flits waiting at the source; more are refused and counted"),
          ParamSpec::integer("beats", "0", 0, INT64_MAX / 2, "flits to create in all; 0: no limit"),
          ParamSpec::text("class", "data", "traffic class name, for per-class figures")};
}

// Parameters shared by the kinds whose consumer drains on a schedule.
std::vector<ParamSpec> drain_params() {
  return {ParamSpec::integer("drain_every", "1", 1, lim::max_period, "pop only when t % k == 0"),
          ParamSpec::real("drain_rate", "1", 0.0, 1.0, "seeded random fraction of cycles that may pop"),
          ParamSpec::integer("stall_from", "0", 0, INT64_MAX / 2, "first cycle of a consumer stall"),
          ParamSpec::integer("stall_cycles", "0", 0, INT64_MAX / 2, "length of that stall")};
}

template <class... Lists>
std::vector<ParamSpec> params(std::vector<ParamSpec> first, Lists... rest) {
  (first.insert(first.end(), rest.begin(), rest.end()), ...);
  return first;
}

template <class C>
std::function<std::unique_ptr<Component>(const ComponentConfig&)> make() {
  return [](const ComponentConfig& c) { return std::make_unique<C>(c); };
}

}  // namespace

Registry builtin_registry() {
  Registry r;
  r.add({"traffic_source",
         "offers flits on a ready/valid stream by a pattern, holding each until taken",
         pattern_params(),
         {{"out", ChannelType::stream, PortDir::out, false, "flits offered to a sender or a sink"}},
         LoopRole::source,
         {},
         make<SourceComponent>()});

  KindSpec sender{"credit_sender",
                  "holds a loop's credits; forwards a flit only with a credit",
                  {ParamSpec::integer("credits", "", 1, lim::max_depth,
                                      "initial credits; at most the loop's receiver depth")
                       .make_required()},
                  {{"in", ChannelType::stream, PortDir::in, false, "flits from a source"},
                   {"out", ChannelType::flow, PortDir::out, false, "flits sent, one credit each"},
                   {"credit_in", ChannelType::credit, PortDir::in, false, "returned credits"}},
                  LoopRole::sender,
                  {},
                  make<SenderComponent>()};
  sender.capacity_param = "credits";
  r.add(sender);

  r.add({"pipelined_link",
         "forward_latency stages for flits, credit_latency stages for credits",
         {ParamSpec::integer("latency", "1", 0, lim::max_latency, "stages each way"),
          ParamSpec::integer("forward_latency", "${latency}", 0, lim::max_latency, "stages for flits"),
          ParamSpec::integer("credit_latency", "${latency}", 0, lim::max_latency, "stages for credits")},
         {{"in", ChannelType::flow, PortDir::in, false, "flits from the sender side"},
          {"out", ChannelType::flow, PortDir::out, false, "flits to the receiver side"},
          {"credit_in", ChannelType::credit, PortDir::in, false, "credits from the receiver side"},
          {"credit_out", ChannelType::credit, PortDir::out, false, "credits to the sender side"}},
         LoopRole::pipe,
         {{"in", "out"}, {"credit_in", "credit_out"}},
         make<LinkComponent>()});

  KindSpec receiver{"credit_receiver",
                    "a buffer of depth slots drained by a schedule; one credit per pop",
                    params({ParamSpec::integer("depth", "4", 1, lim::max_depth, "buffer slots (B)")},
                           drain_params()),
                    {{"in", ChannelType::flow, PortDir::in, false, "flits from the link"},
                     {"credit", ChannelType::credit, PortDir::out, false, "one pulse per pop"},
                     {"out", ChannelType::flow, PortDir::out, true, "the flits popped"}},
                    LoopRole::receiver,
                    {},
                    make<ReceiverComponent>()};
  receiver.capacity_param = "depth";
  r.add(receiver);

  KindSpec credit_source{
      "credit_source",
      "creates flits and sends one only with a credit, returned from a sink's popped through "
      "return_delay registers; never looks at ready",
      params(pattern_params(),
             std::vector<ParamSpec>{
                 ParamSpec::integer("credits", "4", 1, lim::max_depth, "credits C; at most the sink's depth"),
                 ParamSpec::integer("return_delay", "0", 0, lim::max_latency,
                                    "registers R between the sink's popped and the counter: RTT R + 3")}),
      {{"out", ChannelType::stream, PortDir::out, false, "flits; the sink's ready is ignored"},
       {"credit_in", ChannelType::credit, PortDir::in, false, "a sink's popped"}},
      LoopRole::sender,
      {},
      make<CreditSourceComponent>()};
  credit_source.capacity_param = "credits";
  r.add(credit_source);

  KindSpec sink{"ready_valid_sink",
                "a FIFO of depth beats with backpressure (ready = !full) or lossy (drops counted)",
                params({ParamSpec::integer("depth", "4", 1, lim::max_depth, "FIFO depth D"),
                        ParamSpec::boolean("backpressure", "true",
                                           "true: ready = !full; false: always ready, beats meeting a "
                                           "full FIFO are dropped and counted")},
                       drain_params()),
                {{"in", ChannelType::stream, PortDir::in, false, "beats, with ready back"},
                 {"popped", ChannelType::credit, PortDir::out, true,
                  "high the cycle after each pop: a credit-counting source's return"},
                 {"out", ChannelType::flow, PortDir::out, true, "the beats popped"}},
                LoopRole::receiver,
                {},
                make<SinkComponent>()};
  sink.credit_out = "popped";
  sink.capacity_param = "depth";
  r.add(sink);

  KindSpec fifo{"async_fifo",
                "a dual-clock FIFO with Gray pointers: the writer's free slots are its credits",
                params({ParamSpec::integer("depth", "8", 1, lim::max_depth, "slots"),
                        ParamSpec::clock("rd_clock", "the reader's clock (the writer's is `clock`)")},
                       sync_params(), drain_params()),
                {{"in", ChannelType::stream, PortDir::in, false, "beats from the writer's side; ready = not full"},
                 {"out", ChannelType::flow, PortDir::out, true, "the beats popped, in the reader's clock", "rd_clock"}},
                LoopRole::loop,
                {},
                make<AsyncFifoComponent>()};
  fifo.capacity_param = "depth";
  r.add(fifo);

  r.add({"flit_crossing",
         "flits into another clock through a Gray-coded count, for a buffer in the receiver's domain",
         params({ParamSpec::clock("to_clock", "the receiver's clock (the sender's is `clock`)")}, sync_params()),
         {{"in", ChannelType::flow, PortDir::in, false, "flits in the sender's clock"},
          {"out", ChannelType::flow, PortDir::out, false, "flits in the receiver's clock", "to_clock"}},
         LoopRole::pipe,
         {{"in", "out"}},
         make<FlitCrossingComponent>()});

  for (const auto& [form, doc] : {std::pair<const char*, const char*>{"gray", "credits back across clocks as a Gray-coded count: safe"},
                                  {"toggle", "credits back across clocks as an acknowledged two-phase toggle each: safe, one per handshake"},
                                  {"pulse", "credits back across clocks as single-cycle pulses through two flops: UNSAFE, loses credits"}}) {
    const std::string name = form;
    r.add({name,
           doc,
           params({ParamSpec::clock("to_clock", "the sender's clock (the receiver's is `clock`)")}, sync_params()),
           {{"in", ChannelType::credit, PortDir::in, false, "credits in the receiver's clock"},
            {"out", ChannelType::credit, PortDir::out, false, "credits in the sender's clock", "to_clock"}},
           LoopRole::pipe,
           {{"in", "out"}},
           [name](const ComponentConfig& c) { return std::make_unique<CreditCrossingComponent>(name, c); }});
  }

  {
    const ParamSpec integer = ParamSpec::integer("", "", 1, lim::max_period, "");
    KindSpec sender{
        "class_sender",
        "several traffic classes on one link: a source and credit counters per class, an arbiter",
        params({class_names_param(),
                ParamSpec::list("pattern", "saturating",
                                ParamSpec::choice("", "", {"saturating", "periodic", "burst", "bernoulli"}, ""),
                                "when each class creates a packet"),
                ParamSpec::list("every", "1", integer, "periodic: a packet when t % every == 0"),
                ParamSpec::list("burst_on", "1", integer, "burst: cycles on"),
                ParamSpec::list("burst_off", "0", ParamSpec::integer("", "", 0, lim::max_period, ""), "burst: cycles off"),
                ParamSpec::list("rate", "1", ParamSpec::real("", "", 0.0, 1.0, ""), "bernoulli: chance per cycle"),
                ParamSpec::list("queue_depth", "1024", ParamSpec::integer("", "", 1, lim::max_queue, ""),
                                "packets waiting per class; more are refused and counted"),
                ParamSpec::list("beats", "0", ParamSpec::integer("", "", 0, INT64_MAX / 2, ""),
                                "packets per class in all; 0: no limit"),
                ParamSpec::list("payload_bytes", "0", ParamSpec::integer("", "", 0, 1 << 20, ""),
                                "payload sizes per class, cycled: 0/64/16", true, true),
                ParamSpec::choice("arbitration", "strict", {"strict", "round_robin", "weighted"},
                                  "who sends when several classes may"),
                ParamSpec::list("priority", "", ParamSpec::text("", "", ""), "strict: classes, highest first "
                                "(default: the order of classes)", false),
                ParamSpec::list("weights", "1", integer, "weighted: grants per round")},
               pool_params()),
        {{"out", ChannelType::flow, PortDir::out, false, "packets, tagged with their class"},
         {"credit_in", ChannelType::class_credit, PortDir::in, false, "credits back, per class and type"}},
        LoopRole::sender,
        {},
        make<ClassSenderComponent>()};
    sender.capacity_param = "depth";
    sender.mirrors = {"classes", "depth", "policy", "reserved", "max", "data_depth", "data_reserved", "data_unit"};
    r.add(sender);

    KindSpec receiver{
        "class_receiver",
        "a buffer and a consumer per traffic class, under a pool policy it advertises",
        params({class_names_param()}, pool_params(),
               std::vector<ParamSpec>{
                   ParamSpec::list("drain_every", "1", integer, "each consumer pops only when t % k == 0"),
                   ParamSpec::list("drain_rate", "1", ParamSpec::real("", "", 0.0, 1.0, ""), "seeded random pops"),
                   ParamSpec::list("stall_from", "0", ParamSpec::integer("", "", 0, INT64_MAX / 2, ""),
                                   "first cycle of a consumer stall"),
                   ParamSpec::list("stall_cycles", "0", ParamSpec::integer("", "", 0, INT64_MAX / 2, ""),
                                   "its length"),
                   ParamSpec::list("stall_period", "0", ParamSpec::integer("", "", 0, lim::max_period, ""),
                                   "the stall repeats every this many cycles (0: once)"),
                   ParamSpec::boolean("bypass", "false", "a packet may be popped in the cycle it arrives")}),
        {{"in", ChannelType::flow, PortDir::in, false, "packets"},
         {"credit", ChannelType::class_credit, PortDir::out, false, "credits back, per class and type"}},
        LoopRole::receiver,
        {},
        make<ClassReceiverComponent>()};
    receiver.capacity_param = "depth";
    r.add(receiver);
  }

  r.add({"register_slice",
         "a 1- or 2-entry FIFO with registered ready: backpressure walks upstream a stage per cycle",
         {ParamSpec::integer("entries", "2", 1, 2, "2: full rate; 1: one beat every other cycle")},
         {{"in", ChannelType::stream, PortDir::in, false, "beats from upstream"},
          {"out", ChannelType::stream, PortDir::out, false, "beats to downstream"}},
         LoopRole::pipe,
         {{"in", "out"}},
         make<SliceComponent>()});
  return r;
}

}  // namespace creditflow::platform
