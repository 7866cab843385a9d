// Plain-words diagnosis of a credit loop: what limits it and what would fix it.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "creditflow/core/link_report.hpp"
#include "creditflow/core/wait_sizing.hpp"

namespace creditflow::core {

// Credits (buffer slots) needed to sustain `rate` flits per cycle over a round trip of
// `rtt` cycles: ceil(rate x rtt), at least 1.
std::int64_t credits_for_rate(double rate, std::uint64_t rtt);
// Whether the link's arrivals are random and its load, times the round trip, is a whole
// number of credits: then depth_needed adds one, since a queue fed at random at exactly
// the rate its credits carry grows without end.
bool random_slack(const LinkReport& r);

// The throughput a loop of B credits and round trip RTT can sustain with a receiver that
// drains at `drain_rate`: min(1, drain_rate, B / RTT).
double loop_bound(std::int64_t credits, std::uint64_t rtt, double drain_rate);

// The round trip to size a link by: its structural one where the topology fixes it, else
// the worst measured of a flit that met no queue at the receiver (a crossing's phases vary
// it; the queue is not the loop's, and grows with the depth), or, when the drain limits
// the link or no flit met an empty receiver, the shortest measured.
std::uint64_t sizing_rtt(const LinkReport& report);

// Sizes a link with random traffic by its credit waits (wait_sizing.hpp) into
// report.sized_by_waits, when that is exact: a single-clock loop of known round trip whose
// every flit is listed, and whose replay at its own credits gives back the measured waits,
// wait for wait. Whoever builds a report calls it once, after every figure is in; the
// listed flits are then released.
void add_wait_sizing(LinkReport& report);

// Depth for the link: for random traffic sized by waits (sized_by_waits), the fewest credits
// whose credit waits meet the run's percentile target, and at least what carries the rate;
// otherwise what carries its target rate (its offered load, at most its drain) over
// sizing_rtt: ceil(rate x RTT), timing.md section 3's rule. 0 when nothing was measured.
std::int64_t depth_needed(const LinkReport& report);
// Which rule depth_needed used, in words: "rate x round trip" or "p99 credit wait <= 0".
std::string depth_rule(const LinkReport& report);

// How far a throughput measured over `window` cycles may stray below `rate` by chance: one
// flit, and for random traffic 3 standard deviations of a Bernoulli count at that rate.
double measurement_stray(double rate, double window, bool random);

// Whether the link carried what its source offered, within measurement_stray.
bool carries_offered_load(const LinkReport& report);

// One sentence per class of a multi-class link that can never send its largest packet
// (it takes more data credits than the pool ever lets the class hold): a run's problem.
std::vector<std::string> never_sent(const LinkReport& report);

// Sentences saying what limits the link, e.g. "link 'l0' runs at 0.400 of full rate: its
// 4 credits cover 4 of the 10-cycle round trip; it needs B >= 10 for full rate ...".
std::vector<std::string> diagnose(const LinkReport& report);

}  // namespace creditflow::core
