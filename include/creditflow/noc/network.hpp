// A network of BookSim2 iq routers on a k-ary n-cube with one terminal per router, stepped
// a cycle at a time. Channels are credit loops of timing.md section 1 with credits per VC: what
// is sent in cycle t over a channel of latency L is read in cycle t + L + 1 (injection and
// ejection channels have L = 1, as BookSim2's). Terminals make packets lazily as BookSim2
// does (a source queue is a cycle count, not memory), inject one flit a cycle when the
// router's buffer has room, and retire what arrives. Kernel-free: both views step this.
#pragma once
#include <deque>
#include <functional>
#include <memory>
#include <queue>
#include <string>
#include <vector>

#include "creditflow/noc/noc_config.hpp"
#include "creditflow/noc/noc_stats.hpp"
#include "creditflow/noc/anynet.hpp"
#include "creditflow/noc/topology.hpp"
#include "creditflow/noc/traffic.hpp"
#include "creditflow/noc/vc_router.hpp"

namespace creditflow::noc {

enum class Phase { warming_up, running, draining, emptying };

class Network : private RouterOutbox {
 public:
  // What a network is built on: its routers, ports and channels (a k-ary n-cube, an
  // anynet, or the routers and channels of a platform's netlist) and how each router
  // routes, made once the network's random stream exists (a torus's coin draws from it).
  struct Shape {
    std::unique_ptr<Topology> topology;
    std::function<std::unique_ptr<Routing>(const Topology&, Rng&)> routing;
  };
  // The shape `config` names: its topology and routing_function.
  static Shape shape_of(const NocConfig& config, const std::string& where);

  Network(const NocConfig& config, const std::string& where);
  Network(const NocConfig& config, const std::string& where, Shape shape);
  ~Network() override;
  Network(const Network&) = delete;
  Network& operator=(const Network&) = delete;

  void step();
  Cycle now() const { return now_; }

  // A packet of `size` flits from node `source` to `destination`, due now at the source
  // (beside what its injection process makes), created in cycle `created` (now by default;
  // earlier where it waited before it was given); returns its id. Watched: its flits' steps
  // go to the watcher.
  // Of message class `message_class` (below config().message_classes): its VCs' block.
  std::int64_t send_packet(int source, int destination, int size, bool watched = true, Cycle created = kNow,
                           int message_class = 0);
  static constexpr Cycle kNow = ~Cycle{0};
  void set_watcher(std::function<void(const NocEvent&)> watcher);
  // Which packets are watched, asked of each as it is made (its id, endpoints and creation
  // set): beside those given by send_packet as watched.
  void set_watch_rule(std::function<bool(const NocFlit&)> rule) { watch_rule_ = std::move(rule); }
  // Packets given by send_packet that have not begun to leave their terminals.
  std::int64_t waiting_packets() const { return waiting_packets_; }
  // Called with every flit a terminal retires, and its node (a trace's deliveries).
  void on_retire(std::function<void(const NocFlit&, int node)> hook) { retire_hook_ = std::move(hook); }
  // Called with every packet made (its head, as its source made or was given it) and its size.
  void on_made(std::function<void(const NocFlit& head, int size)> hook) { made_hook_ = std::move(hook); }
  // The earliest cycle a packet not yet made may be dated (created) from: a source busy
  // injecting makes its next packet, due earlier maybe, only once it is free (BookSim2's
  // source queue is a count of cycles), so what is made is dated out of order across
  // sources, and everything dated before this cycle has been made.
  Cycle unmade_from() const;
  // Called with every flit a terminal injects, and its node (what has left a source).
  void on_inject(std::function<void(const NocFlit&, int node)> hook) { inject_hook_ = std::move(hook); }
  // Nothing in it: no flit made and not retired, no flit or credit on a wire, no router
  // with work, no packet given and waiting. With no traffic of its own (injection_rate 0),
  // such a network changes only by what it is given.
  bool idle() const {
    return in_flight_ == 0 && waiting_packets_ == 0 && on_wires_ == 0 && awake_.empty();
  }
  // Jumps an idle network with no traffic of its own to cycle `cycle` (not before now),
  // as stepping it there would: what drives it sleeps while it holds nothing. Throws
  // ProtocolError otherwise.
  void skip_to(Cycle cycle);

  // Measurement (noc/measurement.hpp drives these as BookSim2 does).
  Phase phase() const { return phase_; }
  void set_phase(Phase phase);
  void clear_stats() { stats_.clear(nodes_, now_); }
  const NocStats& stats() const { return stats_; }
  std::int64_t flits_in_flight() const { return in_flight_; }
  // Sum over flits in flight (made and not retired) of their age now.
  std::int64_t in_flight_age() const { return in_flight_ * now_ - in_flight_created_; }
  std::int64_t measured_in_flight() const { return measured_in_flight_; }
  // Every source has made all the packets due before the drain began.
  bool sources_drained() const;
  Cycle drain_time() const { return drain_time_; }
  // Packets due but not yet made into flits, summed over sources: the source queues.
  std::int64_t source_backlog() const;

  // The per-VC conservation of a channel (timing.md section 1 per VC): the credits its sender
  // has spent equal its flits still leaving the sender, on the wire and in the buffer at
  // the other end, and their credits on the way back; each term counted from the queues
  // that hold them or kept by the moves that change them. step() checks every channel a
  // flit or credit moved on, every cycle; this checks them all and the routers' kept
  // counts against their queues (step() calls it every 1024 cycles). Throws ProtocolError
  // naming the channel, the VC and the terms.
  void check_conservation() const;

  // The last cycle a flit moved (sent by a router, injected or retired).
  Cycle last_progress() const { return last_progress_; }
  // A cycle of input VCs each waiting on the next (for a credit, or for a VC the next
  // holds), named by the channel that feeds each: "router_0_1 +x VC 0 -> ... -> router_0_1
  // +x VC 0"; "" when there is none.
  std::string wait_cycle() const;

  const NocConfig& config() const { return config_; }
  const Topology& topology() const { return *topology_; }
  const VcRouter& router(int r) const { return *routers_[r]; }
  int nodes() const { return nodes_; }
  int routers() const { return static_cast<int>(routers_.size()); }
  std::int64_t router_steps() const { return router_steps_; }

 private:
  // A packet's flits differ only in which is the head and the tail: one flit stands for
  // them all, with how many are left to inject.
  struct Packet {
    NocFlit flit;   // the next to inject (its VC once the head has taken one)
    int left = 0;   // flits not yet injected
  };
  struct Terminal {
    Packet packet;                 // the packet being injected
    std::deque<Packet> extra;      // packets given by send_packet, sent when `packet` is done
    Cycle next_due = 0;            // when its next packet is due (Bernoulli: a geometric gap)
    Cycle tested_to = 0;           // on/off: cycles up to here have been tested
    std::int64_t made = 0;         // packets made
    int last_vc = -1;
    bool drained = false;
    bool in_calendar = false;      // has an entry in calendar_
    Cycle head_injected = 0;
    std::unique_ptr<BufferState> router_input;  // the router's injection buffer, seen from here
  };
  // A channel, by its number (see out_channel): what it joins and its cycles.
  struct Channel {
    int from_router;  // -1: a node's injection channel, from node from_port
    int from_port;    // the router's output, or the node
    int to_router;    // the next router; -1: a terminal (node to_port); -2: nothing (a mesh's edge)
    int to_port;      // the next router's input, or the node
    int cycles;       // its latency
  };
  // What is due off a channel at a cycle: flits and credits apart (a credit is a few bytes,
  // a flit a few dozen). A credit goes back over the channel the flit came by.
  struct FlitDelivery {
    std::int32_t channel;
    NocFlit flit;
  };
  struct CreditDelivery {
    std::int32_t channel;
    VcMask vcs;
  };

  void flit(int router, int output, const NocFlit& flit) override;
  void credit(int router, int input, VcMask vcs) override;
  // Onto a channel's wire, due off it `cycles` + 1 later.
  void put_flit(int channel, const NocFlit& flit);
  void put_credits(int channel, VcMask vcs);
  std::size_t slot(Cycle due) const { return static_cast<std::size_t>(due) & wheel_mask_; }
  void wake(int router);
  void deliver();
  void make_packets(Terminal& t, int node);
  // Whether a packet dated `created` made now is measured (BookSim2: in the measurement
  // window, or in the drain if due before it began).
  bool measured_if_made(Cycle created) const {
    return phase_ == Phase::running || (phase_ == Phase::draining && created < drain_time_);
  }
  // A packet of `size` flits like `flit`, with a new id, counted in flight.
  Packet add_packet(NocFlit flit, int size);
  void inject(Terminal& t, int node);
  void retire(const NocFlit& flit, int node);
  void tell(const char* what, int node, const NocFlit& flit) const {
    if (flit.watched && watcher_) watcher_({now_, what, -1, node, flit});
  }
  Cycle next_gap();
  bool due_packet(Terminal& t, int node, Cycle& due);
  // The terminals' part of a cycle: make the packets due, inject a flit each.
  void step_terminals();

  // Nodes by bit, visited in node order (the order BookSim2 visits its sources in, and so
  // the order of their random draws).
  class NodeSet {
   public:
    explicit NodeSet(int nodes) : words_((nodes + 63) / 64, 0) {}
    void insert(int node) { words_[node >> 6] |= std::uint64_t{1} << (node & 63); }
    void erase(int node) { words_[node >> 6] &= ~(std::uint64_t{1} << (node & 63)); }
    template <class F>
    void for_each(F&& f) const {
      for (std::size_t w = 0; w < words_.size(); ++w)
        for (std::uint64_t bits = words_[w]; bits != 0; bits &= bits - 1) f(static_cast<int>(w * 64 + __builtin_ctzll(bits)));
    }

   private:
    std::vector<std::uint64_t> words_;
  };

  NocConfig config_;
  std::unique_ptr<Topology> topology_;
  Rng rng_;
  std::unique_ptr<Routing> routing_;
  TrafficPattern pattern_;
  InjectionProcess injection_;
  PacketSizes sizes_;
  int nodes_;
  std::vector<std::unique_ptr<VcRouter>> routers_;
  std::vector<int> port_base_;
  std::vector<Terminal> terminals_;
  // Bernoulli sources outside the drain: only the terminals with a packet due (or given by
  // hand) are visited to make one, and only those with a packet to inject; the others wait
  // in a calendar by their next packet's cycle. Visiting them would draw nothing.
  NodeSet making_, injecting_;
  std::priority_queue<std::pair<Cycle, int>, std::vector<std::pair<Cycle, int>>, std::greater<>> calendar_;
  std::vector<std::vector<FlitDelivery>> flit_wheel_;
  std::vector<std::vector<CreditDelivery>> credit_wheel_;
  std::size_t wheel_mask_;
  std::vector<int> awake_, next_awake_;
  std::vector<std::uint8_t> is_awake_;
  std::vector<std::pair<int, NocFlit>> ejected_;
  Cycle now_ = 0;
  Phase phase_ = Phase::warming_up;
  Cycle drain_time_ = -1;
  NocStats stats_;
  std::int64_t next_packet_ = 0;
  std::int64_t in_flight_ = 0, in_flight_created_ = 0, measured_in_flight_ = 0;
  std::int64_t router_steps_ = 0;
  double partial_steps_ = 0.0;  // internal_speedup's count (see step())
  Cycle last_progress_ = 0;
  std::function<void(const NocEvent&)> watcher_;
  std::function<void(const NocFlit&, int)> retire_hook_, inject_hook_, made_hook_;
  std::int64_t on_wires_ = 0;  // flit and credit deliveries on the wheels
  std::function<bool(const NocFlit&)> watch_rule_;
  std::int64_t waiting_packets_ = 0;
  double packet_rate_;
  double log_of_no_packet_;  // log(1 - packet_rate_), the denominator of every gap
  bool bernoulli_;
  std::vector<Channel> channels_;  // by channel number
  std::vector<int> fed_by_;        // per router input (at port_base_ + input): the channel into it, -1 none
  // Every channel by one number: a router's output at port_base_ + output, then each
  // node's injection channel after them.
  int out_channel(int router, int output) const { return port_base_[router] + output; }
  int injection_channel(int node) const { return port_base_.back() + node; }
  // Flits and credits on each channel's wires, per VC (at channel * vcs + vc); a change
  // marks the channel's VC for this cycle's conservation check.
  std::vector<int> wire_flits_, wire_credits_;
  void flit_on_wire(int channel, int vc, int change) {
    wire_flits_[static_cast<std::size_t>(channel) * config_.num_vcs + vc] += change;
    touch(channel, vc);
  }
  void credits_on_wire(int channel, VcMask vcs, int change) {
    for (; vcs != 0; vcs &= vcs - 1) {
      const int vc = __builtin_ctzll(vcs);
      wire_credits_[static_cast<std::size_t>(channel) * config_.num_vcs + vc] += change;
      touch(channel, vc);
    }
  }
  // Where the terms of each channel's VC live (at channel * vcs + vc), found once so that
  // a check is a few loads: the sender's credits spent, its flits leaving and credits
  // not yet counted, the buffer at the other end. Wire counts are read from their arrays.
  struct TermsAt {
    const int* spent = nullptr;  // null: a mesh edge's channel, which carries nothing
    const int* leaving;
    const int* due;
    const std::size_t* held;
    const int* unsent;  // credits of the buffer at the other end not yet sent back
  };
  std::vector<TermsAt> terms_at_;
  void find_terms();
  // Checks one VC of a channel (a router's output or a node's injection channel).
  void check(std::size_t at) const {
    const TermsAt& t = terms_at_[at];
    if (t.spent != nullptr &&
        *t.spent != *t.leaving + wire_flits_[at] + static_cast<int>(*t.held) + wire_credits_[at] + *t.due + *t.unsent)
      broken(at);
  }
  // Throws the line naming a channel's broken sum and its terms (out of the hot path).
  [[noreturn]] __attribute__((cold, noinline)) void broken(std::size_t at) const;
  // The VCs of channels a flit or credit moved on this cycle, checked at its end.
  void touch(int channel, int vc) {
    const std::size_t at = static_cast<std::size_t>(channel) * config_.num_vcs + vc;
    if (touched_flag_[at]) return;
    touched_flag_[at] = 1;
    touched_.push_back(at);
  }
  std::vector<std::size_t> touched_;  // channel * vcs + vc
  std::vector<std::uint8_t> touched_flag_;
};

}  // namespace creditflow::noc
