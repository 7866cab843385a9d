// A kind defined once: its ports, its behaviour on their values, its share of a credit
// loop and its figures. Both views are generic shells around such a definition
// (cycle/shell.hpp, platform/tl_shell.hpp), so they cannot drift apart.
//
// A definition B derives from Behaviour<T> (T: the payload) and provides:
//   static constexpr std::array<Port, N> ports;    its port table (kinds/port.hpp)
//   void edge(int domain, Io& io);     the rising edge of its clock (domain 0) or of its
//                                      clock-typed parameter's (1) closing a cycle: read
//                                      inputs, advance the cores; write no output
//   void drive(Io& io);                write the outputs for the cycle now starting, from
//                                      its state and from the inputs it names in
//                                      combinational_inputs()
// and, where it has them, overrides the defaults below. Everything is plain C++: no
// SystemC, so a definition is unit-tested without the kernel.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "creditflow/core/census.hpp"
#include "creditflow/core/flow_stats.hpp"
#include "creditflow/core/link_report.hpp"
#include "creditflow/core/loop_state.hpp"
#include "creditflow/core/steady_state.hpp"
#include "creditflow/core/vc_terms.hpp"
#include "creditflow/core/waits.hpp"
#include "creditflow/kinds/port.hpp"

namespace creditflow::kinds {

template <class T>
class Behaviour {
 public:
  using Payload = T;
  // The kind's clocks: its own, and one named by a clock-typed parameter (a crossing).
  static constexpr int domains = 1;
  // The typed module's clock port per domain.
  static constexpr std::array<const char*, 1> clocks{"clk"};
  // Whether the kind holds part of a credit loop (its terms are summed by the monitor).
  static constexpr bool holds_credits = true;
  // Whether it takes part in several loops, each by its own ports (a router: one per input
  // and one per output). Then its terms and figures are per loop end, named by the end's
  // flit port: add_terms(port, state, io) and add_figures(port, report).
  static constexpr bool several_loops = false;

  // The ports whose valid, ready or credit add_terms() reads (indices into the table).
  static constexpr std::array<std::size_t, 0> ports_in_terms{};
  // The input ports (indices into the port table) that drive() reads.
  std::vector<std::size_t> combinational_inputs() const { return {}; }
  // The ports whose outputs follow those inputs (by default every port's, or where the
  // paths below lead); the others are registered.
  std::vector<std::size_t> combinational_outputs() const { return {}; }
  // Where each combinational input leads, when not to every output: (input, output) pairs.
  std::vector<std::pair<std::size_t, std::size_t>> combinational_paths() const { return {}; }
  // The period of a domain's clock in ps, where a platform knows it (0 by hand).
  void set_period(int /*domain*/, double /*period_ps*/) {}

  // Figures: what it holds of its loop now (add_terms(state, io), which may read the valid,
  // ready and credit of the ports it lists in ports_in_terms, not their flits), and what it
  // measured
  // (add_figures(report)); trace(visit) names its state for a VCD: visit(value, "credits").
  template <class IoT>
  void add_terms(core::LoopState&, const IoT&) const {}
  void add_figures(core::LinkReport&) const {}
  // Per-flow figures (timing.md section 5): what it created for each destination, or popped from
  // each source as a final receiver (core/flow_stats.hpp).
  void add_flows(core::FlowTable&) const {}
  // End-to-end accounting (core/census.hpp): whether it tells every flit it creates, holds,
  // delivers or drops (a platform checks the sums only when every part does), and its share.
  static constexpr bool counts_flits = false;
  // Whether it can hold, create, deliver or drop a flit at all (a sender, a merge, a split,
  // a wire: not), so that accounting need not ask it.
  static constexpr bool holds_flits = true;
  void count(core::Census&) const {}
  // Whether it tells where within it it holds each flit (count_places, a router's input
  // VCs and outputs); without, the ledger names the part.
  static constexpr bool counts_places = false;
  // When what count() gives may have changed (core/census.hpp FlitCounter::census_version).
  std::uint64_t census_version() const { return core::FlitCounter::kEveryCycle; }
  // Its log of census changes, where it keeps one (core/census.hpp FlitCounter::census_log).
  core::CensusLog* census_log() { return nullptr; }
  template <class Visit>
  void trace(Visit&&) const {}
  // In a deadlock (core/waits.hpp): what it holds that cannot move, and what it waits for.
  void add_waits(core::Waits&) const {}
  // A channel between routers passing it at port `port` (an index into its table): its
  // share of that channel's per-VC conservation (core/vc_terms.hpp).
  void add_vc_terms(std::size_t /*port*/, core::VcTerms&) const {}
  // The counters its moves keep of that share, where it keeps them (core/vc_terms.hpp VcCells).
  bool vc_cells(std::size_t /*port*/, int /*vc*/, core::VcCells&) const { return false; }
  // A router's waits at port `port` over the run, per VC (core/hop_waits.hpp).
  void add_hop_waits(std::size_t /*port*/, core::HopWaits&) const {}
  // A router's outputs toward a destination (core/vc_terms.hpp VcChannelPart).
  std::vector<std::string> outputs_toward(const std::string& /*input*/, std::uint32_t /*destination*/) const {
    return {};
  }

  // Idle stretches (the TL view, on one clock): the first cycle after t in which its state
  // or outputs may change other than by what it holds moving down its stages, while it
  // holds no flit waiting and none reaches it; t + 1 (the default) where it cannot say,
  // which keeps the platform stepping every cycle. never_busy where only its inputs can
  // change it. When every part agrees on a later cycle, each is moved to its start by
  // skip_to(cycle), and the cycles between are observed as one idle stretch.
  static constexpr core::Cycle never_busy = UINT64_MAX;
  core::Cycle next_busy(core::Cycle t) const { return t + 1; }
  void skip_to(core::Cycle) {}
  // Sleeping (the TL view, any clocks): a kind that sets it promises that whenever its
  // next_busy(t) is later than t + 1 it holds no flit waiting, its outputs are quiet (no
  // flit valid, no credit; a ready it drives stays as it is) and only a flit or a credit on
  // one of its inputs, or that cycle coming, can change it. The engine then neither steps
  // nor drives it until one does, and moves it across the cycles it slept by skip_to. Not
  // for a kind with combinational inputs; only on a platform that cannot jump (a steady
  // state's jumps step every part). Accounting skips it asleep unless counted_asleep (its
  // count is more than flits held: a source's created, a receiver's delivered).
  static constexpr bool sleeps = false;
  static constexpr bool counted_asleep = false;
  // The outputs its last drive made carry something (a flit valid, a credit, VCs credited),
  // as bits by port index: the TL view looks only at those for what wakes a sleeping part
  // and which channel between routers to check. Every port (the default) where it cannot say.
  PortMask carrying() const { return kEveryPort; }
  // Steady-state jumps (core/steady_state_jumps.hpp): the period in cycles after which its
  // state repeats (nullopt: it cannot jump), its Shape, and `periods` more periods added to
  // its counters from `earlier`, a copy of it taken a period before.
  std::optional<core::Cycle> cycle_length() const { return std::nullopt; }
  core::Cycle next_stall_edge(core::Cycle) const { return UINT64_MAX; }
  void add_shape(core::Shape&) const {}
  template <class Self>
  void repeat(const Self& /*earlier*/, core::Cycle /*periods*/, core::Cycle /*period*/) {}
};

}  // namespace creditflow::kinds
