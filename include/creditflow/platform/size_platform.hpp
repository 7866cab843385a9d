// Sizing a whole platform: the smallest buffers, all together, that meet every target a
// user sets (each flow carrying what its source offers, a flow's p99 under a bound), found
// by simulation. The search starts from the bound each loop's own figures give (its rate
// times its round trip, from one run with every buffer at its largest), climbs by the step
// with the best gain per cost, then proves the answer locally minimal: each buffer one
// smaller breaks a target. Every run is in-process (the TL view) and is made once.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "creditflow/platform/platform.hpp"

namespace creditflow::platform {

// A figure of a run and its bound: "cpu:mem.latency.p99<=20" reads flows.cpu:mem.latency.p99
// (a flow's, a link's or a network's figure by its name, or any JSON path) at most 20.
struct SizeTarget {
  std::string text;     // as given, or what --meet offered made of it
  std::string figure;   // as given: "cpu:mem.latency.p99"
  std::string path;     // its JSON path, once a run has shown which it is
  bool at_most = true;  // <= (else >=)
  double bound = 0;
  bool made_by_meet = false;  // one of --meet offered's
};

// "FIGURE<=N" or "FIGURE>=N"; throws ParameterError naming `option` otherwise.
SizeTarget parse_size_target(const std::string& text, const std::string& option = "--target");

// A parameter the search may change: a receiver's depth (with the sender credits that must
// follow it), a class's reservation under the reserved policy (no slot more: it costs
// nothing unless weighed), a network's vc_buf_size or num_vcs.
struct SizeKnob {
  std::string param;                 // component.param
  std::int64_t from = 1, to = 1;     // the values it may take
  std::int64_t shipped = 1;          // its value in the model as given
  std::vector<std::string> follows;  // sender params set to the same value (written as numbers, not ${...})
  std::string link;                  // the loop it ends, for the bound ("" for a network's)
  double weight = 1;                 // cost of one unit (--cost, and bytes per slot)
  // A network's buffers are its inputs x VCs x slots: the other factor's knob (or value)
  // and its inputs, once a run has counted them.
  std::string network;
  // One item of a list parameter (a class's reservation: `param` is "rx.reserved[B]"): the
  // list's component.param, the item's place and the list as the model gives it.
  std::string list_param;
  int list_item = -1;
  std::vector<std::string> list;
};

// Each parameter the knobs at `values` set, with its value as text: a knob's own, its
// followers', and a list's items (each list once, with every item a knob sets).
std::vector<std::pair<std::string, std::string>> knob_settings(const std::vector<SizeKnob>& knobs,
                                                               const std::vector<std::int64_t>& values);

struct SizeProgress {
  std::size_t runs = 0;        // simulations made so far
  std::size_t runs_left = 0;   // at most, in the next step
  std::string phase;           // "bound", "search", "descend", "confirm"
  std::optional<double> best;  // the least total seen to meet every target
  double seconds = 0;          // since the search began
};

// The runs one search made, by point and seed: a later search of the same model (the next
// value of a Pareto sweep) reuses them.
struct SizeRunCache;

struct SizeRequest {
  bool meet_offered = false;
  std::vector<std::string> targets;  // --target, each "FIGURE<=N" or ">="
  std::vector<std::string> vary;     // --vary: "PARAM" or "PARAM=FROM:TO" (empty: every buffer)
  std::vector<std::string> costs;    // --cost: "PARAM=WEIGHT"
  bool bytes = false;                // cost a slot at its link's width in bytes
  int seeds = 3;
  int jobs = 1;
  std::vector<Override> sets;  // --set, under every point
  RunOverrides run;
  std::string view = "tl";
  // Runs at least this long where neither the model's network nor the command line sets
  // the length (the warm-up then a fifth of it): see size_search.cpp.
  std::int64_t least_cycles = 100000;
  std::function<void(const SizeProgress&)> progress;
  std::shared_ptr<SizeRunCache> cache;  // null: a cache of its own
};

struct TargetOutcome {
  SizeTarget target;
  double value = 0;     // the figure, the worst over the seeds
  bool met = false;
  double margin = 0;    // how far inside its bound (negative: outside)
  std::uint64_t seed = 0;  // the run that gave `value`
};

// What one smaller breaks, for each parameter above its floor.
struct MinimalityProof {
  std::string param;
  std::int64_t lower = 0;
  std::string breaks;  // "flows.cpu:mem.throughput 0.203 < 0.2125 (seed 2)", or "" at its floor
};

struct SizeAnswer {
  bool met = false;
  std::string why;  // when not met: what no value in the ranges could meet
  std::vector<SizeKnob> knobs;
  std::vector<std::int64_t> values;  // per knob
  double total = 0;
  std::string unit = "slots";
  std::size_t runs = 0;
  std::vector<std::uint64_t> seeds;  // the seeds every target held over
  bool random = true;                // false: one seed's figures are every seed's
  std::vector<TargetOutcome> targets;
  std::vector<MinimalityProof> minimal;
  double bound_total = 0;  // the rate x round trip bound the search started from
  std::int64_t cycles = 0, warmup = 0;  // each run's (0: a network measures itself)
  std::int64_t lengthened_from = 0;     // the model's own length, where the runs were made longer (else 0)
};

// The knobs of a platform (as `request` restricts and weighs them). Throws ParameterError
// for a --vary or --cost naming no such parameter or a range outside the parameter's.
std::vector<SizeKnob> size_knobs(const Netlist& netlist, const Registry& registry, const SizeRequest& request);

// Finds the least total meeting every target. Throws ParameterError for targets that name
// no figure, and Error when a run cannot be made at all.
SizeAnswer size_platform(const Netlist& netlist, const Registry& registry, const SizeRequest& request);

// The least total for each bound of one more target: `spec` is "FIGURE<=FROM:TO:STEP"
// (or >=; a bare = means <=), each bound searched in turn on runs the earlier ones made.
struct ParetoPoint {
  double bound = 0;
  SizeAnswer answer;
};
struct ParetoCurve {
  SizeTarget target;  // the varied target, its bound the first value's
  std::vector<ParetoPoint> points;
  std::size_t runs = 0;  // all together
};
ParetoCurve size_pareto(const Netlist& netlist, const Registry& registry, const SizeRequest& request,
                        const std::string& spec);
// The least total against the varied target's bound, with gnuplot into a .png or .svg.
void plot_pareto(const ParetoCurve& curve, const std::string& file);

// The model's text with each knob's chosen value (and its followers') written in place, and
// the --set values the answer was found under. Throws Error naming the parameter when its
// place in the text cannot be found.
std::string model_with_values(const std::string& text, const Netlist& netlist, const SizeAnswer& answer,
                              const std::vector<Override>& sets = {});

}  // namespace creditflow::platform
