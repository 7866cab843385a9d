#include "calls.hpp"

#include "creditflow/core/error.hpp"
#include "creditflow/platform/isolated_run.hpp"
#include "creditflow/platform/results.hpp"
#include "creditflow/platform/simulate.hpp"
#include "creditflow/platform/size_platform.hpp"
#include "creditflow/platform/sweep.hpp"
#include "released.hpp"
#include "sweep/sweep_checks.hpp"
#include "sweep/sweep_request.hpp"

namespace creditflow::python {

namespace {
void check_view(const std::string& view) {
  if (view != "cycle" && view != "tl") throw ParameterError("view " + view + ": unknown view (allowed: cycle, tl)");
}
}  // namespace

cli::RunText run_text(const std::map<std::string, std::string>& options) {
  cli::RunText run;
  std::string names;
  for (const auto& [option, field] : run.fields()) names += std::string(names.empty() ? "" : ", ") + (option + 2);
  for (const auto& [name, value] : options) {
    bool known = false;
    for (const auto& [option, field] : run.fields()) {
      std::string key = option + 2;  // "--wait-percentile" is wait_percentile here
      for (char& c : key)
        if (c == '-') c = '_';
      if (key == name) *field = value, known = true;
    }
    if (!known) throw Error("run option '" + name + "' is none of creditflow's (allowed: " + names + ")");
  }
  return run;
}

RunOutput run_model(const ModelHandle& model, const std::string& view, const cli::RunText& run,
                    bool catch_interrupt) {
  check_view(view);
  const platform::Platform p = model.resolve(cli::run_overrides(run));
  const auto simulate = [&p, &view] {
    const platform::RunResult result = platform::simulate_view(p, registry(), view, "", "view");
    return RunOutput{platform::run_json(p, result), platform::run_summary(p, result)};
  };
  if (view == "tl") return released(catch_interrupt, simulate);
  // The kernel elaborates once per process: the cycle view runs in a child, as a sweep's points do.
  const platform::IsolatedResult child = released(catch_interrupt, [&] {
    return platform::run_isolated_all({[&] {
                                        const RunOutput out = simulate();
                                        return out.json + '\0' + out.summary;
                                      }},
                                      1)
        .front();
  });
  if (!child.ok) throw Error(child.error);
  const std::size_t nul = child.output.find('\0');
  return RunOutput{child.output.substr(0, nul), child.output.substr(nul + 1)};
}

std::string sweep_model(const ModelHandle& model, const std::vector<std::string>& vary,
                        const std::vector<std::string>& sweeps, const cli::RunText& run, const std::string& view,
                        int jobs, bool isolate, const py::object& progress, bool catch_interrupt) {
  check_view(view);
  if (jobs < 1 || jobs > 1024)
    throw ParameterError("jobs = " + std::to_string(jobs) + " is out of range (allowed 1..1024)");
  if (isolate && view != "tl")
    throw Error("sweep: isolate goes with view='tl' (the cycle view always runs each point in a process of its own)");
  cli::SweepRequest request;
  request.model = model.file;
  request.vary = vary;
  request.sweeps = sweeps;
  request.sets = model.sets;
  request.run = run;
  request.view = view;
  request.jobs = jobs;
  request.isolate = isolate;
  cli::check_points(request, model.netlist, registry());
  const std::vector<platform::SweepPlan> plans = cli::plans_of(request, model.netlist);
  const std::string id = cli::sweep_id(request, cli::inputs_digest(request, model.text, model.netlist));
  platform::SweepOptions options = cli::options_of(request);
  options.jobs = platform::parallel_allowed(options.jobs);
  options.progress = [&progress](std::size_t done, std::size_t total) { call_back(progress, done, total); };
  const std::vector<platform::SweepPoint> points = platform::expand(plans);
  const std::vector<platform::PointResult> results =
      released(catch_interrupt, [&] { return platform::run_sweep(model.netlist, registry(), points, options); });
  return platform::sweep_csv(plans, results, id, options.sets);
}

SizeOutput size_model(const ModelHandle& model, cli::SizePlatformArgs args, const py::object& progress,
                      bool catch_interrupt) {
  args.model = model.file;
  args.sets = model.sets;
  platform::SizeRequest request = cli::size_request(args);
  request.progress = [&progress](const platform::SizeProgress& p) {
    if (progress.is_none()) return;
    py::gil_scoped_acquire hold;
    py::dict state;
    state["runs"] = p.runs;
    state["runs_left"] = p.runs_left;
    state["phase"] = p.phase;
    state["best"] = p.best ? py::cast(*p.best) : py::none();
    state["seconds"] = p.seconds;
    call_back(progress, state);
  };
  const platform::SizeAnswer answer =
      released(catch_interrupt, [&] { return platform::size_platform(model.netlist, registry(), request); });
  SizeOutput out{cli::answer_json(model.file, answer).dump(2) + "\n", cli::answer_text(model.file, answer), {}};
  if (answer.met) out.settings = platform::knob_settings(answer.knobs, answer.values);
  return out;
}

}  // namespace creditflow::python
