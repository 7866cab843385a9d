// Everything measured on one credit loop over a run. Counts cover the measurement window
// [warmup, cycles); with no warm-up they are totals.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "creditflow/core/receiver_core.hpp"
#include "creditflow/core/wait_sizing.hpp"
#include "creditflow/core/types.hpp"

namespace creditflow::core {

// One traffic class of a multi-class link, over the measurement window.
struct ClassReport {
  std::string name;
  std::uint64_t sent = 0, delivered = 0, refused = 0;
  double throughput = 0.0, offered_rate = 0.0, drain_rate = 0.0;
  LatencyStats latency;      // creation to delivery (pop)
  LatencyStats credit_wait;  // ready (created) to sent
  // Multi-class links: each header credit's spend to spendable again, and the most
  // credits the class may hold under the pool policy (0 on a single-class link).
  LatencyStats round_trip;
  std::int64_t credit_limit = 0;
  // With data credits: the most its largest packet takes, and the most it may hold.
  std::int64_t largest_data = 0, data_limit = 0;
  std::uint64_t stall_cycles = 0;  // had a packet, not allowed by the pool
  std::string starved_by;          // the class holding most of the shared pool meanwhile
  std::uint64_t starved_cycles = 0;
};

struct LinkReport {
  std::string name;
  std::string kind = "credit";  // "credit": a credit loop; "ready_valid": a source into a sink
  std::string traffic_class;    // of the source feeding the link
  // On a path of loops (a hop buffer ending one and feeding the next, directly or through
  // a merge or a split): the links whose hop buffers feed this one's sender, and the links
  // this one's receiver feeds, with their throughput together.
  std::vector<std::string> fed_by, feeds;
  double feeds_throughput = 0.0;
  // Fed by a split (timing.md section 5), in the window: the cycles its head waited for this
  // link while another output was ready (this link blocking others), the cycles this link
  // was ready while the head waited for another (blocked), and the link that blocked it most.
  std::string split;
  std::uint64_t split_blocking = 0, split_blocked = 0;
  std::string split_blocked_by;
  // Fed by a merge: its policy and, per input (named by the part feeding it), the flits it
  // handed on, the cycles it offered one and was not taken, and its share of the output.
  struct MergeInput {
    std::string name;
    std::uint64_t transfers = 0, waits = 0;
    double share = 0.0;
  };
  std::string merge, merge_policy;
  std::vector<MergeInput> merge_inputs;
  // Feeding a merge through its hop buffer: the merge, its policy, the link it feeds and
  // that link's throughput, and this input's waits and share there.
  std::string merged_by, merged_policy, merged_onto;
  double merged_onto_throughput = 0.0, merged_share = 0.0;
  std::uint64_t merged_waits = 0;
  std::int64_t credits = 0;     // the loop's credits (0 on a ready/valid link)
  std::int64_t receiver_depth = 0;
  std::int64_t forward_latency = 0;
  std::int64_t credit_latency = 0;
  bool crosses_clocks = false;  // the round trip then follows clock phases, not a formula
  // A credit return through a one-credit-per-handshake crossing (toggle): its handshakes
  // over the run, the crossing's own cycles, and those in which a credit waited for one.
  std::uint64_t credit_handshakes = 0, handshake_cycles = 0, handshake_queued_cycles = 0;
  double period_ps = 0;         // the sender's clock period
  std::int64_t flit_bytes = 0;  // bytes a flit carries (the sender's width; 0: not given)
  // Across clocks: the receiver's period, which send->arrival and creation->pop count in
  // (rounded up from their picoseconds in latency.*_ps); 0 on one clock.
  double reader_period_ps = 0;
  Cycle cycles = 0;
  Cycle warmup = 0;
  double offered_rate = 1.0;  // flits per cycle the source offers in the long run
  bool random_traffic = false;  // the source's flits come at random (Bernoulli): size by waits
  // Sizing by waits: the fewest credits whose credit waits have this percentile (0..1] at
  // most this many cycles (the run's wait_percentile and accepted_wait).
  double wait_percentile = 0.99;
  std::uint64_t accepted_wait = 0;
  // Filled once by add_wait_sizing (diagnosis.hpp) when it applies: the depth for that
  // target and the waits' percentile there; empty otherwise.
  std::optional<WaitSizing> sized_by_waits;
  std::uint64_t source_beats = 0;  // the source's total, 0 when it never stops
  double drain_rate = 1.0;    // pops per sender cycle the receiver's schedule permits
  // The clock the drain counts in, when not the sender's (the report converts): 0 = same.
  double drain_period_ps = 0.0;
  // A loop out of a network: the interface it leaves from ("" for none).
  std::string network_interface;
  // A loop into a responder: its name, the answers it may have pending (queue_depth), its
  // latency, and the cycles of its own (in the window) it held requests with no room for
  // another answer.
  std::string responder;
  // A link whose source answers the link upstream (a responder): what it is, for the
  // diagnosis ("responder 'mem'"); "" for a hop buffer.
  std::string fed_through;
  std::int64_t answer_limit = 0, answer_latency = 0;
  std::uint64_t answer_full_cycles = 0;

  std::uint64_t sent = 0;        // beats that left the source (or sender)
  std::uint64_t delivered = 0;  // popped by the receiver
  std::uint64_t dropped = 0;    // by a lossy sink
  bool lossy = false;
  // The depth that would have kept every beat (a sink's shadow count); 0 when not known.
  std::int64_t depth_to_keep_all = 0;
  std::uint64_t source_held_cycles = 0;  // a beat offered and not ready
  double throughput = 0.0;      // sent / window cycles
  // Round trip by construction (Lf + Lr + 2 for one pipelined hop); 0 when the topology
  // gives none. A drain that pops only on some cycles can make every measured trip longer.
  std::uint64_t loop_rtt = 0;
  std::uint64_t measured_rtt = 0;  // shortest spend-to-spendable-again time seen
  double mean_rtt = 0.0;
  std::uint64_t max_rtt = 0;       // the worst: what a crossing's uncertainty costs
  // The worst round trip of a credit whose flit met no queue at the receiver, and how many
  // such round trips were seen: the loop's own, whatever queue its depth let build.
  std::uint64_t unqueued_max_rtt = 0;
  std::uint64_t unqueued_rtts = 0;
  std::int64_t credits_missing = 0;  // credits lost (negative: duplicated) by the end
  std::uint64_t credit_stall_cycles = 0;
  std::uint64_t stall_receiver_empty = 0;
  std::uint64_t stall_receiver_busy = 0;
  std::int64_t peak_occupancy = 0;
  std::uint64_t conservation_violations = 0;
  std::uint64_t deadlock_cycle = 0;  // the cycle the watchdog stopped the run (0: it did not)
  // The longest wait of a link starved by an arbiter that served others (0: never), and
  // the cycle it began at.
  std::uint64_t starved_cycles = 0, starved_since = 0;
  // Work pending (a flit offered or held) and nothing moved from `still_since` to the end:
  // `still_cycles` cycles (0: it moved, or had nothing to do, at the end); and the watchdog
  // that would have called it a deadlock (0: off).
  std::uint64_t still_since = 0, still_cycles = 0, watchdog = 0;
  std::uint64_t corrupted_flits = 0;  // arrived with a payload that does not echo their id
  std::string first_corruption;
  std::uint64_t faults_injected = 0;  // by fault kinds on the link (credit_fault, flit_fault)
  std::uint64_t source_refused = 0;  // flits the source could not queue
  // Flits queued at the source at the window's end minus at its start, and how far its own
  // arrivals' spread may carry that (a growth above it: the source falls behind).
  std::int64_t source_backlog_growth = 0;
  double source_backlog_noise = 0;
  FlitLatency latency;
  std::string pool_policy;           // multi-class links: how the buffer is divided
  std::vector<ClassReport> classes;  // multi-class links, in the order of their classes
};

}  // namespace creditflow::core
