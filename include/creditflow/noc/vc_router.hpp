// An input-queued virtual-channel router with the timing of BookSim2's iq router (timing.md
// section 6): a head flit is routed (routing_delay), gets an output VC (vc_alloc_delay,
// iSLIP), wins the switch (sw_alloc_delay, iSLIP after a round robin among an input's VCs
// for the same output) and crosses it (st_prepare_delay + st_final_delay); a body flit
// goes straight to switch allocation. A flit leaving an input buffer returns its credit
// upstream the same cycle; a VC is freed for the next packet when its tail leaves (or its
// tail's credit returns, wait_for_tail_credit). Kernel-free: the network steps it.
#pragma once
#include <functional>
#include <vector>

#include "creditflow/core/ring_fifo.hpp"
#include "creditflow/noc/buffer_state.hpp"
#include "creditflow/noc/small_islip.hpp"
#include "creditflow/noc/noc_config.hpp"
#include "creditflow/noc/routing.hpp"

namespace creditflow::noc {

// What a router sends in a cycle: a flit on an output's channel, a credit on an input's.
struct RouterOutbox {
  virtual ~RouterOutbox() = default;
  virtual void flit(int router, int output, const NocFlit& flit) = 0;
  virtual void credit(int router, int input, VcMask vcs) = 0;
};

// Counts over the run for the pictures and the diagnosis, per output VC (at output * vcs +
// vc) and per input VC (at input * vcs + vc).
struct RouterCounts {
  std::vector<std::int64_t> flits_out;      // per output VC: flits sent
  std::vector<std::int64_t> credit_waits;   // per output VC: switch requests held for want of a credit
  std::vector<std::int64_t> held_onward;    // per input VC: the same, of its flits, toward any output
  std::vector<std::int64_t> vc_waits;       // per input VC: VC allocations of its heads that failed
  std::vector<std::int64_t> switch_losses;  // per input VC: switch requests that lost to another VC or input
  std::vector<std::int64_t> hol_cycles;     // per input VC: cycles its heads waited behind another packet
  std::vector<std::int64_t> hol_packets;    // per input VC: packets that reached the front late behind another
};

// What an input VC holding flits waits for, when it cannot move: a credit for its output
// VC (the buffer downstream is full), or an output VC that another of this router's input
// VCs holds.
struct VcWait {
  int input = -1, vc = -1;
  int output = -1, out_vc = -1;         // waiting for a credit on this output VC
  int holder_input = -1, holder_vc = -1;  // waiting for this input VC to free an output VC
};

class VcRouter {
 public:
  // Ports a router may have: a bit each in a word.
  static constexpr int kMaxPorts = 64;
  using PortMask = std::uint64_t;

  VcRouter(const NocConfig& config, int id, int ports, const Routing& routing);

  // Where the steps of watched flits go (none: not told).
  void watch_with(const std::function<void(const NocEvent&)>* watcher) { watcher_ = watcher; }
  // A flit due now on input `input` (the cycle's read of its channels): into its VC's
  // buffer at once; the next step() moves the VC on, inputs in order.
  void arrive(int input, const NocFlit& flit, Cycle now) {
    InputVc& vc = at(input, flit.vc);
    if (vc.buffer.full()) overflow(input, flit.vc);
    vc.buffer.push(flit);
    vc.buffer[vc.buffer.size() - 1].arrived = now;
    arrived_vc_[input] = flit.vc;
    arrived_mask_ |= PortMask{1} << input;
  }
  // A credit due now on output `output`'s channel; it counts credit_delay cycles later
  // (with no delay, at once: nothing reads the output's state before the next step()).
  void credit_arrives(int output, VcMask vcs, Cycle now) {
    if (config_.credit_delay == 0)
      downstream_[output].credit(vcs);
    else
      delay_credit(output, vcs, now);
  }
  // The router's cycle: queue the arrivals, run the pipeline `internal_steps` times (once
  // without internal speedup), send what leaves.
  void step(Cycle now, RouterOutbox& out, int internal_steps = 1);
  // Nothing in flight inside: a step would do nothing until something arrives.
  bool quiet() const {
    return arrived_mask_ == 0 && due_credits_.empty() && routing_q_.entries.empty() && vc_q_.entries.empty() &&
           switch_q_.entries.empty() && crossbar_q_.entries.empty() && output_q_mask_ == 0 && credit_q_mask_ == 0;
  }

  int id() const { return id_; }
  int ports() const { return ports_; }
  const RouterCounts& counts() const { return counts_; }
  // Flits held in input buffers, crossbar and output queues (for the conservation check).
  std::int64_t flits_inside() const;
  // Visits each of them, with where: f(input, vc, flit) for an input VC's buffer, and
  // f(-1 - output, vc, flit) for one crossing the switch to an output or queued there.
  template <class F>
  void for_each_flit_at(F&& f) const {
    for (int input = 0; input < ports_; ++input)
      for (int vc = 0; vc < num_vcs_; ++vc)
        vcs_[static_cast<std::size_t>(input * num_vcs_ + vc)].buffer.for_each([&](const NocFlit& x) { f(input, vc, x); });
    crossbar_q_.entries.for_each([&](const Crossing& c) { f(-1 - c.output, c.flit.vc, c.flit); });
    for (std::size_t o = 0; o < output_q_.size(); ++o)
      output_q_[o].for_each([&](const NocFlit& x) { f(-1 - static_cast<int>(o), x.vc, x); });
  }
  const BufferState& downstream(int output) const { return downstream_[output]; }
  // Every input VC that holds flits and cannot move for want of a credit or a VC.
  std::vector<VcWait> waits() const;
  // For the conservation check, kept by the moves that change them: flits granted to
  // `output` on `vc` not yet on its channel; credits for `input`'s `vc` not yet sent back
  // (with internal speedup, an input's credits of each step go back one step's worth a
  // cycle); credits for `output`'s `vc` received and not yet counted (credit_delay). Cheap
  // enough to read every cycle.
  const int& leaving(int output, int vc) const { return leaving_[output * num_vcs_ + vc]; }
  const int& credits_to_send(int input, int vc) const { return unsent_[input * num_vcs_ + vc]; }
  const int& credits_due(int output, int vc) const { return due_[output * num_vcs_ + vc]; }
  // The same three counted from the queues that hold them; throws ProtocolError naming the
  // router, the port and the VC where a count and its queue disagree.
  void audit_counts() const;
  // Flits in input port `input`'s buffer for `vc`; and the count itself, for a trace.
  int buffered(int input, int vc) const { return static_cast<int>(vcs_[input * num_vcs_ + vc].buffer.size()); }
  const std::size_t& buffered_ref(int input, int vc) const { return vcs_[input * num_vcs_ + vc].buffer.size_ref(); }

 private:
  enum class VcState : std::uint8_t { idle, routing, vc_alloc, active };
  template <class T>
  using Fifo = core::RingFifo<T, true>;
  struct InputVc {
    InputVc(std::size_t depth, int input, int vc, int switch_input, int output_lane)
        : buffer(depth), input(input), vc(vc), switch_input(switch_input), output_lane(output_lane) {}
    Fifo<NocFlit> buffer;
    int input, vc;      // where it is (its index is input * vcs + vc)
    int switch_input;   // its crossbar input: input * input_speedup + vc % input_speedup
    int output_lane;    // which of an output's crossbar ports it takes: input % output_speedup
    VcState state = VcState::idle;
    Route route;
    int out_port = -1;
    int out_vc = -1;
    int result = -1;  // its stage's evaluation: the output VC or output granted, or kStalled
  };
  // A pipeline stage: what is in it (input VCs by index; flits in the crossbar), in the
  // order it entered. The first `busy` are being evaluated and are done at `due`; the
  // rest wait, as a stage busy with earlier ones (delay > 1) takes no new ones until they
  // are done.
  template <class T>
  struct Stage {
    explicit Stage(std::size_t capacity) : entries(capacity) {}
    Fifo<T> entries;
    std::size_t busy = 0;
    Cycle due = 0;
    // Takes the waiting VCs for evaluation now, done `delay` cycles on; how many (0 when busy).
    std::size_t start(Cycle now, int delay) {
      if (busy != 0) return 0;
      due = now + delay - 1;
      return busy = entries.size();
    }
    bool done(Cycle now) const { return busy != 0 && due <= now; }
  };
  struct Crossing {
    NocFlit flit;
    int output;
  };
  struct DueCredit {
    Cycle due;
    int output;
    VcMask vcs;
  };

  InputVc& at(int input, int vc) { return vcs_[input * num_vcs_ + vc]; }
  // A flit into a full buffer (out of the hot path); a credit counted credit_delay later.
  [[noreturn]] __attribute__((cold, noinline)) void overflow(int input, int vc) const;
  void delay_credit(int output, VcMask vcs, Cycle now);
  using VcStage = Stage<std::uint16_t>;
  // The crossbar output an active VC asks for, and the VC that wins the next tie at its
  // crossbar input (the VCs it serves are input_speedup apart).
  int switch_output(const InputVc& vc) const { return vc.out_port * output_speedup_ + vc.output_lane; }
  int next_in_round(int vc) const {
    const int next = vc + config_.input_speedup;
    return next < num_vcs_ ? next : next % num_vcs_;
  }
  void enter(VcStage& stage, int input, int vc) { stage.entries.push(static_cast<std::uint16_t>(input * num_vcs_ + vc)); }
  void queue_arrivals(Cycle now);
  void apply_credits(Cycle now);
  SmallIslip::Word free_vcs(const Route& route) const;
  void vc_evaluate(Cycle now);
  void switch_evaluate(Cycle now);
  void route_update(Cycle now);
  void vc_update(Cycle now);
  void switch_update(Cycle now);
  void crossbar_update();
  void internal_step(Cycle now);
  void queue_credits();
  void head_to_routing(int input, int vc);
  void send(RouterOutbox& out);
  void tell(Cycle now, const char* what, int port, const NocFlit& flit) const {
    if (flit.watched && watcher_ != nullptr) (*watcher_)({now, what, id_, port, flit});
  }

  const NocConfig& config_;
  const Routing& routing_;
  int id_;
  int ports_;
  int num_vcs_;
  int output_speedup_;
  std::vector<InputVc> vcs_;
  std::vector<BufferState> downstream_;
  std::vector<int> arrived_vc_;  // per input: the VC of the flit that came this cycle
  // Each bounded by what can be in it at once: a stage holds each input VC at most once,
  // the crossbar (see the constructor), an output a flit per cycle.
  Fifo<DueCredit> due_credits_;
  VcStage routing_q_, vc_q_, switch_q_;
  Stage<Crossing> crossbar_q_;
  std::vector<Fifo<NocFlit>> output_q_;
  std::vector<VcMask> credits_now_;  // per input: the VCs whose credit goes back this step
  // With internal speedup: per input, each step's credits, sent one a cycle.
  bool credits_queue_;
  std::vector<Fifo<VcMask>> credit_q_;
  std::vector<int> switch_rr_;  // per crossbar input: the VC that wins ties first
  std::vector<int> leaving_, unsent_, due_;  // per port and VC: see leaving() and audit_counts()
  RouterAllocator vc_allocator_;
  RouterAllocator switch_allocator_;
  RouterCounts counts_;
  // Ports with something to do, a bit each (kMaxPorts): inputs a flit came on this
  // cycle, outputs with a flit to send, inputs with credits to send (this step's; queued).
  PortMask arrived_mask_ = 0, output_q_mask_ = 0, credits_now_mask_ = 0, credit_q_mask_ = 0;
  const std::function<void(const NocEvent&)>* watcher_ = nullptr;
  Cycle now_ = 0;
};

}  // namespace creditflow::noc
