// The built-in kinds: thin adapters from resolved YAML parameters to the cycle modules.
#include <memory>

#include "creditflow/core/limits.hpp"
#include "creditflow/cycle/credit_receiver.hpp"
#include "creditflow/cycle/credit_sender.hpp"
#include "creditflow/cycle/pipelined_link.hpp"
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
  return p;
}

class SourceComponent : public Component {
 public:
  explicit SourceComponent(const ComponentConfig& c)
      : module_(c.name().c_str(), source_params(c), c.seed()), class_(c.text("class")) {}
  void bind_clock(sc_core::sc_clock& clk) override { module_.clk(clk); }
  void bind(const std::string&, Channel& ch) override {
    auto& s = as<StreamChannel>(ch);
    module_.out_valid(s.valid);
    module_.out_flit(s.flit);
    module_.out_ready(s.ready);
  }
  void contribute(core::LinkReport& r) const override {
    r.traffic_class = class_;
    r.offered_rate = module_.core().pattern().offered_rate();
    r.source_refused = module_.core().refused();
  }

 private:
  cycle::TrafficSource<> module_;
  std::string class_;
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
    r.measured_rtt = module_.core().round_trips().min();
    r.mean_rtt = module_.core().round_trips().mean();
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

core::ReceiverParams receiver_params(const ComponentConfig& c) {
  core::ReceiverParams p;
  p.depth = c.integer("depth");
  p.drain.every = c.integer("drain_every");
  p.drain.rate = c.real("drain_rate");
  if (c.integer("stall_cycles") > 0) {
    const std::int64_t from = c.integer("stall_from");
    p.drain.stalls.push_back({from, from + c.integer("stall_cycles")});
  }
  return p;
}

class ReceiverComponent : public Component {
 public:
  explicit ReceiverComponent(const ComponentConfig& c)
      : params_(receiver_params(c)), module_(c.name().c_str(), params_, c.seed()) {
    module_.measure_from(c.warmup());
  }
  void bind_clock(sc_core::sc_clock& clk) override { module_.clk(clk); }
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
    r.credits = params_.depth;
    r.peak_occupancy = module_.core().peak_occupancy();
    r.latency = module_.core().latency();
    r.drain_rate = params_.drain.permitted_rate();
  }

 private:
  core::ReceiverParams params_;
  cycle::CreditReceiver<> module_;
};

template <class C>
std::function<std::unique_ptr<Component>(const ComponentConfig&)> make() {
  return [](const ComponentConfig& c) { return std::make_unique<C>(c); };
}

}  // namespace

Registry builtin_registry() {
  Registry r;
  r.add({"traffic_source",
         "offers flits on a ready/valid stream by a pattern",
         {ParamSpec::choice("pattern", "saturating", {"saturating", "periodic", "burst", "bernoulli"},
                            "when a flit is created"),
          ParamSpec::integer("every", "1", 1, lim::max_period, "periodic: a flit when t % every == 0"),
          ParamSpec::integer("burst_on", "1", 1, lim::max_period, "burst: cycles on"),
          ParamSpec::integer("burst_off", "0", 0, lim::max_period, "burst: cycles off"),
          ParamSpec::real("rate", "1", 0.0, 1.0, "bernoulli: probability of a flit per cycle"),
          ParamSpec::integer("queue_depth", "1024", 1, lim::max_queue,
                             "flits waiting at the source; more are refused and counted"),
          ParamSpec::text("class", "data", "traffic class name, for per-class figures")},
         {{"out", ChannelType::stream, PortDir::out, false, "flits offered to a sender"}},
         LoopRole::source,
         {},
         make<SourceComponent>()});
  r.add({"credit_sender",
         "holds a loop's credits; forwards a flit only with a credit",
         {ParamSpec::integer("credits", "", 1, lim::max_depth,
                             "initial credits; must equal the loop's receiver depth")
              .make_required()},
         {{"in", ChannelType::stream, PortDir::in, false, "flits from a source"},
          {"out", ChannelType::flow, PortDir::out, false, "flits sent, one credit each"},
          {"credit_in", ChannelType::credit, PortDir::in, false, "returned credits"}},
         LoopRole::sender,
         {},
         make<SenderComponent>()});
  r.add({"pipelined_link",
         "forward_latency stages for flits, credit_latency stages for credits",
         {ParamSpec::integer("latency", "1", 0, lim::max_latency, "stages each way"),
          ParamSpec::integer("forward_latency", "${latency}", 0, lim::max_latency,
                             "stages for flits"),
          ParamSpec::integer("credit_latency", "${latency}", 0, lim::max_latency,
                             "stages for credits")},
         {{"in", ChannelType::flow, PortDir::in, false, "flits from the sender side"},
          {"out", ChannelType::flow, PortDir::out, false, "flits to the receiver side"},
          {"credit_in", ChannelType::credit, PortDir::in, false, "credits from the receiver side"},
          {"credit_out", ChannelType::credit, PortDir::out, false, "credits to the sender side"}},
         LoopRole::pipe,
         {{"in", "out"}, {"credit_in", "credit_out"}},
         make<LinkComponent>()});
  r.add({"credit_receiver",
         "a buffer of depth slots drained by a schedule; one credit per pop",
         {ParamSpec::integer("depth", "4", 1, lim::max_depth, "buffer slots (B)"),
          ParamSpec::integer("drain_every", "1", 1, lim::max_period, "pop only when t % k == 0"),
          ParamSpec::real("drain_rate", "1", 0.0, 1.0, "seeded random fraction of cycles that may pop"),
          ParamSpec::integer("stall_from", "0", 0, INT64_MAX / 2, "first cycle of a consumer stall"),
          ParamSpec::integer("stall_cycles", "0", 0, INT64_MAX / 2, "length of that stall")},
         {{"in", ChannelType::flow, PortDir::in, false, "flits from the link"},
          {"credit", ChannelType::credit, PortDir::out, false, "one pulse per pop"},
          {"out", ChannelType::flow, PortDir::out, true, "the flits popped"}},
         LoopRole::receiver,
         {},
         make<ReceiverComponent>()});
  return r;
}

}  // namespace creditflow::platform
