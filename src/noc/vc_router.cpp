#include "creditflow/noc/vc_router.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "creditflow/core/error.hpp"

namespace creditflow::noc {
namespace {

constexpr int kStalled = -2;  // a stage's result when the VC must try again

// Adds `change` to counts[base + vc] for each VC in `vcs`.
void count_vcs(std::vector<int>& counts, int base, VcMask vcs, int change) {
  for (; vcs != 0; vcs &= vcs - 1) counts[base + __builtin_ctzll(vcs)] += change;
}

// Round robin among one input's VCs asking for the same output: does `challenger` come
// before `holder` counting from `first`?
bool comes_first(int challenger, int holder, int first, int vcs) {
  return (challenger - first + vcs) % vcs < (holder - first + vcs) % vcs;
}

}  // namespace

VcRouter::VcRouter(const NocConfig& config, int id, int ports, const Routing& routing)
    : config_(config),
      routing_(routing),
      id_(id),
      ports_(ports),
      num_vcs_(config.num_vcs),
      output_speedup_(config.output_speedup),
      downstream_(ports, BufferState(config.num_vcs, config.vc_buf_size,
                                     config.wait_for_tail_credit != 0)),
      arrived_vc_(ports, 0),
      due_credits_(static_cast<std::size_t>(ports) * (config.credit_delay + 1)),
      routing_q_(static_cast<std::size_t>(ports) * config.num_vcs),
      vc_q_(static_cast<std::size_t>(ports) * config.num_vcs),
      switch_q_(static_cast<std::size_t>(ports) * config.num_vcs),
      // Per port, a flit a step (a speedup's worth with speedup): the batch being done,
      // and those waiting behind it from each cycle of its delay.
      crossbar_q_(static_cast<std::size_t>(ports) * std::max(config.input_speedup, config.output_speedup) *
                  static_cast<std::size_t>(std::ceil(config.internal_speedup)) * (2 * config.crossbar_delay() + 1)),
      // Without speedup a flit a cycle comes and goes; with output or internal speedup,
      // up to every flit the output holds credits for.
      output_q_(ports, Fifo<NocFlit>(config.output_speedup == 1 && config.internal_speedup == 1.0
                                         ? static_cast<std::size_t>(config.crossbar_delay()) + 2
                                         : static_cast<std::size_t>(config.num_vcs) * config.vc_buf_size + 1)),
      credits_now_(ports, 0),
      credits_queue_(config.internal_speedup != 1.0),
      // A step's credits each: at most a credit per flit the input's buffers hold.
      credit_q_(credits_queue_ ? ports : 0,
                Fifo<VcMask>(static_cast<std::size_t>(config.num_vcs) * config.vc_buf_size + 1)),
      switch_rr_(static_cast<std::size_t>(ports) * config.input_speedup, 0),
      leaving_(static_cast<std::size_t>(ports) * config.num_vcs, 0),
      unsent_(static_cast<std::size_t>(ports) * config.num_vcs, 0),
      due_(static_cast<std::size_t>(ports) * config.num_vcs, 0),
      vc_allocator_(ports * config.num_vcs, ports * config.num_vcs, config.vc_allocator, config.alloc_iters, false),
      switch_allocator_(ports * config.input_speedup, ports * config.output_speedup, config.sw_allocator,
                        config.alloc_iters, true) {
  vcs_.reserve(static_cast<std::size_t>(ports) * num_vcs_);
  for (int input = 0; input < ports; ++input)
    for (int vc = 0; vc < num_vcs_; ++vc)
      vcs_.emplace_back(config.vc_buf_size, input, vc, input * config.input_speedup + vc % config.input_speedup,
                        input % config.output_speedup);
  // BookSim2's round robin starts each crossbar input at the first VC it serves.
  for (std::size_t in = 0; in < switch_rr_.size(); ++in) switch_rr_[in] = static_cast<int>(in) % config.input_speedup;
  for (auto* count : {&counts_.flits_out, &counts_.credit_waits, &counts_.held_onward, &counts_.vc_waits,
                      &counts_.switch_losses,
                      &counts_.hol_cycles, &counts_.hol_packets})
    count->assign(vcs_.size(), 0);
}

void VcRouter::overflow(int input, int vc) const {
  throw ProtocolError("router " + std::to_string(id_) + " input " + std::to_string(input) + " VC " +
                      std::to_string(vc) + " got a flit with its " + std::to_string(config_.vc_buf_size) +
                      " slots full (a flit came without a credit)");
}

void VcRouter::delay_credit(int output, VcMask vcs, Cycle now) {
  due_credits_.push({now + config_.credit_delay, output, vcs});
  count_vcs(due_, output * num_vcs_, vcs, +1);
}

void VcRouter::audit_counts() const {
  for (int port = 0; port < ports_; ++port) {
    for (int vc = 0; vc < num_vcs_; ++vc) {
      int leaving = 0, unsent = 0, due = 0;
      for (std::size_t i = 0; i < crossbar_q_.entries.size(); ++i)
        leaving += crossbar_q_.entries[i].output == port && crossbar_q_.entries[i].flit.vc == vc;
      for (std::size_t i = 0; i < output_q_[port].size(); ++i) leaving += output_q_[port][i].vc == vc;
      if (credits_queue_)
        for (std::size_t i = 0; i < credit_q_[port].size(); ++i) unsent += static_cast<int>((credit_q_[port][i] >> vc) & 1);
      for (std::size_t i = 0; i < due_credits_.size(); ++i)
        due += due_credits_[i].output == port && ((due_credits_[i].vcs >> vc) & 1);
      const int at = port * num_vcs_ + vc;
      if (leaving == leaving_[at] && unsent == unsent_[at] && due == due_[at]) continue;
      throw ProtocolError("router " + std::to_string(id_) + " port " + std::to_string(port) + " VC " +
                          std::to_string(vc) + ": its queues hold " + std::to_string(leaving) + " flits leaving, " +
                          std::to_string(unsent) + " credits to send and " + std::to_string(due) +
                          " credits due, but it counted " + std::to_string(leaving_[at]) + ", " +
                          std::to_string(unsent_[at]) + " and " + std::to_string(due_[at]));
    }
  }
}

std::int64_t VcRouter::flits_inside() const {
  std::int64_t count = static_cast<std::int64_t>(crossbar_q_.entries.size());
  for (const InputVc& vc : vcs_) count += static_cast<std::int64_t>(vc.buffer.size());
  for (const auto& queue : output_q_) count += static_cast<std::int64_t>(queue.size());
  return count;
}

std::vector<VcWait> VcRouter::waits() const {
  std::vector<VcWait> out;
  for (int input = 0; input < ports_; ++input) {
    for (int vc = 0; vc < num_vcs_; ++vc) {
      const InputVc& v = vcs_[input * num_vcs_ + vc];
      if (v.buffer.empty()) continue;
      VcWait w;
      w.input = input;
      w.vc = vc;
      if (v.state == VcState::active && downstream_[v.out_port].full(v.out_vc)) {
        w.output = v.out_port;
        w.out_vc = v.out_vc;
        out.push_back(w);
      } else if (v.state == VcState::vc_alloc) {
        bool all_held = true;
        for (int out_vc = v.route.first_vc; out_vc <= v.route.last_vc; ++out_vc)
          all_held = all_held && !downstream_[v.route.port].available(out_vc);
        if (!all_held) continue;
        const int holder = downstream_[v.route.port].holder(v.route.first_vc);
        w.holder_input = holder / num_vcs_;
        w.holder_vc = holder % num_vcs_;
        out.push_back(w);
      }
    }
  }
  return out;
}

void VcRouter::head_to_routing(int input, int vc) {
  at(input, vc).state = VcState::routing;
  enter(routing_q_, input, vc);
}

void VcRouter::queue_arrivals(Cycle now) {
  // In input order, as the channels are read; each input's flit is the last in its VC.
  for (; arrived_mask_ != 0; arrived_mask_ &= arrived_mask_ - 1) {
    const int input = __builtin_ctzll(arrived_mask_);
    const int v = arrived_vc_[input];
    InputVc& vc = at(input, v);
    const NocFlit& flit = vc.buffer[vc.buffer.size() - 1];
    tell(now, "received", input, flit);
    if (vc.state == VcState::idle) {
      if (!flit.head)
        throw ProtocolError("router " + std::to_string(id_) + " input " + std::to_string(input) + " VC " +
                            std::to_string(v) + " got a body flit with no packet open");
      head_to_routing(input, v);
    } else if (vc.state == VcState::active && vc.buffer.size() == 1) {
      enter(switch_q_, input, v);
    }
  }
}

void VcRouter::apply_credits(Cycle now) {
  while (!due_credits_.empty() && due_credits_.front().due <= now) {
    const DueCredit& credit = due_credits_.front();
    downstream_[credit.output].credit(credit.vcs);
    count_vcs(due_, credit.output * num_vcs_, credit.vcs, -1);
    due_credits_.pop();
  }
}

void VcRouter::route_update(Cycle now) {
  for (; routing_q_.busy != 0; --routing_q_.busy) {
    InputVc& vc = vcs_[routing_q_.entries.front()];
    routing_q_.entries.pop();
    vc.route = routing_.route(id_, vc.input, vc.buffer.front(), downstream_.data());
    if (vc.route.port < 0 || vc.route.port >= ports_ || vc.route.first_vc < 0 || vc.route.last_vc >= num_vcs_ ||
        vc.route.first_vc > vc.route.last_vc)
      throw ProtocolError("routing function '" + config_.routing_function + "' gave router " + std::to_string(id_) +
                          " output " + std::to_string(vc.route.port) + " VCs " + std::to_string(vc.route.first_vc) +
                          ".." + std::to_string(vc.route.last_vc) + " (allowed outputs 0.." + std::to_string(ports_ - 1) +
                          ", VCs 0.." + std::to_string(num_vcs_ - 1) + ")");
    vc.state = VcState::vc_alloc;
    tell(now, "routed", vc.input, vc.buffer.front());
    enter(vc_q_, vc.input, vc.vc);
  }
}

// The output VCs a routed head may take that no packet holds, a bit each (at port * vcs + vc).
SmallIslip::Word VcRouter::free_vcs(const Route& route) const {
  SmallIslip::Word row = 0;
  for (int out_vc = route.first_vc; out_vc <= route.last_vc; ++out_vc)
    if (downstream_[route.port].available(out_vc)) row |= SmallIslip::Word{1} << (route.port * num_vcs_ + out_vc);
  return row;
}

void VcRouter::vc_evaluate(Cycle now) {
  const std::size_t taken = vc_q_.start(now, config_.vc_alloc_delay);
  if (taken == 1 && vc_allocator_.fits_word()) {  // one head asks: no passes
    InputVc& vc = vcs_[vc_q_.entries.front()];
    const SmallIslip::Word row = free_vcs(vc.route);
    vc.result = row != 0 ? vc_allocator_.grant_one(vc.input * num_vcs_ + vc.vc, row) : kStalled;
    return;  // a VC evaluated now is due no sooner than now
  }
  if (taken != 0) {  // several ask, or one whose outputs do not fit in a word
    vc_allocator_.clear();
    for (std::size_t i = 0; i < taken; ++i) {
      InputVc& vc = vcs_[vc_q_.entries[i]];
      vc.result = -1;
      bool eligible = false;
      for (int out_vc = vc.route.first_vc; out_vc <= vc.route.last_vc; ++out_vc) {
        if (!downstream_[vc.route.port].available(out_vc)) continue;
        eligible = true;
        vc_allocator_.add(vc.input * num_vcs_ + vc.vc, vc.route.port * num_vcs_ + out_vc, 0);
      }
      if (!eligible) vc.result = kStalled;
    }
    vc_allocator_.allocate();
    for (std::size_t i = 0; i < taken; ++i) {
      InputVc& vc = vcs_[vc_q_.entries[i]];
      if (vc.result == kStalled) continue;
      const int granted = vc_allocator_.output_of(vc.input * num_vcs_ + vc.vc);
      vc.result = granted >= 0 ? granted : kStalled;
    }
  }
  if (config_.vc_alloc_delay <= 1 || !vc_q_.done(now)) return;
  for (std::size_t i = 0; i < vc_q_.busy; ++i) {  // a VC taken meanwhile by a packet allocated earlier
    InputVc& vc = vcs_[vc_q_.entries[i]];
    if (vc.result >= 0 && !downstream_[vc.result / num_vcs_].available(vc.result % num_vcs_)) vc.result = kStalled;
  }
}

void VcRouter::vc_update(Cycle now) {
  for (; vc_q_.busy != 0; --vc_q_.busy) {
    InputVc& vc = vcs_[vc_q_.entries.front()];
    vc_q_.entries.pop();
    if (vc.result >= 0) {
      vc.out_port = vc.result / num_vcs_;
      vc.out_vc = vc.result % num_vcs_;
      downstream_[vc.out_port].take(vc.out_vc, vc.input * num_vcs_ + vc.vc);
      vc.state = VcState::active;
      tell(now, "vc_allocated", vc.input, vc.buffer.front());
      enter(switch_q_, vc.input, vc.vc);
    } else {
      ++counts_.vc_waits[vc.input * num_vcs_ + vc.vc];
      enter(vc_q_, vc.input, vc.vc);
    }
  }
}

void VcRouter::switch_evaluate(Cycle now) {
  const std::size_t taken = switch_q_.start(now, config_.sw_alloc_delay);
  if (taken == 1 && switch_allocator_.fits_word()) {  // one VC asks
    InputVc& vc = vcs_[switch_q_.entries.front()];
    if (downstream_[vc.out_port].full(vc.out_vc)) {
      vc.result = kStalled;
      ++counts_.credit_waits[vc.out_port * num_vcs_ + vc.out_vc];
      ++counts_.held_onward[vc.input * num_vcs_ + vc.vc];
      return;
    }
    switch_allocator_.grant_one(vc.switch_input, SmallIslip::Word{1} << switch_output(vc));
    vc.result = vc.out_port;
    switch_rr_[vc.switch_input] = next_in_round(vc.vc);
    return;
  }
  if (taken != 0) {  // several ask, or one whose outputs do not fit in a word
    switch_allocator_.clear();
    for (std::size_t i = 0; i < taken; ++i) {
      InputVc& vc = vcs_[switch_q_.entries[i]];
      vc.result = -1;
      if (downstream_[vc.out_port].full(vc.out_vc)) {
        vc.result = kStalled;
        ++counts_.credit_waits[vc.out_port * num_vcs_ + vc.out_vc];
        ++counts_.held_onward[vc.input * num_vcs_ + vc.vc];
        continue;
      }
      // One request per crossbar input and output: the VC first in round robin asks.
      const int in = vc.switch_input, out = switch_output(vc);
      if (switch_allocator_.has(in, out) && !comes_first(vc.vc, switch_allocator_.label(in, out), switch_rr_[in], num_vcs_))
        continue;
      switch_allocator_.add(in, out, vc.vc);
    }
    switch_allocator_.allocate();
    for (std::size_t i = 0; i < taken; ++i) {
      InputVc& vc = vcs_[switch_q_.entries[i]];
      if (vc.result == kStalled) continue;
      const int out = switch_allocator_.output_of(vc.switch_input);
      if (out >= 0 && switch_allocator_.label(vc.switch_input, out) == vc.vc) {
        switch_rr_[vc.switch_input] = next_in_round(vc.vc);
        vc.result = vc.out_port;  // the output it asked for: `out` is one of its crossbar ports
      } else {
        vc.result = kStalled;
        ++counts_.switch_losses[vc.input * num_vcs_ + vc.vc];
      }
    }
  }
  if (config_.sw_alloc_delay <= 1 || !switch_q_.done(now)) return;
  for (std::size_t i = 0; i < switch_q_.busy; ++i) {  // credits spent meanwhile by flits granted earlier
    InputVc& vc = vcs_[switch_q_.entries[i]];
    if (vc.result >= 0 && downstream_[vc.out_port].full(vc.out_vc)) vc.result = kStalled;
  }
}

void VcRouter::switch_update(Cycle now) {
  for (; switch_q_.busy != 0; --switch_q_.busy) {
    InputVc& vc = vcs_[switch_q_.entries.front()];
    switch_q_.entries.pop();
    const int input = vc.input, v = vc.vc, output = vc.result;
    if (output < 0) {
      enter(switch_q_, input, v);
      continue;
    }
    crossbar_q_.entries.push({vc.buffer.front(), output});
    vc.buffer.pop();
    NocFlit& flit = crossbar_q_.entries[crossbar_q_.entries.size() - 1].flit;
    ++flit.hops;
    flit.vc = static_cast<std::int16_t>(vc.out_vc);
    downstream_[output].sending(flit, vc.out_vc);
    tell(now, "switch_granted", input, flit);
    ++leaving_[output * num_vcs_ + vc.out_vc];
    credits_now_[input] |= VcMask{1} << v;
    credits_now_mask_ |= PortMask{1} << input;
    if (vc.buffer.empty()) {
      if (flit.tail) vc.state = VcState::idle;
    } else if (flit.tail) {
      // The next packet reaches the front, after waiting behind this one since it came.
      if (const Cycle waited = now - vc.buffer.front().arrived; waited > 0) {
        counts_.hol_cycles[input * num_vcs_ + v] += waited;
        ++counts_.hol_packets[input * num_vcs_ + v];
      }
      head_to_routing(input, v);
    } else {
      enter(switch_q_, input, v);
    }
  }
}

void VcRouter::crossbar_update() {
  for (; crossbar_q_.busy != 0; --crossbar_q_.busy) {
    const Crossing& crossing = crossbar_q_.entries.front();
    output_q_[crossing.output].push(crossing.flit);
    output_q_mask_ |= PortMask{1} << crossing.output;
    crossbar_q_.entries.pop();
  }
}

void VcRouter::send(RouterOutbox& out) {
  for (PortMask pending = output_q_mask_; pending != 0; pending &= pending - 1) {
    const int output = __builtin_ctzll(pending);
    const NocFlit& flit = output_q_[output].front();
    ++counts_.flits_out[output * num_vcs_ + flit.vc];
    --leaving_[output * num_vcs_ + flit.vc];
    tell(now_, "sent", output, flit);
    out.flit(id_, output, flit);
    output_q_[output].pop();
    if (output_q_[output].empty()) output_q_mask_ &= ~(PortMask{1} << output);
  }
  for (; credits_now_mask_ != 0; credits_now_mask_ &= credits_now_mask_ - 1) {
    const int input = __builtin_ctzll(credits_now_mask_);
    out.credit(id_, input, credits_now_[input]);
    credits_now_[input] = 0;
  }
  for (PortMask pending = credit_q_mask_; pending != 0; pending &= pending - 1) {
    const int input = __builtin_ctzll(pending);
    out.credit(id_, input, credit_q_[input].front());
    count_vcs(unsent_, input * num_vcs_, credit_q_[input].front(), -1);
    credit_q_[input].pop();
    if (credit_q_[input].empty()) credit_q_mask_ &= ~(PortMask{1} << input);
  }
}

void VcRouter::queue_credits() {
  for (; credits_now_mask_ != 0; credits_now_mask_ &= credits_now_mask_ - 1) {
    const int input = __builtin_ctzll(credits_now_mask_);
    credit_q_[input].push(credits_now_[input]);
    count_vcs(unsent_, input * num_vcs_, credits_now_[input], +1);
    credits_now_[input] = 0;
    credit_q_mask_ |= PortMask{1} << input;
  }
}

// Each part only when it has something to do: most of a router's stages are empty most
// cycles, and a call costs more than the test.
inline void VcRouter::internal_step(Cycle now) {
  if (arrived_mask_ != 0) queue_arrivals(now);
  if (!due_credits_.empty()) apply_credits(now);
  routing_q_.start(now, config_.routing_delay);
  if (!vc_q_.entries.empty()) vc_evaluate(now);
  if (!switch_q_.entries.empty()) switch_evaluate(now);
  crossbar_q_.start(now, config_.crossbar_delay());
  if (routing_q_.done(now)) route_update(now);
  if (vc_q_.done(now)) vc_update(now);
  if (switch_q_.done(now)) switch_update(now);
  if (crossbar_q_.done(now)) crossbar_update();
}

void VcRouter::step(Cycle now, RouterOutbox& out, int internal_steps) {
  now_ = now;
  for (int i = 0; i < internal_steps; ++i) {
    internal_step(now);
    if (credits_queue_) queue_credits();
  }
  if ((output_q_mask_ | credits_now_mask_ | credit_q_mask_) != 0) send(out);
}

}  // namespace creditflow::noc
