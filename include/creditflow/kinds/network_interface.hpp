// A network interface: where a platform's flits enter and leave a network of routers.
// Injection: each flit taken on `in` becomes a packet of `packet_flits` network flits (0:
// one and one more per data unit it carries) to its destination endpoint, on a VC of its
// `message_class`, sent to the router's input one flit a cycle as that VC's buffer has room
// (BookSim2's terminal: the next free VC after the last one used). Ejection: flits from the
// router wait in a buffer per VC (`vc_buf_size` each, what the router's output counts on);
// each cycle a VC passes one on and returns its credit, a tail only when the queue of whole
// flits has room; a whole flit then goes on `out` as the sender of a credit loop to
// whatever part comes next (a hop buffer, a receiver).
// Timing: a flit taken on `in` during t may go to the router during t + 1 (in_ready during
// t: the injection queue had room at the start of t); flits and credits from the router
// during t are taken at the edge closing t, and their credits go back during t + 1; `out`
// during t is the head of the queue of whole flits when a credit is held (as a
// credit_sender), stamped sent in t. A network carries a flit's id, creation cycle,
// endpoints and class; its payload arrives as its id (what every built-in source sends).
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "creditflow/core/error.hpp"
#include "creditflow/core/loop_terms.hpp"
#include "creditflow/core/report_figures.hpp"
#include "creditflow/core/ring_fifo.hpp"
#include "creditflow/core/sender_core.hpp"
#include "creditflow/kinds/behaviour.hpp"
#include "creditflow/kinds/packet_census.hpp"
#include "creditflow/noc/buffer_state.hpp"

namespace creditflow::kinds {

struct NetworkInterfaceParams {
  int num_vcs = 2;              // the router's, at the port it joins
  int vc_buf_size = 8;          // flits per VC buffer, the router's and this ejection's
  int vc_classes = 1;           // message classes, the VCs split evenly among them
  int message_class = 0;        // the class of the packets it injects
  int packet_flits = 1;         // network flits per flit (0: 1 + its data units)
  std::int64_t queue_depth = 16;   // flits waiting to be injected
  std::int64_t eject_depth = 4;    // whole flits waiting to go on `out`
  std::int64_t credits = 4;        // the loop on `out`
  bool wait_for_tail_credit = false;
};

class NetworkInterfaceKind : public Behaviour<core::Flit> {
 public:
  enum : std::size_t { in, to_router, to_router_credit, from_router, from_router_credit, out, credit_in };
  static constexpr std::array<Port, 7> ports{{
      {"in", ChannelType::stream, PortDir::in, "in", true, "flits to send across the network"},
      {"to_router", ChannelType::vc_flow, PortDir::out, "to_router", true, "packets into the router's input"},
      {"to_router_credit", ChannelType::vc_credit, PortDir::in, "to_router_credit", true,
       "credits from that input's buffers"},
      {"from_router", ChannelType::vc_flow, PortDir::in, "from_router", true, "packets from the router's output"},
      {"from_router_credit", ChannelType::vc_credit, PortDir::out, "from_router_credit", true,
       "credits back for the ejection buffers"},
      {"out", ChannelType::flow, PortDir::out, "out", true, "flits that crossed the network, one credit each"},
      {"credit_in", ChannelType::credit, PortDir::in, "credit_in", true, "credits back from the part after it"}}};
  using Io = kinds::Io<core::Flit, 7>;

  NetworkInterfaceKind(const NetworkInterfaceParams& p, const std::string& name)
      : p_(checked(p, name)),
        name_(name),
        router_input_(p.num_vcs, p.vc_buf_size, p.wait_for_tail_credit),
        queue_(static_cast<std::size_t>(p.queue_depth)),
        eject_(static_cast<std::size_t>(p.num_vcs), core::RingFifo<noc::NocFlit>(static_cast<std::size_t>(p.vc_buf_size))),
        whole_(static_cast<std::size_t>(p.eject_depth)),
        sender_(p.credits, name),
        first_vc_(p.message_class * (p.num_vcs / p.vc_classes)),
        class_vcs_(p.num_vcs / p.vc_classes),
        sending_by_vc_(static_cast<std::size_t>(p.num_vcs), 0),
        credits_out_by_vc_(sending_by_vc_) {}


  void edge(int, Io& io) {
    // Ejection first: the part after it, then what the router brought.
    if (sender_.advance(!whole_.empty(), io[credit_in]->credit ? 1 : 0)) whole_.pop();
    if (io[from_router]->valid) arrive(io[from_router]->noc);
    for (noc::VcMask m = credits_out_; m != 0; m &= m - 1)
      --credits_out_by_vc_[static_cast<std::size_t>(__builtin_ctzll(m))];
    credits_out_ = 0;
    // In turn from the VC after the one that last made a whole flit: a VC first by its
    // number would take every slot that frees while it has a tail ready, and starve the rest.
    const std::size_t first = next_eject_;
    for (std::size_t i = 0; i < eject_.size(); ++i)
      if (const std::size_t vc = (first + i) % eject_.size(); consume(vc)) next_eject_ = (vc + 1) % eject_.size();
    // Injection: credits from the router, a flit taken, the next network flit sent.
    if (io[to_router_credit]->vcs != 0) router_input_.credit(io[to_router_credit]->vcs);
    if (io[in]->valid && !queue_.full()) take(io[in]->flit);  // the ready it drove
    inject();
    ++now_;
  }
  void drive(Io& io) {
    io[in]->ready = !queue_.full();
    io[to_router]->valid = send_valid_;
    if (send_valid_) io[to_router]->noc = send_;
    io[from_router_credit]->vcs = credits_out_;
    io[out]->valid = sender_.will_send(!whole_.empty());
    if (io[out]->valid) {
      io[out]->flit = whole_.front();
      core::stamp_sent(io[out]->flit, sender_.now());
    }
  }

  PortMask carrying() const {
    return (send_valid_ ? port_bit(to_router) : 0) | (credits_out_ != 0 ? port_bit(from_router_credit) : 0) |
           (sender_.will_send(!whole_.empty()) ? port_bit(out) : 0);
  }

  // Idle with nothing queued, sending, in its ejection buffers or whole, and no credit to
  // return: then only a flit in, a credit back, or a flit or credit from the router
  // changes it, and the cycles between move only its clocks.
  static constexpr bool sleeps = true;
  core::Cycle next_busy(core::Cycle t) const {
    if (!queue_.empty() || send_valid_ || credits_out_ != 0 || !whole_.empty()) return t + 1;
    for (const auto& vc : eject_)
      if (!vc.empty()) return t + 1;
    return this->never_busy;
  }
  void skip_to(core::Cycle t) {
    sender_.skip_to(t);
    now_ = std::max(now_, t);
  }

  // Whole flits made from this cycle on count as offered to the loop on `out`.
  void measure_from(core::Cycle start) { measure_from_ = start; }

  // The loop it sends on at `out`: its credits, and whether a whole flit waits.
  void add_terms(core::LoopState& s, const Io&) const { core::add_terms(s, sender_, !whole_.empty()); }
  // What the network offered that loop is what came out of it whole, as it came: no
  // pattern says it in advance.
  void add_figures(core::LinkReport& r) const {
    core::add_sender_figures(r, sender_);
    const double window = r.cycles > r.warmup ? static_cast<double>(r.cycles - r.warmup) : 0.0;
    r.offered_rate = window > 0 ? std::min(1.0, static_cast<double>(whole_in_window_) / window) : 0.0;
    r.random_traffic = true;
    r.network_interface = name_;
  }

  // A flit is held where its packet's tail is: here until the tail has gone to the router
  // (the register driving to_router included); on the way out, from its tail's arrival
  // until it goes on `out`.
  static constexpr bool counts_flits = true;
  void count(core::Census& c) const {
    queue_.for_each([&](const core::Flit& f) { c.hold(f); });
    if (send_valid_) count_packet(c, send_);
    for (const auto& vc : eject_) vc.for_each([&](const noc::NocFlit& f) { count_packet(c, f); });
    whole_.for_each([&](const core::Flit& f) { c.hold(f); });
  }

  // At to_router: the credits spent on the router's buffers and the flit driving it; at
  // from_router: the ejection buffers and their credits on from_router_credit.
  void add_vc_terms(std::size_t port, core::VcTerms& t) const {
    if (port == to_router) {
      t.each([&](std::size_t vc) { t.spent[vc] += router_input_.occupancy(static_cast<int>(vc)); });
      if (send_valid_) ++t.on_wire[static_cast<std::size_t>(send_.vc)];
    } else if (port == from_router) {
      t.each([&](std::size_t vc) {
        if (vc < eject_.size()) t.held[vc] += static_cast<std::int64_t>(eject_[vc].size());
      });
      core::VcTerms::add_mask(t.back, credits_out_);
    }
  }

  // The same shares, as the counters that hold them (core/vc_terms.hpp VcCells).
  bool vc_cells(std::size_t port, int vc, core::VcCells& c) const {
    if (vc < 0 || vc >= p_.num_vcs) return false;
    const auto v = static_cast<std::size_t>(vc);
    if (port == to_router) {
      c.spent.push_back(&router_input_.occupancy_ref(vc));
      c.on_wire.push_back(&sending_by_vc_[v]);
      return true;
    }
    if (port == from_router) {
      c.held.push_back(&eject_[v].size_ref());
      c.back.push_back(&credits_out_by_vc_[v]);
      return true;
    }
    return false;
  }

  // Its injection queue waits for room at the router (on the VC its packet holds, or the
  // first of its class when none is free); an ejection VC whose tail has no room among the
  // whole flits waits on them; those wait for a credit of the part after `out`.
  void add_waits(core::Waits& w) const {
    if (!queue_.empty()) {
      if (left_ > 0 && router_input_.full(vc_))
        w.push_back({"in", "to_router", vc_, ""});
      else if (left_ == 0) {  // no VC of its class free with room: the first full one
        int vc = first_vc_;
        for (int v = first_vc_; v < first_vc_ + class_vcs_; ++v)
          if (router_input_.full(v)) {
            vc = v;
            break;
          }
        w.push_back({"in", "to_router", vc, ""});
      }
    }
    for (std::size_t vc = 0; vc < eject_.size(); ++vc)
      if (!eject_[vc].empty() && eject_[vc].front().tail && whole_.full())
        w.push_back({"from_router VC " + std::to_string(vc), "", -1, "out"});
    if (!whole_.empty() && sender_.credits() == 0) w.push_back({"out", "out", -1, ""});
  }

 private:
  static NetworkInterfaceParams checked(const NetworkInterfaceParams& p, const std::string& where) {
    if (p.num_vcs % p.vc_classes != 0)
      throw ParameterError(where + ": num_vcs = " + std::to_string(p.num_vcs) + " does not split into vc_classes = " +
                           std::to_string(p.vc_classes) + " (allowed num_vcs a multiple of vc_classes)");
    if (p.message_class >= p.vc_classes)
      throw ParameterError(where + ": message_class = " + std::to_string(p.message_class) + " (allowed 0.." +
                           std::to_string(p.vc_classes - 1) + ", one of its vc_classes)");
    return p;
  }

  void take(const core::Flit& f) {
    if (f.destination == 0)
      throw ProtocolError(name_ + ": flit " + std::to_string(f.id) + " came in at cycle " + std::to_string(now_) +
                          " with no destination: a network routes by it (give its source destinations)");
    queue_.push(f);
  }

  // The next network flit of the front packet, when its VC's buffer at the router has room.
  void inject() {
    if (send_valid_) --sending_by_vc_[static_cast<std::size_t>(send_.vc)];
    send_valid_ = false;
    if (queue_.empty()) return;
    const core::Flit& f = queue_.front();
    const int size = p_.packet_flits > 0 ? p_.packet_flits : 1 + static_cast<int>(f.data_units);
    if (left_ == 0) {  // a new packet: its head takes the next VC of its class that is free and has room
      vc_ = -1;
      for (int i = 1; i <= class_vcs_; ++i) {
        const int vc = first_vc_ + (last_vc_ < 0 ? 0 : (last_vc_ - first_vc_ + i) % class_vcs_);
        if (router_input_.available(vc) && !router_input_.full(vc)) {
          vc_ = vc;
          break;
        }
      }
      if (vc_ < 0) return;
      left_ = size;
    }
    if (router_input_.full(vc_)) return;
    noc::NocFlit& n = send_;
    n = {};
    n.packet = static_cast<std::int64_t>(f.id);
    n.created = f.created;
    n.injected = now_;
    n.source = static_cast<std::int32_t>(f.source);
    n.destination = static_cast<std::int32_t>(f.destination);
    n.vc = static_cast<std::int16_t>(vc_);
    n.message_class = static_cast<std::uint8_t>(p_.message_class);
    n.head = left_ == size;
    n.tail = left_ == 1;
    if (n.head) {
      router_input_.take(vc_, 0);
      last_vc_ = vc_;
      head_injected_ = now_;
    }
    n.head_injected = head_injected_;
    router_input_.sending(n, vc_);
    send_valid_ = true;
    ++sending_by_vc_[static_cast<std::size_t>(vc_)];
    if (--left_ == 0) queue_.pop();
  }

  void arrive(const noc::NocFlit& f) {
    auto& buffer = eject_[static_cast<std::size_t>(f.vc)];
    if (buffer.full())
      throw ProtocolError(name_ + ": a flit came from the router on VC " + std::to_string(f.vc) + " with its " +
                          std::to_string(p_.vc_buf_size) + " slots full (a flit came without a credit)");
    buffer.push(f);
  }
  // A VC passes its front flit on and returns its credit; a tail completes a whole flit,
  // which needs room in the queue for `out`. True when it made one.
  bool consume(std::size_t vc) {
    auto& buffer = eject_[vc];
    if (buffer.empty()) return false;
    const noc::NocFlit& f = buffer.front();
    const bool tail = f.tail;
    if (tail) {
      if (whole_.full()) return false;
      core::Flit w;
      w.id = static_cast<std::uint64_t>(f.packet);
      w.payload = w.id;
      w.created = f.created;
      w.source = static_cast<std::uint32_t>(f.source);
      w.destination = static_cast<std::uint32_t>(f.destination);
      w.traffic_class = f.message_class;
      whole_.push(w);
      if (now_ >= measure_from_) ++whole_in_window_;
    }
    buffer.pop();
    if ((credits_out_ >> vc & 1) == 0) ++credits_out_by_vc_[vc];
    credits_out_ |= noc::VcMask{1} << vc;
    return tail;
  }

  NetworkInterfaceParams p_;
  std::string name_;
  noc::BufferState router_input_;  // the router's injection buffers, seen from here
  core::RingFifo<core::Flit> queue_;
  std::vector<core::RingFifo<noc::NocFlit>> eject_;
  core::RingFifo<core::Flit> whole_;
  core::SenderCore sender_;
  int first_vc_, class_vcs_;
  int vc_ = -1, last_vc_ = -1, left_ = 0;  // the packet being injected: its VC, flits to go
  std::size_t next_eject_ = 0;              // the ejection VC first in turn
  noc::Cycle head_injected_ = 0;
  bool send_valid_ = false;
  noc::NocFlit send_{};
  noc::VcMask credits_out_ = 0;
  // What send_ and credits_out_ carry, by VC, for the per-VC check.
  std::vector<int> sending_by_vc_, credits_out_by_vc_;
  core::Cycle now_ = 0, measure_from_ = 0;
  std::uint64_t whole_in_window_ = 0;
};

}  // namespace creditflow::kinds
