// What the transaction-level view needs of a component: the same kernel-free cores as its
// cycle module, driven by a scheduler instead of SystemC processes. Connections are plain
// Wires holding what they carry during the current cycle; at each rising edge of its
// clocks a part advances its cores from its inputs (edge), then writes its outputs for the
// next cycle from its state and, where the cycle module is combinational, from its
// inputs (drive). Every kind defined once (kinds/behaviour.hpp) runs here through
// TlShell (tl_shell.hpp); a kind of one's own may also implement this and set
// KindSpec::tl_factory.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "creditflow/core/class_credits.hpp"
#include "creditflow/core/flit.hpp"
#include "creditflow/core/flow_stats.hpp"
#include "creditflow/core/link_report.hpp"
#include "creditflow/core/waits.hpp"
#include "creditflow/core/steady_state.hpp"
#include "creditflow/core/vc_terms.hpp"
#include "creditflow/kinds/port.hpp"
#include "creditflow/monitor/loop_participant.hpp"

namespace creditflow::platform {

// One connection's values in the current cycle (kinds/port.hpp).
using Wire = kinds::BasicWire<core::Flit>;

class TlPart : public core::FlitCounter, public core::VcChannelPart {  // accounting asks it as these
 public:
  virtual ~TlPart() = default;
  // Called once per connected port with the connection's wire.
  virtual void bind(const std::string& port, Wire& wire) = 0;
  // The periods of the part's clocks, in ps: domain 0 is `clock`, domain 1 its
  // clock-typed parameter (a crossing's other side).
  virtual void set_period(int /*domain*/, double /*period_ps*/) {}
  // The input ports drive() reads: the scheduler drives their sources first.
  virtual std::vector<std::string> combinational_inputs() const { return {}; }
  // Where each combinational input leads, when it does not lead to every output: (input,
  // output) pairs, e.g. a link whose two directions are both wires. The scheduler may
  // then drive the part once per pair (drive() must only depend on state and inputs),
  // so that two independent wires through one part do not make a loop.
  virtual std::vector<std::pair<std::string, std::string>> combinational_paths() const { return {}; }
  // The rising edge of `domain` closing its current cycle: read inputs, advance the cores.
  // Must not write any wire, so that parts clocked by one edge all see the values before it.
  virtual void edge(int domain) = 0;
  // Writes the outputs for the cycle now starting.
  virtual void drive() = 0;
  // The outputs that drive made carry something, as bits by port_number (every one where
  // it cannot say: kinds/behaviour.hpp carrying).
  virtual kinds::PortMask carrying() const { return kinds::kEveryPort; }
  virtual const monitor::LoopParticipant* participant() const { return nullptr; }
  virtual void contribute(core::LinkReport&) const {}
  // Its share of the per-flow figures (kinds/behaviour.hpp add_flows).
  virtual void add_flows(core::FlowTable&) const {}
  // In a deadlock: what it holds that cannot move, and what it waits for (core/waits.hpp).
  virtual void add_waits(core::Waits&) const {}
  // The same for the loop that ends at its port `end` ("" for a pipe of the loop), for a
  // kind in several loops (platform/component.hpp).
  virtual const monitor::LoopParticipant* participant_at(const std::string& /*end*/) const { return participant(); }
  virtual void contribute_at(const std::string& /*end*/, core::LinkReport& r) const { contribute(r); }

  // Idle stretches, on a platform of one clock (kinds/behaviour.hpp next_busy): the first
  // cycle after t in which the part may change, t + 1 (the default: step every cycle) where
  // it cannot say; and the move to the start of cycle t across such cycles.
  virtual core::Cycle next_busy(core::Cycle t) const { return t + 1; }
  virtual void skip_to(core::Cycle /*t*/) {}
  // Whether it may sleep while idle, and whether accounting counts it then
  // (kinds/behaviour.hpp sleeps, counted_asleep).
  virtual bool sleeps() const { return false; }
  virtual bool counted_asleep() const { return false; }

  // Steady-state jumps (core/steady_state_jumps.hpp), on a platform of one clock whose
  // parts all take part: the part's state repeats every cycle_length() cycles of its own
  // schedules (nullopt, the default: it cannot jump, so the platform steps every cycle);
  // its Shape; a copy to compare with later; and `periods` more periods of `period`
  // cycles added to its counters, times and flit ids, counted from `earlier`, its clone.
  virtual std::optional<core::Cycle> cycle_length() const { return std::nullopt; }
  virtual core::Cycle next_stall_edge(core::Cycle) const { return UINT64_MAX; }
  virtual void add_shape(core::Shape&) const {}
  virtual std::unique_ptr<TlPart> clone() const { return nullptr; }
  virtual void repeat(const TlPart& /*earlier*/, core::Cycle /*periods*/, core::Cycle /*period*/) {}
};

}  // namespace creditflow::platform
