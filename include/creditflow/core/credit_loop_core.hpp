// timing.md section 1's whole loop as one kernel-free object: source, sender, pipelined link and
// receiver, stepped in timing.md's order. The cycle view's CreditLoop module runs one step per
// rising edge; the transaction-level view runs many per entry into the kernel and jumps
// idle stretches. Both therefore compute every cycle with the same code.
#pragma once
#include <algorithm>
#include <numeric>
#include <optional>
#include <string>

#include "creditflow/core/credit_loop_report.hpp"
#include "creditflow/core/loop_terms.hpp"
#include "creditflow/core/seed.hpp"

namespace creditflow::core {

template <class T = Flit>
class CreditLoopCore {
 public:
  // The parts are named `where`.src, .tx, .link and .rx, in errors and for their seeds.
  CreditLoopCore(const CreditLoopParams& p, const std::string& where)
      : params_(p),
        src_(p.source, derive_seed(p.seed, where + ".src"), where + ".src"),
        tx_(p.receiver.depth, where + ".tx"),
        link_(p.link, where + ".link"),
        rx_(p.receiver, derive_seed(p.seed, where + ".rx"), where + ".rx") {}

  // What the loop's wires carry during the current cycle, decided from the state at its
  // start: timing.md section 1's send(t), arrive(t), pop(t) and credit_in(t).
  struct Wires {
    bool has_data, send, arrive, pop, credit_in;
  };
  Wires wires() const {
    const bool has = src_.has_data(), send = tx_.will_send(has), pop = rx_.will_pop();
    return {has, send, link_.forward_is_wire() ? send : link_.arrive_valid(), pop,
            link_.credit_is_wire() ? pop : link_.credit_out()};
  }
  // The flit on the sender's output during the current cycle, if it sends.
  T sent_flit() const {
    T flit = src_.head();
    stamp_sent(flit, tx_.now());
    return flit;
  }

  // The edge closing the current cycle. Throws ProtocolError on a credit or buffer overflow.
  void step() {
    const Wires w = wires();
    const T flit = w.send ? sent_flit() : T{};
    // The last stage's slot is read before the link shifts, so a reference is safe.
    const T& arrived = link_.forward_is_wire() ? flit : link_.arrive_flit();
    tx_.advance(w.has_data, w.credit_in);
    src_.advance(w.send);
    rx_.advance(w.arrive, arrived);
    link_.advance(w.send, flit, w.pop);
  }

  // The first cycle after t in which anything but the link's stages may change: t + 1
  // unless nothing is offered or buffered (every credit home, or on its way back, and
  // the flits in flight still on the wire), when it is the first of the pattern's next
  // firing (random patterns and drains too: their firings are drawn as gaps, whichever
  // cycles are asked about), the next flit's arrival and the next credit's return.
  Cycle next_busy(Cycle t) const {
    if (src_.has_data() || !rx_.skippable()) return t + 1;
    const std::int64_t forward = link_.forward_flits(), back = link_.return_credits();
    if (tx_.credits() + forward + back != tx_.capacity()) return t + 1;  // a broken count: step it
    const Cycle next = src_.next_busy(t);
    // The stages' scan stops at the firing found: only a sooner one matters.
    return next > t + 1 ? link_.next_out(t, next) : next;
  }
  // Jumps the stretch next_busy found: the stages in flight move on, nothing else changes.
  void skip_to(Cycle t) {
    link_.idle(t - tx_.now());
    src_.skip_to(t);
    tx_.skip_to(t);
    rx_.skip_to(t);
  }

  void measure_from(Cycle start) { rx_.measure_from(start); }
  void add_terms(LoopState& s) const {
    core::add_terms(s, tx_, src_.has_data());
    core::add_terms(s, link_);
    core::add_terms(s, rx_);
  }
  LoopState state() const {
    LoopState s;
    add_terms(s);
    return s;
  }
  LinkReport report(const LoopObserver& observer) const {
    return credit_loop_report(observer, params_, src_, tx_, rx_);
  }

  // Steady-state jumps (loop_fast_forward.hpp): the loop repeats every cycle_length()
  // cycles of its pattern and drain, nullopt when either draws random numbers.
  std::optional<Cycle> cycle_length() const {
    const auto a = src_.cycle_length(), b = rx_.cycle_length();
    if (!a || !b) return std::nullopt;
    return std::lcm(*a, *b);
  }
  Cycle next_stall_edge(Cycle t) const { return rx_.next_stall_edge(t); }
  void add_shape(Shape& s) const {
    const std::uint64_t next_id = src_.created();
    src_.add_shape(s);
    tx_.add_shape(s);
    link_.add_shape(s, tx_.now(), next_id);
    rx_.add_shape(s, next_id);
  }
  void repeat(const CreditLoopCore& earlier, const Repeat& r) {
    src_.repeat(earlier.src_, r);
    tx_.repeat(earlier.tx_, r);
    link_.repeat(r);
    rx_.repeat(earlier.rx_, r);
  }

  const CreditLoopParams& params() const { return params_; }
  const SourceCore<T>& source() const { return src_; }
  const SenderCore& sender() const { return tx_; }
  const LinkCore<T>& link() const { return link_; }
  const ReceiverCore<T>& receiver() const { return rx_; }

 private:
  CreditLoopParams params_;
  SourceCore<T> src_;
  SenderCore tx_;
  LinkCore<T> link_;
  ReceiverCore<T> rx_;
};

}  // namespace creditflow::core
