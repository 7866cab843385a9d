// Transactions per second of a loosely timed TLM-2.0 initiator (tlm_quantumkeeper, a 1 us
// quantum) writing and reading a memory, side by side in one run, each variant in a child
// process of its own, best of three:
//   straight      the initiator bound straight to the memory: the limit;
//   interconnect  through tlm_bridge::CreditInterconnect, each delay annotated from the
//                 credit links' timing in the call (no clocked process);
//   bridge        through tlm_bridge::TlmCreditLink, the cycle-level bridge, whose
//                 b_transport waits while the links run cycle by cycle.
// Each variant must complete every transaction with every byte read back as written.
//   tlm_bench [transactions]   (default 1,000,000; the bridge runs a fiftieth of them)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>
#include <vector>

#include "creditflow/platform/isolated_run.hpp"
#include "creditflow/tlm/credit_interconnect.hpp"
#include "creditflow/tlm/tlm_credit_link.hpp"
#include "creditflow/tlm/tlm_memory.hpp"

namespace cf = creditflow;

namespace {

// Alternately writes and reads back 16 bytes, walking a 4 KB memory.
struct LtInitiator : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<LtInitiator> socket{"socket"};
  long transactions;
  long mismatches = 0, failed = 0;
  SC_HAS_PROCESS(LtInitiator);
  LtInitiator(sc_core::sc_module_name n, long transactions) : sc_module(n), transactions(transactions) {
    SC_THREAD(run);
  }
  void run() {
    tlm_utils::tlm_quantumkeeper qk;
    qk.reset();
    unsigned char out[16], in[16];
    tlm::tlm_generic_payload t;
    for (long i = 0; i < transactions; ++i) {
      const bool write = i % 2 == 0;
      const std::uint64_t address = static_cast<std::uint64_t>(i / 2 * 16 % 4096);
      if (write)
        for (int b = 0; b < 16; ++b) out[b] = static_cast<unsigned char>(i + b);
      t.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
      t.set_address(address);
      t.set_data_ptr(write ? out : in);
      t.set_data_length(16);
      t.set_streaming_width(16);
      t.set_byte_enable_ptr(nullptr);
      t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
      sc_core::sc_time delay = qk.get_local_time();
      socket->b_transport(t, delay);
      qk.set(delay);
      if (qk.need_sync()) qk.sync();
      failed += !t.is_response_ok();
      if (!write)
        for (int b = 0; b < 16; ++b) mismatches += in[b] != out[b];
    }
    sc_core::sc_stop();
  }
};

enum class Path { straight, interconnect, bridge };

std::string run(Path path, long transactions) {
  tlm_utils::tlm_quantumkeeper::set_global_quantum(sc_core::sc_time(1, sc_core::SC_US));
  LtInitiator initiator("initiator", transactions);
  cf::tlm_bridge::TlmMemory memory("memory", 4096, sc_core::sc_time(2, sc_core::SC_NS));
  // Only the path's own modules exist: an unbound socket stops elaboration.
  std::unique_ptr<cf::tlm_bridge::CreditInterconnect> interconnect;
  std::unique_ptr<sc_core::sc_clock> clk;
  std::unique_ptr<cf::tlm_bridge::TlmCreditLink> link;
  if (path == Path::straight) {
    initiator.socket.bind(memory.socket);
  } else if (path == Path::interconnect) {
    interconnect = std::make_unique<cf::tlm_bridge::CreditInterconnect>(
        "interconnect", std::vector<cf::tlm_bridge::LinkTimingParams>{{8, 16, 16, 1}},
        std::vector<cf::tlm_bridge::AddressRange>{{0, 4096}});
    initiator.socket.bind(interconnect->target_socket[0]);
    interconnect->initiator_socket[0].bind(memory.socket);
  } else {
    clk = std::make_unique<sc_core::sc_clock>("clk", 1, sc_core::SC_NS);
    link = std::make_unique<cf::tlm_bridge::TlmCreditLink>("link", cf::tlm_bridge::TlmLinkParams{8, 16, 16, 1});
    link->clk(*clk);
    initiator.socket.bind(link->target());
    link->initiator().bind(memory.socket);
  }
  const auto t0 = std::chrono::steady_clock::now();
  sc_core::sc_start();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (initiator.failed != 0 || initiator.mismatches != 0)
    return "error: " + std::to_string(initiator.failed) + " failed, " + std::to_string(initiator.mismatches) +
           " bytes read back wrong";
  return std::to_string(seconds) + " " + std::to_string(sc_core::sc_time_stamp().to_seconds() * 1e9);
}

struct Result {
  double per_second = 0, simulated_ns = 0;
};

Result measure(const char* label, Path path, long transactions) {
  Result best;
  for (int i = 0; i < 3; ++i) {
    const auto r = cf::platform::run_isolated([&] { return run(path, transactions); });
    if (!r.ok || r.output.rfind("error", 0) == 0) {
      std::fprintf(stderr, "tlm_bench: %s failed: %s%s\n", label, r.error.c_str(), r.output.c_str());
      std::exit(1);
    }
    double seconds = 0, ns = 0;
    std::sscanf(r.output.c_str(), "%lf %lf", &seconds, &ns);
    best.per_second = std::max(best.per_second, static_cast<double>(transactions) / seconds);
    best.simulated_ns = ns;
  }
  return best;
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  const long n = argc > 1 ? std::atol(argv[1]) : 1'000'000;
  std::printf("a loosely timed initiator (1 us quantum), 16-byte writes and reads of a memory taking 2 ns, "
              "links of 8-byte beats, 16 credits, 1 stage each way\n");
  const Result straight = measure("straight", Path::straight, n);
  const Result interconnect = measure("interconnect", Path::interconnect, n);
  const Result bridge = measure("bridge", Path::bridge, std::max(1L, n / 50));
  auto row = [](const char* name, const Result& r, long count) {
    std::printf("  %-13s %12.0f transactions/s  %10ld transactions in %.0f simulated ns\n", name, r.per_second, count,
                r.simulated_ns);
  };
  row("straight", straight, n);
  row("interconnect", interconnect, n);
  row("bridge", bridge, std::max(1L, n / 50));
  std::printf("ratios: interconnect / straight = %.2f (target 0.5), interconnect / bridge = %.0f (target 50)\n",
              interconnect.per_second / straight.per_second, interconnect.per_second / bridge.per_second);
  return 0;
}
