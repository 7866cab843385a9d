// A user's own payload type rides the same modules: it needs only what any sc_signal type
// needs (==, << and sc_trace). Without `created`/`sent` members it is carried untouched
// and only the phases the link itself sees are timed.
#include <boost/test/unit_test.hpp>
#include <ostream>
#include <systemc>

#include "creditflow/creditflow.hpp"
#include "helpers.hpp"

namespace user {
struct Packet {
  std::uint32_t address = 0;
  bool operator==(const Packet& o) const { return address == o.address; }
};
inline std::ostream& operator<<(std::ostream& os, const Packet& p) { return os << p.address; }
inline void sc_trace(sc_core::sc_trace_file* tf, const Packet& p, const std::string& name) {
  sc_core::sc_trace(tf, p.address, name + ".address");
}
}  // namespace user

using namespace creditflow;

BOOST_AUTO_TEST_CASE(user_payload_without_time_stamps) {
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  cycle::CreditLoop<user::Packet> loop("loop", cftest::loop_params(4, 4));
  loop.clk(clk);
  loop.measure_from(3000);
  monitor::LoopMonitor mon("mon", 6000, 3000);
  mon.clk(clk);
  const auto& obs = mon.watch("link", 4, loop.holders());
  sc_core::sc_start();
  const core::LinkReport r = loop.report(obs);
  BOOST_TEST(r.throughput == 0.4);
  BOOST_TEST(r.latency.arrival_to_pop.count() == 1200u);
  BOOST_TEST(r.latency.arrival_to_pop.max() == 1u);
  BOOST_TEST(r.latency.creation_to_send.count() == 0u);  // no stamps to read
}

BOOST_AUTO_TEST_CASE(basic_flit_with_another_payload_keeps_its_stamps) {
  using F = core::BasicFlit<std::uint32_t>;
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  cycle::CreditLoop<F> loop("loop", cftest::loop_params(2, 6));
  loop.clk(clk);
  monitor::LoopMonitor mon("mon", 200);
  mon.clk(clk);
  const auto& obs = mon.watch("link", 6, loop.holders());
  sc_core::sc_start();
  const core::LinkReport r = loop.report(obs);
  BOOST_TEST(r.throughput == 1.0);
  BOOST_TEST(r.latency.send_to_arrival.min() == 2u);
  BOOST_TEST(r.latency.send_to_arrival.max() == 2u);
  BOOST_TEST(r.latency.creation_to_send.max() == 0u);
}
