// The TLM-2.0 interconnect over a network: a packet's cycles through an empty mesh as the
// zero-load formula gives them; approximately timed transactions timed by the network's
// own cycles; loosely timed ones equal to them where nothing contends, and optimistic by a
// measured amount where initiators contend; bad placements refused in one line.
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <string>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <vector>

#include "creditflow/core/error.hpp"
#include "creditflow/core/seed.hpp"
#include "creditflow/noc/packet_carrier.hpp"
#include "creditflow/platform/isolated_run.hpp"
#include "creditflow/tlm/network_interconnect.hpp"

using namespace creditflow;

namespace {

// A k x k mesh of BookSim2's routers, 4 VCs (2 for requests, 2 for responses).
noc::NocConfig mesh(int k) {
  noc::NocConfig c;
  c.topology = "mesh";
  c.k = k;
  c.n = 2;
  c.routing_function = "dor";
  c.num_vcs = 4;
  c.vc_buf_size = 8;
  c.message_classes = 2;
  return c;
}

sc_core::sc_time ns(double n) { return sc_core::sc_time(n, sc_core::SC_NS); }
double in_ns(const sc_core::sc_time& t) { return t.to_seconds() * 1e9; }

// A memory answering with a fixed access time, both ways: b_transport adds it to the
// delay; nb_transport's BEGIN_REQ is answered whole (TLM_COMPLETED) that long after.
struct Memory : sc_core::sc_module {
  tlm_utils::simple_target_socket<Memory> socket{"socket"};
  std::vector<unsigned char> bytes = std::vector<unsigned char>(4096, 0);
  sc_core::sc_time access;
  Memory(sc_core::sc_module_name n, sc_core::sc_time a) : sc_module(n), access(a) {
    socket.register_b_transport(this, &Memory::b_transport);
    socket.register_nb_transport_fw(this, &Memory::nb_transport_fw);
  }
  void serve(tlm::tlm_generic_payload& t) {
    unsigned char* cells = bytes.data() + t.get_address();
    if (t.is_write())
      std::memcpy(cells, t.get_data_ptr(), t.get_data_length());
    else
      std::memcpy(t.get_data_ptr(), cells, t.get_data_length());
    t.set_response_status(tlm::TLM_OK_RESPONSE);
  }
  void b_transport(tlm::tlm_generic_payload& t, sc_core::sc_time& delay) {
    serve(t);
    delay += access;
  }
  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& t, tlm::tlm_phase& phase, sc_core::sc_time& delay) {
    if (phase != tlm::BEGIN_REQ) return tlm::TLM_COMPLETED;
    serve(t);
    delay = access;
    return tlm::TLM_COMPLETED;
  }
};

// Random reads and writes (1..64 bytes, at random addresses of two targets), one at a
// time or from several threads at once, loosely timed (b_transport, then wait the
// annotated delay) or approximately timed (BEGIN_REQ, then the response's BEGIN_RESP);
// each logs "thread k command length start end" in ns.
struct Initiator : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Initiator> socket{"socket"};
  std::ostringstream log;
  Initiator(sc_core::sc_module_name n, int id, int threads, int per_thread, bool approximately_timed,
            double offset_ns)
      : sc_module(n), id_(id), per_thread_(per_thread), at_(approximately_timed), offset_(offset_ns) {
    socket.register_nb_transport_bw(this, &Initiator::nb_transport_bw);
    for (int i = 0; i < threads; ++i) sc_core::sc_spawn([this, i] { run(i); });
  }
  int finished = 0;

 private:
  struct Pending {
    tlm::tlm_generic_payload trans;
    sc_core::sc_event responded, request_ended;
  };
  void run(int thread) {
    core::Rng rng(static_cast<std::uint64_t>(id_ * 16 + thread) + 5);
    std::vector<unsigned char> data(64);
    Pending p;
    wait(ns(offset_ + 0.125 * thread));
    for (int k = 0; k < per_thread_; ++k) {
      const auto length = static_cast<unsigned>(1 + rng.next() % 64);
      const bool write = rng.next() % 2;
      const std::uint64_t target = rng.next() % 2;
      const double gap = static_cast<double>(rng.next() % 6);
      wait(ns(gap));
      tlm::tlm_generic_payload& t = p.trans;
      t.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
      t.set_address((target << 12) + rng.next() % 1024);
      t.set_data_ptr(data.data());
      t.set_data_length(length);
      t.set_streaming_width(length);
      t.set_byte_enable_ptr(nullptr);
      const double start = in_ns(sc_core::sc_time_stamp());
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      if (at_) {
        tlm::tlm_phase phase = tlm::BEGIN_REQ;
        waiting_[&t] = &p;
        BOOST_TEST_REQUIRE(socket->nb_transport_fw(t, phase, delay) == tlm::TLM_ACCEPTED);
        wait(p.responded);
      } else {
        socket->b_transport(t, delay);
        wait(delay);
      }
      BOOST_TEST_REQUIRE(t.get_response_status() == tlm::TLM_OK_RESPONSE);
      char line[96];
      std::snprintf(line, sizeof line, "%d.%d %d %c %u m%d %.3f %.3f\n", id_, thread, k, write ? 'W' : 'R', length,
                    static_cast<int>(target), start, in_ns(sc_core::sc_time_stamp()));
      log << line;
    }
    ++finished;
  }
  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& t, tlm::tlm_phase& phase, sc_core::sc_time&) {
    if (phase == tlm::BEGIN_RESP) {
      waiting_.at(&t)->responded.notify();
      return tlm::TLM_COMPLETED;
    }
    return tlm::TLM_ACCEPTED;
  }

  int id_, per_thread_;
  bool at_;
  double offset_;
  std::map<tlm::tlm_generic_payload*, Pending*> waiting_;
};

// Two initiators (nodes 0 and 1) and two memories (nodes 3 and 2) on a 2x2 mesh.
struct Run {
  int threads, per_thread;
  double access_ns;
  bool second_initiator;  // the second initiator starts at once (else after the first is done)
};

std::string run_mesh(const Run& r, bool approximately_timed) {
  sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  Initiator a("a", 0, r.threads, r.per_thread, approximately_timed, 0);
  Initiator b("b", 1, r.threads, r.per_thread, approximately_timed, r.second_initiator ? 0.5 : 100000);
  Memory m0("m0", ns(r.access_ns)), m1("m1", ns(r.access_ns));
  tlm_bridge::NetworkInterconnect ic("ic", mesh(2), {0, 1}, {3, 2}, {{0, 4096}, {4096, 4096}}, 8);
  a.socket.bind(ic.target_socket[0]);
  b.socket.bind(ic.target_socket[1]);
  ic.initiator_socket[0].bind(m0.socket);
  ic.initiator_socket[1].bind(m1.socket);
  sc_core::sc_start(sc_core::sc_time(1, sc_core::SC_MS));
  std::vector<std::string> lines;
  for (const Initiator* i : {&a, &b}) {
    std::istringstream in(i->log.str());
    for (std::string l; std::getline(in, l);) lines.push_back(l);
  }
  std::sort(lines.begin(), lines.end());
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out + std::to_string(a.finished + b.finished) + " threads finished, " +
         std::to_string(ic.network().stats().packet_latency.count()) + " packets through the network\n";
}

// Reads the log's "start end" of each line: the time each transaction took.
std::vector<double> durations(const std::string& log) {
  std::vector<double> out;
  std::istringstream in(log);
  for (std::string l; std::getline(in, l);) {
    double start = 0, end = 0;
    char command = 0;
    unsigned length = 0;
    int k = 0;
    char who[16], memory[16];
    if (std::sscanf(l.c_str(), "%15s %d %c %u %15s %lf %lf", who, &k, &command, &length, memory, &start, &end) == 7)
      out.push_back(end - start);
  }
  return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_packet_crosses_an_empty_mesh_in_five_cycles_a_router_plus_two) {
  // From offer to whole: 5 cycles for each router crossed, 2 for the injection and
  // ejection channels' extra cycle, 1 more for each flit behind the head, and the edge
  // after the tail's arrival. Node 0 to 3 on a 2x2 mesh crosses 3 routers.
  noc::ZeroLoadLatency zero(mesh(2), "net");
  BOOST_TEST(zero.cycles(0, 3, 1, 0) == 5 * 3 + 2 + 1);
  BOOST_TEST(zero.cycles(0, 3, 2, 0) == 5 * 3 + 2 + 2);
  BOOST_TEST(zero.cycles(3, 0, 9, 1) == 5 * 3 + 2 + 9);
  BOOST_TEST(zero.cycles(0, 1, 1, 0) == 5 * 2 + 2 + 1);
  BOOST_TEST(zero.cycles(2, 2, 1, 1) == 5 * 1 + 2 + 1);
  noc::ZeroLoadLatency big(mesh(3), "net");
  BOOST_TEST(big.cycles(0, 8, 4, 0) == 5 * 5 + 2 + 4);
}

BOOST_AUTO_TEST_CASE(an_approximately_timed_write_takes_the_network_s_cycles_each_way) {
  // An 8-byte write from node 0 to the memory at node 3 (answering at once) offered from
  // cycle 1: 2 flits (header, data) whole at the target from edge 1 + 19 = 20; its header
  // flit is injected in cycle 1, the data flit in 2: END_REQ at 3 ns. The response (a
  // header flit) is offered from 21 and whole back at node 0 from 21 + 18 = 39.
  const auto at = platform::run_isolated([] {
    struct One : sc_core::sc_module {
      tlm_utils::simple_initiator_socket<One> socket{"socket"};
      std::string times;
      unsigned char data[8] = {1, 2, 3, 4, 5, 6, 7, 8};
      tlm::tlm_generic_payload t;
      SC_HAS_PROCESS(One);
      explicit One(sc_core::sc_module_name n) : sc_module(n) {
        socket.register_nb_transport_bw(this, &One::bw);
        SC_THREAD(run);
      }
      void run() {
        t.set_command(tlm::TLM_WRITE_COMMAND);
        t.set_address(0x10);
        t.set_data_ptr(data);
        t.set_data_length(8);
        t.set_streaming_width(8);
        tlm::tlm_phase phase = tlm::BEGIN_REQ;
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        socket->nb_transport_fw(t, phase, delay);
      }
      tlm::tlm_sync_enum bw(tlm::tlm_generic_payload&, tlm::tlm_phase& phase, sc_core::sc_time&) {
        times += (phase == tlm::END_REQ ? "END_REQ " : "BEGIN_RESP ") + sc_core::sc_time_stamp().to_string() + " ";
        return phase == tlm::BEGIN_RESP ? tlm::TLM_COMPLETED : tlm::TLM_ACCEPTED;
      }
    };
    One one("one");
    Memory m("m", sc_core::SC_ZERO_TIME);
    tlm_bridge::NetworkInterconnect ic("ic", mesh(2), {0}, {3}, {{0, 4096}}, 8);
    one.socket.bind(ic.target_socket[0]);
    ic.initiator_socket[0].bind(m.socket);
    sc_core::sc_start(ns(100));
    return one.times + std::to_string(m.bytes[0x17]) + " " + std::to_string(ic.transactions()) + " " +
           std::to_string(ic.network().stats().packet_latency.count()) + " " +
           std::to_string(ic.network().now());
  });
  BOOST_TEST_REQUIRE(at.ok, at.error);
  // The network stepped to cycle 41 only: from 39 on it held nothing (the response's
  // credit home at 40) and no cycle after was stepped.
  BOOST_TEST(at.output == "END_REQ 3 ns BEGIN_RESP 39 ns 8 1 2 41");
}

BOOST_AUTO_TEST_CASE(loosely_timed_transactions_take_what_approximately_timed_ones_take_where_nothing_contends) {
  // One transaction at a time, from one initiator and then the other, to two memories
  // (each answering after 3 ns): every transaction's start and end equal both ways.
  const Run alone{1, 150, 3, false};
  const auto at = platform::run_isolated([&] { return run_mesh(alone, true); });
  const auto lt = platform::run_isolated([&] { return run_mesh(alone, false); });
  BOOST_TEST_REQUIRE(lt.ok, lt.error);
  BOOST_TEST_REQUIRE(at.ok, at.error);
  BOOST_TEST(lt.output.find("2 threads finished, 0 packets") != std::string::npos, lt.output);
  BOOST_TEST(at.output.find("2 threads finished, 600 packets") != std::string::npos, at.output);
  const auto log = [](const std::string& out) { return out.substr(0, out.find(" threads finished")); };
  BOOST_TEST(log(lt.output) == log(at.output));
  // And they are the network's cycles: the first, a read of 27 bytes from node 0 to m1 at
  // node 2 (2 routers) at 5 ns, is offered from cycle 6, whole at m1 from 6 + 13 (a header
  // flit); m1 begins its answer 3 ns later, offered from 22, and the response (a header
  // and 4 data flits) is whole back from 22 + 12 + 5 = 39.
  BOOST_TEST(lt.output.rfind("0.0 0 R 27 m1 5.000 39.000\n", 0) == 0u, lt.output.substr(0, 200));
}

BOOST_AUTO_TEST_CASE(under_contention_loosely_timed_transactions_miss_what_they_would_wait_in_the_network) {
  // Two initiators with eight threads each at once, to memories answering in 2 ns: the
  // approximately timed transactions wait for each other in the network; the loosely timed
  // ones see an empty network each (and load none), so they take less: the figures
  // docs/guide/tlm.md quotes (mean 13.6% and p99 32% below).
  const Run busy{8, 60, 2, true};
  const auto lt = platform::run_isolated([&] { return run_mesh(busy, false); });
  const auto at = platform::run_isolated([&] { return run_mesh(busy, true); });
  BOOST_TEST_REQUIRE(lt.ok, lt.error);
  BOOST_TEST_REQUIRE(at.ok, at.error);
  BOOST_TEST(at.output.find("16 threads finished, 1920 packets") != std::string::npos, at.output);
  BOOST_TEST(lt.output.find("16 threads finished, 0 packets") != std::string::npos, lt.output);
  const auto figures = [](const std::string& log) {
    std::vector<double> took = durations(log);
    std::sort(took.begin(), took.end());
    double sum = 0;
    for (double d : took) sum += d;
    char text[64];
    std::snprintf(text, sizeof text, "%zu mean %.3f p99 %.0f", took.size(), sum / took.size(),
                  took[took.size() * 99 / 100]);
    return std::string(text);
  };
  BOOST_TEST(figures(lt.output) == "960 mean 40.985 p99 52");
  BOOST_TEST(figures(at.output) == "960 mean 47.446 p99 76");
}

BOOST_AUTO_TEST_CASE(bad_placements_are_refused_in_one_line) {
  const auto refused = [](std::vector<int> initiators, std::vector<int> targets, noc::NocConfig net,
                          std::int64_t flit_bytes) {
    return platform::run_isolated([=] {
      try {
        tlm_bridge::NetworkInterconnect ic("ic", net, initiators, targets, {{0, 64}}, flit_bytes);
      } catch (const Error& e) {
        return std::string(e.what());
      }
      return std::string("built");
    });
  };
  const auto far = refused({0, 4}, {3}, mesh(2), 8);
  const auto two = refused({0}, {3, 2}, mesh(2), 8);
  const auto zero = refused({0}, {3}, mesh(2), 0);
  noc::NocConfig odd = mesh(2);
  odd.num_vcs = 3;
  const auto three = refused({0}, {3}, odd, 8);
  BOOST_TEST(far.output == "ic: initiator 1 at node 4 (allowed nodes 0..3)");
  BOOST_TEST(two.output == "ic: 2 target nodes for 1 address ranges (allowed: one each)");
  BOOST_TEST(zero.output.find("ic: flit_bytes = 0") == 0u, zero.output);
  BOOST_TEST(three.output == "ic: num_vcs = 3 cannot be split among 2 message classes (allowed: a multiple of them)");
}
