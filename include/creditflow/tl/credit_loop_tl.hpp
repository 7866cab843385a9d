// Transaction-level view of SPEC section 1's credit loop: the same cores as
// cycle::CreditLoop (source, sender, link, receiver), stepped in SPEC order inside one
// process, `quantum` cycles per entry into the kernel (temporal decoupling, as TLM-2.0
// loosely timed models do): no process wakes per cycle, and no signal changes. The
// observer sees the state at the start of every cycle, as the cycle view's monitor does,
// so the figures are identical; simulated time advances a quantum at a time. When the
// loop is idle (every credit home, no flit anywhere, nothing queued) and neither the
// pattern nor the drain draws random numbers, it jumps to the pattern's next firing.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <systemc>

#include "creditflow/core/credit_loop_report.hpp"
#include "creditflow/core/flit.hpp"
#include "creditflow/core/seed.hpp"
#include "creditflow/cycle/protocol_errors.hpp"
#include "creditflow/monitor/loop_monitor.hpp"

namespace creditflow::tl {

template <class T = core::Flit>
class CreditLoopTL : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(CreditLoopTL);
  // Seeds derive from `name` + ".src" and ".rx", the names the cycle view's parts carry.
  CreditLoopTL(sc_core::sc_module_name name, const core::CreditLoopParams& p, core::Cycle cycles, core::Cycle warmup,
               const std::string& link = "link", sc_core::sc_time period = sc_core::sc_time(1, sc_core::SC_NS),
               core::Cycle quantum = 4096)
      : sc_core::sc_module(name),
        params_(p),
        src_(p.source, core::derive_seed(p.seed, part("src")), part("src")),
        tx_(p.receiver.depth, part("tx")),
        link_(p.link, part("link")),
        rx_(p.receiver, core::derive_seed(p.seed, part("rx")), part("rx")),
        observer_(link, p.receiver.depth, warmup),
        cycles_(cycles),
        period_(period),
        quantum_(std::max<core::Cycle>(1, quantum)) {
    rx_.measure_from(warmup);
    SC_THREAD(run);
  }

  const core::LoopObserver& observer() const { return observer_; }
  core::LinkReport report() const { return core::credit_loop_report(observer_, params_, src_, tx_, rx_); }

 private:
  std::string part(const char* p) const { return std::string(name()) + "." + p; }

  core::LoopState state() const {
    core::LoopState s;
    s.sender_credits = tx_.credits();
    s.sender_has_data = src_.has_data();
    s.sent = tx_.sent();
    s.forward_flits = link_.forward_flits();
    s.return_credits = link_.return_credits();
    s.receiver_occupancy = rx_.occupancy();
    s.receiver_popping = rx_.will_pop();
    s.popped = rx_.popped();
    return s;
  }

  void observe(core::Cycle t) {
    if (auto violation = observer_.observe(t, state())) SC_REPORT_ERROR(monitor::conservation_msg_type, violation->c_str());
  }

  // The first cycle > t that may differ from cycle t, or t + 1 when no skip is safe.
  core::Cycle next_busy(core::Cycle t) const {
    if (src_.has_data() || tx_.credits() != tx_.capacity() || !rx_.skippable() || link_.forward_flits() != 0 ||
        link_.return_credits() != 0)
      return t + 1;
    const auto next = src_.pattern().next_firing(t + 1);
    return next ? *next : t + 1;
  }

  // One cycle, in SPEC section 1's order: every decision from the state at its start.
  void step() {
    const bool has = src_.has_data();
    const bool send = tx_.will_send(has);
    T flit{};
    if (send) {
      flit = src_.head();
      core::stamp_sent(flit, tx_.now());
    }
    const bool pop = rx_.will_pop();
    const bool arrive = link_.forward_is_wire() ? send : link_.arrive_valid();
    const T arrived = link_.forward_is_wire() ? flit : link_.arrive_flit();
    const bool credit_in = link_.credit_is_wire() ? pop : link_.credit_out();
    tx_.advance(has, credit_in);
    src_.advance(send);
    rx_.advance(arrive, arrived);
    link_.advance(send, flit, pop);
  }

  void run() {
    for (core::Cycle t = 0; t < cycles_;) {
      const core::Cycle start = t, end = std::min(t + quantum_, cycles_);
      cycle::report_protocol_errors([&] {
        while (t < end) {
          const core::Cycle next = std::min(next_busy(t), end);
          if (next > t + 1) {
            // Idle from t to next: nothing moves, so account those cycles at once.
            if (auto v = observer_.observe_idle(t, next, state()))
              SC_REPORT_ERROR(monitor::conservation_msg_type, v->c_str());
            src_.skip_to(next);
            tx_.skip_to(next);
            rx_.skip_to(next);
            t = next;
            continue;
          }
          observe(t);
          step();
          ++t;
        }
      });
      wait(period_ * static_cast<double>(t - start));
    }
    observe(cycles_);
  }

  core::CreditLoopParams params_;
  core::SourceCore<T> src_;
  core::SenderCore tx_;
  core::LinkCore<T> link_;
  core::ReceiverCore<T> rx_;
  core::LoopObserver observer_;
  core::Cycle cycles_;
  sc_core::sc_time period_;
  core::Cycle quantum_;
};

}  // namespace creditflow::tl
