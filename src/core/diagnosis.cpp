#include "creditflow/core/diagnosis.hpp"
#include "creditflow/core/figure_text.hpp"
#include "creditflow/core/sizing.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace creditflow::core {

namespace {
std::string fixed3(double v) { return fixed(v, 3); }

std::string window_of(const LinkReport& r) { return std::to_string(r.cycles - r.warmup); }

// "link 'a'", "links 'a' and 'b'", "links 'a', 'b' and 'c'".
std::string names(const std::string& word, const std::vector<std::string>& list) {
  std::string s = word + (list.size() == 1 ? " " : "s ");
  for (std::size_t i = 0; i < list.size(); ++i)
    s += (i == 0 ? "" : i + 1 == list.size() ? " and " : ", ") + ("'" + list[i] + "'");
  return s;
}
}  // namespace

std::int64_t credits_for_rate(double rate, std::uint64_t rtt) {
  // The epsilon keeps 0.8 x 10 = 8.000000000000002 from becoming 9.
  const double need = std::ceil(rate * static_cast<double>(rtt) - 1e-9);
  return std::max<std::int64_t>(1, static_cast<std::int64_t>(need));
}

double loop_bound(std::int64_t credits, std::uint64_t rtt, double drain_rate) {
  const double by_credits =
      rtt ? static_cast<double>(credits) / static_cast<double>(rtt) : 1.0;
  return std::min({1.0, drain_rate, by_credits});
}

namespace {
// The round trip to size a link by, and its words in a sentence, from one choice of rule.
struct SizingRoundTrip {
  std::uint64_t cycles;
  const char* words;  // after the figure: "-cycle round trip"
};

SizingRoundTrip sizing_round_trip(const LinkReport& r) {
  if (r.loop_rtt) return {r.loop_rtt, "-cycle round trip"};
  // Every round trip alike: no rule to name.
  const auto measured = [&](std::uint64_t cycles, const char* words) {
    return SizingRoundTrip{cycles, r.measured_rtt == r.max_rtt ? "-cycle measured round trip" : words};
  };
  // The worst round trip of a flit that met no queue: the worst of all includes the queue
  // the receiver let build, which a deeper buffer lets grow (sized from it, the advice
  // would follow the depth the run started from). No such flit: the receiver always held
  // others, so the shortest round trip is the loop's.
  const bool drain_limited = r.drain_rate < r.offered_rate;
  if (drain_limited) return measured(r.measured_rtt, "-cycle shortest measured round trip");
  if (r.unqueued_rtts > 0)
    return measured(r.unqueued_max_rtt, "-cycle worst round trip of a flit that met no queue at the receiver");
  // A loop across clocks where every flit met a queue: the shortest is the loop's. One
  // whose parts did not say they cross clocks (not timed flit by flit): the worst of all.
  if (r.crosses_clocks) return measured(r.measured_rtt, "-cycle shortest measured round trip");
  return measured(std::max(r.max_rtt, r.measured_rtt), "-cycle worst measured round trip");
}
}  // namespace

std::uint64_t sizing_rtt(const LinkReport& r) { return sizing_round_trip(r).cycles; }

void add_wait_sizing(LinkReport& r) {
  CreationTimes& flits = r.latency.creations;
  const bool applies = r.kind == "credit" && r.random_traffic && r.loop_rtt != 0 && !r.crosses_clocks &&
                       flits.complete && flits.cycles.size() > flits.window_from && r.classes.empty() &&
                       // else the drain stretches round trips: the replay is not this loop
                       replay_credit_waits(flits, r.loop_rtt, r.credits).histogram() ==
                           r.latency.creation_to_send.histogram();
  r.sized_by_waits.reset();
  if (applies) r.sized_by_waits = depth_for_waits(flits, r.loop_rtt, r.wait_percentile, r.accepted_wait);
  flits = CreationTimes{};  // sized: the list has served
}

bool random_slack(const LinkReport& r) {
  // Random arrivals at exactly the rate the credits carry queue without bound: a load
  // below a flit a cycle that is not replayed (sized_by_waits) needs a credit of slack.
  const std::uint64_t rtt = sizing_rtt(r);
  const double rate = std::min({1.0, r.offered_rate, r.drain_rate});
  return r.kind == "credit" && rtt && r.random_traffic && !r.sized_by_waits && rate < 1.0 &&
         static_cast<double>(credits_for_rate(rate, rtt)) <= rate * static_cast<double>(rtt) + 1e-9;
}

std::int64_t depth_needed(const LinkReport& r) {
  if (r.kind != "credit") return 0;
  const std::uint64_t rtt = sizing_rtt(r);
  const double rate = std::min({1.0, r.offered_rate, r.drain_rate});
  std::int64_t by_rate = rtt ? credits_for_rate(rate, rtt) : 0;
  if (random_slack(r)) by_rate += 1;
  if (r.sized_by_waits) return std::max(by_rate, r.sized_by_waits->depth);
  return by_rate;
}

std::string depth_rule(const LinkReport& r) {
  if (r.kind != "credit") return "";
  if (!r.sized_by_waits) return "rate x round trip";
  char buf[96];
  std::snprintf(buf, sizeof buf, "p%g credit wait <= %llu", r.wait_percentile * 100.0,
                static_cast<unsigned long long>(r.accepted_wait));
  return buf;
}

double measurement_stray(double rate, double window, bool random) {
  const double p = std::min(1.0, rate);
  return 1.0 / window + (random ? 3.0 * std::sqrt(p * (1.0 - p) / window) : 0.0);
}

namespace {
// Whether `throughput` reaches `rate` over the link's window, within measurement_stray.
bool reaches(const LinkReport& r, double throughput, double rate, bool random) {
  const double window = static_cast<double>(r.cycles > r.warmup ? r.cycles - r.warmup : 0);
  if (window == 0) return false;
  return throughput >= std::min(1.0, rate) - measurement_stray(rate, window, random);
}
bool reaches(const LinkReport& r, double rate) { return reaches(r, r.throughput, rate, r.random_traffic); }
}  // namespace

bool carries_offered_load(const LinkReport& r) {
  return r.drain_rate >= r.offered_rate && reaches(r, r.offered_rate) &&
         (r.kind != "credit" || !r.random_traffic || r.sized_by_waits || r.credits >= depth_needed(r));
}

std::vector<std::string> never_sent(const LinkReport& r) {
  std::vector<std::string> out;
  for (const ClassReport& k : r.classes)
    if (k.data_limit > 0 && k.largest_data > k.data_limit)
      out.push_back("class '" + k.name + "' on link '" + r.name + "' can never send its largest packet: it takes " +
                    std::to_string(k.largest_data) + " data credits and the pool lets the class hold " +
                    std::to_string(k.data_limit) + "; " + std::to_string(k.sent) +
                    " packets sent; raise data_depth or the class's share, or shorten payload_bytes");
  return out;
}

namespace {

// ", up to N cycles for one packet", or, for a class that sent nothing in the window (so
// no packet's wait was measured), that it sent none.
std::string one_packets_wait(const ClassReport& k) {
  if (k.credit_wait.count() == 0) return " and sent no packet in the window";
  return ", up to " + std::to_string(k.credit_wait.max()) + " cycles for one packet";
}

// Sinks: what was dropped and what depth would have kept it, or why none would.
void diagnose_sink(const LinkReport& r, std::vector<std::string>& out) {
  const std::string link = "link '" + r.name + "'";
  const bool outpaced = r.source_beats == 0 && !consumer_keeps_up(r.offered_rate, r.drain_rate);
  if (r.dropped) {
    std::ostringstream s;
    s << link << " dropped " << r.dropped << " of " << r.sent << " beats at its lossy sink of depth "
      << r.receiver_depth << "; ";
    if (outpaced)
      s << "its consumer drains " << fixed3(r.drain_rate) << " per cycle against " << fixed3(r.offered_rate)
        << " offered, so no finite depth keeps them all: slow the source or speed the consumer";
    else if (r.depth_to_keep_all > 0)
      s << "a depth of " << r.depth_to_keep_all << " would have kept them all";
    else  // a sink that does not count the depth it would have needed (a user's kind)
      s << "its sink does not report the depth that would have kept them all";
    out.push_back(s.str());
  } else if (outpaced && r.kind == "ready_valid") {
    out.push_back(link + ": its consumer drains " + fixed3(r.drain_rate) + " per cycle against " +
                  fixed3(r.offered_rate) + " offered: no finite depth absorbs that; backpressure or "
                  "credits must slow the source");
  }
  if (r.kind == "ready_valid" && r.source_held_cycles)
    out.push_back(link + " held its source by backpressure in " + std::to_string(r.source_held_cycles) +
                  " of " + std::to_string(r.cycles - r.warmup) + " cycles (sink depth " +
                  std::to_string(r.receiver_depth) + ")");
  if (r.kind == "ready_valid" && !r.dropped && !r.source_held_cycles)
    out.push_back(link + " took every beat without holding or dropping one (peak occupancy " +
                  std::to_string(r.peak_occupancy) + " of " + std::to_string(r.receiver_depth) + ")");
}

}  // namespace

namespace {
std::vector<std::string> diagnose_loop(const LinkReport& r);
}  // namespace

std::vector<std::string> diagnose(const LinkReport& r) {
  std::vector<std::string> out = diagnose_loop(r);
  // Flits for this link at a split's head that kept the split's other outputs waiting.
  if (r.split_blocking > 0)
    out.push_back("at split '" + r.split + "', flits for link '" + r.name + "' waited at the head in " +
                  std::to_string(r.split_blocking) + " of " + std::to_string(r.cycles - r.warmup) +
                  " cycles while another output was ready, holding back the flits behind them (head-of-line "
                  "blocking: a buffer per destination would free them)");
  return out;
}

namespace {
std::vector<std::string> diagnose_loop(const LinkReport& r) {
  std::vector<std::string> out;
  const std::string link = "link '" + r.name + "'";
  if (r.kind == "ready_valid") {
    diagnose_sink(r, out);
    return out;
  }
  // A class whose largest packet needs more data credits than it may ever hold: it can
  // never send that packet, and waits behind it for good.
  for (std::string& line : never_sent(r)) out.push_back(std::move(line));
  // A class whose consumer takes less than it offers, and that gets what its consumer
  // takes: its consumer is its limit, whoever holds the pool meanwhile.
  // What a class sends in the window differs from what its consumer pops by the credits
  // out at the window's edges: up to all it may hold.
  const auto consumer_bound = [&](const ClassReport& k) {
    const double window = static_cast<double>(r.cycles > r.warmup ? r.cycles - r.warmup : 0);
    return k.drain_rate < k.offered_rate && window > 0 &&
           k.throughput >= std::min(1.0, k.drain_rate) - static_cast<double>(1 + k.credit_limit) / window;
  };
  // A class starved by another one holding the shared pool.
  for (const ClassReport& k : r.classes) {
    if (k.stall_cycles == 0 || k.starved_cycles * 2 < k.stall_cycles || k.largest_data > k.data_limit ||
        consumer_bound(k))
      continue;
    std::ostringstream s;
    s << "class '" << k.name << "' on " << link << " waited for credits in " << k.stall_cycles << " cycles"
      << one_packets_wait(k) << ": class '" << k.starved_by
      << "' held the shared pool in " << k.starved_cycles << " of them (" << r.pool_policy
      << "); reserve credits for '" << k.name << "' or split the pool";
    out.push_back(s.str());
  }
  // A class that waited with no other class to blame: its consumer, or its own credits
  // against its round trip (each credit is out for a round trip, so a class offering r
  // packets per cycle needs r x round trip of them).
  for (const ClassReport& k : r.classes) {
    if (k.stall_cycles == 0 || (k.starved_cycles * 2 >= k.stall_cycles && !consumer_bound(k)) ||
        k.round_trip.count() == 0 || k.largest_data > k.data_limit)
      continue;
    std::ostringstream s;
    s << "class '" << k.name << "' on " << link << " waited for credits in " << k.stall_cycles << " cycles"
      << one_packets_wait(k) << ": ";
    if (k.drain_rate < k.offered_rate) {
      s << "its consumer drains at most " << fixed3(k.drain_rate) << " per cycle against " << fixed3(k.offered_rate)
        << " offered, so its credits wait in the buffer; more credits would not help";
      if (k.starved_cycles * 2 >= k.stall_cycles)
        s << " (class '" << k.starved_by << "' held most of the shared pool in " << k.starved_cycles
          << " of those cycles, which cost it nothing: it gets the " << fixed3(k.throughput)
          << " per cycle its consumer takes)";
    } else {
      const std::int64_t need = credits_for_rate(k.offered_rate, k.round_trip.max());
      s << "its credits take up to " << k.round_trip.max() << " cycles to come back (round trip) at "
        << fixed3(k.offered_rate) << " packets per cycle offered, so it needs " << need << " credits; "
        << r.pool_policy << " lets it hold " << k.credit_limit;
      if (need > k.credit_limit)
        s << ": give it " << need;
      else
        s << ", enough alone: it waits on the other classes' share of the pool, or on data credits";
    }
    out.push_back(s.str());
  }
  if (!r.classes.empty()) {
    // A multi-class link: its figures are per class; a single loop's analysis does not apply.
    if (out.empty())
      out.push_back(link + " carried its " + std::to_string(r.classes.size()) +
                    " classes with none starved by another's hold on the shared credits (" + r.pool_policy + ")");
    return out;
  }
  if (r.conservation_violations) {
    // Round trips pair returns with spends: with a credit lost or doubled they no longer
    // pair, so no sizing follows from them.
    std::ostringstream s;
    s << link;
    if (r.credits_missing > 0)
      s << " lost " << r.credits_missing << " of its " << r.credits << " credits";
    else if (r.credits_missing < 0)
      s << " gained " << -r.credits_missing << " credits over its " << r.credits;
    else
      s << " lost or duplicated credits";
    s << " (conservation failed in " << r.conservation_violations << " cycles): its credit return is broken, its "
      << "throughput (" << fixed3(r.throughput) << ") decays as credits go, and its round trips cannot be trusted "
      << "for sizing";
    out.push_back(s.str());
    return out;
  }
  diagnose_sink(r, out);
  if (r.sent == 0) {
    // Still through the whole window with work pending, and not a deadlock the watchdog
    // stopped, nor a merge's input its merge served no grant (each said on its own).
    const std::uint64_t window = r.cycles > r.warmup ? r.cycles - r.warmup : 0;
    if (window > 0 && r.still_cycles >= window && r.deadlock_cycle == 0 && r.starved_cycles == 0 && r.merged_by.empty()) {
      out.push_back(link + " never moved after cycle " + std::to_string(r.still_since) +
                    ": nothing sent, popped or in flight for the last " + std::to_string(r.still_cycles) +
                    " cycles of the run, with work pending; " +
                    (r.watchdog == 0 ? std::string("the watchdog is off")
                                     : "the watchdog (" + std::to_string(r.watchdog) + " cycles) is longer than that") +
                    ", so the run did not judge whether it is deadlocked");
      return out;
    }
    std::string line = link + " sent nothing in the measurement window";
    if (!r.merged_by.empty() && r.merged_waits > 0)
      line += ": merge '" + r.merged_by + "' (" + r.merged_policy + ") granted its hop buffer's head nothing while it waited there in " +
              std::to_string(r.merged_waits) + " of " + window_of(r) + " cycles, giving link '" + r.merged_onto + "' to its other inputs";
    out.push_back(line);
    return out;
  }
  const std::uint64_t rtt = sizing_rtt(r);
  const std::string window = std::to_string(r.cycles - r.warmup);
  std::ostringstream s;
  if (r.source_beats != 0) {
    // A finite source: its beats, not the loop, set the throughput.
    s << link << " sent " << r.sent << " beats (its source makes " << r.source_beats << ")";
    if (r.credit_stall_cycles)
      s << " and waited for a credit in " << r.credit_stall_cycles << " cycles: " << r.stall_receiver_empty
        << " with the receiver empty (the loop is longer than its " << r.credits << " credits), "
        << r.stall_receiver_busy << " with the receiver holding flits (a slow or stalled consumer)";
    else
      s << " without waiting for a credit";
    out.push_back(s.str());
    return out;
  }
  const std::string stalls = std::to_string(r.stall_receiver_empty) + " with the receiver empty, " +
                             std::to_string(r.stall_receiver_busy) + " with it holding flits";
  if (r.credit_stall_cycles != 0 && carries_offered_load(r)) {
    // Its load gets through: the waits are how its flits queue for credits, not a limit.
    const LatencyStats& waits = r.latency.creation_to_send;
    s << link << " carries its offered load of " << fixed3(r.offered_rate) << " (" << fixed3(r.throughput)
      << " measured over " << window << " cycles)";
    s << "; its flits waited for a credit in " << r.credit_stall_cycles << " cycles (" << stalls << "), p"
      << r.wait_percentile * 100.0 << " " << waits.percentile(r.wait_percentile) << " cycles, max " << waits.max();
    if (r.sized_by_waits) {
      const std::int64_t need = depth_needed(r);
      s << ": for a p" << r.wait_percentile * 100.0 << " credit wait of at most " << r.accepted_wait << " cycles it ";
      if (need > r.credits)
        s << "needs B >= " << need << ", it has " << r.credits;
      else
        s << "has the " << need << " credits it needs" << (need < r.credits ? " (of its " + std::to_string(r.credits) + ")" : "");
      s << " (from a replay of its flits over the " << r.loop_rtt << "-cycle round trip, which gives back the "
        << "measured waits)";
    } else if (r.random_traffic && !r.fed_by.empty()) {
      s << "; its flits come from " << names("link", r.fed_by) << " upstream, whose own credits and arbitration time "
        << "them, so no depth is derived from these waits: sweep the depth to see them";
    } else if (r.random_traffic) {
      s << "; its round trips vary (the receiver's drain, or clocks), so no depth is derived from these waits: "
        << "sweep the depth to see them";
    }
    out.push_back(s.str());
    return out;
  }
  s << link << " runs at " << fixed3(r.throughput) << " of full rate";
  if (r.credit_stall_cycles == 0) {
    s << " and never waited for a credit";
    if (rtt) s << " (" << r.credits << " credits, " << rtt << "-cycle round trip)";
    if (r.split_blocked > 0 && !r.split_blocked_by.empty())
      s << "; it is held back by the consumer of link '" << r.split_blocked_by << "' through the shared buffer "
        << "before split '" << r.split << "', not by its own credits: in " << r.split_blocked << " of " << window
        << " cycles it was ready while the split's head waited for link '" << r.split_blocked_by
        << "' (head-of-line blocking)";
    else if (!r.fed_by.empty() && r.throughput < 1.0 - 1e-9)
      s << "; it is limited by what " << names("link", r.fed_by) << " upstream hand" << (r.fed_by.size() == 1 ? "s" : "")
        << " on through "
        << (!r.fed_through.empty() ? r.fed_through : r.fed_by.size() == 1 ? "its hop buffer" : "their hop buffers");
    else if (!r.network_interface.empty() && !reaches(r, r.offered_rate))
      s << "; it is limited by what the network delivers to " << r.network_interface << ": " << fixed3(r.throughput)
        << " of the " << fixed3(r.offered_rate) << " its sources offer";
    else if (r.offered_rate < 1.0)
      s << "; it is limited by the offered load of " << fixed3(r.offered_rate);
    out.push_back(s.str());
    return out;
  }
  const double target = std::min(r.offered_rate, r.drain_rate);
  // A receiver that pops slower than the source offers, reached: the drain is the limit,
  // whatever the stalls looked like (with just enough credits, the buffer is often empty).
  const bool drain_bound = r.drain_rate < r.offered_rate && reaches(r, r.drain_rate);
  const char* rtt_words = sizing_round_trip(r).words;
  if (!drain_bound && r.credit_handshakes > 0 && 2 * r.handshake_queued_cycles > r.handshake_cycles) {
    // Credits queue at a one-per-handshake crossing most of the time: its handshake, not
    // the credits in the loop, sets the rate.
    const double per_cycle = r.cycles ? static_cast<double>(r.credit_handshakes) / static_cast<double>(r.cycles) : 0.0;
    s << ": its credits come back through a toggle crossing, one per handshake (a request and its acknowledge, each "
      << "synchronized), and returned credits waited there for the handshake in " << r.handshake_queued_cycles
      << " of its " << r.handshake_cycles << " cycles; it began " << r.credit_handshakes << " handshakes in the run's "
      << r.cycles << " cycles, " << fixed3(per_cycle) << " a cycle, so credits come back no faster than that, and "
      << "more credits will not help (a gray crossing returns any number of credits at once)";
  } else if (!drain_bound && r.stall_receiver_empty >= r.stall_receiver_busy) {
    // Undersized loop: out of credits while the receiver is empty (timing.md section 1).
    // Random traffic may still reach its rate within the window's noise while the round
    // trips are short: the sentence must not read as a shortfall it did not measure.
    if (reaches(r, target))
      s << " against " << fixed3(target) << " offered, which it reaches only while its round trips stay short";
    s << ": its " << r.credits << " credits cover " << r.credits << " of the " << rtt << rtt_words
      << "; it needs B >= " << depth_needed(r)
      << (target >= 1.0                 ? std::string(" for full rate")
          : target < r.offered_rate ? " for its receiver's drain of " + fixed3(target)
                                    : " for its offered rate of " + fixed3(target));
    if (r.sized_by_waits) s << " with a " << depth_rule(r) << " cycles";
    s << " (";
    if (random_slack(r))
      s << "rate x round trip is " << depth_needed(r) - 1 << ", and random arrivals at exactly that rate queue without "
        << "end; ";
    s << "the sender was out of credits with the receiver empty in " << r.stall_receiver_empty << " of " << window
      << " cycles)";
  } else if (r.drain_rate < r.offered_rate) {
    // Slow receiver: its drain below the offer.
    s << ", limited by the receiver's drain of " << fixed3(r.drain_rate) << " per cycle against "
      << fixed3(r.offered_rate) << " offered (the sender was out of credits ";
    if (r.stall_receiver_empty)
      s << "in " << r.credit_stall_cycles << " of " << window << " cycles: " << r.stall_receiver_busy
        << " with the receiver holding flits, " << r.stall_receiver_empty << " with it empty";
    else
      s << "with the receiver holding flits in " << r.stall_receiver_busy << " of " << window << " cycles";
    s << "); more credits will not help beyond B >= " << depth_needed(r);
    if (r.credits >= depth_needed(r)) s << ", and it has " << r.credits;
  } else if (!r.responder.empty() && r.answer_full_cycles > 0 && r.answer_latency > 0) {
    // A responder that takes a request only with room for its answer: at most answer_limit
    // answers pending, each for its latency at least, caps the requests it takes.
    const double ratio = r.drain_period_ps > 0 && r.period_ps > 0 ? r.period_ps / r.drain_period_ps : 1.0;
    const double cap = static_cast<double>(r.answer_limit) / static_cast<double>(r.answer_latency);
    const double offered_its = r.offered_rate / ratio;  // the offer, per cycle of the responder
    const auto need = static_cast<std::int64_t>(std::ceil(offered_its * static_cast<double>(r.answer_latency) - 1e-9));
    s << " against " << fixed3(r.offered_rate) << " offered: the sender was out of credits in "
      << r.credit_stall_cycles << " of " << window << " cycles (" << stalls << "); its receiver, responder '"
      << r.responder << "', takes a request only with room for its answer: at most " << r.answer_limit
      << " answers pending (queue_depth), each for at least its " << r.answer_latency << "-cycle latency, so it takes "
      << "at most " << fixed3(cap) << " requests per cycle of its own";
    if (ratio != 1.0) s << " (" << fixed3(cap * ratio) << " per cycle of this link)";
    s << ", and it held requests with no room for another answer in " << r.answer_full_cycles << " of its cycles; "
      << "for " << fixed3(r.offered_rate) << " offered it needs queue_depth >= " << need << " (rate x latency)";
    if (need <= r.answer_limit)
      s << ", which it has: its answers wait to leave" << (r.feeds.empty() ? "" : " on " + names("link", r.feeds));
  } else if (!r.merged_by.empty()) {
    // A hop buffer feeding a merge: the arbiter decides what it gets of the shared link.
    s << " against " << fixed3(r.offered_rate) << " offered: the sender was out of credits in "
      << r.credit_stall_cycles << " of " << window << " cycles (" << stalls << "); it is held back by merge '"
      << r.merged_by << "' (" << r.merged_policy << ") onto link '" << r.merged_onto << "': its hop buffer's head "
      << "waited there in " << r.merged_waits << " of " << window << " cycles and got a share of "
      << fixed3(r.merged_share) << " of the " << fixed3(r.merged_onto_throughput) << " flits per cycle link '"
      << r.merged_onto << "' carried";
  } else if (!r.feeds.empty()) {
    // A hop buffer whose next loop takes its flits no faster (timing.md section 5's chain).
    s << " against " << fixed3(r.offered_rate) << " offered: the sender was out of credits in "
      << r.credit_stall_cycles << " of " << window << " cycles (" << stalls << "); it is held back by "
      << names("link", r.feeds) << " downstream, which take" << (r.feeds.size() == 1 ? "s" : "") << " its flits at "
      << fixed3(r.feeds_throughput) << " per cycle (its hop buffer filled to " << r.peak_occupancy << " of "
      << r.receiver_depth << ")";
  } else {
    // The drain covers the offer on average, yet flits sat in the buffer: its stalls.
    s << " against " << fixed3(r.offered_rate) << " offered: the sender was out of credits in "
      << r.credit_stall_cycles << " of " << window << " cycles (" << stalls << "); its receiver's drain of "
      << fixed3(r.drain_rate) << " per cycle covers the offer on average, so the consumer's stalls hold it back";
  }
  out.push_back(s.str());
  return out;
}

}  // namespace

}  // namespace creditflow::core
