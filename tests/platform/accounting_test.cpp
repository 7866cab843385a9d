// End-to-end accounting (SPEC section 5) catches a flit that vanishes: a wire kind that
// claims to count its flits and swallows the 10th one, in both views.
#include <boost/test/unit_test.hpp>
#include <fstream>
#include <string>

#include "creditflow/kinds/behaviour.hpp"
#include "creditflow/platform/define_kind.hpp"
#include "creditflow/platform/isolated_run.hpp"
#include "creditflow/platform/netlist.hpp"
#include "creditflow/platform/simulate.hpp"

namespace pf = creditflow::platform;
namespace kinds = creditflow::kinds;

namespace {

class LeakyWire : public kinds::Behaviour<creditflow::core::Flit> {
 public:
  enum : std::size_t { in, out };
  static constexpr std::array<kinds::Port, 2> ports{{
      {"in", kinds::ChannelType::flow, kinds::PortDir::in, "in", false, "flits"},
      {"out", kinds::ChannelType::flow, kinds::PortDir::out, "out", false, "flits, but the 10th"}}};
  static constexpr bool holds_credits = false;
  static constexpr bool counts_flits = true;  // a lie: it loses one
  using Io = kinds::Io<creditflow::core::Flit, 2>;
  std::vector<std::size_t> combinational_inputs() const { return {in}; }
  void edge(int, Io& io) { seen_ += io[in]->valid; }
  void drive(Io& io) {
    io[out]->valid = io[in]->valid && seen_ != 9;
    if (io[out]->valid) io[out]->flit = io[in]->flit;
  }

 private:
  std::uint64_t seen_ = 0;
};

pf::Registry with_leak() {
  pf::Registry r = pf::builtin_registry();
  r.add(pf::defined_by<LeakyWire>({"leaky_wire", "loses its 10th flit", {}, {}, pf::LoopRole::pipe, {{"in", "out"}}, {}},
                                  [](const pf::ComponentConfig&) { return LeakyWire(); }));
  return r;
}

std::string accounting_violation(const pf::RunResult& r) {
  for (const std::string& v : r.first_violations)
    if (v.rfind("accounting", 0) == 0) return v;
  return "";
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_flit_that_vanishes_is_an_accounting_violation_in_both_views) {
  const std::string file = "accounting_test_leak.yaml";
  std::ofstream(file) << "components:\n"
                         "  src: { kind: traffic_source, pattern: periodic, every: 2 }\n"
                         "  tx: { kind: credit_sender, credits: 8 }\n"
                         "  leak: { kind: leaky_wire }\n"
                         "  link: { kind: pipelined_link, latency: 1 }\n"
                         "  rx: { kind: credit_receiver, depth: 8 }\n"
                         "connections:\n  - src.out -> tx.in\n  - tx.out -> leak.in\n  - leak.out -> link.in\n"
                         "  - link.out -> rx.in\n  - rx.credit -> link.credit_in\n  - link.credit_out -> tx.credit_in\n"
                         "run: { cycles: 100 }\n";
  const pf::Registry registry = with_leak();
  const pf::Platform p = pf::resolve(pf::load_netlist(file), registry);
  // Sent in cycle 18 (the 10th flit, every 2 cycles from 0), gone at the edge closing it.
  const std::string expected =
      "accounting at cycle 19 over every source: created 10 != delivered 9 + in flight 0 (none) + dropped 0: 1 flit lost";
  const pf::RunResult tl = pf::simulate_tl(p);
  BOOST_TEST(accounting_violation(tl) == expected);
  BOOST_TEST(tl.accounting_violations == 82u);  // every cycle from 19 to the end (100)
  const auto cycle = pf::run_isolated([&] { return accounting_violation(pf::simulate(p, registry)); });
  BOOST_REQUIRE_MESSAGE(cycle.ok, cycle.error);
  BOOST_TEST(cycle.output == expected);
  std::remove(file.c_str());
}
