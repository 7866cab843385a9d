#include <iostream>
#include <memory>

#include "creditflow/cli/tool.hpp"
#include "cli/commands.hpp"
#include "creditflow/platform/units.hpp"
#include "cli/output_paths.hpp"
#include "model/check_traces.hpp"
#include "creditflow/platform/network_run.hpp"
#include "creditflow/platform/platform.hpp"
#include "creditflow/platform/results.hpp"
#include "creditflow/platform/simulate.hpp"
#include "creditflow/platform/network_results.hpp"

namespace creditflow::cli {

namespace {
struct RunArgs {
  std::string model;
  std::vector<std::string> sets;
  RunText run;
  std::string vcd;
  std::string heatmap;
  std::string vcd_limit;
  std::string record_trace;
  std::string timeline;
  std::vector<std::string> timeline_flows;
  std::string timeline_limit;
  std::string explain;
  std::string view = "cycle";
  bool json = false;
};
}  // namespace

std::vector<platform::Override> parse_sets(const std::vector<std::string>& sets) {
  std::vector<platform::Override> out;
  for (const std::string& s : sets) out.push_back(platform::parse_override(s, "--set"));
  return out;
}

platform::RunOverrides run_overrides(const RunText& run) {
  platform::RunOverrides r;
  for (auto [value, field] : {std::pair{&run.cycles, &r.cycles}, std::pair{&run.warmup, &r.warmup},
                              std::pair{&run.seed, &r.seed}, std::pair{&run.watchdog, &r.watchdog},
                              std::pair{&run.wait_percentile, &r.wait_percentile},
                              std::pair{&run.accepted_wait, &r.accepted_wait}})
    if (!value->empty()) *field = *value;
  return r;
}

void add_run_options(CLI::App& command, RunText& run) {
  command.add_option("--cycles", run.cycles, "cycles to simulate (default: the file's run.cycles, else 6000)");
  command.add_option("--warmup", run.warmup, "cycles before the measurement window (default: half)");
  command.add_option("--seed", run.seed, "run seed for every random choice (default 1)");
  command.add_option("--watchdog", run.watchdog,
                     "stop a link after this many cycles with work pending and nothing moving, and dump every "
                     "credit holder (default: the file's run.watchdog, else 10000; 0: off)");
  command.add_option("--wait-percentile", run.wait_percentile,
                     "random traffic is sized so that this percentile of credit waits is at most --accepted-wait "
                     "(default 99)");
  command.add_option("--accepted-wait", run.accepted_wait,
                     "the credit wait in cycles that --wait-percentile of flits may see (default 0)");
}

namespace {

// --timeline and --explain: a network's packets, checked before the run.
void journey_options(const RunArgs& args, platform::Platform& p, const std::vector<NamedPath>& inputs) {
  const bool asked = !args.timeline.empty() || !args.explain.empty();
  if (!args.timeline.empty() || !args.timeline_limit.empty() || !args.timeline_flows.empty()) {
    if (args.timeline.empty())
      throw Error(std::string(args.timeline_limit.empty() ? "--timeline-flows" : "--timeline-limit") +
                  " goes with --timeline");
    check_distinct({{"--timeline", args.timeline}, {"--record-trace", args.record_trace}, {"--vcd", args.vcd},
                    {"--heatmap", args.heatmap}},
                   inputs);
  }
  if (!asked) return;
  if (!platform::has_networks(p))
    throw Error(std::string(args.timeline.empty() ? "--explain" : "--timeline") + ": " + p.file +
                " has no network nothing attaches to, whose packets these follow (allowed: a platform of a "
                "network component)");
  const auto whole = [](const char* option, const char* name, const std::string& text, std::int64_t lo,
                         std::int64_t hi) {
    const platform::ParamSpec spec = platform::ParamSpec::integer(name, "", lo, hi, "");
    return std::get<std::int64_t>(platform::parse_param(spec, text, option, name));
  };
  p.run.timeline = args.timeline;
  p.run.timeline_flows = args.timeline_flows;
  if (!args.timeline_limit.empty())
    p.run.timeline_limit =
        static_cast<std::uint64_t>(whole("--timeline-limit", "timeline_limit", args.timeline_limit, 1, 100000000));
  if (!args.explain.empty()) p.run.explain = whole("--explain", "explain", args.explain, 0, INT64_MAX / 2);
}

}  // namespace

void add_run_command(CLI::App& app, const platform::Registry& registry, int& status) {
  auto args = std::make_shared<RunArgs>();
  CLI::App* run = app.add_subcommand("run", "elaborate a platform, simulate it, report its figures");
  run->add_option("model", args->model, "platform YAML file")->required()->check(CLI::ExistingFile);
  run->add_option("--set", args->sets, "override a parameter: component.param=value (repeatable)");
  add_run_options(*run, args->run);
  run->add_flag("--json", args->json, "print a JSON document instead of the summary");
  run->add_option("--vcd", args->vcd, "write every channel's signals to this VCD file (cycle view)");
  run->add_option("--vcd-limit", args->vcd_limit, "the largest VCD file to write, e.g. 4GiB; the run stops there "
                  "(default 1GiB)");
  run->add_option("--record-trace", args->record_trace,
                  "write what the parts made (each flit, packet or record, with the request an answer waits for) as "
                  "a trace a trace_source replays, or a network's packets as a trace its terminals replay; "
                  ".gz: compressed");
  run->add_option("--timeline", args->timeline,
                  "write a network's packets' journeys as Chrome trace events (Perfetto, chrome://tracing open it): "
                  "each packet a track, a slice per stage, waits marked");
  run->add_option("--timeline-flows", args->timeline_flows,
                  "only these flows' packets on the timeline, e.g. net_node0:net_node8 (repeatable)");
  run->add_option("--timeline-limit", args->timeline_limit, "the most packets on the timeline (default 10000)");
  run->add_option("--explain", args->explain, "print a network's packet's journey in words, by its number");
  run->add_option("--heatmap", args->heatmap, "a network's channel use and credit waits over its routers, as a .png or .svg");
  run->add_option("--view", args->view, "cycle (SystemC modules on signals) or tl (transaction level: faster, "
                  "the same figures)")->check(CLI::IsMember({"cycle", "tl"}));
  run->callback([args, &registry, &status] {
    check_output("--vcd", args->vcd, false);
    check_output("--heatmap", args->heatmap, false);
    check_output("--record-trace", args->record_trace, false);
    check_output("--timeline", args->timeline, false);
    std::vector<NamedPath> inputs{{"model file", args->model}};
    if (!args->vcd.empty() || !args->heatmap.empty()) {
      std::vector<platform::Override> sets;
      for (const std::string& s : args->sets) sets.push_back(platform::parse_override(s, "--set"));
      for (const std::string& file : platform::network_files(platform::load_netlist(args->model), sets))
        inputs.push_back({"network_file", file});
    }
    check_distinct({{"--vcd", args->vcd}, {"--heatmap", args->heatmap}}, inputs);
    if (!args->vcd_limit.empty() && args->vcd.empty()) throw Error("--vcd-limit goes with --vcd");
    const std::uint64_t vcd_limit = vcd_limit_of(args->vcd_limit);
    const platform::Netlist netlist = platform::load_netlist(args->model);
    platform::Platform p = platform::resolve(netlist, registry, parse_sets(args->sets), run_overrides(args->run));
    if (!args->record_trace.empty()) {
      // Never over a trace the platform replays.
      for (const std::string& trace : platform::trace_files(p)) inputs.push_back({"trace a part replays", trace});
      check_distinct({{"--record-trace", args->record_trace}, {"--vcd", args->vcd}, {"--heatmap", args->heatmap}},
                     inputs);
      p.run.record_trace = args->record_trace;
    }
    journey_options(*args, p, inputs);
    const platform::RunResult result = platform::simulate_view(p, registry, args->view, args->vcd, "--view", vcd_limit);
    if (!args->heatmap.empty()) {
      if (result.networks.empty()) throw Error("--heatmap " + args->heatmap + ": the platform has no network to draw");
      platform::draw_network_heatmap(result.networks.front(), args->heatmap);
    }
    std::cout << (args->json ? platform::run_json(p, result) : platform::run_summary(p, result));
    if (!args->explain.empty() && !args->json) std::cout << result.explanation;
    // One line per problem; a deadlock adds its dump of every credit holder.
    for (const platform::RunProblem& problem : platform::run_problems(result)) {
      if (problem.status != "deadlocked") std::cerr << "creditflow: " << problem.message << "\n";
      status = exit_problem;
    }
    for (const std::string& d : result.deadlocks) std::cerr << "creditflow: " << d;
  });
}

}  // namespace creditflow::cli
