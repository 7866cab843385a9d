// Stage-by-stage backpressure: source -> three 2-entry register slices -> sink (depth 2,
// backpressure). The consumer stalls from cycle 20; in_ready falls one stage further
// upstream every cycle until the source is held.
#include <boost/test/unit_test.hpp>
#include <systemc>
#include <vector>

#include "creditflow/creditflow.hpp"

using namespace creditflow;

namespace {

struct Chain : sc_core::sc_module {
  sc_core::sc_in<bool> clk{"clk"};
  cycle::TrafficSource<> src;
  std::vector<std::unique_ptr<cycle::RegisterSlice<>>> slices;
  cycle::ReadyValidSink<> sink;
  // ready[i]: in_ready of stage i (0..2 the slices, 3 the sink); -1: still high.
  std::vector<int> first_low;
  std::vector<sc_core::sc_signal<bool>> valid, ready;
  std::vector<sc_core::sc_signal<core::Flit>> flit;
  int cycle = 0;

  SC_HAS_PROCESS(Chain);
  Chain(sc_core::sc_module_name n, std::int64_t entries, const core::SinkParams& sp)
      : sc_module(n), src("src", core::SourceParams{}), sink("sink", sp), first_low(4, -1), valid(4), ready(4), flit(4) {
    for (int i = 0; i < 3; ++i)
      slices.push_back(std::make_unique<cycle::RegisterSlice<>>(("s" + std::to_string(i)).c_str(), entries));
    src.clk(clk), src.out_valid(valid[0]), src.out_flit(flit[0]), src.out_ready(ready[0]);
    for (int i = 0; i < 3; ++i) {
      auto& s = *slices[i];
      s.clk(clk), s.in_valid(valid[i]), s.in_flit(flit[i]), s.in_ready(ready[i]);
      s.out_valid(valid[i + 1]), s.out_flit(flit[i + 1]), s.out_ready(ready[i + 1]);
    }
    sink.clk(clk), sink.in_valid(valid[3]), sink.in_flit(flit[3]), sink.in_ready(ready[3]);
    SC_METHOD(sample);
    sensitive << clk.neg();  // mid-cycle: registers hold their start-of-cycle values
    dont_initialize();
  }
  void sample() {
    for (int i = 0; i < 4; ++i)
      if (first_low[i] < 0 && !ready[i].read()) first_low[i] = cycle;
    ++cycle;
  }
};

core::SinkParams stalled_sink() {
  core::SinkParams p;
  p.depth = 2;
  p.backpressure = true;
  p.drain.stalls.push_back({20, 30});
  return p;
}

}  // namespace

BOOST_AUTO_TEST_CASE(stall_walks_upstream_one_stage_per_cycle) {
  sc_core::sc_clock clk("clk", 2, sc_core::SC_NS);
  Chain chain("chain", 2, stalled_sink());
  chain.clk(clk);
  sc_core::sc_start(80, sc_core::SC_NS);  // 40 cycles
  // The sink fills at the edge closing 20; each slice one cycle later than the one below.
  BOOST_TEST(chain.first_low[3] == 21);
  BOOST_TEST(chain.first_low[2] == 22);
  BOOST_TEST(chain.first_low[1] == 23);
  BOOST_TEST(chain.first_low[0] == 24);  // the source is held from here
  BOOST_TEST(chain.sink.core().dropped() == 0u);
  // Held from cycle 24 until the wave of ready walks back up after the stall ends at 30.
  BOOST_TEST(chain.src.core().held() > 0u);
  BOOST_TEST(chain.sink.core().popped() + chain.sink.core().occupancy() +
                 chain.slices[0]->core().occupancy() + chain.slices[1]->core().occupancy() +
                 chain.slices[2]->core().occupancy() ==
             static_cast<std::int64_t>(chain.src.core().taken()));  // no beat lost in the chain
}

BOOST_AUTO_TEST_CASE(one_entry_slices_halve_the_rate) {
  sc_core::sc_clock clk("clk", 2, sc_core::SC_NS);
  core::SinkParams fast;
  fast.depth = 4;
  Chain chain("chain", 1, fast);
  chain.clk(clk);
  sc_core::sc_start(400, sc_core::SC_NS);  // 200 cycles
  BOOST_TEST(chain.src.core().taken() == 100u);
}
