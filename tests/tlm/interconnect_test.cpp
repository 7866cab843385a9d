// The credit interconnect: loosely timed, the cycle-level bridge's timing transaction for
// transaction; data and status through an address map, DMI and debug transport;
// initiators taking turns at a shared target; approximately timed, credits holding an
// initiator back and a slow target backing up into them.
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cstdio>
#include <deque>
#include <sstream>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <vector>

#include "creditflow/core/error.hpp"
#include "creditflow/core/seed.hpp"
#include "creditflow/platform/isolated_run.hpp"
#include "creditflow/tlm/credit_interconnect.hpp"
#include "creditflow/tlm/tlm_credit_link.hpp"
#include "creditflow/tlm/tlm_memory.hpp"

using namespace creditflow;

namespace {

// Threads issuing random reads and writes (1..64 bytes) with random gaps, each logging
// "thread k command length start end" in ns. A thread waits out its gap before the call
// and calls with no delay, as an initiator synchronising after every transaction (a
// quantum of zero) does; thread i's calls fall a quarter of a ns past thread i - 1's, so
// no two threads call at one instant (whose order the kernel leaves open).
struct Traffic : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Traffic> socket{"socket"};
  std::ostringstream log;
  Traffic(sc_core::sc_module_name n, int threads, int per_thread, bool loosely_timed)
      : sc_module(n), threads_(threads), per_thread_(per_thread), loosely_timed_(loosely_timed) {
    for (int i = 0; i < threads; ++i) sc_core::sc_spawn([this, i] { run(i); });
  }

 private:
  void run(int thread) {
    core::Rng rng(static_cast<std::uint64_t>(thread) + 11);
    std::vector<unsigned char> data(64);
    for (int k = 0; k < per_thread_; ++k) {
      const auto length = static_cast<unsigned>(1 + rng.next() % 64);
      const bool write = rng.next() % 2;
      const double gap = rng.next() % 4 == 0 ? static_cast<double>(rng.next() % 8) : 0.0;
      wait(sc_core::sc_time(gap + 0.25 * thread, sc_core::SC_NS));
      tlm::tlm_generic_payload t;
      t.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
      t.set_address(rng.next() % 1024);
      t.set_data_ptr(data.data());
      t.set_data_length(length);
      t.set_streaming_width(length);
      const double start = sc_core::sc_time_stamp().to_seconds() * 1e9;
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      socket->b_transport(t, delay);
      if (loosely_timed_) wait(delay);  // the annotated time, synchronised at once
      char line[96];
      std::snprintf(line, sizeof line, "%d %d %c %u %.2f %.2f\n", thread, k, write ? 'W' : 'R', length, start,
                    sc_core::sc_time_stamp().to_seconds() * 1e9);
      log << line;
    }
    if (++finished_ == threads_) sc_core::sc_stop();
  }

  int threads_, per_thread_;
  bool loosely_timed_;
  int finished_ = 0;
};

struct Case {
  tlm_bridge::TlmLinkParams link;
  int access_ns, threads, per_thread;
};

// The log of `c`'s traffic through the cycle-level bridge, or through the interconnect.
std::string run_traffic(const Case& c, bool interconnect) {
  sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  Traffic traffic("traffic", c.threads, c.per_thread, interconnect);
  tlm_bridge::TlmMemory memory("memory", 2048, sc_core::sc_time(c.access_ns, sc_core::SC_NS));
  if (interconnect) {
    const tlm_bridge::LinkTimingParams p{c.link.width, c.link.request_depth, c.link.response_depth, c.link.latency};
    tlm_bridge::CreditInterconnect ic("ic", {p}, {{0, 2048}});
    traffic.socket.bind(ic.target_socket[0]);
    ic.initiator_socket[0].bind(memory.socket);
    sc_core::sc_start();
  } else {
    sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
    tlm_bridge::TlmCreditLink link("link", c.link);
    link.clk(clk);
    traffic.socket.bind(link.target());
    link.initiator().bind(memory.socket);
    sc_core::sc_start();
  }
  // Sorted by thread and transaction: the threads' lines interleave by completion.
  std::vector<std::string> lines;
  std::istringstream in(traffic.log.str());
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  std::sort(lines.begin(), lines.end());
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_transaction_takes_the_time_it_takes_through_the_cycle_level_bridge) {
  // width, request depth, response depth, latency; the memory's access time; threads.
  const std::vector<Case> cases = {
      {{8, 4, 4, 2}, 0, 1, 300},    // one transaction at a time, a target answering at once
      {{8, 4, 4, 2}, 3, 1, 300},    // a target taking 3 cycles
      {{8, 4, 4, 2}, 0, 3, 300},    // three outstanding: beats queue behind each other's
      {{8, 4, 4, 2}, 3, 3, 300},    // and wait for the target's previous answer
      {{8, 16, 16, 3}, 5, 4, 300},  // credits to spare
      {{4, 3, 2, 0}, 0, 2, 200},    // wires both ways, fewer credits than a write's beats
      {{4, 2, 2, 1}, 1, 4, 300},    // credit-bound both ways
  };
  for (const Case& c : cases) {
    const auto bridge = platform::run_isolated([&] { return run_traffic(c, false); });
    const auto lt = platform::run_isolated([&] { return run_traffic(c, true); });
    BOOST_TEST_REQUIRE(bridge.ok, bridge.error);
    BOOST_TEST_REQUIRE(lt.ok, lt.error);
    const auto transactions = std::count(bridge.output.begin(), bridge.output.end(), '\n');
    BOOST_TEST(transactions == c.threads * c.per_thread);
    BOOST_TEST(lt.output == bridge.output, "width " << c.link.width << " depths " << c.link.request_depth << "/"
                                                    << c.link.response_depth << " latency " << c.link.latency
                                                    << " access " << c.access_ns << " threads " << c.threads);
  }
}

namespace {

// A memory that grants DMI over all of itself and can take it back.
struct DmiMemory : sc_core::sc_module {
  tlm_utils::simple_target_socket<DmiMemory> socket{"socket"};
  std::vector<unsigned char> bytes = std::vector<unsigned char>(256, 0);
  explicit DmiMemory(sc_core::sc_module_name n) : sc_module(n) {
    socket.register_b_transport(this, &DmiMemory::b_transport);
    socket.register_transport_dbg(this, &DmiMemory::transport_dbg);
    socket.register_get_direct_mem_ptr(this, &DmiMemory::get_direct_mem_ptr);
  }
  void b_transport(tlm::tlm_generic_payload& t, sc_core::sc_time&) { t.set_response_status(tlm::TLM_OK_RESPONSE); }
  unsigned int transport_dbg(tlm::tlm_generic_payload& t) {
    for (unsigned i = 0; i < t.get_data_length(); ++i) t.get_data_ptr()[i] = bytes[t.get_address() + i];
    return t.get_data_length();
  }
  bool get_direct_mem_ptr(tlm::tlm_generic_payload&, tlm::tlm_dmi& dmi) {
    dmi.set_dmi_ptr(bytes.data());
    dmi.set_start_address(0);
    dmi.set_end_address(bytes.size() - 1);
    dmi.allow_read_write();
    return true;
  }
};

// An initiator that only records the DMI invalidations it is told of.
struct Listener : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Listener> socket{"socket"};
  std::vector<std::pair<std::uint64_t, std::uint64_t>> invalidated;
  explicit Listener(sc_core::sc_module_name n) : sc_module(n) {
    socket.register_invalidate_direct_mem_ptr(this, &Listener::invalidate);
  }
  void invalidate(sc_dt::uint64 start, sc_dt::uint64 end) { invalidated.emplace_back(start, end); }
};

void prepare(tlm::tlm_generic_payload& t, tlm::tlm_command command, std::uint64_t address, unsigned char* data,
             unsigned length) {
  t.set_command(command);
  t.set_address(address);
  t.set_data_ptr(data);
  t.set_data_length(length);
  t.set_streaming_width(length);
  t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
}

}  // namespace

BOOST_AUTO_TEST_CASE(data_status_debug_and_dmi_pass_with_their_addresses_translated) {
  // Accellera's SimpleBusLT map: address bits 31..28 pick the target.
  Listener a("a"), b("b");
  tlm_bridge::TlmMemory memory("memory", 1024, sc_core::SC_ZERO_TIME);
  DmiMemory dmi_memory("dmi_memory");
  tlm_bridge::CreditInterconnect ic("ic", {{}, {}}, {{0x0, 0x10000000}, {0x10000000, 0x10000000}});
  a.socket.bind(ic.target_socket[0]);
  b.socket.bind(ic.target_socket[1]);
  ic.initiator_socket[0].bind(memory.socket);
  ic.initiator_socket[1].bind(dmi_memory.socket);
  sc_core::sc_start(sc_core::SC_ZERO_TIME);

  // A write and a read of target 0 at its own address 0x20.
  unsigned char out[4] = {1, 2, 3, 4}, in[4] = {};
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  tlm::tlm_generic_payload w;
  prepare(w, tlm::TLM_WRITE_COMMAND, 0x20, out, 4);
  a.socket->b_transport(w, delay);
  BOOST_TEST(w.is_response_ok());
  BOOST_TEST(w.get_address() == 0x20u);  // the initiator's address, as it gave it
  BOOST_TEST(memory.bytes[0x20] == 1);
  BOOST_TEST(memory.bytes[0x23] == 4);
  // Width 8, 16 credits, latency 1 each way, answered at once: request offered in cycle 1
  // (the first edge after the call), header and data sent in 1 and 2, popped in 3 and 4,
  // at the target at the edge of 5; the response header offered in 6, popped in 8: 9 ns.
  BOOST_TEST(delay == sc_core::sc_time(9, sc_core::SC_NS));
  delay = sc_core::SC_ZERO_TIME;
  tlm::tlm_generic_payload r;
  prepare(r, tlm::TLM_READ_COMMAND, 0x20, in, 4);
  b.socket->b_transport(r, delay);
  BOOST_TEST(r.is_response_ok());
  BOOST_TEST(std::vector<unsigned char>(in, in + 4) == std::vector<unsigned char>(out, out + 4));

  // Nothing claims 0x20000000: an address error, and no target sees it.
  delay = sc_core::SC_ZERO_TIME;
  tlm::tlm_generic_payload lost;
  prepare(lost, tlm::TLM_WRITE_COMMAND, 0x20000000, out, 4);
  a.socket->b_transport(lost, delay);
  BOOST_TEST(lost.get_response_status() == tlm::TLM_ADDRESS_ERROR_RESPONSE);
  BOOST_TEST(delay == sc_core::SC_ZERO_TIME);

  // Debug transport reads target 1 at 0x10000010 = its own 0x10.
  dmi_memory.bytes[0x10] = 0xab;
  unsigned char peek = 0;
  tlm::tlm_generic_payload dbg;
  prepare(dbg, tlm::TLM_READ_COMMAND, 0x10000010, &peek, 1);
  BOOST_TEST(a.socket->transport_dbg(dbg) == 1u);
  BOOST_TEST(peek == 0xab);

  // DMI: the range comes back in the initiator's addresses, and an invalidation of the
  // target's bytes 0x40..0x7f reaches both initiators as 0x10000040..0x1000007f.
  tlm::tlm_dmi dmi;
  tlm::tlm_generic_payload ask;
  prepare(ask, tlm::TLM_READ_COMMAND, 0x10000004, nullptr, 0);
  BOOST_TEST(b.socket->get_direct_mem_ptr(ask, dmi));
  BOOST_TEST(dmi.get_start_address() == 0x10000000u);
  BOOST_TEST(dmi.get_end_address() == 0x100000ffu);
  BOOST_TEST(dmi.get_dmi_ptr() == dmi_memory.bytes.data());
  dmi_memory.socket->invalidate_direct_mem_ptr(0x40, 0x7f);
  const std::vector<std::pair<std::uint64_t, std::uint64_t>> expected = {{0x10000040, 0x1000007f}};
  BOOST_TEST(a.invalidated == expected);
  BOOST_TEST(b.invalidated == expected);
}

BOOST_AUTO_TEST_CASE(byte_enables_streaming_width_and_status_pass_as_the_initiator_and_target_set_them) {
  Listener a("a");
  tlm_bridge::TlmMemory memory("memory", 64, sc_core::SC_ZERO_TIME);
  tlm_bridge::CreditInterconnect ic("ic", {{8, 16, 16, 1}}, {{0x1000, 64}});
  a.socket.bind(ic.target_socket[0]);
  ic.initiator_socket[0].bind(memory.socket);
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
  // Eight bytes with every other byte enabled, into a 4-byte wide streaming window at
  // 0x1010 (the memory's 0x10): bytes 0 and 2 land on 0x10 and 0x12, then 4 and 6 on the
  // same two addresses, over them.
  unsigned char data[8] = {1, 2, 3, 4, 5, 6, 7, 8}, enables[2] = {TLM_BYTE_ENABLED, TLM_BYTE_DISABLED};
  tlm::tlm_generic_payload t;
  prepare(t, tlm::TLM_WRITE_COMMAND, 0x1010, data, 8);
  t.set_streaming_width(4);
  t.set_byte_enable_ptr(enables);
  t.set_byte_enable_length(2);
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  a.socket->b_transport(t, delay);
  BOOST_TEST(t.is_response_ok());
  BOOST_TEST(memory.bytes[0x10] == 5);
  BOOST_TEST(memory.bytes[0x11] == 0);
  BOOST_TEST(memory.bytes[0x12] == 7);
  BOOST_TEST(memory.bytes[0x13] == 0);
  // A write with byte enables costs a header and its data beat; with 16 credits and one
  // stage each way: 9 ns, as a plain 8-byte write.
  BOOST_TEST(delay == sc_core::sc_time(9, sc_core::SC_NS));
  // A read past the memory's end: the memory's own status comes back as it set it.
  tlm::tlm_generic_payload past;
  prepare(past, tlm::TLM_READ_COMMAND, 0x1000 + 60, data, 8);
  delay = sc_core::SC_ZERO_TIME;
  a.socket->b_transport(past, delay);
  BOOST_TEST(past.get_response_status() == tlm::TLM_ADDRESS_ERROR_RESPONSE);
  BOOST_TEST(past.get_address() == 0x1000u + 60);
}

BOOST_AUTO_TEST_CASE(initiators_sharing_a_target_take_their_turns) {
  // Two initiators, each on a link of its own (width 8, latency 1), write 4 bytes to one
  // memory taking 10 ns, the second a quarter of a ns later. The first is at the target
  // at the edge of 5 (as above), answered at 15, its response popped in 17: back at 18.
  // The second's request is whole at the same edge, but the target is busy until 15: it
  // is answered at 25 and back at 28.
  Listener a("a"), b("b");
  tlm_bridge::TlmMemory memory("memory", 1024, sc_core::sc_time(10, sc_core::SC_NS));
  tlm_bridge::CreditInterconnect ic("ic", {{}, {}}, {{0x0, 1024}});
  a.socket.bind(ic.target_socket[0]);
  b.socket.bind(ic.target_socket[1]);
  ic.initiator_socket[0].bind(memory.socket);
  unsigned char data[4] = {};
  sc_core::sc_time first = sc_core::SC_ZERO_TIME, second = sc_core::SC_ZERO_TIME;
  tlm::tlm_generic_payload w1, w2;
  prepare(w1, tlm::TLM_WRITE_COMMAND, 0, data, 4);
  prepare(w2, tlm::TLM_WRITE_COMMAND, 4, data, 4);
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
  a.socket->b_transport(w1, first);
  sc_core::sc_start(sc_core::sc_time(0.25, sc_core::SC_NS));
  b.socket->b_transport(w2, second);
  BOOST_TEST(first == sc_core::sc_time(18, sc_core::SC_NS));
  BOOST_TEST(sc_core::sc_time_stamp() + second == sc_core::sc_time(28, sc_core::SC_NS));
  BOOST_TEST(ic.transactions() == 2u);
}

BOOST_AUTO_TEST_CASE(bad_maps_and_links_are_refused_in_one_line) {
  auto refused = [](const std::vector<tlm_bridge::LinkTimingParams>& links,
                    const std::vector<tlm_bridge::AddressRange>& map) -> std::string {
    static int n = 0;
    try {
      tlm_bridge::CreditInterconnect ic(("ic" + std::to_string(n++)).c_str(), links, map);
    } catch (const Error& e) {
      return e.what();
    }
    return "";
  };
  BOOST_TEST(refused({{}}, {{0, 0x100}, {0x80, 0x100}}) == "targets 0 and 1: their address ranges overlap");
  BOOST_TEST(refused({{}}, {{0, 0}}) == "target 0: an address range of size 0");
  const std::string depth = refused({{8, 0, 16, 1}}, {{0, 0x100}});
  BOOST_TEST(depth.find("request_depth") != std::string::npos, depth);
  BOOST_TEST(depth.find("ic") == 0u, depth);
  const std::string width = refused({{65, 4, 4, 1}}, {{0, 0x100}});
  BOOST_TEST(width.find("width") != std::string::npos, width);
}

namespace {

// An approximately timed initiator issuing one BEGIN_REQ at time 0 and recording when
// END_REQ and BEGIN_RESP come back.
struct AtInitiator : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<AtInitiator> socket{"socket"};
  sc_core::sc_time end_req, begin_resp;
  tlm::tlm_generic_payload trans;
  unsigned char data[64] = {};
  SC_HAS_PROCESS(AtInitiator);
  explicit AtInitiator(sc_core::sc_module_name n) : sc_module(n) {
    socket.register_nb_transport_bw(this, &AtInitiator::nb_transport_bw);
    SC_THREAD(run);
  }
  void run() {
    prepare(trans, tlm::TLM_WRITE_COMMAND, 0, data, 64);
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    BOOST_TEST(socket->nb_transport_fw(trans, phase, delay) == tlm::TLM_ACCEPTED);
  }
  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload&, tlm::tlm_phase& phase, sc_core::sc_time&) {
    (phase == tlm::END_REQ ? end_req : begin_resp) = sc_core::sc_time_stamp();
    return phase == tlm::BEGIN_RESP ? tlm::TLM_COMPLETED : tlm::TLM_ACCEPTED;
  }
};

// END_REQ and BEGIN_RESP times of a 64-byte write (9 request beats) through a link of
// `credits` credits each way and 1 stage each way, into a memory answering at once.
std::string at_write_times(std::int64_t credits) {
  AtInitiator initiator("initiator");
  tlm_bridge::TlmMemory memory("memory", 256, sc_core::SC_ZERO_TIME);
  tlm_bridge::CreditInterconnect ic("ic", {{8, credits, credits, 1}}, {{0, 256}});
  initiator.socket.bind(ic.target_socket[0]);
  ic.initiator_socket[0].bind(memory.socket);
  sc_core::sc_start(sc_core::sc_time(1, sc_core::SC_US));
  return initiator.end_req.to_string() + " " + initiator.begin_resp.to_string() + " " +
         std::to_string(ic.transactions());
}

}  // namespace

BOOST_AUTO_TEST_CASE(an_approximately_timed_request_is_accepted_when_the_link_has_credits_for_it) {
  // Offered from cycle 1. With 16 credits its beats leave in cycles 1..9: END_REQ at the
  // edge of 10. With 2, a credit is spendable again 2 cycles after its beat's pop (sent in
  // s, popped in s + 2): beats leave in 1, 2, 5, 6, 9, 10, 13, 14, 17, END_REQ at 18.
  const auto plenty = platform::run_isolated([] { return at_write_times(16); });
  const auto two = platform::run_isolated([] { return at_write_times(2); });
  BOOST_TEST_REQUIRE(plenty.ok, plenty.error);
  BOOST_TEST_REQUIRE(two.ok, two.error);
  BOOST_TEST(plenty.output.rfind("10 ns ", 0) == 0u, plenty.output);
  BOOST_TEST(two.output.rfind("18 ns ", 0) == 0u, two.output);
  // Whole at the far end at the edge after its last pop (12 with 16 credits, 20 with 2),
  // where the memory answers at once; the response header is offered from the next
  // cycle, arrives a cycle later and is popped the cycle after: BEGIN_RESP 4 cycles after
  // the request is whole, as b_transport's response.
  BOOST_TEST(plenty.output == "10 ns 16 ns 1");
  BOOST_TEST(two.output == "18 ns 24 ns 1");
}

namespace {

// Three 8-byte writes (2 beats each), each BEGIN_REQ sent when the one before has ended.
struct AtSequence : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<AtSequence> socket{"socket"};
  std::vector<sc_core::sc_time> end_req;
  tlm::tlm_generic_payload trans[3];
  unsigned char data[8] = {};
  sc_core::sc_event ended;
  SC_HAS_PROCESS(AtSequence);
  explicit AtSequence(sc_core::sc_module_name n) : sc_module(n) {
    socket.register_nb_transport_bw(this, &AtSequence::nb_transport_bw);
    SC_THREAD(run);
  }
  void run() {
    for (int k = 0; k < 3; ++k) {
      prepare(trans[k], tlm::TLM_WRITE_COMMAND, 8 * k, data, 8);
      tlm::tlm_phase phase = tlm::BEGIN_REQ;
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      socket->nb_transport_fw(trans[k], phase, delay);
      sc_core::wait(ended);
    }
  }
  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload&, tlm::tlm_phase& phase, sc_core::sc_time&) {
    if (phase == tlm::END_REQ) {
      end_req.push_back(sc_core::sc_time_stamp());
      ended.notify();
    }
    return phase == tlm::BEGIN_RESP ? tlm::TLM_COMPLETED : tlm::TLM_ACCEPTED;
  }
};

// A four-phase target that takes 50 ns to accept each request, then answers at once.
struct SlowToAccept : sc_core::sc_module {
  tlm_utils::simple_target_socket<SlowToAccept> socket{"socket"};
  std::deque<tlm::tlm_generic_payload*> requests;
  sc_core::sc_event arrived;
  SC_HAS_PROCESS(SlowToAccept);
  explicit SlowToAccept(sc_core::sc_module_name n) : sc_module(n) {
    socket.register_nb_transport_fw(this, &SlowToAccept::nb_transport_fw);
    SC_THREAD(run);
  }
  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& t, tlm::tlm_phase& phase, sc_core::sc_time&) {
    if (phase == tlm::BEGIN_REQ) {
      requests.push_back(&t);
      arrived.notify();
    }
    return phase == tlm::END_RESP ? tlm::TLM_COMPLETED : tlm::TLM_ACCEPTED;
  }
  void run() {
    for (;;) {
      while (requests.empty()) sc_core::wait(arrived);
      sc_core::wait(sc_core::sc_time(50, sc_core::SC_NS));
      tlm::tlm_generic_payload& t = *requests.front();
      requests.pop_front();
      t.set_response_status(tlm::TLM_OK_RESPONSE);
      for (tlm::tlm_phase phase : {tlm::END_REQ, tlm::BEGIN_RESP}) {
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        socket->nb_transport_bw(t, phase, delay);
      }
    }
  }
};

std::string end_req_times(std::int64_t credits) {
  AtSequence initiator("initiator");
  SlowToAccept target("target");
  tlm_bridge::CreditInterconnect ic("ic", {{8, credits, credits, 1}}, {{0, 256}});
  initiator.socket.bind(ic.target_socket[0]);
  ic.initiator_socket[0].bind(target.socket);
  sc_core::sc_start(sc_core::sc_time(1, sc_core::SC_US));
  std::string out;
  for (const sc_core::sc_time& t : initiator.end_req) out += t.to_string() + " ";
  return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_target_slow_to_accept_holds_an_approximately_timed_initiator_back_through_the_credits) {
  // With 16 credits each request leaves at once: END_REQ at 3, 6 and 9 ns (offered the
  // cycle after the END_REQ before it, 2 beats each). With 2 credits, the first request is
  // whole at the edge of 5 and the target takes it at 55: until then the far end pops
  // nothing, so the second's beats (sent in 5 and 6 on the first's credits) stay in its
  // buffer holding both credits, popped in 55 and 56; the third's beats leave on those
  // credits in 57 and 58: END_REQ at 59 ns.
  const auto plenty = platform::run_isolated([] { return end_req_times(16); });
  const auto two = platform::run_isolated([] { return end_req_times(2); });
  BOOST_TEST_REQUIRE(plenty.ok, plenty.error);
  BOOST_TEST_REQUIRE(two.ok, two.error);
  BOOST_TEST(plenty.output == "3 ns 6 ns 9 ns ");
  BOOST_TEST(two.output == "3 ns 7 ns 59 ns ");
}

BOOST_AUTO_TEST_CASE(an_initiator_calling_both_b_transport_and_nb_transport_is_told_so) {
  Listener a("a");
  tlm_bridge::TlmMemory memory("memory", 64, sc_core::SC_ZERO_TIME);
  tlm_bridge::CreditInterconnect ic("ic", {{}}, {{0, 64}});
  a.socket.bind(ic.target_socket[0]);
  ic.initiator_socket[0].bind(memory.socket);
  // The error is kept rather than thrown: an exception thrown here, once SystemC's
  // coroutines have run, confuses AddressSanitizer's view of the stack.
  sc_core::sc_report_handler::set_actions("ic", sc_core::SC_ERROR, sc_core::SC_CACHE_REPORT);
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
  unsigned char data[4] = {};
  tlm::tlm_generic_payload t;
  prepare(t, tlm::TLM_WRITE_COMMAND, 0, data, 4);
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  a.socket->b_transport(t, delay);
  BOOST_TEST(sc_core::sc_report_handler::get_cached_report() == nullptr);
  tlm::tlm_phase phase = tlm::BEGIN_REQ;
  BOOST_TEST(a.socket->nb_transport_fw(t, phase, delay) == tlm::TLM_COMPLETED);  // refused
  BOOST_TEST(t.get_response_status() == tlm::TLM_GENERIC_ERROR_RESPONSE);
  const sc_core::sc_report* error = sc_core::sc_report_handler::get_cached_report();
  BOOST_TEST_REQUIRE(error != nullptr);
  BOOST_TEST(std::string(error->get_msg_type()) == "ic");
  BOOST_TEST(std::string(error->get_msg()) ==
             "initiator 0 calls both b_transport and nb_transport: its link is timed for one kind of call");
}
