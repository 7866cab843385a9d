// Asynchronous FIFO (kinds/async_fifo.hpp, which says its timing), wired by hand: the
// cycle shell of its one definition, with its ports and clocks named.
#pragma once
#include <cstdint>
#include <string>

#include "creditflow/core/clock_pair.hpp"
#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/named_ports.hpp"
#include "creditflow/kinds/async_fifo.hpp"

namespace creditflow::cycle {

template <class T = core::Flit>
class AsyncFifo : public Shell<kinds::AsyncFifoKind<T>>, public InStream<T>, public OptionalOutFlow<T> {
  using Kind = kinds::AsyncFifoKind<T>;

 public:
  sc_core::sc_in<bool>& wr_clk;
  sc_core::sc_in<bool>& rd_clk;

  AsyncFifo(sc_core::sc_module_name name, const core::AsyncFifoParams& params, std::uint64_t run_seed = 1)
      : Shell<Kind>(name, [&](const std::string& n) { return Kind(params, run_seed, n); }),
        InStream<T>(this->pins(Kind::in)),
        OptionalOutFlow<T>(this->pins(Kind::out)),
        wr_clk(this->clock(0)),
        rd_clk(this->clock(1)) {}

  const core::AsyncFifoCore<T>& core() const { return this->behaviour().core(); }
  void measure_from(core::Cycle reader_cycle) { this->behaviour().core().measure_from(reader_cycle); }
  // The writer's clock and the reader's: creation to pop across both in ps.
  void set_clocks(const core::ClockPair& clocks) { this->behaviour().core().set_clocks(clocks); }
};

}  // namespace creditflow::cycle
