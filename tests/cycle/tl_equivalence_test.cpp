// The transaction-level view against the cycle view: for a grid of latencies, depths,
// drain schedules, traffic patterns and seeds, every figure of the report is identical.
#include <boost/test/unit_test.hpp>
#include <sstream>

#include "../common/spec_section1.hpp"
#include "helpers.hpp"

using namespace creditflow;

namespace {

void latency(std::ostream& os, const char* name, const core::LatencyStats& s) {
  os << name << " " << s.count() << " " << s.mean() << " " << s.percentile(0.5) << " " << s.percentile(0.99) << " "
     << s.max() << "\n";
}

// Every number of the report, as text.
std::string figures(const core::LinkReport& r) {
  std::ostringstream os;
  os.precision(17);
  os << r.sent << " " << r.delivered << " " << r.throughput << " " << r.measured_rtt << " " << r.mean_rtt << " "
     << r.max_rtt << " " << r.credit_stall_cycles << " " << r.stall_receiver_empty << " " << r.stall_receiver_busy
     << " " << r.peak_occupancy << " " << r.conservation_violations << " " << r.source_refused << "\n";
  latency(os, "creation_to_send", r.latency.creation_to_send);
  latency(os, "send_to_arrival", r.latency.send_to_arrival);
  latency(os, "arrival_to_pop", r.latency.arrival_to_pop);
  latency(os, "creation_to_pop", r.latency.creation_to_pop);
  return os.str();
}

std::string run_view(const core::CreditLoopParams& p, const std::string& view) {
  const auto r = platform::run_isolated([&] {
    cycle::RunOptions o;
    o.cycles = 3000;
    o.warmup = 500;
    o.view = view;
    return figures(cycle::run_credit_loop(p, o));
  });
  BOOST_TEST_REQUIRE(r.ok, r.error);
  return r.output;
}

}  // namespace

BOOST_AUTO_TEST_CASE(tl_view_gives_the_cycle_views_figures) {
  std::vector<core::TrafficSpec> patterns{core::TrafficSpec::saturating(), core::TrafficSpec::periodic(3),
                                          core::TrafficSpec::burst(4, 5), core::TrafficSpec::bernoulli(0.4)};
  std::vector<core::DrainSpec> drains(3);
  drains[1].every = 3;
  drains[2].rate = 0.6;
  drains[2].stalls.push_back({700, 760});
  int points = 0;
  for (const auto& [lf, lr] : {std::pair{0, 0}, std::pair{1, 1}, std::pair{3, 5}})
    for (std::int64_t depth : {1, 3, 8})
      for (std::size_t d = 0; d < drains.size(); ++d) {
        core::CreditLoopParams p;
        p.link = {lf, lr};
        p.receiver.depth = depth;
        p.receiver.drain = drains[d];
        p.source.traffic = patterns[(points) % patterns.size()];
        p.source.queue_depth = 8;
        p.seed = 1 + static_cast<std::uint64_t>(points % 3);
        const std::string cycle = run_view(p, "cycle"), tl = run_view(p, "tl");
        BOOST_TEST(cycle == tl, "Lf " << lf << " Lr " << lr << " B " << depth << " drain " << d << "\n"
                                      << cycle << "vs\n" << tl);
        ++points;
      }
  BOOST_TEST(points == 27);
}

BOOST_AUTO_TEST_CASE(tl_view_reproduces_the_spec_table) {
  for (const auto& [latency, row] : spec1::rows)
    for (std::size_t i = 0; i < spec1::depths.size(); ++i) {
      const auto r = platform::run_isolated([&, latency = latency] {
        cycle::RunOptions o;
        o.view = "tl";
        return std::to_string(cycle::run_credit_loop(cftest::loop_params(latency, spec1::depths[i]), o).sent);
      });
      BOOST_TEST_REQUIRE(r.ok, r.error);
      char buf[16];
      std::snprintf(buf, sizeof buf, "%.3f", std::stod(r.output) / 3000.0);
      BOOST_TEST(std::string(buf) == row[i], "L=" << latency << " B=" << spec1::depths[i]);
    }
}

BOOST_AUTO_TEST_CASE(unknown_view_is_refused) {
  cycle::RunOptions o;
  o.view = "fast";
  BOOST_CHECK_EXCEPTION(cycle::run_credit_loop(cftest::loop_params(1, 4), o), ParameterError, [](const ParameterError& e) {
    return std::string(e.what()) == "run: view = fast is not a known view (allowed one of cycle, tl)";
  });
}

BOOST_AUTO_TEST_CASE(tl_view_skips_idle_stretches_exactly) {
  // Sparse traffic leaves the loop empty most of the time: the TL view jumps those
  // stretches (the warm-up at 500 falls inside one) and must still count exactly.
  int points = 0;
  for (const core::TrafficSpec& traffic : {core::TrafficSpec::periodic(50), core::TrafficSpec::burst(3, 61)})
    for (const auto& [lf, lr] : {std::pair{0, 0}, std::pair{2, 2}, std::pair{0, 7}})
      for (std::int64_t depth : {1, 2}) {
        core::CreditLoopParams p;
        p.link = {lf, lr};
        p.receiver.depth = depth;
        p.receiver.drain.every = 2;
        p.source.traffic = traffic;
        p.source.queue_depth = 4;
        const std::string cycle = run_view(p, "cycle"), tl = run_view(p, "tl");
        BOOST_TEST(cycle == tl, "Lf " << lf << " Lr " << lr << " B " << depth << "\n" << cycle << "vs\n" << tl);
        BOOST_TEST(cycle.rfind("0 0 ", 0) != 0u);  // something was sent
        ++points;
      }
  BOOST_TEST(points == 12);
}
