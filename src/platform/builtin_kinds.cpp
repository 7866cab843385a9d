// The built-in kinds: thin adapters from resolved YAML parameters to the cycle modules.
#include <memory>

#include "creditflow/core/limits.hpp"
#include "creditflow/cycle/async_fifo.hpp"
#include "creditflow/cycle/credit_crossing.hpp"
#include "creditflow/cycle/credit_receiver.hpp"
#include "creditflow/cycle/flit_crossing.hpp"
#include "creditflow/cycle/credit_sender.hpp"
#include "creditflow/cycle/credit_source.hpp"
#include "creditflow/cycle/pipelined_link.hpp"
#include "creditflow/cycle/ready_valid_sink.hpp"
#include "creditflow/cycle/register_slice.hpp"
#include "creditflow/cycle/traffic_source.hpp"
#include "creditflow/platform/registry.hpp"

namespace creditflow::platform {

namespace {

namespace lim = core::limits;

template <class C>
C& as(Channel& channel) {
  return dynamic_cast<C&>(channel);  // the resolver has checked the channel type
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
    auto& s = as<StreamChannel>(ch);
    module_.out_valid(s.valid);
    module_.out_flit(s.flit);
    module_.out_ready(s.ready);
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
      auto& s = as<StreamChannel>(ch);
      module_.in_valid(s.valid);
      module_.in_flit(s.flit);
      module_.in_ready(s.ready);
    } else if (port == "out") {
      auto& f = as<FlowChannel>(ch);
      module_.out_valid(f.valid);
      module_.out_flit(f.flit);
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
      module_.in_valid(as<FlowChannel>(ch).valid);
      module_.in_flit(as<FlowChannel>(ch).flit);
    } else if (port == "out") {
      module_.out_valid(as<FlowChannel>(ch).valid);
      module_.out_flit(as<FlowChannel>(ch).flit);
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
    period_ps_ = clk.period() / sc_core::sc_time(1, sc_core::SC_PS);
  }
  void bind(const std::string& port, Channel& ch) override {
    if (port == "in") {
      module_.in_valid(as<FlowChannel>(ch).valid);
      module_.in_flit(as<FlowChannel>(ch).flit);
    } else if (port == "credit") {
      module_.credit_out(as<CreditChannel>(ch).credit);
    } else {
      module_.out_valid(as<FlowChannel>(ch).valid);
      module_.out_flit(as<FlowChannel>(ch).flit);
    }
  }
  const monitor::LoopParticipant* participant() const override { return &module_; }
  void contribute(core::LinkReport& r) const override {
    r.receiver_depth = params_.depth;
    r.peak_occupancy = module_.core().peak_occupancy();
    r.latency = module_.core().latency();
    r.drain_rate = params_.drain.permitted_rate();
    r.drain_period_ps = period_ps_;
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
      auto& s = as<StreamChannel>(ch);
      module_.out_valid(s.valid);
      module_.out_flit(s.flit);
      module_.out_ready(s.ready);
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
    period_ps_ = clk.period() / sc_core::sc_time(1, sc_core::SC_PS);
  }
  void bind(const std::string& port, Channel& ch) override {
    if (port == "in") {
      auto& s = as<StreamChannel>(ch);
      module_.in_valid(s.valid);
      module_.in_flit(s.flit);
      module_.in_ready(s.ready);
    } else if (port == "popped") {
      module_.popped(as<CreditChannel>(ch).credit);
    } else {
      module_.out_valid(as<FlowChannel>(ch).valid);
      module_.out_flit(as<FlowChannel>(ch).flit);
    }
  }
  const monitor::LoopParticipant* participant() const override { return &module_; }
  void contribute(core::LinkReport& r) const override {
    r.receiver_depth = params_.depth;
    r.lossy = !params_.backpressure;
    r.credit_latency += 1;  // `popped` is a register: the first stage of a credit's way back
    r.peak_occupancy = module_.core().peak_occupancy();
    r.depth_to_keep_all = module_.core().depth_to_keep_all();
    r.latency = module_.core().latency();
    r.drain_rate = params_.drain.permitted_rate();
    r.drain_period_ps = period_ps_;
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
    auto& s = as<StreamChannel>(ch);
    if (port == "in") {
      module_.in_valid(s.valid);
      module_.in_flit(s.flit);
      module_.in_ready(s.ready);
    } else {
      module_.out_valid(s.valid);
      module_.out_flit(s.flit);
      module_.out_ready(s.ready);
    }
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
    read_period_ps_ = clk.period() / sc_core::sc_time(1, sc_core::SC_PS);
  }
  void bind(const std::string& port, Channel& ch) override {
    if (port == "in") {
      auto& s = as<StreamChannel>(ch);
      module_.in_valid(s.valid);
      module_.in_flit(s.flit);
      module_.in_ready(s.ready);
    } else {
      module_.out_valid(as<FlowChannel>(ch).valid);
      module_.out_flit(as<FlowChannel>(ch).flit);
    }
  }
  const monitor::LoopParticipant* participant() const override { return &module_; }
  void contribute(core::LinkReport& r) const override {
    const auto& core = module_.core();
    r.credits = r.receiver_depth = params_.depth;
    r.crosses_clocks = true;
    r.measured_rtt = core.writer().round_trips().min();
    r.mean_rtt = core.writer().round_trips().mean();
    r.max_rtt = core.writer().round_trips().max();
    r.peak_occupancy = core.peak_occupancy();
    r.latency = core.latency();
    r.drain_rate = params_.drain.permitted_rate();
    r.drain_period_ps = read_period_ps_;
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
    auto& f = as<FlowChannel>(ch);
    if (port == "in") {
      module_.in_valid(f.valid);
      module_.in_flit(f.flit);
    } else {
      module_.out_valid(f.valid);
      module_.out_flit(f.flit);
    }
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
