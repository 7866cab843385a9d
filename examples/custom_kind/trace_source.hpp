// A user's own SystemC module: replays flits at the cycles listed in a trace, offering
// each on a ready/valid stream until it is taken. Nothing here is creditflow's except the
// flit type and the cycle convention (an edge at time zero opens cycle 0).
#pragma once
#include <cstdint>
#include <deque>
#include <systemc>
#include <vector>

#include <creditflow/cycle/clocking.hpp>
#include <creditflow/cycle/flit_trace.hpp>

class TraceSource : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_out<bool> out_valid{"out_valid"};
  sc_core::sc_out<creditflow::core::Flit> out_flit{"out_flit"};
  sc_core::sc_in<bool> out_ready{"out_ready"};

  SC_HAS_PROCESS(TraceSource);
  TraceSource(sc_core::sc_module_name name, std::vector<std::uint64_t> cycles)
      : sc_module(name), trace_(cycles.begin(), cycles.end()) {
    SC_METHOD(on_edge);
    sensitive << clk.pos();
    dont_initialize();
    release(0);
    out_valid.initialize(!waiting_.empty());
    if (!waiting_.empty()) out_flit.initialize(waiting_.front());
  }

  std::uint64_t replayed() const { return next_id_; }

 private:
  void on_edge() {
    if (creditflow::cycle::opening_edge()) return;
    if (!waiting_.empty() && out_ready.read()) waiting_.pop_front();
    release(++now_);
    out_valid.write(!waiting_.empty());
    if (!waiting_.empty()) out_flit.write(waiting_.front());
  }

  // Flits whose trace cycle has come join the queue, in trace order.
  void release(std::uint64_t t) {
    while (!trace_.empty() && trace_.front() <= t) {
      creditflow::core::Flit f;
      f.id = next_id_++;
      f.payload = f.id;  // the payload echoes the id, so receivers can check what they got
      f.created = t;
      waiting_.push_back(f);
      trace_.pop_front();
    }
  }

  std::deque<std::uint64_t> trace_;
  std::deque<creditflow::core::Flit> waiting_;
  std::uint64_t now_ = 0;
  std::uint64_t next_id_ = 0;
};
