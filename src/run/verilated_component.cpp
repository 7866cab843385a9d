#include "run/verilated_component.hpp"

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
#include "creditflow/platform/nearest.hpp"
#include "run/rtl_wire.hpp"

namespace creditflow::platform {

namespace {

const std::vector<VerilatedRole>& roles() {
  using Pop = VerilatedRole::Pop;
  static const std::vector<VerilatedRole> all{
      {"credit_receiver", Pop::credit, {"occupancy"}, {"error", "drain_en"}, false, false, true},
      {"ready_valid_sink", Pop::out_valid, {"occupancy"}, {"dropped", "error", "drain_en"}, false, true, true},
      {"hop_buffer", Pop::out_taken, {"occupancy"}, {"error", "drain_en"}, false, false, false},
      {"credit_sender", Pop::none, {"credits"}, {"error"}, true, false, false}};
  return all;
}

}  // namespace

std::vector<std::string> verilated_roles() {
  std::vector<std::string> names;
  for (const VerilatedRole& r : roles()) names.push_back(r.name);
  return names;
}

const VerilatedRole& verilated_role(const std::string& name, const std::string& where) {
  for (const VerilatedRole& r : roles())
    if (r.name == name) return r;
  throw ParameterError(where + ": role '" + name + "' is not one a verilated module can play (allowed " +
                       join_names(verilated_roles()) + ")");
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
  }

  sc_core::sc_in<bool> clk{"clk"};

  void attach(const std::string& port, Channel& channel) {
    const std::size_t i = port_named(port);
    if (i == io_.size()) throw Error(where_ + ": no port '" + port + "'");
    PortIo& p = io_[i];
    if (!p.rtl_valid && !p.rtl_credit)
      throw ParameterError(where_ + "." + port + " is connected, but its RTL has no port for it (map " +
                           port_key(i, setup_.ports[i].type == ChannelType::credit ? "" : "valid") + ")");
    if (auto* s = dynamic_cast<StreamChannel*>(&channel)) {
      p.valid = &s->valid;
      p.flit = &s->flit;
      p.ready = &s->ready;
    } else if (auto* f = dynamic_cast<FlowChannel*>(&channel)) {
      p.valid = &f->valid;
      p.flit = &f->flit;
    } else if (auto* k = dynamic_cast<CreditChannel*>(&channel)) {
      p.credit = &k->credit;
    }
  }

  void contribute(core::LoopState& s) const override {
    const std::int64_t occupancy = term(occupancy_term_), credits = term(credits_term_);
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
      s.return_credits += static_cast<std::int64_t>(read(credit_wire_));  // `popped`, a credit on its way
      s.dropped += static_cast<std::uint64_t>(term(dropped_term_));
    }
  }

  // A hop buffer's other end, as the source of the next loop: what it handed on, and
  // whether an offer is waiting for the next part's ready.
  class SourceEnd : public monitor::LoopParticipant {
   public:
    explicit SourceEnd(const VerilatedAdapter& a) : a_(a) {}
    void contribute(core::LoopState& s) const override {
      s.sent += a_.popped_;
      s.source_held = s.source_held || (read(a_.io_[a_.out_].rtl_valid) != 0 && !a_.popping());
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
  // A port of the role, resolved once: the module's wires the map gave it, and its
  // channel's signals where it is connected.
  struct PortIo {
    RtlWire *rtl_valid = nullptr, *rtl_data = nullptr, *rtl_ready = nullptr, *rtl_credit = nullptr;
    sc_core::sc_signal<bool>* valid = nullptr;
    sc_core::sc_signal<core::Flit>* flit = nullptr;
    sc_core::sc_signal<bool>* ready = nullptr;  // a stream's
    sc_core::sc_signal<bool>* credit = nullptr;
    bool flits_in = false;  // an input carrying flits
  };
  struct Held {
    core::Flit flit;
    core::Cycle arrived = 0;
  };

  std::string port_key(std::size_t i, const std::string& wire) const {
    return wire.empty() ? setup_.ports[i].name : setup_.ports[i].name + "_" + wire;
  }
  RtlWire* wire(const std::string& key) {
    const auto found = wires_.find(key);
    return found == wires_.end() ? nullptr : found->second;
  }
  static std::int64_t term(const RtlRead& read) { return read ? static_cast<std::int64_t>(read()) : 0; }
  static std::uint64_t read(const RtlWire* w) { return w ? w->read() : 0; }
  static void write(RtlWire* w, std::uint64_t value) {
    if (w) w->write(value);
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
                           "' (its ports: " + join_names(names) + "; name it with clock_port, or CLOCK in CMake)");
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
    std::map<std::string, RtlRead> probes;  // the terms, by key
    for (const auto& [key, rtl] : setup_.map) {
      if (rtl.find('.') != std::string::npos) {
        auto read = setup_.variant->probe ? setup_.variant->probe(*rtl_, rtl) : RtlRead{};
        if (!read)
          throw ParameterError(where_ + ": " + key + "=" + rtl + ": no public signal '" + rtl + "' in " +
                               setup_.variant->top + " (verilate with --vpi, the signal public)");
        probes[key] = std::move(read);
      } else if (!has(rtl)) {
        throw ParameterError(where_ + ": " + key + "=" + rtl + ": " + setup_.variant->top + " has no port '" + rtl +
                             "' (its ports: " + join_names(names) + ")");
      } else if (const RtlWire* w = wire(key); w && is_term(key)) {
        probes[key] = [w] { return w->read(); };
      }
    }
    for (const std::string& t : role_.terms)
      if (!probes.count(t))
        throw ParameterError(where_ + ": the " + role_.name + " role needs the term '" + t +
                             "' (an RTL port or public signal holding it: " + t + "=...), for the conservation check");
    if (role_.stream_in && !setup_.backpressure && !probes.count("dropped"))
      throw ParameterError(where_ + ": backpressure: false needs the RTL's count of the beats it drops (map dropped=...)");
    if (!wire("drain_en") && (setup_.drain.every != 1 || setup_.drain.rate < 1.0 || !setup_.drain.stalls.empty()))
      throw ParameterError(where_ + ": its drain parameters need an RTL input for them (map drain_en=...)");
    if (reset_) reset_->write(reset_low_ ? 0 : 1);
    occupancy_term_ = probes["occupancy"];
    credits_term_ = probes["credits"];
    dropped_term_ = probes["dropped"];
    error_term_ = probes["error"];
    resolve_ports();
  }

  // Each port's wires, and the ones a cycle asks about, found once.
  void resolve_ports() {
    io_.resize(setup_.ports.size());
    for (std::size_t i = 0; i < io_.size(); ++i) {
      const PortSpec& spec = setup_.ports[i];
      PortIo& p = io_[i];
      p.rtl_valid = wire(port_key(i, "valid"));
      p.rtl_data = wire(port_key(i, "data"));
      p.rtl_ready = wire(port_key(i, "ready"));
      p.rtl_credit = wire(spec.name);
      p.flits_in = spec.dir == PortDir::in && spec.type != ChannelType::credit;
      if (spec.type == ChannelType::credit) credit_wire_ = p.rtl_credit;  // each role has one credit port
    }
    out_ = port_named("out");
    drain_en_ = wire("drain_en");
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
  std::string keys_text() const { return join_names(keys()); }

  void before_end_of_elaboration() override {
    SC_METHOD(drive_inputs);
    for (const PortIo& p : io_) {
      if (p.valid) sensitive << *p.valid << *p.flit;
      if (p.ready) sensitive << *p.ready;
      if (p.credit) sensitive << *p.credit;
    }
    SC_METHOD(drive_outputs);
    for (const auto& owned : owned_)
      if (owned->output()) sensitive << owned->changed();
    sensitive << edge_done_;
    SC_METHOD(on_edge);
    sensitive << clk.pos();
    dont_initialize();
    SC_THREAD(release_reset);
    write(drain_en_, drain_.allows(0));
  }

  void release_reset() {
    wait(clk.negedge_event());
    if (reset_) reset_->write(reset_low_ ? 1 : 0);
  }

  // Channels -> RTL: what the neighbours offer and take this cycle.
  void drive_inputs() {
    for (std::size_t i = 0; i < io_.size(); ++i) {
      const PortIo& p = io_[i];
      const bool in = setup_.ports[i].dir == PortDir::in;
      if (p.credit && in) p.rtl_credit->write(p.credit->read());
      if (p.valid && in) {
        write(p.rtl_valid, p.valid->read());
        write(p.rtl_data, p.flit->read().id);
      }
      if (p.ready && !in) write(p.rtl_ready, p.ready->read());
    }
  }

  // RTL -> channels: what the module offers, its ready and its credits, flits put back whole.
  void drive_outputs() {
    for (std::size_t i = 0; i < io_.size(); ++i) {
      const PortIo& p = io_[i];
      if (setup_.ports[i].dir == PortDir::in) {
        if (p.ready) p.ready->write(ready(p));
        continue;
      }
      if (p.credit) p.credit->write(p.rtl_credit->read() != 0);
      if (!p.valid) continue;
      // Between deltas the module's data may name a flit that has just left, or not yet
      // come: the flit is written once it names one (the edge refuses data naming none).
      // A flit means something only with valid high, as on any channel.
      const bool valid = read(p.rtl_valid) != 0;
      const Held* h = valid ? find(p) : nullptr;
      p.valid->write(valid);
      if (!h) continue;
      core::Flit flit = h->flit;
      if (role_.sender) core::stamp_sent(flit, now_);
      p.flit->write(flit);
    }
  }
  // An input's ready: the module's, or always, for a module with none (a lossy sink).
  static bool ready(const PortIo& in) { return !in.rtl_ready || in.rtl_ready->read() != 0; }
  bool input_valid() const {
    for (const PortIo& p : io_)
      if (p.flits_in && p.valid && p.valid->read()) return true;
    return false;
  }

  // The flit an output's data names: one held, else one offered on an input this cycle
  // (a sender passes its flit through in the cycle it takes it); with no data port, the
  // oldest held.
  const Held* find(const PortIo& out) const {
    if (!out.rtl_data) return held_.empty() ? nullptr : &held_.front();
    const std::uint64_t id = out.rtl_data->read();
    for (const Held& h : held_)
      if (h.flit.id == id) return &h;
    for (const PortIo& p : io_)
      if (p.flits_in && p.valid && p.valid->read() && p.flit->read().id == id) {
        passing_ = {p.flit->read(), now_};
        return &passing_;
      }
    return nullptr;
  }
  void take(const PortIo& out, const std::string& what) {
    const Held* h = find(out);
    if (!h)
      throw ProtocolError(where_ + ": at cycle " + std::to_string(now_) + " the RTL " + what + " data " +
                          std::to_string(read(out.rtl_data)) +
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
        return read(credit_wire_) != 0;
      case VerilatedRole::Pop::out_valid:
        return read(io_[out_].rtl_valid) != 0;
      case VerilatedRole::Pop::out_taken:
        return read(io_[out_].rtl_valid) != 0 && io_[out_].ready && io_[out_].ready->read();
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
    write(drain_en_, drain_.allows(now_));
    edge_done_.notify(sc_core::SC_ZERO_TIME);
  }

  void close_cycle() {
    peak_ = std::max<std::int64_t>(peak_, term(occupancy_term_));
    // A lossy sink's drops of the edge before: the beats it took then, newest first.
    const auto dropped = static_cast<std::uint64_t>(term(dropped_term_));
    if (dropped > dropped_ && setup_.backpressure)
      throw ProtocolError(where_ + ": the RTL dropped a beat at cycle " + std::to_string(now_ - 1) +
                          " though its backpressure is true (give backpressure: false for a lossy sink)");
    for (; dropped_ < dropped && !held_.empty(); ++dropped_) {
      flows_.drop(held_.back().flit);
      held_.pop_back();
    }
    if (term(error_term_) != 0)
      throw ProtocolError(where_ + ": the RTL raised its error output (" + setup_.map.at("error") + ") at cycle " +
                          std::to_string(now_));
    if (role_.sender) time_round_trips();
    // What leaves first: a pop takes the oldest flit (or the one its data names), a sender's
    // output the flit it names, which may be the one arriving this cycle.
    if (popping()) {
      take(io_[out_], "popped");
      if (role_.delivers) flows_.pop(left_.flit, now_);
      if (now_ >= warmup_) {
        core::Flit f = left_.flit;
        if (role_.stream_in) core::stamp_sent(f, left_.arrived);
        core::record_latency(latency_, f, left_.arrived, now_);
      }
      ++popped_;
    }
    for (const PortIo& p : io_) {
      if (!p.valid) continue;
      if (p.flits_in) {
        const bool valid = p.valid->read(), taken = !p.ready || ready(p);
        if (valid && taken) held_.push_back({p.flit->read(), now_});
        if (role_.stream_in) size_to_keep_all(valid && taken);
      } else if (role_.sender && read(p.rtl_valid) != 0) {
        take(p, "sent");
        ++sent_;
        spends_.push_back(now_);
      }
    }
  }

  // A sender's round trips: from a credit's spending to the edge it is back at, oldest first.
  void time_round_trips() {
    if (read(credit_wire_) == 0 || spends_.empty()) return;
    round_trips_.add(now_ + 1 - spends_.front());
    spends_.pop_front();
  }

  // The depth an unbounded FIFO, seeing the same beats and the same chances to pop, would
  // have needed: what a sink reports as the depth that keeps every beat.
  void size_to_keep_all(bool transfer) {
    const bool pop_allowed = !drain_en_ || drain_en_->read() != 0;
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
  // The terms (a port's wire, or a signal read through VPI); empty where the map has none.
  RtlRead occupancy_term_, credits_term_, dropped_term_, error_term_;
  RtlWire* reset_ = nullptr;
  bool reset_low_ = true;
  std::vector<PortIo> io_;
  std::size_t out_ = 0;              // the port `out`, whose valid (and ready) say a pop
  RtlWire* credit_wire_ = nullptr;   // the role's one credit port: credit, popped or credit_in
  RtlWire* drain_en_ = nullptr;
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
