// Responder: a target that answers every flit it takes (a memory controller's reads): a
// receiver of requests whose consumer makes, `latency` cycles after it pops a request, a
// response back to the request's source, offered on `out` until taken. It pops only while
// fewer than `queue_depth` responses are on their way or waiting, so a response that
// cannot leave holds the requests behind it, and their credits: the dependence of a
// target's requests on its responses that a network must keep apart (message classes).
// Timing: a request popped in t (its credit back in t, as a receiver's) makes a response
// offered from t + latency (latency >= 1); it leaves in the cycle `out` is ready.
// It is the final receiver of its requests' flows and the source of its responses'.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "creditflow/core/endpoint_text.hpp"
#include "creditflow/core/flow_stats.hpp"
#include "creditflow/core/ring_fifo.hpp"
#include "creditflow/kinds/credit_receiver.hpp"

namespace creditflow::kinds {

class ResponderKind : public ReceiverBuffer<core::Flit> {
  using ReceiverBuffer<core::Flit>::core_;

 public:
  enum : std::size_t { in, credit, out };
  static constexpr std::array<Port, 3> ports{{
      {"in", ChannelType::flow, PortDir::in, "in", false, "requests from the link"},
      {"credit", ChannelType::credit, PortDir::out, "credit_out", false, "one pulse per request popped"},
      {"out", ChannelType::stream, PortDir::out, "out", false, "responses, each to its request's source"}}};
  static constexpr bool several_loops = true;  // the end of the requests' loop, the source of the responses'
  static constexpr std::array<std::size_t, 1> ports_in_terms{out};
  using Io = kinds::Io<core::Flit, 3>;

  // `replies`: each request source's endpoint id -> where its responses go.
  ResponderKind(const core::ReceiverParams& params, std::int64_t latency, std::int64_t queue_depth,
                std::map<std::uint32_t, std::uint32_t> replies, std::uint64_t run_seed, const std::string& name)
      : ReceiverBuffer<core::Flit>(params, run_seed, name),
        latency_(latency),
        responses_(static_cast<std::size_t>(queue_depth)),
        replies_(std::move(replies)),
        name_(name) {}
  void name_sources_with(core::EndpointNamer namer) { namer_ = std::move(namer); }
  // Every answer it makes told to `log` (a run's trace), with the request it answers.
  void record_to(core::CreationLog* log) { log_ = log; }
  // Its own endpoint id (its responses' source) and its window's first cycle.
  void configure(std::uint32_t self, core::Cycle measure_from, core::FlowDeliveries::Clocks clocks = {},
                 std::shared_ptr<core::DeliveryBoards> deliveries = {}) {
    self_ = self;
    flows_.configure(self, measure_from, std::move(clocks), std::move(deliveries));
    measure_from_ = measure_from;
  }

  void edge(int, Io& io) {
    const bool has_room = room();  // as at the start of the cycle
    if (!has_room && core_.occupancy() > 0 && core_.now() >= measure_from_) ++full_cycles_;
    const bool popped = core_.will_pop() && has_room;
    if (popped) {
      flows_.pop(core_.head(), core_.now());
      core::Flit r;
      r.id = made_++;
      r.payload = r.id;
      r.created = core_.now() + latency_;
      r.source = self_;
      r.destination = reply_to(core_.head());
      r.traffic_class = core_.head().traffic_class;
      responses_.push(r);
      ++made_to_[r.destination];
      if (log_) {
        core::Creation c;
        c.cycle = r.created;
        c.made_at = core_.now();
        c.source = self_;
        c.destination = r.destination;
        c.traffic_class = r.traffic_class;
        c.id = r.id;
        c.answers = true;
        c.answers_source = core_.head().source;
        c.answers_id = core_.head().id;
        c.delay = static_cast<core::Cycle>(latency_);
        log_->created(c);
      }
    }
    if (offering() && io[out]->ready) {
      responses_.pop();
      ++taken_;
    }
    core_.advance(io[in]->valid, io[in]->flit, has_room);
  }
  void drive(Io& io) {
    offer(*io[out], offering(), offering() ? &responses_.front() : nullptr);
    io[credit]->credit = core_.will_pop() && room();
  }

  void add_terms(std::size_t end, core::LoopState& s, const Io& io) const {
    if (end == in) {
      s.receiver_occupancy += core_.occupancy();
      s.popped += core_.popped();
      s.receiver_popping = s.receiver_popping || (core_.will_pop() && room());
    } else {
      s.sent += taken_;
      s.source_held = s.source_held || (offering() && !io[out]->ready);
    }
  }
  void add_figures(std::size_t end, core::LinkReport& r) const {
    if (end != in) return;
    this->add_buffer_figures(r);
    r.responder = name_;
    r.answer_limit = static_cast<std::int64_t>(responses_.capacity());
    r.answer_latency = latency_;
    r.answer_full_cycles = full_cycles_;
  }
  void add_flows(core::FlowTable& t) const {
    flows_.add_to(t);
    core::add_created(t, self_, made_, made_to_);
  }
  // The requests it holds and has answered (delivered), the responses it made and holds.
  void count(core::Census& c) const {
    ReceiverBuffer<core::Flit>::count(c);
    flows_.count_delivered(c, core_.popped());
    c.created[c.slot(self_)] += made_;
    responses_.for_each([&](const core::Flit& f) { c.hold(f); });
  }
  // Its responses are timed from their own creation: no jumps, no skipping.
  std::optional<core::Cycle> cycle_length() const { return std::nullopt; }
  core::Cycle next_busy(core::Cycle t) const { return t + 1; }

  // Requests it cannot pop wait on its answers; answers not taken wait on what `out` feeds.
  void add_waits(core::Waits& w) const {
    if (core_.occupancy() > 0 && !room()) w.push_back({"in", "", -1, "answers"});
    if (!responses_.empty()) w.push_back({"answers", "out", -1, ""});
  }

 private:
  std::uint32_t reply_to(const core::Flit& request) const {
    const auto found = replies_.find(request.source);
    if (found != replies_.end()) return found->second;
    throw ProtocolError(name_ + ": a request from " + core::endpoint_text(namer_, request.source) + " came at cycle " +
                        std::to_string(core_.now()) + ", and replies names no receiver for it");
  }
  bool room() const { return !responses_.full(); }
  bool offering() const { return !responses_.empty() && responses_.front().created <= core_.now(); }

  std::int64_t latency_;
  core::RingFifo<core::Flit> responses_;  // made, in the order made: each offered from its creation
  core::FlowDeliveries flows_;
  std::uint32_t self_ = 0;
  std::uint64_t made_ = 0, taken_ = 0, full_cycles_ = 0;
  core::Cycle measure_from_ = 0;
  std::map<std::uint32_t, std::uint64_t> made_to_;
  std::map<std::uint32_t, std::uint32_t> replies_;
  std::string name_;
  core::EndpointNamer namer_;
  core::CreationLog* log_ = nullptr;
};

}  // namespace creditflow::kinds
