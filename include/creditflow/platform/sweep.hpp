// Sweeps: the cartesian product of varied parameters, every point simulated in its own
// child process (or, in the TL view, on a worker thread), results gathered in point order
// whatever the parallelism.
#pragma once
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "creditflow/platform/platform.hpp"

namespace creditflow::platform {

struct Axis {
  std::string param;  // component.param
  std::vector<std::string> values;
};

struct SweepPlan {
  std::string name;
  std::vector<Override> fixed;  // the sweep's `set:` values
  std::vector<Axis> axes;       // the first axis varies fastest
};

struct SweepPoint {
  std::size_t index = 0;  // global over every plan of the run
  std::size_t plan = 0;
  std::vector<Override> overrides;                          // fixed + this point's values
  std::vector<std::pair<std::string, std::string>> values;  // axis param -> value
};

// "--vary comp.param=V1,V2,..." or "comp.param=A:B[:STEP]".
Axis parse_vary(const std::string& text);

// The named sweeps of a platform file.
std::vector<SweepPlan> sweep_plans(const Netlist& netlist);

// The most points one sweep run may have: each point's result is kept until the outputs
// are written, a few KiB each.
inline constexpr std::size_t kMaxSweepPoints = 100'000;

// Points of a plan, and of all plans together. Throws ParameterError past kMaxSweepPoints
// (checked at every product, so no count overflows) or for an axis without values.
std::size_t point_count(const SweepPlan& plan);
std::size_t point_count(const std::vector<SweepPlan>& plans);

// Every point of every plan, numbered from 0 across plans. The first axis varies fastest,
// so a two-axis sweep reads as a table: a row per value of the second axis.
std::vector<SweepPoint> expand(const std::vector<SweepPlan>& plans);

// "K/N" with 1 <= K <= N: the K-th of N contiguous slices of `total` points.
std::pair<std::size_t, std::size_t> shard_range(const std::string& shard, std::size_t total);

struct ParsedResult;  // a PointResult's JSON document, parsed (point_document.hpp)

struct PointResult {
  SweepPoint point;
  bool ok = false;
  std::string json;   // the run's JSON document when ok
  std::string error;  // why it failed otherwise
  bool interrupted = false;  // not run to the end: Ctrl-C stopped the sweep first
  // `json` parsed the first time an output reads it: the table, CSV, JSON and verdicts
  // each read every point, and parsing it each time cost more than running the point.
  mutable std::shared_ptr<const ParsedResult> parsed;
};

// A point's verdict: "failed" (no result: out of range, a protocol error, interrupted)
// or its run's status ("ok", "violated", "corrupted", "deadlocked", "stuck": run_problems),
// and the one line that says why when it is not "ok".
struct PointVerdict {
  std::string status, why;
};
PointVerdict point_verdict(const PointResult& result);

struct SweepOptions {
  int jobs = 1;
  std::vector<Override> sets;  // --set, applied under every point's own values
  RunOverrides run;
  std::string view = "cycle";  // or "tl": every point in the transaction-level view
  // The cycle view runs every point in a child process of its own (SystemC elaborates once
  // per process); the TL view runs them on `jobs` threads of this one, unless this is set.
  bool isolate = false;
  std::function<void(std::size_t done, std::size_t total)> progress;
  std::function<void(const PointResult&)> on_point;  // each point as it finishes, in any order
};

// Resolves and simulates every point, `jobs` at a time, in a child of its own or on a
// worker thread (SweepOptions::isolate); the same results either way, in point order (a
// point whose values do not resolve fails with the resolver's line).
std::vector<PointResult> run_sweep(const Netlist& netlist, const Registry& registry,
                                   const std::vector<SweepPoint>& points, const SweepOptions& options);

// One CSV row per point: sweep, point, points_total, sweep_id, every varied or set
// parameter (a sweep's `set:` values, then `sets`, the command line's --set), status, then
// every number of the run's links and classes (columns named by their JSON path), so that
// two sweeps of one model under different --set values can be told apart. `sweep_id`
// names the model's text and every option that changes a figure (sweep_request.hpp's
// sweep_id), so that merge can refuse shards of another sweep.
std::string sweep_csv(const std::vector<SweepPlan>& plans, const std::vector<PointResult>& results,
                      const std::string& sweep_id, const std::vector<Override>& sets);
std::string sweep_json(const std::string& model, const std::vector<SweepPlan>& plans,
                       const std::vector<PointResult>& results, const std::string& sweep_id);

// A metric per point, by JSON path; "throughput" and other bare link keys mean the first
// link's. Returns false if a point has no such number; `path` is the full path used and
// `integral` whether the number is a count.
// Whether `text` is all a number, as strtod reads one (a parameter value, a CSV cell): a plot
// spaces such values as numbers, a CSV leaves them unquoted.
bool is_number_text(const std::string& text);

bool metric_of(const PointResult& r, const std::string& metric, double& value, std::string& path,
               bool& integral);

// Readable tables of `metric`, one per plan: a two-axis plan as a grid (rows: the second
// axis, columns: the first), one axis as a single row, more as a list.
std::string sweep_tables(const std::vector<SweepPlan>& plans, const std::vector<PointResult>& results,
                         const std::string& metric);

// Throws Error unless `file` ends in .png or .svg and has no control character (it goes
// into a gnuplot script): checked before a sweep runs.
void check_plot_file(const std::string& file);

// Draws `metric` against each plan's first axis (numbers on a numeric axis, text values as
// labels in the order given), a curve per value of its other axes in the order given, with
// gnuplot into a .png or .svg file written whole or not at all. Every text from the model
// or the command line reaches gnuplot quoted, never as a command. Throws Error if gnuplot
// fails.
void plot_sweep(const std::vector<SweepPlan>& plans, const std::vector<PointResult>& results,
                const std::string& metric, const std::string& file);

// Joins shard outputs (all CSV or all JSON, chosen by the output's extension) in point
// order. Throws Error on shards of different sweeps (sweep_id) or headers, duplicated,
// missing or out-of-range points, and rows that are cut short.
void merge_outputs(const std::string& output, const std::vector<std::string>& inputs);
// The same on texts already read, each named by its file: the merged text.
std::string merge_shards(bool csv, const std::vector<std::pair<std::string, std::string>>& shards);

}  // namespace creditflow::platform
