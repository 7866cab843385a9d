#include "verilated_component.hpp"

#include <algorithm>
#include <deque>
#include <functional>

#include "creditflow/core/error.hpp"
#include "creditflow/core/flow_stats.hpp"
#include "creditflow/core/receiver_core.hpp"
#include "creditflow/core/seed.hpp"
#include "creditflow/cycle/clocking.hpp"
#include "creditflow/cycle/protocol_errors.hpp"
#include "creditflow/monitor/loop_participant.hpp"
#include "rtl_wire.hpp"

namespace creditflow::platform {

const VerilatedRole& verilated_role(const std::string& name, const std::string& where) {
  using Pop = VerilatedRole::Pop;
  static const std::vector<VerilatedRole> roles{
      {"credit_receiver", Pop::credit, {"occupancy"}, {"error", "drain_en"}, false, false, true},
      {"ready_valid_sink", Pop::out_valid, {"occupancy"}, {"dropped", "error", "drain_en"}, false, true, true},
      {"hop_buffer", Pop::out_taken, {"occupancy"}, {"error", "drain_en"}, false, false, false},
      {"credit_sender", Pop::none, {"credits"}, {"error"}, true, false, false}};
  for (const VerilatedRole& r : roles)
    if (r.name == name) return r;
  std::string allowed;
  for (const VerilatedRole& r : roles) allowed += (allowed.empty() ? "" : ", ") + r.name;
  throw ParameterError(where + ": role '" + name + "' is not one a verilated module can play (allowed " + allowed + ")");
}

std::vector<std::string> map_keys(const VerilatedRole& role, const std::vector<PortSpec>& ports) {
  std::vector<std::string> keys;
  for (const PortSpec& p : ports) {
    if (p.type == ChannelType::credit) {
      keys.push_back(p.name);
      continue;
    }
    keys.push_back(p.name + "_valid");
    keys.push_back(p.name + "_data");
    if (p.type == ChannelType::stream) keys.push_back(p.name + "_ready");
  }
  keys.insert(keys.end(), role.terms.begin(), role.terms.end());
  keys.insert(keys.end(), role.extras.begin(), role.extras.end());
  return keys;
}

namespace {

using RtlRead = std::function<std::uint64_t()>;

class VerilatedAdapter : public sc_core::sc_module, public monitor::LoopParticipant {
 public:
  SC_HAS_PROCESS(VerilatedAdapter);
  VerilatedAdapter(sc_core::sc_module_name name, const ComponentConfig& config, VerilatedSetup setup)
      : sc_core::sc_module(name),
        setup_(std::move(setup)),
        role_(*setup_.role),
        where_(this->name()),
        drain_(setup_.drain, core::derive_seed(config.seed(), where_), where_),
        warmup_(static_cast<core::Cycle>(config.warmup())) {
    flows_.configure(config.endpoint_id(), config.warmup_in_own_cycles(), config.clocks_from_endpoints());
    rtl_ = setup_.variant->make("rtl");
    connect_rtl();
    channels_.resize(setup_.ports.size());
  }

  sc_core::sc_in<bool> clk{"clk"};

  void attach(const std::string& port, Channel& channel) {
    for (std::size_t i = 0; i < setup_.ports.size(); ++i)
      if (setup_.ports[i].name == port) {
        if (!wire(port_key(i, "valid")) && !wire(setup_.ports[i].name))
          throw ParameterError(where_ + "." + port + " is connected, but its RTL has no port for it (map " +
                               port_key(i, setup_.ports[i].type == ChannelType::credit ? "" : "valid") + ")");
        channels_[i] = &channel;
        return;
      }
    throw Error(where_ + ": no port '" + port + "'");
  }

  void contribute(core::LoopState& s) const override {
    const std::int64_t occupancy = term("occupancy"), credits = term("credits");
    occupancy_ = occupancy;
    credits_ = credits;
    if (role_.sender) {
      s.sender_credits += credits;
      s.sent += sent_;
      s.sender_has_data = s.sender_has_data || input_valid();
      return;
    }
    s.receiver_occupancy += occupancy;
    s.popped += popped_;
    s.receiver_popping = s.receiver_popping || popping();
    if (role_.stream_in) {
      if (const RtlWire* p = wire("popped")) s.return_credits += static_cast<std::int64_t>(p->read());
      s.dropped += static_cast<std::uint64_t>(term("dropped"));
    }
  }

  // A hop buffer's other end, as the source of the next loop: what it handed on, and
  // whether an offer is waiting for the next part's ready.
  class SourceEnd : public monitor::LoopParticipant {
   public:
    explicit SourceEnd(const VerilatedAdapter& a) : a_(a) {}
    void contribute(core::LoopState& s) const override {
      s.sent += a_.popped_;
      s.source_held = s.source_held || (a_.read("out_valid") != 0 && !a_.popping());
    }

   private:
    const VerilatedAdapter& a_;
  };
  // The participant for the loop at `end`: a hop buffer starts the next loop at `out`.
  const monitor::LoopParticipant& at(const std::string& end) const {
    if (end == "out" && role_.pop == VerilatedRole::Pop::out_taken) return source_end_;
    return *this;
  }

  void add_figures(core::LinkReport& r) const override {
    if (role_.sender) {
      r.credits = setup_.capacity;
      r.measured_rtt = round_trips_.min();
      r.mean_rtt = round_trips_.mean();
      r.max_rtt = round_trips_.max();
      return;
    }
    r.receiver_depth = setup_.capacity;
    r.peak_occupancy = peak_;
    r.latency = latency_;
    r.drain_rate = setup_.drain.permitted_rate();
    r.drain_period_ps = clk_period_ps_;
    if (role_.stream_in) {
      r.lossy = !setup_.backpressure;
      r.credit_latency += 1;  // `popped` is a register: a credit's first stage back
      r.depth_to_keep_all = keep_all_;
    }
  }

  void count(core::Census& c) const {
    if (c.by_flit()) {
      for (const Held& h : held_) c.hold(h.flit);
      flows_.count(c);
    } else {
      c.held_count(held_.size());
      if (role_.delivers) c.delivered_count(popped_);
      c.dropped_count(dropped_);
    }
  }
  void add_flows(core::FlowTable& t) const {
    if (role_.delivers) flows_.add_to(t);
  }

  // What the model kind traces of itself: a receiver's occupancy, a sender's credits.
  void trace_state(sc_core::sc_trace_file* tf, const std::string& name) const {
    if (role_.stream_in) return;
    sc_core::sc_trace(tf, role_.sender ? credits_ : occupancy_, name + (role_.sender ? ".credits" : ".occupancy"));
  }
  void set_period(double ps) { clk_period_ps_ = ps; }

 private:
  struct Held {
    core::Flit flit;
    core::Cycle arrived = 0;
  };

  std::string port_key(std::size_t i, const std::string& wire) const {
    return wire.empty() ? setup_.ports[i].name : setup_.ports[i].name + "_" + wire;
  }
  const RtlWire* wire(const std::string& key) const {
    const auto found = wires_.find(key);
    return found == wires_.end() ? nullptr : found->second;
  }
  RtlWire* wire(const std::string& key) {
    const auto found = wires_.find(key);
    return found == wires_.end() ? nullptr : found->second;
  }
  std::int64_t term(const std::string& key) const {
    const auto found = probes_.find(key);
    return found == probes_.end() ? 0 : static_cast<std::int64_t>(found->second());
  }

  // Every RTL port bound: the clock to the platform's, the reset to ours, mapped ones to
  // wires the adapter drives or reads, unmapped outputs left to themselves; an unmapped
  // input would float, so it is refused.
  void connect_rtl() {
    std::vector<std::string> names;
    for (sc_core::sc_port_base* port : rtl_ports(*rtl_)) names.push_back(port->basename());
    auto has = [&](const std::string& rtl) { return std::find(names.begin(), names.end(), rtl) != names.end(); };
    if (!has(setup_.clock))
      throw ParameterError(where_ + ": " + setup_.variant->top + " has no clock port '" + setup_.clock +
                           "' (its ports: " + join(names) + "; name it with clock_port, or CLOCK in CMake)");
    choose_reset(has);
    // A key the map leaves out is the RTL port of its own name, if there is one.
    std::map<std::string, std::string> by_rtl;  // RTL port -> key
    for (const auto& [key, rtl] : setup_.map)
      if (rtl.find('.') == std::string::npos) by_rtl[rtl] = key;
    for (const std::string& key : keys())
      if (!setup_.map.count(key) && has(key) && !by_rtl.count(key) && key != setup_.reset && key != setup_.clock) {
        setup_.map[key] = key;
        by_rtl[key] = key;
      }
    for (sc_core::sc_port_base* port : rtl_ports(*rtl_)) {
      const std::string rtl = port->basename();
      if (rtl == setup_.clock) {
        bind_rtl_clock(*port, clk, where_);
        continue;
      }
      auto wire = bind_rtl_port(*port, where_);
      if (rtl == setup_.reset) {
        reset_ = wire.get();
      } else if (const auto key = by_rtl.find(rtl); key != by_rtl.end()) {
        if (wire->output() == input_key(key->second))
          throw ParameterError(where_ + ": RTL port '" + rtl + "', mapped as " + key->second + ", is an " +
                               (wire->output() ? "output" : "input") + " (allowed an " +
                               (input_key(key->second) ? "input" : "output") + ")");
        wires_[key->second] = wire.get();
      } else if (!wire->output()) {
        throw ParameterError(where_ + ": RTL input '" + rtl + "' of " + setup_.variant->top +
                             " is not in the port map (map it to one of: " + keys_text() + ")");
      }
      owned_.push_back(std::move(wire));
    }
    for (const auto& [key, rtl] : setup_.map) {
      if (rtl.find('.') != std::string::npos) {
        auto read = setup_.variant->probe ? setup_.variant->probe(*rtl_, rtl) : RtlRead{};
        if (!read)
          throw ParameterError(where_ + ": " + key + "=" + rtl + ": no public signal '" + rtl + "' in " +
                               setup_.variant->top + " (verilate with --vpi, the signal public)");
        probes_[key] = std::move(read);
      } else if (!has(rtl)) {
        throw ParameterError(where_ + ": " + key + "=" + rtl + ": " + setup_.variant->top + " has no port '" + rtl +
                             "' (its ports: " + join(names) + ")");
      } else if (const RtlWire* w = wire(key); w && is_term(key)) {
        probes_[key] = [w] { return w->read(); };
      }
    }
    for (const std::string& t : role_.terms)
      if (!probes_.count(t))
        throw ParameterError(where_ + ": the " + role_.name + " role needs the term '" + t +
                             "' (an RTL port or public signal holding it: " + t + "=...), for the conservation check");
    if (role_.stream_in && !setup_.backpressure && !probes_.count("dropped"))
      throw ParameterError(where_ + ": backpressure: false needs the RTL's count of the beats it drops (map dropped=...)");
    if (!wire("drain_en") && (setup_.drain.every != 1 || setup_.drain.rate < 1.0 || !setup_.drain.stalls.empty()))
      throw ParameterError(where_ + ": its drain parameters need an RTL input for them (map drain_en=...)");
    if (reset_) reset_->write(reset_low_ ? 0 : 1);
  }

  void choose_reset(const std::function<bool(const std::string&)>& has) {
    if (setup_.reset == "none") {
      setup_.reset.clear();
      return;
    }
    if (setup_.reset.empty()) {
      for (const char* usual : {"rst_n", "reset_n", "rstn", "rst", "reset"})
        if (has(usual)) {
          setup_.reset = usual;
          break;
        }
    } else if (!has(setup_.reset)) {
      throw ParameterError(where_ + ": " + setup_.variant->top + " has no reset port '" + setup_.reset +
                           "' (reset: none for a module without one)");
    }
    const auto& r = setup_.reset;
    const bool named_low = (r.size() > 2 && r.compare(r.size() - 2, 2, "_n") == 0) || r == "rstn";
    reset_low_ = setup_.reset_active.empty() ? named_low : setup_.reset_active == "low";
  }

  std::vector<std::string> keys() const { return map_keys(role_, setup_.ports); }

  bool is_term(const std::string& key) const {
    return key == "occupancy" || key == "credits" || key == "dropped" || key == "error";
  }
  bool input_key(const std::string& key) const {
    if (key == "drain_en") return true;
    if (is_term(key)) return false;
    for (const PortSpec& p : setup_.ports) {
      const bool in = p.dir == PortDir::in;
      if (key == p.name) return in;
      if (key == p.name + "_valid" || key == p.name + "_data") return in;
      if (key == p.name + "_ready") return !in;
    }
    return false;
  }
  std::string keys_text() const { return join(keys()); }
  static std::string join(const std::vector<std::string>& items) {
    std::string text;
    for (const std::string& i : items) text += (text.empty() ? "" : ", ") + i;
    return text;
  }

  void before_end_of_elaboration() override {
    SC_METHOD(drive_inputs);
    for (std::size_t i = 0; i < channels_.size(); ++i) {
      if (!channels_[i]) continue;
      if (auto* s = dynamic_cast<StreamChannel*>(channels_[i])) {
        sensitive << s->valid << s->flit << s->ready;
      } else if (auto* f = dynamic_cast<FlowChannel*>(channels_[i])) {
        sensitive << f->valid << f->flit;
      } else if (auto* k = dynamic_cast<CreditChannel*>(channels_[i])) {
        sensitive << k->credit;
      }
    }
    SC_METHOD(drive_outputs);
    for (const auto& owned : owned_)
      if (owned->output()) sensitive << owned->changed();
    sensitive << edge_done_;
    SC_METHOD(on_edge);
    sensitive << clk.pos();
    dont_initialize();
    SC_THREAD(release_reset);
    if (RtlWire* d = wire("drain_en")) d->write(drain_.allows(0));
  }

  void release_reset() {
    wait(clk.negedge_event());
    if (reset_) reset_->write(reset_low_ ? 1 : 0);
  }

  // Channels -> RTL: what the neighbours offer and take this cycle.
  void drive_inputs() {
    for (std::size_t i = 0; i < channels_.size(); ++i) {
      if (!channels_[i]) continue;
      const PortSpec& p = setup_.ports[i];
      if (p.type == ChannelType::credit) {
        if (p.dir == PortDir::in) wire(p.name)->write(dynamic_cast<CreditChannel*>(channels_[i])->credit.read());
        continue;
      }
      if (p.dir == PortDir::in) {
        const auto [valid, flit] = offered(i);
        write(port_key(i, "valid"), valid);
        write(port_key(i, "data"), flit.id);
      } else if (auto* s = dynamic_cast<StreamChannel*>(channels_[i])) {
        write(port_key(i, "ready"), s->ready.read());
      }
    }
  }
  void write(const std::string& key, std::uint64_t value) {
    if (RtlWire* w = wire(key)) w->write(value);
  }

  // RTL -> channels: what the module offers, its ready and its credits, flits put back whole.
  void drive_outputs() {
    for (std::size_t i = 0; i < channels_.size(); ++i) {
      if (!channels_[i]) continue;
      const PortSpec& p = setup_.ports[i];
      if (p.type == ChannelType::credit) {
        if (p.dir == PortDir::out) dynamic_cast<CreditChannel*>(channels_[i])->credit.write(wire(p.name)->read() != 0);
        continue;
      }
      if (p.dir == PortDir::in) {
        if (auto* s = dynamic_cast<StreamChannel*>(channels_[i])) s->ready.write(ready(i));
        continue;
      }
      // Between deltas the module's data may name a flit that has just left, or not yet
      // come: the flit is written once it names one (the edge refuses data naming none).
      // A flit means something only with valid high, as on any channel.
      const bool valid = read(port_key(i, "valid")) != 0;
      const Held* h = valid ? find(i) : nullptr;
      core::Flit flit = h ? h->flit : core::Flit{};
      if (h && role_.sender) core::stamp_sent(flit, now_);
      if (auto* s = dynamic_cast<StreamChannel*>(channels_[i])) {
        s->valid.write(valid);
        if (h) s->flit.write(flit);
      } else if (auto* f = dynamic_cast<FlowChannel*>(channels_[i])) {
        f->valid.write(valid);
        if (h) f->flit.write(flit);
      }
    }
  }
  std::uint64_t read(const std::string& key) const {
    const RtlWire* w = wire(key);
    return w ? w->read() : 0;
  }
  // An input's ready: the module's, or always, for a module with none (a lossy sink).
  bool ready(std::size_t in) const {
    const RtlWire* w = wire(port_key(in, "ready"));
    return !w || w->read() != 0;
  }

  std::pair<bool, core::Flit> offered(std::size_t i) const {
    if (auto* s = dynamic_cast<const StreamChannel*>(channels_[i])) return {s->valid.read(), s->flit.read()};
    if (auto* f = dynamic_cast<const FlowChannel*>(channels_[i])) return {f->valid.read(), f->flit.read()};
    return {false, {}};
  }
  bool input_valid() const {
    for (std::size_t i = 0; i < channels_.size(); ++i)
      if (channels_[i] && setup_.ports[i].dir == PortDir::in && setup_.ports[i].type != ChannelType::credit &&
          offered(i).first)
        return true;
    return false;
  }

  // The flit an output's data names: one held, else one offered on an input this cycle
  // (a sender passes its flit through in the cycle it takes it); with no data port, the
  // oldest held.
  const Held* find(std::size_t out) const {
    const RtlWire* data = wire(port_key(out, "data"));
    if (!data) return held_.empty() ? nullptr : &held_.front();
    const std::uint64_t id = data->read();
    for (const Held& h : held_)
      if (h.flit.id == id) return &h;
    for (std::size_t i = 0; i < channels_.size(); ++i)
      if (channels_[i] && setup_.ports[i].dir == PortDir::in && setup_.ports[i].type != ChannelType::credit) {
        const auto [valid, flit] = offered(i);
        if (valid && flit.id == id) {
          passing_ = {flit, now_};
          return &passing_;
        }
      }
    return nullptr;
  }
  void take(std::size_t out, const std::string& what) {
    const Held* h = find(out);
    if (!h)
      throw ProtocolError(where_ + ": at cycle " + std::to_string(now_) + " the RTL " + what + " data " +
                          std::to_string(read(port_key(out, "data"))) +
                          ", the id of no flit it holds (is its data port narrower than a flit id, or a flit lost?)");
    left_ = *h;
    if (h == &passing_) return;
    held_.erase(held_.begin() + (h - &held_.front()));
  }

  std::size_t port_named(const std::string& name) const {
    for (std::size_t i = 0; i < setup_.ports.size(); ++i)
      if (setup_.ports[i].name == name) return i;
    return setup_.ports.size();
  }
  bool popping() const {
    switch (role_.pop) {
      case VerilatedRole::Pop::credit:
        return read(setup_.ports[port_named("credit")].name) != 0;
      case VerilatedRole::Pop::out_valid:
        return read("out_valid") != 0;
      case VerilatedRole::Pop::out_taken: {
        const std::size_t out = port_named("out");
        auto* s = channels_[out] ? dynamic_cast<const StreamChannel*>(channels_[out]) : nullptr;
        return read("out_valid") != 0 && s && s->ready.read();
      }
      case VerilatedRole::Pop::none:
        break;
    }
    return false;
  }

  // The rising edge closing cycle now_: every value read is the cycle's own.
  void on_edge() {
    if (cycle::opening_edge()) return;
    cycle::report_protocol_errors([&] { close_cycle(); });
    ++now_;
    if (RtlWire* d = wire("drain_en")) d->write(drain_.allows(now_));
    edge_done_.notify(sc_core::SC_ZERO_TIME);
  }

  void close_cycle() {
    peak_ = std::max<std::int64_t>(peak_, term("occupancy"));
    // A lossy sink's drops of the edge before: the beats it took then, newest first.
    const auto dropped = static_cast<std::uint64_t>(term("dropped"));
    if (dropped > dropped_ && setup_.backpressure)
      throw ProtocolError(where_ + ": the RTL dropped a beat at cycle " + std::to_string(now_ - 1) +
                          " though its backpressure is true (give backpressure: false for a lossy sink)");
    for (; dropped_ < dropped && !held_.empty(); ++dropped_) {
      flows_.drop(held_.back().flit);
      held_.pop_back();
    }
    if (term("error") != 0)
      throw ProtocolError(where_ + ": the RTL raised its error output (" + setup_.map.at("error") + ") at cycle " +
                          std::to_string(now_));
    if (role_.sender) time_round_trips();
    // What leaves first: a pop takes the oldest flit (or the one its data names), a sender's
    // output the flit it names, which may be the one arriving this cycle.
    if (popping()) {
      const std::size_t out = port_named("out");
      take(out, "popped");
      if (role_.delivers) flows_.pop(left_.flit, now_);
      if (now_ >= warmup_) {
        core::Flit f = left_.flit;
        if (role_.stream_in) core::stamp_sent(f, left_.arrived);
        core::record_latency(latency_, f, left_.arrived, now_);
      }
      ++popped_;
    }
    for (std::size_t i = 0; i < channels_.size(); ++i) {
      if (!channels_[i] || setup_.ports[i].type == ChannelType::credit) continue;
      const PortSpec& p = setup_.ports[i];
      if (p.dir == PortDir::in) {
        const auto [valid, flit] = offered(i);
        const bool taken = p.type != ChannelType::stream || ready(i);
        if (valid && taken) held_.push_back({flit, now_});
        if (role_.stream_in) size_to_keep_all(valid && taken);
      } else if (role_.sender && read(port_key(i, "valid")) != 0) {
        take(i, "sent");
        ++sent_;
        spends_.push_back(now_);
      }
    }
  }

  // A sender's round trips: from a credit's spending to the edge it is back at, oldest first.
  void time_round_trips() {
    const RtlWire* back = wire("credit_in");
    if (!back || back->read() == 0 || spends_.empty()) return;
    round_trips_.add(now_ + 1 - spends_.front());
    spends_.pop_front();
  }

  // The depth an unbounded FIFO, seeing the same beats and the same chances to pop, would
  // have needed: what a sink reports as the depth that keeps every beat.
  void size_to_keep_all(bool transfer) {
    const bool pop_allowed = read("drain_en") != 0 || !wire("drain_en");
    if (transfer) keep_all_ = std::max(keep_all_, shadow_ + 1);
    shadow_ += static_cast<std::int64_t>(transfer) - static_cast<std::int64_t>(pop_allowed && shadow_ > 0);
  }

  VerilatedSetup setup_;
  const VerilatedRole& role_;
  std::string where_;
  core::DrainSchedule drain_;
  core::Cycle warmup_;
  std::unique_ptr<sc_core::sc_module> rtl_;
  std::vector<std::unique_ptr<RtlWire>> owned_;
  std::map<std::string, RtlWire*> wires_;
  std::map<std::string, RtlRead> probes_;
  RtlWire* reset_ = nullptr;
  bool reset_low_ = true;
  std::vector<Channel*> channels_;
  sc_core::sc_event edge_done_;

  std::deque<Held> held_;
  mutable Held passing_;
  Held left_;
  core::Cycle now_ = 0;
  std::uint64_t sent_ = 0, popped_ = 0, dropped_ = 0;
  std::int64_t peak_ = 0;
  std::deque<core::Cycle> spends_;  // a sender's credits in flight: the cycles they were spent
  core::LatencyStats round_trips_;
  std::int64_t shadow_ = 0, keep_all_ = 0;
  // Kept for the VCD as the monitor last read them.
  mutable std::int64_t occupancy_ = 0, credits_ = 0;
  core::FlitLatency latency_;
  core::FlowDeliveries flows_;
  double clk_period_ps_ = 0.0;
  SourceEnd source_end_{*this};
};

class VerilatedComponent : public Component {
 public:
  VerilatedComponent(const ComponentConfig& c, VerilatedSetup setup)
      : adapter_(c.name().c_str(), c, std::move(setup)) {}
  void bind_clock(sc_core::sc_clock& clk) override {
    adapter_.clk(clk);
    adapter_.set_period(clk.period() / sc_core::sc_time(1, sc_core::SC_PS));
  }
  void bind(const std::string& port, Channel& channel) override { adapter_.attach(port, channel); }
  const monitor::LoopParticipant* participant() const override { return &adapter_; }
  void contribute(core::LinkReport& r) const override { adapter_.add_figures(r); }
  // A hop buffer ends one loop at `in` and starts the next at `out`.
  const monitor::LoopParticipant* participant_at(const std::string& end) const override { return &adapter_.at(end); }
  void contribute_at(const std::string& end, core::LinkReport& r) const override { adapter_.at(end).add_figures(r); }
  void add_flows(core::FlowTable& t) const override { adapter_.add_flows(t); }
  bool counts_flits() const override { return true; }
  void count(core::Census& c) const override { adapter_.count(c); }
  void trace_state(sc_core::sc_trace_file* tf, const std::string& name) const override { adapter_.trace_state(tf, name); }

 private:
  VerilatedAdapter adapter_;
};

}  // namespace

std::unique_ptr<Component> make_verilated_component(const ComponentConfig& config, VerilatedSetup setup) {
  return std::make_unique<VerilatedComponent>(config, std::move(setup));
}

}  // namespace creditflow::platform
