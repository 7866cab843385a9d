// End-to-end accounting (timing.md section 5) catches a flit that vanishes: a wire kind that
// claims to count its flits and swallows the 10th one, in both views.
#include <boost/test/unit_test.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "creditflow/kinds/behaviour.hpp"
#include "creditflow/kinds/credit_receiver.hpp"
#include "creditflow/platform/define_kind.hpp"
#include "creditflow/platform/isolated_run.hpp"
#include "creditflow/platform/netlist.hpp"
#include "creditflow/platform/results.hpp"
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

// A loop of 8 credits whose flits, one every `every` cycles, pass a wire of kind `leak`
// before a link of `latency` stages.
void write_leaky_loop(const std::string& file, const std::string& leak, int every, int latency,
                      const std::string& run) {
  std::ofstream(file) << "components:\n"
                         "  src: { kind: traffic_source, pattern: periodic, every: " << every << " }\n"
                         "  tx: { kind: credit_sender, credits: 8 }\n"
                         "  leak: { kind: " << leak << " }\n"
                         "  link: { kind: pipelined_link, latency: " << latency << " }\n"
                         "  rx: { kind: credit_receiver, depth: 8 }\n"
                         "connections:\n  - src.out -> tx.in\n  - tx.out -> leak.in\n  - leak.out -> link.in\n"
                         "  - link.out -> rx.in\n  - rx.credit -> link.credit_in\n  - link.credit_out -> tx.credit_in\n"
                         "run: " << run << "\n";
}

std::string accounting_violation(const pf::RunResult& r) {
  for (const std::string& v : r.first_violations)
    if (v.rfind("accounting", 0) == 0) return v;
  return "";
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_flit_that_vanishes_is_an_accounting_violation_in_both_views) {
  const std::string file = "accounting_test_leak.yaml";
  write_leaky_loop(file, "leaky_wire", 2, 1, "{ cycles: 100 }");
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

namespace {

// The same leak in a wire that says it is idle whenever nothing passes (it holds nothing),
// so the TL view crosses the idle stretches between flits without a step.
class IdleLeakyWire : public LeakyWire {
 public:
  creditflow::core::Cycle next_busy(creditflow::core::Cycle) const { return never_busy; }
};

std::string figures_but_view(const pf::Platform& p, const pf::RunResult& r) {
  auto doc = nlohmann::json::parse(pf::run_json(p, r));
  doc.erase("view");
  return doc.dump(1);
}

}  // namespace

BOOST_AUTO_TEST_CASE(violations_in_idle_stretches_the_tl_view_skips_are_counted_a_cycle_each) {
  const std::string file = "accounting_test_idle_leak.yaml";
  write_leaky_loop(file, "idle_leaky_wire", 20, 3, "{ cycles: 1000, warmup: 0 }");
  pf::Registry registry = pf::builtin_registry();
  registry.add(pf::defined_by<IdleLeakyWire>(
      {"idle_leaky_wire", "loses its 10th flit", {}, {}, pf::LoopRole::pipe, {{"in", "out"}}, {}},
      [](const pf::ComponentConfig&) { return IdleLeakyWire(); }));
  const pf::Platform p = pf::resolve(pf::load_netlist(file), registry);
  const pf::RunResult tl = pf::simulate_tl(p);
  // A flit every 20 cycles spends 6 of them in the loop (sent, 3 stages, one in the buffer,
  // the credit's 3 stages back overlapping the next idle ones): most cycles are crossed.
  BOOST_TEST(tl.idle_cycles_skipped > 500u);
  // The 10th flit is sent in cycle 180 and lost at the edge closing it: from cycle 181 to
  // the run's closing observation at 1000, every cycle is a violation, skipped or not.
  BOOST_TEST(tl.accounting_violations == 820u);
  BOOST_TEST(tl.links.at(0).conservation_violations == 820u);  // its credit never comes back
  const auto cycle = pf::run_isolated([&] { return figures_but_view(p, pf::simulate(p, registry)); });
  BOOST_REQUIRE_MESSAGE(cycle.ok, cycle.error);
  BOOST_TEST(figures_but_view(p, tl) == cycle.output);
  std::remove(file.c_str());
}

namespace {

// A receiver that announces its arrivals but not its pops (census_version), so accounting
// keeps counting a flit as held here after it was delivered: the sums still balance, and
// only the check of every such part every 1024 cycles sees the count change unannounced.
class StaleReceiver : public kinds::CreditReceiverKind<> {
 public:
  using CreditReceiverKind::CreditReceiverKind;
  std::uint64_t census_version() const { return core().arrived(); }
  creditflow::core::CensusLog* census_log() { return nullptr; }  // counted again at each version
};

// A receiver whose log of changes (core/census.hpp CensusLog) takes its pops for no change
// at all, one entry each so that its version agrees: as above, its delivered flit stays
// counted as held here, the sums balance, and the full count every 1024 cycles names it.
class MislogReceiver : public kinds::CreditReceiverKind<> {
 public:
  using CreditReceiverKind::CreditReceiverKind;
  void edge(int domain, Io& io) {
    const bool popping = core().will_pop();
    const std::uint32_t popped_source = popping ? core().head().source : 0;
    CreditReceiverKind::edge(domain, io);
    if (popping) log_.add(popped_source, 0);
    if (io[in]->valid) log_.add(io[in]->flit.source, 1);
  }
  creditflow::core::CensusLog* census_log() { return &log_; }

 private:
  creditflow::core::CensusLog log_;
};

}  // namespace

namespace {

// One flit from `src` to `rx`, a receiver of kind `kind` (K), beside a second source so that
// accounting is by source: the first violation, in each view.
template <class K>
void one_flit_into(const std::string& kind, const std::string& expected) {
  pf::Registry registry = pf::builtin_registry();
  pf::KindSpec stale = *registry.find("credit_receiver");
  stale.name = kind;
  registry.add(pf::defined_by<K>(stale, [](const pf::ComponentConfig& c) {
    creditflow::core::ReceiverParams params;
    params.depth = 8;
    return K(params, c.seed(), c.name());
  }));
  const std::string file = "accounting_test_" + kind + ".yaml";
  write_leaky_loop(file, "flit_fault", 5000, 1, "{ cycles: 3000 }");  // one flit, at cycle 0
  {
    std::ifstream in(file);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    text.replace(text.find("kind: credit_receiver"), 21, "kind: " + kind);
    // A second source, so that accounting is by source (with one, a few counts a part are
    // summed every cycle and no part is counted by version).
    text.replace(text.find("connections:"), 12,
                 "  src2: { kind: traffic_source, pattern: periodic, every: 5000 }\n"
                 "  sink2: { kind: ready_valid_sink }\n"
                 "connections:\n  - src2.out -> sink2.in");
    std::ofstream(file) << text;
  }
  const pf::Platform p = pf::resolve(pf::load_netlist(file), registry);
  const pf::RunResult tl = pf::simulate_tl(p);
  BOOST_TEST(accounting_violation(tl) == expected);
  BOOST_TEST(tl.accounting_violations == 1u);  // recounted then, it balances again
  const auto cycle = pf::run_isolated([&] { return accounting_violation(pf::simulate(p, registry)); });
  BOOST_REQUIRE_MESSAGE(cycle.ok, cycle.error);
  BOOST_TEST(cycle.output == expected);
  std::remove(file.c_str());
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_part_whose_count_changes_unannounced_is_named_at_the_next_full_count) {
  one_flit_into<StaleReceiver>("stale_receiver",
                               "accounting at cycle 1024: rx (stale_receiver) counted other flits with the same census "
                               "version: its count changed unannounced");
}

BOOST_AUTO_TEST_CASE(a_part_whose_logged_changes_are_not_its_counts_is_named_at_the_next_full_count) {
  one_flit_into<MislogReceiver>("mislog_receiver",
                                "accounting at cycle 1024: rx (mislog_receiver) holds and delivered other flits than "
                                "its logged changes say");
}

namespace {

// A credit receiver that notes the longest its log of changes grew, just after its edges
// (accounting takes the changes after the cycle's edges).
std::size_t longest_log = 0;
class LogWatchingReceiver : public kinds::CreditReceiverKind<> {
 public:
  using CreditReceiverKind::CreditReceiverKind;
  void edge(int domain, Io& io) {
    CreditReceiverKind::edge(domain, io);
    longest_log = std::max(longest_log, census_log()->changes().size());
  }
};

// The leaky wire saying it does not count what it holds: the platform's accounting is off.
class UncountedWire : public LeakyWire {
 public:
  static constexpr bool counts_flits = false;
};

// The longest the receiver's log grew on the leaky loop with `wire` on the way and a
// second source beside it (accounting by source), and the run's accounting.
std::pair<std::size_t, std::string> longest_log_with(const std::string& wire) {
  pf::Registry registry = pf::builtin_registry();
  pf::KindSpec watching = *registry.find("credit_receiver");
  watching.name = "log_watching_receiver";
  registry.add(pf::defined_by<LogWatchingReceiver>(watching, [](const pf::ComponentConfig& c) {
    creditflow::core::ReceiverParams params;
    params.depth = 8;
    return LogWatchingReceiver(params, c.seed(), c.name());
  }));
  registry.add(
      pf::defined_by<UncountedWire>({"uncounted_wire", "a wire", {}, {}, pf::LoopRole::pipe, {{"in", "out"}}, {}},
                                    [](const pf::ComponentConfig&) { return UncountedWire(); }));
  const std::string file = "accounting_test_log_" + wire + ".yaml";
  write_leaky_loop(file, wire, 2, 1, "{ cycles: 3000 }");
  {
    std::ifstream in(file);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    text.replace(text.find("kind: credit_receiver"), 21, "kind: log_watching_receiver");
    text.replace(text.find("connections:"), 12,
                 "  src2: { kind: traffic_source, pattern: periodic, every: 5000 }\n"
                 "  sink2: { kind: ready_valid_sink }\n"
                 "connections:\n  - src2.out -> sink2.in");
    std::ofstream(file) << text;
  }
  longest_log = 0;
  const pf::RunResult tl = pf::simulate_tl(pf::resolve(pf::load_netlist(file), registry));
  std::remove(file.c_str());
  return {longest_log, tl.accounting};
}

}  // namespace

// A flit every 2 cycles: the receiver's arrivals and pops are logged and taken every
// cycle, a few at a time; with accounting off nothing takes them, so none is kept.
BOOST_AUTO_TEST_CASE(a_receivers_log_of_changes_is_taken_every_cycle_and_kept_only_while_accounting_is_on) {
  const auto [on_longest, on] = longest_log_with("flit_fault");
  BOOST_TEST(on == "checked every cycle");
  BOOST_TEST(on_longest >= 1u);
  BOOST_TEST(on_longest <= 2u);  // an arrival and a pop in a cycle, no more
  const auto [off_longest, off] = longest_log_with("uncounted_wire");
  BOOST_TEST(off == "off: leak (uncounted_wire) does not count the flits it holds");
  BOOST_TEST(off_longest == 0u);
}
