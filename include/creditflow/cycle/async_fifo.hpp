// Asynchronous FIFO (kinds/async_fifo.hpp, which says its timing), wired by hand: the
// cycle shell of its one definition, with its ports and clocks named.
#pragma once
#include <cstdint>
#include <string>

#include "creditflow/core/clock_pair.hpp"
#include "creditflow/cycle/flit_trace.hpp"
#include "creditflow/cycle/shell.hpp"
#include "creditflow/kinds/async_fifo.hpp"

namespace creditflow::cycle {

template <class T = core::Flit>
class AsyncFifo : public Shell<kinds::AsyncFifoKind<T>> {
  using Kind = kinds::AsyncFifoKind<T>;

 public:
  sc_core::sc_in<bool>& wr_clk;
  sc_core::sc_in<bool>& rd_clk;
  sc_core::sc_in<bool>& in_valid;
  sc_core::sc_in<T>& in_flit;
  sc_core::sc_out<bool>& in_ready;
  optional_out<bool>& out_valid;
  optional_out<T>& out_flit;

  AsyncFifo(sc_core::sc_module_name name, const core::AsyncFifoParams& params, std::uint64_t run_seed = 1)
      : Shell<Kind>(name, [&](const std::string& n) { return Kind(params, run_seed, n); }),
        wr_clk(this->clock(0)),
        rd_clk(this->clock(1)),
        in_valid(this->pins(Kind::in).valid_in.required()),
        in_flit(this->pins(Kind::in).flit_in.required()),
        in_ready(this->pins(Kind::in).ready_out.required()),
        out_valid(this->pins(Kind::out).valid_out.optional()),
        out_flit(this->pins(Kind::out).flit_out.optional()) {}

  const core::AsyncFifoCore<T>& core() const { return this->behaviour().core(); }
  void measure_from(core::Cycle reader_cycle) { this->behaviour().core().measure_from(reader_cycle); }
  // The writer's clock and the reader's: creation to pop across both in ps.
  void set_clocks(const core::ClockPair& clocks) { this->behaviour().core().set_clocks(clocks); }
};

}  // namespace creditflow::cycle
