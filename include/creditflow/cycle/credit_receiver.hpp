// Credit receiver (kinds/credit_receiver.hpp, which says its timing), wired by hand: the
// cycle shell of its one definition, with its ports named.
#pragma once
#include <cstdint>
#include <string>

#include "creditflow/core/clock_pair.hpp"
#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/named_ports.hpp"
#include "creditflow/kinds/credit_receiver.hpp"

namespace creditflow::cycle {

template <class T = core::Flit>
class CreditReceiver : public Shell<kinds::CreditReceiverKind<T>>, public InFlow<T>, public OptionalOutFlow<T> {
  using Kind = kinds::CreditReceiverKind<T>;

 public:
  sc_core::sc_in<bool>& clk;
  sc_core::sc_out<bool>& credit_out;

  CreditReceiver(sc_core::sc_module_name name, const core::ReceiverParams& params, std::uint64_t run_seed = 1)
      : Shell<Kind>(name, [&](const std::string& n) { return Kind(params, run_seed, n); }),
        InFlow<T>(this->pins(Kind::in)),
        OptionalOutFlow<T>(this->pins(Kind::out)),
        clk(this->clock(0)),
        credit_out(this->pins(Kind::credit).credit_out.required()) {
    list_creations(true);
  }

  const core::ReceiverCore<T>& core() const { return this->behaviour().core(); }
  void measure_from(core::Cycle start) { this->behaviour().core().measure_from(start); }
  // The sender's clock and this one, when they differ: latencies across both in ps.
  void set_clocks(const core::ClockPair& clocks) { this->behaviour().core().set_clocks(clocks); }
  // Wired by hand, a receiver lists its flits' creation cycles (LoopMonitor::report sizes
  // random traffic by its waits from them); a platform turns it on only for random sources.
  void list_creations(bool on) { this->behaviour().core().list_creations(on); }
};

}  // namespace creditflow::cycle
