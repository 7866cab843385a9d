// A TLM-2.0 traffic generator and a TLM-2.0 memory joined through a credit link, as two
// pieces of someone else's IP would be in a virtual platform. The generator issues random
// reads and writes and checks every byte it reads back; the memory takes `latency` cycles
// per access. It reports per-transaction latency and each link's utilisation.
//   tlm_memory [transactions] [memory latency in cycles] [request depth] [link latency]
#include <cstdlib>
#include <iostream>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <vector>

#include "creditflow/core/seed.hpp"
#include "creditflow/monitor/loop_monitor.hpp"
#include "creditflow/tlm/tlm_credit_link.hpp"
#include "creditflow/tlm/tlm_memory.hpp"

using namespace creditflow;

struct Generator : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Generator> socket{"socket"};
  int count;
  std::vector<unsigned char> shadow;
  int mismatches = 0, done = 0;
  core::Rng rng{7};
  SC_HAS_PROCESS(Generator);
  Generator(sc_core::sc_module_name n, int transactions, std::size_t size)
      : sc_module(n), count(transactions), shadow(size, 0) {
    SC_THREAD(run);
  }
  void run() {
    std::vector<unsigned char> data(64);
    for (int i = 0; i < count; ++i) {
      const unsigned len = 1 + static_cast<unsigned>(rng.next() % 64);
      const std::uint64_t addr = rng.next() % (shadow.size() - 64);
      const bool write = rng.next() % 2;
      tlm::tlm_generic_payload t;
      t.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
      t.set_address(addr);
      t.set_data_ptr(data.data());
      t.set_data_length(len);
      t.set_streaming_width(len);
      if (write)
        for (unsigned k = 0; k < len; ++k) data[k] = shadow[addr + k] = static_cast<unsigned char>(rng.next());
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      socket->b_transport(t, delay);
      if (!write)
        for (unsigned k = 0; k < len; ++k) mismatches += data[k] != shadow[addr + k];
      ++done;
    }
    sc_core::sc_stop();
  }
};

int sc_main(int argc, char* argv[]) {
  // The generator ends the run with sc_stop: that is the plan, not news.
  sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  const int transactions = argc > 1 ? std::atoi(argv[1]) : 2000;
  const int memory_cycles = argc > 2 ? std::atoi(argv[2]) : 2;
  tlm_bridge::TlmLinkParams p;
  p.request_depth = argc > 3 ? std::atoi(argv[3]) : 16;
  p.latency = argc > 4 ? std::atoi(argv[4]) : 2;
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  Generator gen("generator", transactions, 4096);
  tlm_bridge::TlmCreditLink link("link", p);
  tlm_bridge::TlmMemory mem("memory", 4096, sc_core::sc_time(memory_cycles, sc_core::SC_NS));
  link.clk(clk);
  gen.socket.bind(link.target());
  link.initiator().bind(mem.socket);
  monitor::LoopMonitor mon("monitor", 0, 0);
  mon.clk(clk);
  const auto& req = mon.watch("request", p.request_depth, link.request_holders());
  const auto& resp = mon.watch("response", p.response_depth, link.response_holders());
  sc_core::sc_start();

  const auto& lat = link.near.transaction_cycles();
  std::cout << gen.done << " transactions, " << gen.mismatches << " bytes read back wrong\n"
            << "latency per transaction: mean " << lat.mean() << " p50 " << lat.percentile(0.5) << " p99 "
            << lat.percentile(0.99) << " max " << lat.max() << " cycles\n"
            << "request link: " << req.throughput() << " beats per cycle, sender waited for credits "
            << req.credit_stall_cycles() << " of " << req.window_cycles() << " cycles ("
            << req.stall_receiver_busy() << " with the memory side holding beats)\n"
            << "response link: " << resp.throughput() << " beats per cycle\n"
            << "conservation violations: " << req.conservation_violations() + resp.conservation_violations() << "\n";
  return gen.mismatches == 0 && gen.done == transactions ? 0 : 1;
}
