// What a sweep runs and where its results go, as given on the command line. A Slurm sweep
// keeps one in its plan (plan.json), so every task and every later merge see the same.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "cli/run_text.hpp"
#include "creditflow/platform/sweep.hpp"

namespace creditflow::cli {

struct SweepRequest {
  std::string model;
  std::vector<std::string> vary, sweeps, sets;
  RunText run;
  std::string view = "cycle";
  int jobs = 1;
  bool isolate = false;  // TL view: a child process per point, not a worker thread
  // Outputs, written once every point is in.
  std::string csv, json, plot;
  std::string metric = "throughput";
};

// The --vary plan, or the file's named sweeps (all, or those --sweep names).
std::vector<platform::SweepPlan> plans_of(const SweepRequest& request, const platform::Netlist& netlist);

// --set, the run-length options, the view and -j (the progress callback is the caller's).
platform::SweepOptions options_of(const SweepRequest& request);

// The `creditflow sweep` arguments that run the same points (no outputs), to which a Slurm
// task adds its --shard and --json.
std::vector<std::string> point_arguments(const SweepRequest& request);

// FNV-1a of `text`, 16 hex digits: enough to notice a model edited between two reads.
std::string text_digest(const std::string& text);

// What makes two runs of the sweep give the same points: the model's text and the files it
// reads (`inputs`: their inputs_digest) and every option that changes a figure (vary, sweeps, --set, the run
// settings), not the view, -j or the outputs. Written into every CSV row and JSON output,
// so that merge refuses to mix sweeps.
std::string sweep_id(const SweepRequest& request, const std::string& inputs);
// The files the sweep's model reads besides itself (network_file, as the model, --set,
// --vary or its sweeps give it): inputs no output may be written over.
std::vector<std::string> model_inputs(const SweepRequest& request, const platform::Netlist& netlist);
// A digest of the model's text and of every file it reads (`netlist`: that text, parsed):
// an edit to either is another sweep (a Slurm plan's model check, and through sweep_id a
// journal's resume and a shard's merge).
std::string inputs_digest(const SweepRequest& request, const std::string& model_text, const platform::Netlist& netlist);

nlohmann::json to_json(const SweepRequest& request);
SweepRequest request_from_json(const nlohmann::json& doc);

}  // namespace creditflow::cli
