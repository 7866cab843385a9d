// Elaborates a resolved platform in this process and runs it: clocks, components from
// their kinds' factories, one channel per connection, one monitor per clock domain.
// SystemC elaborates once per process: a sweep runs each point in its own child.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "creditflow/core/link_report.hpp"
#include "creditflow/core/flow_stats.hpp"
#include "creditflow/platform/network_run.hpp"
#include "creditflow/platform/platform.hpp"

namespace creditflow::platform {

// One flow's figures (timing.md section 5), named: source -> destination ("" where the source
// names none and its flits reached several receivers).
struct FlowReport {
  std::string source, destination;
  std::string traffic_class;  // its source's `class`, where it has one
  std::string link;           // the link that ends at its destination
  core::FlowFigures figures;
  double throughput = 0.0;  // delivered in the measurement window, per cycle of the run's first clock
  // What its source offers it, per cycle of the run's first clock: its pattern's rate times
  // the share it sends here, or, for a responder, the requests that reached it from those
  // it answers here. Not known for a source of neither kind (a trace, a user's kind).
  std::optional<double> offered;
  // How far short of `offered` its throughput may fall by chance over the window (with it).
  std::optional<double> offered_noise;
};

// One source's ledger at the end of a run (timing.md section 5's accounting): created =
// delivered + in flight + dropped; refused flits were never created.
struct SourceLedger {
  std::string name;
  std::uint64_t created = 0, refused = 0, delivered = 0, dropped = 0;
  std::vector<std::pair<std::string, std::uint64_t>> in_flight;  // by holder
};

struct RunResult {
  RunSettings run;
  std::string view = "cycle";                 // which view ran: "cycle" or "tl"
  std::uint64_t jumps = 0;                    // tl: steady-state jumps taken (not in the figures)
  std::uint64_t idle_cycles_skipped = 0;      // tl: cycles crossed as idle stretches (not in the figures)
  std::uint64_t part_cycles_asleep = 0;       // tl: cycles parts slept, summed (run/sleeping_parts.hpp)
  std::uint64_t loop_cycles_parked = 0;       // tl: cycles loops were parked (all parts asleep), summed
  std::vector<core::LinkReport> links;        // in the order the loops were found
  std::vector<FlowReport> flows;              // by source, then destination
  std::vector<SourceLedger> sources;          // by source (when accounting is on)
  std::string accounting;                     // "checked every cycle", or "off: why"
  std::uint64_t accounting_violations = 0;    // cycles whose sums did not hold
  std::size_t vc_channels = 0;                // channels between routers, checked per VC every cycle
  std::uint64_t vc_channel_violations = 0;    // cycles a channel's per-VC sum did not hold
  std::vector<std::string> first_violations;  // per loop with any conservation violation
  std::vector<std::string> corruptions;       // per link with corrupted payloads: the first
  std::vector<std::string> deadlocks;         // per deadlocked loop: every holder's state, a line each
  std::vector<std::string> starvations;       // per link starved at a merge: who had the grants, how long
  // Per flow across routers short of its offer, the hop that holds it: (its source, the line).
  std::vector<std::pair<std::string, std::string>> flow_limits;
  std::string wait_cycle;                     // a deadlock's cycle of buffers: "hop1 (2 of 2) -> ... -> hop1"
  std::vector<NetworkReport> networks;        // networks of routers (timing.md section 6)
  std::string explanation;                    // --explain: the packet's journey in words
};

// Runs every network of a platform of networks (has_networks) in `view`: "cycle" steps
// each from a SystemC process on its clock, "tl" in a loop; the figures are the same.
RunResult simulate_networks(const Platform& platform, const std::string& view, const std::string& vcd_file = "",
                            std::uint64_t vcd_limit = 0);

// Conservation violations are counted (and the first kept) rather than thrown, so a run
// always completes with every count; protocol errors still stop it with an exception.
// A VCD trace stops the run once its file passes `vcd_limit` bytes (creditflow::Error
// saying where; the trace up to there is kept).
inline constexpr std::uint64_t kDefaultVcdLimit = std::uint64_t{1} << 30;
RunResult simulate(const Platform& platform, const Registry& registry,
                   const std::string& vcd_file = "", std::uint64_t vcd_limit = kDefaultVcdLimit);

// The same run in the transaction-level view: every kind's TlPart, no SystemC kernel, the
// same figures. Throws creditflow::Error if a component's kind has no TL view.
RunResult simulate_tl(const Platform& platform);

// "cycle" or "tl"; --vcd needs the cycle view. Throws ParameterError naming `option`.
RunResult simulate_view(const Platform& platform, const Registry& registry, const std::string& view,
                        const std::string& vcd_file = "", const std::string& option = "--view",
                        std::uint64_t vcd_limit = kDefaultVcdLimit);

}  // namespace creditflow::platform
