#include "creditflow/noc/network.hpp"

#include <cmath>
#include <algorithm>
#include <map>
#include <limits>
#include <string>

#include "creditflow/core/error.hpp"
#include "creditflow/noc/concentrated_mesh.hpp"
#include "creditflow/noc/fat_tree.hpp"
#include "creditflow/noc/quad_tree.hpp"
#include "creditflow/noc/two_phase_mesh.hpp"

namespace creditflow::noc {
namespace {

constexpr Cycle kNever = std::numeric_limits<Cycle>::max() / 4;
constexpr Cycle kAuditPeriod = 1024;  // cycles between checks of every channel (a power of 2)

}  // namespace

Network::Shape Network::shape_of(const NocConfig& config, const std::string& where) {
  config.validate(where);
  Shape shape;
  if (config.topology == "anynet")
    shape.topology = std::make_unique<Anynet>(config.netlist, config.netlist_where(where), config.router_names);
  else if (config.topology == "fattree")
    shape.topology = std::make_unique<FatTree>(config.k, config.n);
  else if (config.topology == "qtree")
    shape.topology = std::make_unique<QuadTree>(config.k, config.n);
  else if (config.topology == "cmesh")
    shape.topology = std::make_unique<ConcentratedMesh>(config.k, config.use_noc_latency == 1);
  else
    shape.topology = std::make_unique<KaryNcube>(config);
  shape.routing = [config](const Topology& t, Rng& coin) -> std::unique_ptr<Routing> {
    // Each message class routes within its own block of VCs, as a network of one class would.
    NocConfig block = config;
    block.num_vcs = config.num_vcs / config.message_classes;
    std::unique_ptr<Routing> routing;
    if (const RoutingFactory* users = find_routing(config.routing_function))
      routing = (*users)(t, block, coin);
    else if (config.topology == "anynet")
      routing = std::make_unique<MinTable>(static_cast<const Anynet&>(t), block.num_vcs);
    else if (config.topology == "qtree")
      routing = std::make_unique<NcaQuadTree>(QuadTree(config.k, config.n), block.num_vcs);
    else if (config.topology == "cmesh")
      routing = std::make_unique<CmeshRouting>(ConcentratedMesh(config.k, config.use_noc_latency == 1),
                                               config.routing_function, block.num_vcs, coin);
    else if (config.topology == "fattree")
      routing = std::make_unique<NcaFatTree>(FatTree(config.k, config.n), block.num_vcs, coin,
                                             config.routing_function == "anca");
    else if (TwoPhaseMesh::takes(config.routing_function))
      routing = std::make_unique<TwoPhaseMesh>(KaryNcube(config), block.num_vcs, coin,
                                               config.routing_function == "romm");
    else
      routing = cube_routing(static_cast<const KaryNcube&>(t), block.num_vcs, coin);
    if (config.message_classes == 1) return routing;
    return std::make_unique<ClassBlocks>(std::move(routing), block.num_vcs);
  };
  return shape;
}

Network::Network(const NocConfig& config, const std::string& where) : Network(config, where, shape_of(config, where)) {}

Network::Network(const NocConfig& config, const std::string& where, Shape shape)
    : config_(config),
      topology_(std::move(shape.topology)),
      rng_(config.seed),
      pattern_(config, topology_->nodes()),
      injection_(config, rng_),
      sizes_(config),
      nodes_(topology_->nodes()),
      making_(nodes_),
      injecting_(nodes_),
      packet_rate_(config.packet_rate()),
      log_of_no_packet_(std::log1p(-packet_rate_)),
      bernoulli_(config.injection_process == "bernoulli") {
  routing_ = shape.routing(*topology_, rng_);
  const int routers = topology_->routers();
  for (int r = 0; r < routers; ++r)
    if (topology_->ports(r) > VcRouter::kMaxPorts)
      throw ParameterError(where + ": " + topology_->router_name(r) + " has " +
                           std::to_string(topology_->ports(r)) + " ports, its nodes and channels (allowed at most " +
                           std::to_string(VcRouter::kMaxPorts) + ")");
  port_base_.resize(routers + 1, 0);
  for (int r = 0; r < routers; ++r) port_base_[r + 1] = port_base_[r] + topology_->ports(r);
  channels_.resize(static_cast<std::size_t>(port_base_.back()) + nodes_);
  fed_by_.assign(port_base_.back(), -1);
  int longest = 1;
  for (int r = 0; r < routers; ++r) {
    routers_.push_back(std::make_unique<VcRouter>(config_, r, topology_->ports(r), *routing_));
    for (int p = 0; p < topology_->ports(r); ++p) {
      const PortLink link = topology_->out(r, p);
      const int cycles = topology_->latency(r, p);
      longest = std::max(longest, cycles);
      channels_[out_channel(r, p)] = {r, p, link.router, link.port, cycles};
      if (link.router >= 0) fed_by_[port_base_[link.router] + link.port] = out_channel(r, p);
      if (link.router == -1) {  // the node there injects back over a channel of the same cycles
        channels_[injection_channel(link.port)] = {-1, link.port, r, p, cycles};
        fed_by_[port_base_[r] + p] = injection_channel(link.port);
      }
    }
  }
  wire_flits_.assign(static_cast<std::size_t>(injection_channel(nodes_)) * config.num_vcs, 0);
  wire_credits_.assign(wire_flits_.size(), 0);
  touched_flag_.assign(wire_flits_.size(), 0);
  terminals_.resize(nodes_);
  for (Terminal& t : terminals_) {
    t.router_input = std::make_unique<BufferState>(config.num_vcs, config.vc_buf_size,
                                                   config.wait_for_tail_credit != 0);
    t.next_due = bernoulli_ ? next_gap() : 0;
  }
  for (int node = 0; node < nodes_; ++node) {
    calendar_.push({terminals_[node].next_due, node});
    terminals_[node].in_calendar = true;
  }
  std::size_t slots = 1;
  while (slots < static_cast<std::size_t>(longest + 2)) slots *= 2;
  flit_wheel_.resize(slots);
  credit_wheel_.resize(slots);
  wheel_mask_ = slots - 1;
  is_awake_.assign(routers, 0);
  find_terms();
  stats_.clear(nodes_, 0);
}

Network::~Network() = default;

// Cycles from a test to the next one that makes a packet, for a Bernoulli process tested
// once a cycle: the same law as a coin per cycle, drawn once per packet.
Cycle Network::next_gap() {
  if (packet_rate_ >= 1.0) return 0;
  if (packet_rate_ <= 0.0) return kNever;
  const double u = 1.0 - uniform01(rng_);  // in (0, 1]
  return static_cast<Cycle>(std::floor(std::log(u) / log_of_no_packet_));
}

void Network::set_phase(Phase phase) {
  if (phase == Phase::draining && phase_ != Phase::draining) drain_time_ = now_;
  phase_ = phase;
}

bool Network::sources_drained() const {
  for (const Terminal& t : terminals_)
    if (!t.drained) return false;
  return true;
}

std::int64_t Network::source_backlog() const {
  std::int64_t backlog = 0;
  for (const Terminal& t : terminals_) {
    if (bernoulli_) {
      if (t.next_due <= now_) backlog += 1 + static_cast<std::int64_t>((now_ - t.next_due) * packet_rate_);
    } else {
      backlog += static_cast<std::int64_t>((now_ - t.tested_to) * packet_rate_);
    }
  }
  return backlog + waiting_packets_;
}

void Network::wake(int router) {
  if (is_awake_[router]) return;
  is_awake_[router] = 1;
  awake_.push_back(router);
}

void Network::flit(int router, int output, const NocFlit& flit) {
  last_progress_ = now_;
  const int channel = out_channel(router, output);
  if (channels_[channel].to_router == -2)
    throw ProtocolError(topology_->router_name(router) + " routed a flit to its unconnected port " +
                        topology_->port_name(router, output));
  put_flit(channel, flit);
}

void Network::put_flit(int channel, const NocFlit& flit) {
  flit_on_wire(channel, flit.vc, +1);
  ++on_wires_;
  flit_wheel_[slot(now_ + channels_[channel].cycles + 1)].push_back({channel, flit});
}

void Network::credit(int router, int input, VcMask vcs) { put_credits(fed_by_[port_base_[router] + input], vcs); }

void Network::put_credits(int channel, VcMask vcs) {
  credits_on_wire(channel, vcs, +1);
  ++on_wires_;
  credit_wheel_[slot(now_ + channels_[channel].cycles + 1)].push_back({channel, vcs});
}

void Network::deliver() {
  auto& flits = flit_wheel_[slot(now_)];
  auto& credits = credit_wheel_[slot(now_)];
  on_wires_ -= static_cast<std::int64_t>(flits.size() + credits.size());
  for (const FlitDelivery& d : flits) {
    flit_on_wire(d.channel, d.flit.vc, -1);
    const Channel& c = channels_[d.channel];
    if (c.to_router >= 0) {
      routers_[c.to_router]->arrive(c.to_port, d.flit, now_);
      wake(c.to_router);
      continue;
    }
    ejected_.emplace_back(c.to_port, d.flit);
    if (phase_ == Phase::warming_up || phase_ == Phase::running) {
      ++stats_.accepted_flits[c.to_port];
      if (d.flit.tail) ++stats_.accepted_packets[c.to_port];
    }
  }
  flits.clear();
  for (const CreditDelivery& d : credits) {
    credits_on_wire(d.channel, d.vcs, -1);
    const Channel& c = channels_[d.channel];
    if (c.from_router < 0) {
      terminals_[c.from_port].router_input->credit(d.vcs);
      continue;
    }
    routers_[c.from_router]->credit_arrives(c.from_port, d.vcs, now_);
    wake(c.from_router);
  }
  credits.clear();
}

bool Network::due_packet(Terminal& t, int node, Cycle& due) {
  // BookSim2 makes a source's next packet only when the last has left, dated the cycle it
  // fell due; a backlogged source costs a cycle count, not memory.
  if (bernoulli_) {
    if (t.next_due > now_) {
      t.tested_to = now_ + 1;
      return false;
    }
    due = t.next_due;
    t.tested_to = due + 1;
    t.next_due = due + 1 + next_gap();
    return true;
  }
  while (t.tested_to <= now_) {
    const Cycle cycle = t.tested_to++;
    if (injection_.fires(node, rng_)) {
      due = cycle;
      return true;
    }
  }
  return false;
}

std::int64_t Network::send_packet(int source, int destination, int size, bool watched, Cycle created,
                                  int message_class) {
  if (source < 0 || source >= nodes_ || destination < 0 || destination >= nodes_ || size < 1)
    throw ParameterError("send_packet: node " + std::to_string(source) + " to " + std::to_string(destination) +
                         " of " + std::to_string(size) + " flits (allowed nodes 0.." + std::to_string(nodes_ - 1) +
                         ", 1 flit or more)");
  if (message_class < 0 || message_class >= config_.message_classes)
    throw ParameterError("send_packet: message class " + std::to_string(message_class) + " (allowed 0.." +
                         std::to_string(config_.message_classes - 1) + ")");
  NocFlit flit;
  flit.message_class = static_cast<std::uint8_t>(message_class);
  flit.created = created == kNow ? now_ : std::min(created, now_);
  flit.source = source;
  flit.destination = destination;
  flit.watched = watched;
  making_.insert(source);
  terminals_[source].extra.push_back(add_packet(flit, size));
  ++waiting_packets_;
  stats_.given_flits += size;
  return terminals_[source].extra.back().flit.packet;
}

Network::Packet Network::add_packet(NocFlit flit, int size) {
  flit.packet = next_packet_++;
  if (!flit.watched && watch_rule_) flit.watched = watch_rule_(flit);
  flit.head = true;
  flit.tail = size == 1;
  if (in_flight_ == 0) last_progress_ = now_;  // the watchdog counts from the first flit
  in_flight_ += size;
  in_flight_created_ += flit.created * size;
  if (flit.measured) measured_in_flight_ += size;
  if (made_hook_) made_hook_(flit, size);
  return {flit, size};
}

void Network::set_watcher(std::function<void(const NocEvent&)> watcher) {
  watcher_ = std::move(watcher);
  for (auto& router : routers_) router->watch_with(watcher_ ? &watcher_ : nullptr);
}

void Network::make_packets(Terminal& t, int node) {
  if (t.packet.left != 0) return;
  if (!t.extra.empty()) {  // a packet given by hand goes first
    t.packet = t.extra.front();
    t.extra.pop_front();
    // Measured as a packet its source made now would be (BookSim2 marks a packet when it
    // makes it), so a trace of made packets replays to the same figures.
    NocFlit& head = t.packet.flit;
    head.measured = measured_if_made(head.created);
    if (head.measured) measured_in_flight_ += t.packet.left;
    --waiting_packets_;
    injecting_.insert(node);
    return;
  }
  Cycle due = 0;
  if (due_packet(t, node, due)) {
    const Cycle created = config_.include_queuing ? due : now_;
    const bool measured = measured_if_made(created);
    const int size = sizes_.draw(rng_);
    NocFlit flit;
    flit.created = created;
    flit.source = node;
    flit.destination = pattern_.destination(node, rng_);
    flit.measured = measured;
    t.packet = add_packet(flit, size);
    injecting_.insert(node);
    ++t.made;
  }
  if (phase_ == Phase::draining && t.tested_to > drain_time_) t.drained = true;
}

void Network::inject(Terminal& t, int node) {
  if (t.packet.left == 0) return;
  NocFlit& front = t.packet.flit;
  BufferState& buffer = *t.router_input;
  if (front.head && front.vc < 0) {
    // The next VC of its class's block after the last one used that is free and has room
    // (BookSim2 tries only the first until a first packet has gone).
    const int vcs = config_.num_vcs / config_.message_classes, first = front.message_class * vcs;
    for (int i = 1; i <= vcs; ++i) {
      const int vc = t.last_vc < 0 ? first : first + ((t.last_vc - first + i) % vcs + vcs) % vcs;
      if (buffer.available(vc) && !buffer.full(vc)) {
        front.vc = static_cast<std::int16_t>(vc);
        break;
      }
    }
  }
  if (front.vc < 0 || buffer.full(front.vc)) return;
  NocFlit flit = front;
  if (--t.packet.left == 0) injecting_.erase(node);
  front.head = false;  // the next flit: a body flit on the same VC, the tail if one is left
  front.tail = t.packet.left == 1;
  if (flit.head) {
    buffer.take(flit.vc, 0);
    t.last_vc = flit.vc;
    t.head_injected = now_;
  }
  buffer.sending(flit, flit.vc);
  flit.injected = now_;
  last_progress_ = now_;
  flit.head_injected = t.head_injected;
  tell("injected", node, flit);
  if (inject_hook_) inject_hook_(flit, node);
  if (phase_ == Phase::warming_up || phase_ == Phase::running) {
    ++stats_.sent_flits[node];
    if (flit.head) ++stats_.sent_packets[node];
  }
  put_flit(injection_channel(node), flit);
}

void Network::retire(const NocFlit& flit, int node) {
  if (flit.destination != node)
    throw ProtocolError("packet " + std::to_string(flit.packet) + " from node " +
                        std::to_string(flit.source) + " to node " +
                        std::to_string(flit.destination) + " arrived at node " +
                        std::to_string(node));
  stats_.flit_latency.add(now_ - flit.injected);
  last_progress_ = now_;
  tell("retired", node, flit);
  if (retire_hook_) retire_hook_(flit, node);
  --in_flight_;
  in_flight_created_ -= flit.created;
  if (flit.measured) --measured_in_flight_;
  if (flit.tail && (phase_ == Phase::warming_up || flit.measured)) {
    stats_.hops.add(flit.hops);
    stats_.packet_latency.add(now_ - flit.created);
    stats_.network_latency.add(now_ - flit.head_injected);
  }
  // Its buffer slot at the terminal is free at once: the credit goes back this cycle.
  put_credits(out_channel(topology_->router_of(node), topology_->port_of(node)), VcMask{1} << flit.vc);
}

void Network::find_terms() {
  static const int none = 0;
  static const std::size_t none_held = 0;
  const int vcs = config_.num_vcs;
  terms_at_.assign(wire_flits_.size(), TermsAt{});
  for (std::size_t channel = 0; channel < channels_.size(); ++channel) {
    const Channel& c = channels_[channel];
    if (c.to_router == -2) continue;
    for (int vc = 0; vc < vcs; ++vc) {
      TermsAt& t = terms_at_[channel * vcs + vc];
      t.held = c.to_router >= 0 ? &routers_[c.to_router]->buffered_ref(c.to_port, vc) : &none_held;
      t.unsent = c.to_router >= 0 ? &routers_[c.to_router]->credits_to_send(c.to_port, vc) : &none;
      if (c.from_router < 0) {  // a node's injection channel: its terminal spends the credits
        t.spent = &terminals_[c.from_port].router_input->occupancy_ref(vc);
        t.leaving = t.due = &none;
      } else {
        const VcRouter& up = *routers_[c.from_router];
        t.spent = &up.downstream(c.from_port).occupancy_ref(vc);
        t.leaving = &up.leaving(c.from_port, vc);
        t.due = &up.credits_due(c.from_port, vc);
      }
    }
  }
}

void Network::broken(std::size_t at) const {
  // The terms the check summed: the sender's credits spent, and where the flits they stand
  // for are (leaving the sender, on the wire, buffered at the other end, or back as credits
  // on the wire, due or not yet sent).
  const TermsAt& t = terms_at_[at];
  const int vc = static_cast<int>(at % config_.num_vcs);
  const Channel& c = channels_[at / config_.num_vcs];
  const int spent = *t.spent, leaving = *t.leaving, wire = wire_flits_[at], held = static_cast<int>(*t.held);
  const int back = wire_credits_[at] + *t.due + *t.unsent;
  if (c.from_router < 0)  // a node's injection channel: nothing leaves a terminal but onto the wire
    throw ProtocolError("cycle " + std::to_string(now_) + ": node " + std::to_string(c.from_port) +
                        "'s injection channel VC " + std::to_string(vc) + ": " + std::to_string(spent) +
                        " credits spent, but " + std::to_string(wire) + " on the wire + " + std::to_string(held) +
                        " buffered + " + std::to_string(back) + " credits on the way back = " +
                        std::to_string(wire + held + back));
  throw ProtocolError("cycle " + std::to_string(now_) + ": channel " + topology_->router_name(c.from_router) + " " +
                      topology_->port_name(c.from_router, c.from_port) + " VC " + std::to_string(vc) + ": " +
                      std::to_string(spent) + " credits spent, but " + std::to_string(leaving) + " flits leaving + " +
                      std::to_string(wire) + " on the wire + " + std::to_string(held) + " buffered + " +
                      std::to_string(back) + " credits on the way back = " +
                      std::to_string(leaving + wire + held + back));
}

void Network::check_conservation() const {
  for (const auto& router : routers_) router->audit_counts();
  for (std::size_t at = 0; at < terms_at_.size(); ++at) check(at);
}

std::string Network::wait_cycle() const {
  const int vcs = config_.num_vcs;
  // Each waiting input VC (router, input, vc) as one number, and the one it waits on.
  std::map<std::int64_t, std::int64_t> waits_on;
  const auto id = [&](int r, int input, int vc) { return static_cast<std::int64_t>(port_base_[r] + input) * vcs + vc; };
  for (int r = 0; r < routers(); ++r) {
    for (const VcWait& w : routers_[r]->waits()) {
      if (w.output >= 0) {
        const PortLink link = topology_->out(r, w.output);
        if (link.router >= 0) waits_on[id(r, w.input, w.vc)] = id(link.router, link.port, w.out_vc);
      } else {
        waits_on[id(r, w.input, w.vc)] = id(r, w.holder_input, w.holder_vc);
      }
    }
  }
  const auto name = [&](std::int64_t id_of) {
    const int vc = static_cast<int>(id_of % vcs);
    const int at = static_cast<int>(id_of / vcs);
    const int r = static_cast<int>(std::upper_bound(port_base_.begin(), port_base_.end(), at) - port_base_.begin()) - 1;
    const Channel& from = channels_[fed_by_[at]];
    const std::string channel = from.from_router < 0
                                    ? "node" + std::to_string(from.from_port) + " -> " + topology_->router_name(r)
                                    : topology_->router_name(from.from_router) + " " +
                                          topology_->port_name(from.from_router, from.from_port);
    return channel + " VC " + std::to_string(vc);
  };
  for (const auto& entry : waits_on) {
    const std::int64_t start = entry.first;
    std::map<std::int64_t, int> seen;
    std::vector<std::int64_t> path;
    std::int64_t at = start;
    while (waits_on.count(at) && !seen.count(at)) {
      seen[at] = static_cast<int>(path.size());
      path.push_back(at);
      at = waits_on.at(at);
    }
    if (!seen.count(at)) continue;  // the walk left the waiting VCs: no cycle from here
    std::string text;
    for (std::size_t i = static_cast<std::size_t>(seen.at(at)); i < path.size(); ++i) text += name(path[i]) + " -> ";
    return text + name(at);
  }
  return "";
}

void Network::step_terminals() {
  if (bernoulli_ && (phase_ == Phase::warming_up || phase_ == Phase::running)) {
    while (!calendar_.empty() && calendar_.top().first <= now_) {
      making_.insert(calendar_.top().second);
      terminals_[calendar_.top().second].in_calendar = false;
      calendar_.pop();
    }
    making_.for_each([&](int node) {
      Terminal& t = terminals_[node];
      make_packets(t, node);
      // Nothing more due now: to the calendar until its next packet falls due (a terminal
      // already there, given a packet by hand, is visited once more when that entry falls).
      if (t.next_due > now_ && t.extra.empty()) {
        making_.erase(node);
        if (!t.in_calendar) calendar_.push({t.next_due, node});
        t.in_calendar = true;
      }
    });
  } else if (phase_ != Phase::emptying) {  // every terminal: an on/off source draws every cycle; a drain ends each
    for (int node = 0; node < nodes_; ++node) make_packets(terminals_[node], node);
  } else {  // packets given by hand still go
    for (int node = 0; node < nodes_; ++node)
      if (!terminals_[node].extra.empty()) make_packets(terminals_[node], node);
  }
  injecting_.for_each([&](int node) { inject(terminals_[node], node); });
}

Cycle Network::unmade_from() const {
  Cycle from = now_;
  if (!config_.include_queuing) return from;  // dated when made
  // A source's next packet is due at next_due (on/off: at tested_to or after): before now
  // only where it has fallen behind.
  for (const Terminal& t : terminals_) from = std::min(from, bernoulli_ ? t.next_due : t.tested_to);
  return from;
}

void Network::skip_to(Cycle cycle) {
  if (cycle < now_)
    throw ProtocolError("skip_to: cycle " + std::to_string(cycle) + " is before now, " + std::to_string(now_));
  if (!idle() || packet_rate_ > 0.0 || !bernoulli_)
    throw ProtocolError("skip_to: only an idle network with no traffic of its own may skip cycles");
  // BookSim2's routers' count of internal steps goes on as if each cycle were stepped.
  partial_steps_ = std::fmod(partial_steps_ + config_.internal_speedup * static_cast<double>(cycle - now_), 1.0);
  now_ = cycle;
}

void Network::step() {
  deliver();
  step_terminals();
  for (const auto& [node, flit] : ejected_) retire(flit, node);
  ejected_.clear();
  next_awake_.clear();
  // BookSim2's routers each add internal_speedup to a count every cycle and step while it
  // is 1 or more: the same count for all of them, kept once here.
  partial_steps_ += config_.internal_speedup;
  int internal_steps = 0;
  for (; partial_steps_ >= 1.0; partial_steps_ -= 1.0) ++internal_steps;
  for (int r : awake_) {
    VcRouter& router = *routers_[r];
    router.step(now_, *this, internal_steps);
    ++router_steps_;
    if (router.quiet())
      is_awake_[r] = 0;
    else
      next_awake_.push_back(r);
  }
  // Conservation, every cycle, of every channel a flit or a credit moved on: each moves a
  // unit from one term to the next, so a channel whose sum broke is one something moved on.
  for (const std::size_t at : touched_) {
    touched_flag_[at] = 0;
    check(at);
  }
  touched_.clear();
  // And every channel, with the routers' counts of what their queues hold checked against
  // the queues, once in a while (a few thousand instructions each time).
  if ((now_ & (kAuditPeriod - 1)) == kAuditPeriod - 1) check_conservation();
  awake_.swap(next_awake_);
  ++now_;
}

}  // namespace creditflow::noc
