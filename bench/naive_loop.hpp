// The baseline of the benchmark, in bench/ as the issue asks: timing.md section 1's loop written
// as many would first write it in SystemC. See credit_loop_bench.cpp.
#pragma once
#define SC_INCLUDE_DYNAMIC_PROCESSES  // sc_spawn, for a process per register
#include <functional>
#include <systemc>
#include <vector>

#include "creditflow/core/flit.hpp"

namespace bench {

namespace cf = creditflow;

// The same loop as many would first write it in SystemC, with no statistics at all: one
// clocked process and one sc_signal per register of the hardware. Registers: the
// source's next flit, the credit counter, per forward stage a valid and a flit, per
// return stage a credit, the receiver's B flit slots, its write and read pointers and its
// count. Each process recomputes the combinational terms it needs (send, pop) from the
// other registers' values at the start of the cycle.
template <int L, int B>
struct NaiveLoop : sc_core::sc_module {
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_signal<cf::core::Flit> next_flit{"next_flit"};
  sc_core::sc_signal<int> credits{"credits", B};
  std::vector<sc_core::sc_signal<bool>> fwd_valid, ret_valid;
  std::vector<sc_core::sc_signal<cf::core::Flit>> fwd_flit, slot;
  sc_core::sc_signal<int> wr_ptr{"wr_ptr", 0}, rd_ptr{"rd_ptr", 0}, count{"count", 0};
  long sent = 0;

  SC_HAS_PROCESS(NaiveLoop);
  explicit NaiveLoop(sc_core::sc_module_name n) : sc_module(n), fwd_valid(L), ret_valid(L), fwd_flit(L), slot(B) {
    clocked([this] { source_reg(); });
    clocked([this] { credit_reg(); });
    clocked([this] { wr_ptr_reg(); });
    clocked([this] { rd_ptr_reg(); });
    clocked([this] { count_reg(); });
    for (int i = 0; i < L; ++i) {
      clocked([this, i] { fwd_valid[i].write(i == 0 ? send() : fwd_valid[i - 1].read()); });
      clocked([this, i] { fwd_flit[i].write(i == 0 ? sent_flit() : fwd_flit[i - 1].read()); });
      clocked([this, i] { ret_valid[i].write(i == 0 ? pop() : ret_valid[i - 1].read()); });
    }
    for (int i = 0; i < B; ++i)
      clocked([this, i] {
        if (arrive() && wr_ptr.read() == i) slot[i].write(fwd_flit[L - 1].read());
      });
  }
  void clocked(std::function<void()> body) {
    sc_core::sc_spawn_options o;
    o.spawn_method();
    o.dont_initialize();
    o.set_sensitivity(&clk.pos());
    sc_core::sc_spawn(
        [this, body] {
          if (sc_core::sc_time_stamp() != sc_core::SC_ZERO_TIME) body();  // the edge at 0 opens cycle 0
        },
        sc_core::sc_gen_unique_name("reg"), &o);
  }
  bool send() const { return credits.read() > 0; }  // the source saturates
  bool arrive() const { return fwd_valid[L - 1].read(); }
  bool pop() const { return count.read() > 0; }
  cf::core::Flit sent_flit() const {
    cf::core::Flit f = next_flit.read();
    f.sent = static_cast<cf::core::Cycle>(sc_core::sc_time_stamp().to_seconds() * 1e9) - 1;
    return f;
  }
  void source_reg() {
    if (!send()) return;
    ++sent;
    cf::core::Flit f = next_flit.read();
    ++f.id;
    f.created = static_cast<cf::core::Cycle>(sc_core::sc_time_stamp().to_seconds() * 1e9);
    next_flit.write(f);
  }
  void credit_reg() { credits.write(credits.read() + ret_valid[L - 1].read() - send()); }
  void wr_ptr_reg() {
    if (arrive()) wr_ptr.write((wr_ptr.read() + 1) % B);
  }
  void rd_ptr_reg() {
    if (pop()) rd_ptr.write((rd_ptr.read() + 1) % B);
  }
  void count_reg() { count.write(count.read() + arrive() - pop()); }
};

}  // namespace bench
