// TLM-2.0 bridges: data integrity over long random traffic, the bridged link's figures
// against the plain link's, and a slow target throttling initiators through credits.
#include <boost/test/unit_test.hpp>
#include <memory>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <vector>

#include "creditflow/core/seed.hpp"
#include "creditflow/cycle/run_credit_loop.hpp"
#include "creditflow/monitor/loop_monitor.hpp"
#include "creditflow/platform/isolated_run.hpp"
#include "creditflow/tlm/tlm_credit_link.hpp"
#include "creditflow/tlm/tlm_memory.hpp"

using namespace creditflow;

namespace {

// Several initiator threads, each with its own address range, checking what they read.
struct Initiators : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Initiators> socket{"socket"};
  int threads, per_thread;
  bool random;  // random reads and writes of 1..64 bytes, else back-to-back 64-byte writes
  std::vector<unsigned char> shadow = std::vector<unsigned char>(8192, 0);
  int mismatches = 0, done = 0, failed = 0;
  SC_HAS_PROCESS(Initiators);
  Initiators(sc_core::sc_module_name n, int threads, int per_thread, bool random)
      : sc_module(n), threads(threads), per_thread(per_thread), random(random) {
    for (int i = 0; i < threads; ++i) sc_core::sc_spawn([this, i] { run(i); });
  }
  void run(int thread) {
    core::Rng rng(static_cast<std::uint64_t>(thread) + 1);
    std::vector<unsigned char> data(64);
    const std::uint64_t base = static_cast<std::uint64_t>(thread) * 1024;
    for (int k = 0; per_thread == 0 || k < per_thread; ++k) {
      const unsigned len = random ? 1 + static_cast<unsigned>(rng.next() % 64) : 64;
      const std::uint64_t addr = base + (random ? rng.next() % (1024 - 64) : 0);
      const bool write = !random || rng.next() % 2;
      tlm::tlm_generic_payload t;
      t.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
      t.set_address(addr);
      t.set_data_ptr(data.data());
      t.set_data_length(len);
      t.set_streaming_width(len);
      if (write)
        for (unsigned b = 0; b < len; ++b) data[b] = shadow[addr + b] = static_cast<unsigned char>(rng.next());
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      socket->b_transport(t, delay);
      failed += !t.is_response_ok();
      if (!write)
        for (unsigned b = 0; b < len; ++b) mismatches += data[b] != shadow[addr + b];
      ++done;
    }
    if (++finished_ == threads) sc_core::sc_stop();
  }
  int finished_ = 0;
};

struct Bench {
  sc_core::sc_clock clk{"clk", 1, sc_core::SC_NS};
  Initiators initiators;
  tlm_bridge::TlmCreditLink link;
  tlm_bridge::TlmMemory memory;
  monitor::LoopMonitor mon;
  const core::LoopObserver& request;
  const core::LoopObserver& response;

  Bench(int threads, int per_thread, bool random, const tlm_bridge::TlmLinkParams& p, int memory_cycles,
        core::Cycle cycles = 0, core::Cycle warmup = 0)
      : initiators("initiators", threads, per_thread, random),
        link("link", p),
        memory("memory", 8192, sc_core::sc_time(memory_cycles, sc_core::SC_NS)),
        mon("mon", cycles, warmup),
        request(mon.watch("request", p.request_depth, link.request_holders())),
        response(mon.watch("response", p.response_depth, link.response_holders())) {
    link.clk(clk);
    mon.clk(clk);
    initiators.socket.bind(link.target());
    link.initiator().bind(memory.socket);
    sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  }
};

}  // namespace

BOOST_AUTO_TEST_CASE(integrity_over_long_random_traffic) {
  tlm_bridge::TlmLinkParams p;
  p.request_depth = 12;
  p.response_depth = 6;
  p.latency = 3;
  Bench b(4, 1500, true, p, 3);
  sc_core::sc_start();
  BOOST_TEST(b.initiators.done == 6000);
  BOOST_TEST(b.initiators.failed == 0);
  BOOST_TEST(b.initiators.mismatches == 0);  // every byte read back as written, in order
  BOOST_TEST(b.memory.bytes == b.initiators.shadow);
  BOOST_TEST(b.request.conservation_violations() == 0u);
  BOOST_TEST(b.response.conservation_violations() == 0u);
  BOOST_TEST(b.link.near.transactions() == 6000u);
}

BOOST_AUTO_TEST_CASE(bridged_link_runs_like_the_plain_link) {
  // Eight initiators keep 64-byte writes (9 beats each) queued: the request loop stays
  // saturated, so over cycles 3000..5999 it must send exactly what a plain credit link of
  // the same depth and latency sends, with the same round trip: 0.4 at depth 4 over the
  // 10-cycle round trip of L = 4, 0.9 at depth 9, full rate from 10.
  for (std::int64_t depth : {4, 9, 10, 16}) {
    cycle::CreditLoopParams plain;
    plain.link = {4, 4};
    plain.receiver.depth = depth;
    const auto expected = platform::run_isolated([&] {
      const auto r = cycle::run_credit_loop(plain, {});
      return std::to_string(r.sent) + " sent, round trip " + std::to_string(r.measured_rtt);
    });
    const auto bridged = platform::run_isolated([&] {
      tlm_bridge::TlmLinkParams p;
      p.request_depth = depth;
      p.latency = 4;
      Bench b(8, 0, false, p, 0, 6000, 3000);
      sc_core::sc_start();
      return std::to_string(b.request.sent_in_window()) + " sent, round trip " +
             std::to_string(b.link.request_tx.core().round_trips().min());
    });
    BOOST_TEST_REQUIRE(expected.ok, expected.error);
    BOOST_TEST_REQUIRE(bridged.ok, bridged.error);
    BOOST_TEST(bridged.output == expected.output, "depth " << depth);
    BOOST_TEST_MESSAGE("depth " << depth << ": " << bridged.output);
  }
}

BOOST_AUTO_TEST_CASE(slow_target_throttles_the_initiators_through_credits) {
  tlm_bridge::TlmLinkParams p;
  p.request_depth = 12;
  p.latency = 2;
  Bench b(4, 200, true, p, 40);
  sc_core::sc_start();
  BOOST_TEST(b.initiators.done == 800);  // nothing lost
  BOOST_TEST(b.initiators.mismatches == 0);
  BOOST_TEST(b.request.conservation_violations() == 0u);
  // The request sender waited for credits while the far buffer held beats the memory had
  // not yet taken: the slow target backed up into the credits.
  BOOST_TEST(b.request.stall_receiver_busy() > 1000u);
  BOOST_TEST(b.request.stall_receiver_busy() > 10 * b.request.stall_receiver_empty());
  // Each access takes 40 cycles: the memory, not the link, sets the pace.
  BOOST_TEST(b.link.near.transaction_cycles().min() >= 40u);
}

BOOST_AUTO_TEST_CASE(writes_longer_than_the_far_buffer_stream_through) {
  // 9-beat writes through 2 credits: beats are popped into the assembly as they come.
  tlm_bridge::TlmLinkParams p;
  p.request_depth = 2;
  p.response_depth = 2;
  Bench b(2, 100, false, p, 1);
  sc_core::sc_start();
  BOOST_TEST(b.initiators.done == 200);
  BOOST_TEST(b.initiators.failed == 0);
  BOOST_TEST(b.request.conservation_violations() == 0u);
}

namespace {
// One transaction through a bridged link into the memory, from a thread of its own.
struct OneShot : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<OneShot> socket{"socket"};
  std::function<void(tlm::tlm_generic_payload&)> prepare;
  tlm::tlm_response_status status = tlm::TLM_INCOMPLETE_RESPONSE;
  std::vector<unsigned char> data = std::vector<unsigned char>(256, 0);
  std::vector<unsigned char> enables;
  SC_HAS_PROCESS(OneShot);
  explicit OneShot(sc_core::sc_module_name n) : sc_module(n) { SC_THREAD(run); }
  void run() {
    tlm::tlm_generic_payload t;
    t.set_data_ptr(data.data());
    prepare(t);
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    socket->b_transport(t, delay);
    status = t.get_response_status();
    sc_core::sc_stop();
  }
};

struct OneShotBench {
  sc_core::sc_clock clk{"clk", 1, sc_core::SC_NS};
  OneShot initiator{"initiator"};
  tlm_bridge::TlmCreditLink link;
  tlm_bridge::TlmMemory memory{"memory", 256, sc_core::SC_ZERO_TIME};
  explicit OneShotBench(std::int64_t width) : link("link", params(width)) {
    link.clk(clk);
    initiator.socket.bind(link.target());
    link.initiator().bind(memory.socket);
    for (std::size_t i = 0; i < memory.bytes.size(); ++i) memory.bytes[i] = static_cast<unsigned char>(i);
  }
  static tlm_bridge::TlmLinkParams params(std::int64_t width) {
    tlm_bridge::TlmLinkParams p;
    p.width = width;
    return p;
  }
};
}  // namespace

// Before: a 4-byte write with enables FF 00 FF 00 wrote all four bytes.
BOOST_AUTO_TEST_CASE(byte_enables_pass_through) {
  OneShotBench b(8);
  b.initiator.enables = {0xff, 0x00, 0xff, 0x00};
  b.initiator.prepare = [&](tlm::tlm_generic_payload& t) {
    t.set_command(tlm::TLM_WRITE_COMMAND);
    t.set_address(16);
    t.set_data_length(4);
    t.set_streaming_width(4);
    for (int i = 0; i < 4; ++i) b.initiator.data[i] = 0xAA;
    t.set_byte_enable_ptr(b.initiator.enables.data());
    t.set_byte_enable_length(4);
  };
  sc_core::sc_start();
  BOOST_TEST(b.initiator.status == tlm::TLM_OK_RESPONSE);
  const std::vector<unsigned char> written(b.memory.bytes.begin() + 16, b.memory.bytes.begin() + 20);
  BOOST_TEST(written == (std::vector<unsigned char>{0xAA, 17, 0xAA, 19}));
}

BOOST_AUTO_TEST_CASE(byte_enables_of_a_read_pass_through) {
  OneShotBench b(8);
  b.initiator.enables = {0x00, 0xff};  // repeated over the 6 bytes
  b.initiator.prepare = [&](tlm::tlm_generic_payload& t) {
    t.set_command(tlm::TLM_READ_COMMAND);
    t.set_address(40);
    t.set_data_length(6);
    t.set_streaming_width(6);
    t.set_byte_enable_ptr(b.initiator.enables.data());
    t.set_byte_enable_length(2);
  };
  sc_core::sc_start();
  BOOST_TEST(b.initiator.status == tlm::TLM_OK_RESPONSE);
  const std::vector<unsigned char> read(b.initiator.data.begin(), b.initiator.data.begin() + 6);
  BOOST_TEST(read == (std::vector<unsigned char>{0, 41, 0, 43, 0, 45}));
}

// Before: every error came back as TLM_GENERIC_ERROR_RESPONSE.
BOOST_AUTO_TEST_CASE(the_targets_response_status_passes_through) {
  OneShotBench b(8);
  b.initiator.prepare = [&](tlm::tlm_generic_payload& t) {
    t.set_command(tlm::TLM_READ_COMMAND);
    t.set_address(250);
    t.set_data_length(16);  // beyond the memory's 256 bytes
    t.set_streaming_width(16);
  };
  sc_core::sc_start();
  BOOST_TEST(b.initiator.status == tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

BOOST_AUTO_TEST_CASE(streaming_width_passes_through) {
  OneShotBench b(8);
  b.initiator.prepare = [&](tlm::tlm_generic_payload& t) {
    t.set_command(tlm::TLM_WRITE_COMMAND);
    t.set_address(100);
    t.set_data_length(8);
    t.set_streaming_width(2);  // a FIFO register pair: the address wraps every 2 bytes
    for (int i = 0; i < 8; ++i) b.initiator.data[i] = static_cast<unsigned char>(0xB0 + i);
  };
  sc_core::sc_start();
  BOOST_TEST(b.initiator.status == tlm::TLM_OK_RESPONSE);
  BOOST_TEST(int(b.memory.bytes[100]) == 0xB6);  // the last of each lane
  BOOST_TEST(int(b.memory.bytes[101]) == 0xB7);
  BOOST_TEST(int(b.memory.bytes[102]) == 102);   // untouched
}

// Before: width = 32 ended in an uncaught SystemC exception.
BOOST_AUTO_TEST_CASE(wide_buses_of_32_and_64_bytes_carry_every_byte) {
  for (std::int64_t width : {32, 64}) {
    const auto r = platform::run_isolated([width] {
      tlm_bridge::TlmLinkParams p;
      p.width = width;
      p.request_depth = 12;
      p.response_depth = 6;
      p.latency = 3;
      Bench b(4, 300, true, p, 3);
      sc_core::sc_start();
      return std::to_string(b.initiators.done) + " done, " + std::to_string(b.initiators.failed) + " failed, " +
             std::to_string(b.initiators.mismatches) + " wrong, " +
             std::to_string(b.request.conservation_violations() + b.response.conservation_violations()) +
             " violations, memory " + (b.memory.bytes == b.initiators.shadow ? "same" : "different");
    });
    BOOST_TEST_REQUIRE(r.ok, r.error);
    BOOST_TEST(r.output == "1200 done, 0 failed, 0 wrong, 0 violations, memory same", "width " << width);
  }
  try {
    tlm_bridge::TlmCreditLink link("too_wide", OneShotBench::params(65));
    BOOST_ERROR("a 65-byte beat was taken");
  } catch (const Error& e) {
    BOOST_TEST(std::string(e.what()) == "too_wide.near: width: width = 65 is out of range (allowed 1..64)");
  }
}
