#include "creditflow/noc/vc_router.hpp"

#include <algorithm>
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
      vcs_(static_cast<std::size_t>(ports) * config.num_vcs, InputVc(config.vc_buf_size)),
      downstream_(ports, BufferState(config.num_vcs, config.vc_buf_size,
                                     config.wait_for_tail_credit != 0)),
      arrived_vc_(ports, 0),
      due_credits_(static_cast<std::size_t>(ports) * (config.credit_delay + 1)),
      routing_q_(vcs_.size()),
      vc_q_(vcs_.size()),
      switch_q_(vcs_.size()),
      crossbar_q_(static_cast<std::size_t>(ports) * (config.crossbar_delay() + 1)),
      output_q_(ports, Fifo<NocFlit>(static_cast<std::size_t>(config.crossbar_delay()) + 2)),
      credits_now_(ports, 0),
      switch_rr_(ports, 0),
      leaving_(vcs_.size(), 0),
      due_(vcs_.size(), 0),
      vc_allocator_(ports * config.num_vcs, ports * config.num_vcs, config.vc_allocator, config.alloc_iters, false),
      switch_allocator_(ports, ports, config.sw_allocator, config.alloc_iters, true) {
  for (auto* count : {&counts_.flits_out, &counts_.credit_waits, &counts_.vc_waits, &counts_.switch_losses,
                      &counts_.hol_cycles, &counts_.hol_packets})
    count->assign(vcs_.size(), 0);
}

void VcRouter::arrive(int input, const NocFlit& flit, Cycle now) {
  InputVc& vc = at(input, flit.vc);
  if (vc.buffer.full())
    throw ProtocolError("router " + std::to_string(id_) + " input " + std::to_string(input) + " VC " +
                        std::to_string(flit.vc) + " got a flit with its " + std::to_string(config_.vc_buf_size) +
                        " slots full (a flit came without a credit)");
  vc.buffer.push(flit);
  vc.buffer[vc.buffer.size() - 1].arrived = now;
  arrived_vc_[input] = flit.vc;
  arrived_mask_ |= 1u << input;
}

void VcRouter::credit_arrives(int output, VcMask vcs, Cycle now) {
  if (config_.credit_delay == 0) {
    downstream_[output].credit(vcs);
    return;
  }
  due_credits_.push({now + config_.credit_delay, output, vcs});
  count_vcs(due_, output * num_vcs_, vcs, +1);
}

bool VcRouter::quiet() const {
  return arrived_mask_ == 0 && due_credits_.empty() && routing_q_.empty() && vc_q_.empty() &&
         switch_q_.empty() && crossbar_q_.empty() && output_q_mask_ == 0;
}

void VcRouter::audit_counts() const {
  for (int port = 0; port < ports_; ++port) {
    for (int vc = 0; vc < num_vcs_; ++vc) {
      int leaving = 0, due = 0;
      for (std::size_t i = 0; i < crossbar_q_.size(); ++i)
        leaving += crossbar_q_[i].output == port && crossbar_q_[i].flit.vc == vc;
      for (std::size_t i = 0; i < output_q_[port].size(); ++i) leaving += output_q_[port][i].vc == vc;
      for (std::size_t i = 0; i < due_credits_.size(); ++i)
        due += due_credits_[i].output == port && ((due_credits_[i].vcs >> vc) & 1);
      const int at = port * num_vcs_ + vc;
      if (leaving == leaving_[at] && due == due_[at]) continue;
      throw ProtocolError("router " + std::to_string(id_) + " port " + std::to_string(port) + " VC " +
                          std::to_string(vc) + ": its queues hold " + std::to_string(leaving) + " flits leaving and " +
                          std::to_string(due) + " credits due, but it counted " + std::to_string(leaving_[at]) +
                          " and " + std::to_string(due_[at]));
    }
  }
}

std::int64_t VcRouter::flits_inside() const {
  std::int64_t count = static_cast<std::int64_t>(crossbar_q_.size());
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
  routing_q_.push({-1, input, vc, -1});
}

void VcRouter::queue_arrivals(Cycle now) {
  // In input order, as the channels are read; each input's flit is the last in its VC.
  for (; arrived_mask_ != 0; arrived_mask_ &= arrived_mask_ - 1) {
    const int input = __builtin_ctz(arrived_mask_);
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
      switch_q_.push({-1, input, v, -1});
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

// A stage's queue holds VCs in the order they entered it. The leading ones not yet
// evaluated are evaluated now and done `delay` cycles later; a stage busy with earlier
// ones (delay > 1) takes no new ones until they are done.
void VcRouter::route_evaluate(Cycle now) {
  for (std::size_t i = 0; i < routing_q_.size() && routing_q_[i].due < 0; ++i)
    routing_q_[i].due = now + config_.routing_delay - 1;
}

void VcRouter::route_update(Cycle now) {
  while (!routing_q_.empty() && routing_q_.front().due >= 0 && routing_q_.front().due <= now) {
    const Waiting w = routing_q_.front();
    routing_q_.pop();
    InputVc& vc = at(w.input, w.vc);
    vc.route = routing_.route(id_, w.input, vc.buffer.front());
    if (vc.route.port < 0 || vc.route.port >= ports_ || vc.route.first_vc < 0 || vc.route.last_vc >= num_vcs_ ||
        vc.route.first_vc > vc.route.last_vc)
      throw ProtocolError("routing function '" + config_.routing_function + "' gave router " + std::to_string(id_) +
                          " output " + std::to_string(vc.route.port) + " VCs " + std::to_string(vc.route.first_vc) +
                          ".." + std::to_string(vc.route.last_vc) + " (allowed outputs 0.." + std::to_string(ports_ - 1) +
                          ", VCs 0.." + std::to_string(num_vcs_ - 1) + ")");
    vc.state = VcState::vc_alloc;
    tell(now, "routed", w.input, vc.buffer.front());
    vc_q_.push({-1, w.input, w.vc, -1});
  }
}

void VcRouter::vc_evaluate(Cycle now) {
  if (vc_q_.empty()) return;
  if (vc_q_.size() == 1 && vc_q_[0].due < 0 && vc_allocator_.fits_word()) {  // one head asks: no passes
    Waiting& w = vc_q_[0];
    const Route& route = at(w.input, w.vc).route;
    SmallIslip::Word row = 0;
    for (int out_vc = route.first_vc; out_vc <= route.last_vc; ++out_vc)
      if (downstream_[route.port].available(out_vc)) row |= SmallIslip::Word{1} << (route.port * num_vcs_ + out_vc);
    w.due = now + config_.vc_alloc_delay - 1;
    w.result = row != 0 ? vc_allocator_.grant_one(w.input * num_vcs_ + w.vc, row) : kStalled;
    return;  // a VC evaluated now is due no sooner than now
  }
  vc_allocator_.clear();
  for (std::size_t i = 0; i < vc_q_.size() && vc_q_[i].due < 0; ++i) {
    Waiting& w = vc_q_[i];
    const Route& route = at(w.input, w.vc).route;
    bool eligible = false;
    for (int out_vc = route.first_vc; out_vc <= route.last_vc; ++out_vc) {
      if (!downstream_[route.port].available(out_vc)) continue;
      eligible = true;
      vc_allocator_.add(w.input * num_vcs_ + w.vc, route.port * num_vcs_ + out_vc, 0);
    }
    if (!eligible) w.result = kStalled;
  }
  vc_allocator_.allocate();
  for (std::size_t i = 0; i < vc_q_.size() && vc_q_[i].due < 0; ++i) {
    Waiting& w = vc_q_[i];
    w.due = now + config_.vc_alloc_delay - 1;
    if (w.result == kStalled) continue;
    const int granted = vc_allocator_.output_of(w.input * num_vcs_ + w.vc);
    w.result = granted >= 0 ? granted : kStalled;
  }
  if (config_.vc_alloc_delay <= 1) return;
  for (std::size_t i = 0; i < vc_q_.size(); ++i) {  // a VC taken meanwhile by a packet allocated earlier
    Waiting& w = vc_q_[i];
    if (w.due < 0 || w.due > now) break;
    if (w.result >= 0 && !downstream_[w.result / num_vcs_].available(w.result % num_vcs_))
      w.result = kStalled;
  }
}

void VcRouter::vc_update(Cycle now) {
  while (!vc_q_.empty() && vc_q_.front().due >= 0 && vc_q_.front().due <= now) {
    const Waiting w = vc_q_.front();
    vc_q_.pop();
    if (w.result >= 0) {
      InputVc& vc = at(w.input, w.vc);
      vc.out_port = w.result / num_vcs_;
      vc.out_vc = w.result % num_vcs_;
      downstream_[vc.out_port].take(vc.out_vc, w.input * num_vcs_ + w.vc);
      vc.state = VcState::active;
      tell(now, "vc_allocated", w.input, vc.buffer.front());
      switch_q_.push({-1, w.input, w.vc, -1});
    } else {
      ++counts_.vc_waits[w.input * num_vcs_ + w.vc];
      vc_q_.push({-1, w.input, w.vc, -1});
    }
  }
}

void VcRouter::switch_evaluate(Cycle now) {
  if (switch_q_.empty()) return;
  if (switch_q_.size() == 1 && switch_q_[0].due < 0 && switch_allocator_.fits_word()) {  // one VC asks
    Waiting& w = switch_q_[0];
    const InputVc& vc = at(w.input, w.vc);
    w.due = now + config_.sw_alloc_delay - 1;
    if (downstream_[vc.out_port].full(vc.out_vc)) {
      w.result = kStalled;
      ++counts_.credit_waits[vc.out_port * num_vcs_ + vc.out_vc];
      return;
    }
    w.result = switch_allocator_.grant_one(w.input, SmallIslip::Word{1} << vc.out_port);
    switch_rr_[w.input] = (w.vc + 1) % num_vcs_;
    return;
  }
  switch_allocator_.clear();
  for (std::size_t i = 0; i < switch_q_.size() && switch_q_[i].due < 0; ++i) {
    Waiting& w = switch_q_[i];
    const InputVc& vc = at(w.input, w.vc);
    if (downstream_[vc.out_port].full(vc.out_vc)) {
      w.result = kStalled;
      ++counts_.credit_waits[vc.out_port * num_vcs_ + vc.out_vc];
      continue;
    }
    // One request per input and output: the input's VC first in round robin asks.
    if (switch_allocator_.has(w.input, vc.out_port) &&
        !comes_first(w.vc, switch_allocator_.label(w.input, vc.out_port), switch_rr_[w.input],
                     num_vcs_))
      continue;
    switch_allocator_.add(w.input, vc.out_port, w.vc);
  }
  switch_allocator_.allocate();
  for (std::size_t i = 0; i < switch_q_.size() && switch_q_[i].due < 0; ++i) {
    Waiting& w = switch_q_[i];
    w.due = now + config_.sw_alloc_delay - 1;
    if (w.result == kStalled) continue;
    const int output = switch_allocator_.output_of(w.input);
    if (output >= 0 && switch_allocator_.label(w.input, output) == w.vc) {
      switch_rr_[w.input] = (w.vc + 1) % num_vcs_;
      w.result = output;
    } else {
      w.result = kStalled;
      ++counts_.switch_losses[w.input * num_vcs_ + w.vc];
    }
  }
  if (config_.sw_alloc_delay <= 1) return;
  for (std::size_t i = 0; i < switch_q_.size(); ++i) {  // credits spent meanwhile by flits granted earlier
    Waiting& w = switch_q_[i];
    if (w.due < 0 || w.due > now) break;
    const InputVc& vc = at(w.input, w.vc);
    if (w.result >= 0 && downstream_[vc.out_port].full(vc.out_vc)) w.result = kStalled;
  }
}

void VcRouter::switch_update(Cycle now) {
  while (!switch_q_.empty() && switch_q_.front().due >= 0 && switch_q_.front().due <= now) {
    const Waiting w = switch_q_.front();
    switch_q_.pop();
    if (w.result < 0) {
      switch_q_.push({-1, w.input, w.vc, -1});
      continue;
    }
    InputVc& vc = at(w.input, w.vc);
    NocFlit flit = vc.buffer.front();
    vc.buffer.pop();
    ++flit.hops;
    flit.vc = static_cast<std::int16_t>(vc.out_vc);
    downstream_[w.result].sending(flit, vc.out_vc);
    tell(now, "switch_granted", w.input, flit);
    crossbar_q_.push({-1, flit, w.result});
    ++leaving_[w.result * num_vcs_ + vc.out_vc];
    credits_now_[w.input] |= VcMask{1} << w.vc;
    credits_now_mask_ |= 1u << w.input;
    if (vc.buffer.empty()) {
      if (flit.tail) vc.state = VcState::idle;
    } else if (flit.tail) {
      // The next packet reaches the front, after waiting behind this one since it came.
      if (const Cycle waited = now - vc.buffer.front().arrived; waited > 0) {
        counts_.hol_cycles[w.input * num_vcs_ + w.vc] += waited;
        ++counts_.hol_packets[w.input * num_vcs_ + w.vc];
      }
      head_to_routing(w.input, w.vc);
    } else {
      switch_q_.push({-1, w.input, w.vc, -1});
    }
  }
}

void VcRouter::crossbar_evaluate(Cycle now) {
  for (std::size_t i = 0; i < crossbar_q_.size() && crossbar_q_[i].due < 0; ++i)
    crossbar_q_[i].due = now + config_.crossbar_delay() - 1;
}

void VcRouter::crossbar_update(Cycle now) {
  while (!crossbar_q_.empty() && crossbar_q_.front().due >= 0 &&
         crossbar_q_.front().due <= now) {
    output_q_[crossbar_q_.front().output].push(crossbar_q_.front().flit);
    output_q_mask_ |= 1u << crossbar_q_.front().output;
    crossbar_q_.pop();
  }
}

void VcRouter::send(RouterOutbox& out) {
  for (unsigned pending = output_q_mask_; pending != 0; pending &= pending - 1) {
    const int output = __builtin_ctz(pending);
    const NocFlit& flit = output_q_[output].front();
    ++counts_.flits_out[output * num_vcs_ + flit.vc];
    --leaving_[output * num_vcs_ + flit.vc];
    tell(now_, "sent", output, flit);
    out.flit(id_, output, flit);
    output_q_[output].pop();
    if (output_q_[output].empty()) output_q_mask_ &= ~(1u << output);
  }
  for (; credits_now_mask_ != 0; credits_now_mask_ &= credits_now_mask_ - 1) {
    const int input = __builtin_ctz(credits_now_mask_);
    out.credit(id_, input, credits_now_[input]);
    credits_now_[input] = 0;
  }
}

void VcRouter::step(Cycle now, RouterOutbox& out) {
  now_ = now;
  queue_arrivals(now);
  apply_credits(now);
  route_evaluate(now);
  vc_evaluate(now);
  switch_evaluate(now);
  crossbar_evaluate(now);
  route_update(now);
  vc_update(now);
  switch_update(now);
  crossbar_update(now);
  send(out);
}

}  // namespace creditflow::noc
