// A small virtual platform: a CPU and a DMA engine (loosely timed TLM-2.0 initiators), a
// RAM and a UART (TLM-2.0 targets), joined by creditflow's credit interconnect, each
// initiator over a credit link of its own. The CPU's link is run at several depths (a
// fresh platform in a child process each) and the example answers "how many credits keep
// the CPU's transactions under N ns", with the DMA competing for the RAM all along.
//   virtual_platform [N ns, default 25] [CPU transactions, default 20000] [TRACE]
// With TRACE, it records the traffic of the platform with the CPU's link 16 credits deep
// to that file (a trace a trace_source replays: docs/guide/workloads.md) and stops there.
//
// The CPU reads 4 bytes of RAM (71.5%), writes a 64-byte line back to RAM (28%) or reads
// the UART's status (0.5%), 3 ns apart; the DMA streams 64-byte writes into the RAM, 2 ns apart. Both
// synchronise after every transaction (a quantum of zero), so they take their turns at the
// RAM in time order. Each link: 8-byte beats, 2 stages each way on a 1 ns clock; the DMA's
// has 16 credits each way. The RAM answers in 5 ns, the UART in 20 ns.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <string>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <vector>

#include "creditflow/core/latency_stats.hpp"
#include "creditflow/core/seed.hpp"
#include "creditflow/platform/isolated_run.hpp"
#include "creditflow/platform/trace_file.hpp"
#include "creditflow/tlm/credit_interconnect.hpp"
#include "creditflow/tlm/tlm_memory.hpp"

namespace cf = creditflow;

namespace {

constexpr std::uint64_t ram_base = 0x00000000, uart_base = 0x10000000;

struct Cpu : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Cpu> socket{"socket"};
  cf::core::LatencyStats latency_ns;  // from each call to the end of its annotated delay
  long errors = 0;
  SC_HAS_PROCESS(Cpu);
  Cpu(sc_core::sc_module_name n, long transactions) : sc_module(n), transactions_(transactions) { SC_THREAD(run); }

 private:
  void run() {
    cf::core::Rng rng(1);
    unsigned char data[64] = {};
    for (long i = 0; i < transactions_; ++i) {
      const auto pick = rng.next() % 1000;
      tlm::tlm_generic_payload t;
      const bool uart = pick < 5, write = !uart && pick < 285;
      const unsigned length = write ? 64 : 4;
      t.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
      t.set_address(uart ? uart_base : ram_base + rng.next() % 4000);
      t.set_data_ptr(data);
      t.set_data_length(length);
      t.set_streaming_width(length);
      t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      socket->b_transport(t, delay);
      errors += !t.is_response_ok();
      latency_ns.add(static_cast<std::uint64_t>(delay.to_seconds() * 1e9 + 0.5));
      wait(delay + sc_core::sc_time(3, sc_core::SC_NS));
    }
    sc_core::sc_stop();
  }
  long transactions_;
};

struct Dma : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Dma> socket{"socket"};
  SC_HAS_PROCESS(Dma);
  explicit Dma(sc_core::sc_module_name n) : sc_module(n) { SC_THREAD(run); }

 private:
  void run() {
    unsigned char data[64] = {};
    for (std::uint64_t i = 0;; ++i) {
      tlm::tlm_generic_payload t;
      t.set_command(tlm::TLM_WRITE_COMMAND);
      t.set_address(ram_base + i * 64 % 4096);
      t.set_data_ptr(data);
      t.set_data_length(64);
      t.set_streaming_width(64);
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      socket->b_transport(t, delay);
      wait(delay + sc_core::sc_time(2, sc_core::SC_NS));
    }
  }
};

// One platform with the CPU's link `cpu_depth` credits deep: "transactions mean p99 max";
// its traffic recorded to `trace` where one is given.
std::string run(std::int64_t cpu_depth, long transactions, const std::string& trace = "") {
  Cpu cpu("cpu", transactions);
  Dma dma("dma");
  cf::tlm_bridge::TlmMemory ram("ram", 4096, sc_core::sc_time(5, sc_core::SC_NS));
  cf::tlm_bridge::TlmMemory uart("uart", 16, sc_core::sc_time(20, sc_core::SC_NS));
  cf::tlm_bridge::CreditInterconnect bus("bus", {{8, cpu_depth, cpu_depth, 2}, {8, 16, 16, 2}},
                                         {{ram_base, 4096}, {uart_base, 16}});
  cpu.socket.bind(bus.target_socket[0]);
  dma.socket.bind(bus.target_socket[1]);
  bus.initiator_socket[0].bind(ram.socket);
  bus.initiator_socket[1].bind(uart.socket);
  std::unique_ptr<cf::platform::TraceWriter> writer;
  if (!trace.empty()) {
    writer = std::make_unique<cf::platform::TraceWriter>(trace, "virtual_platform");
    bus.record_to(*writer, {"cpu", "dma"}, {"ram", "uart"});
  }
  sc_core::sc_start();
  if (writer) writer->finish();
  if (cpu.errors != 0) return "error: " + std::to_string(cpu.errors) + " transactions failed";
  std::ostringstream out;
  out << cpu.latency_ns.count() << " " << cpu.latency_ns.mean() << " " << cpu.latency_ns.percentile(0.99) << " "
      << cpu.latency_ns.max();
  return out.str();
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  const long target_ns = argc > 1 ? std::atol(argv[1]) : 25;
  const long transactions = argc > 2 ? std::atol(argv[2]) : 20000;
  if (target_ns <= 0 || transactions <= 0) {
    std::fprintf(stderr, "virtual_platform: N ns and the CPU's transactions must be above 0 (got %ld, %ld)\n",
                 target_ns, transactions);
    return 2;
  }
  if (argc > 3) {  // record the platform's traffic, once
    const auto r = cf::platform::run_isolated([&] { return run(16, transactions, argv[3]); });
    if (!r.ok || r.output.rfind("error", 0) == 0) {
      std::fprintf(stderr, "virtual_platform: %s%s\n", r.error.c_str(), r.output.c_str());
      return 1;
    }
    std::printf("recorded %ld CPU transactions and the DMA's beside them to %s\n", transactions, argv[3]);
    return 0;
  }
  std::printf("CPU link credits  transactions  mean ns  p99 ns  max ns\n");
  long fewest = 0, fewest_p99 = 0, short_depth = 0, short_p99 = 0;  // the first depth that keeps it, and the one before
  for (const std::int64_t depth : {1, 2, 3, 4, 5, 6, 8, 12, 16}) {
    const auto r = cf::platform::run_isolated([&] { return run(depth, transactions); });
    if (!r.ok || r.output.rfind("error", 0) == 0) {
      std::fprintf(stderr, "virtual_platform: %s%s\n", r.error.c_str(), r.output.c_str());
      return 1;
    }
    long count = 0, p99 = 0, max = 0;
    double mean = 0;
    std::istringstream(r.output) >> count >> mean >> p99 >> max;
    std::printf("%16lld  %12ld  %7.2f  %6ld  %6ld\n", static_cast<long long>(depth), count, mean, p99, max);
    if (fewest == 0 && p99 < target_ns) {
      fewest = depth;
      fewest_p99 = p99;
    } else if (fewest == 0) {
      short_depth = static_cast<long>(depth);
      short_p99 = p99;
    }
  }
  if (fewest == 0)
    std::printf("no depth up to 16 keeps the CPU's p99 under %ld ns\n", target_ns);
  else if (short_depth == 0)
    std::printf("%ld credit%s keep%s the CPU's p99 under %ld ns (%ld ns)\n", fewest, fewest == 1 ? "" : "s",
                fewest == 1 ? "s" : "", target_ns, fewest_p99);
  else
    std::printf("%ld credits keep the CPU's p99 under %ld ns (%ld ns); %ld give%s %ld ns\n", fewest, target_ns,
                fewest_p99, short_depth, short_depth == 1 ? "s" : "", short_p99);
  return 0;
}
