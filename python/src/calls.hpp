// What Python asks of a model: one run, a sweep, a sizing. Each makes the very call the
// tool's command makes and hands back the same text (the JSON document, the CSV, the
// summary), which the Python side reads into objects.
#pragma once
#include <pybind11/pybind11.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "cli/run_text.hpp"
#include "cli/size_platform.hpp"
#include "model_handle.hpp"

namespace creditflow::python {

namespace py = pybind11;

// The run options by their names without dashes ("cycles", "seed", ...), as text; throws
// creditflow::Error for a name that is none of them.
cli::RunText run_text(const std::map<std::string, std::string>& options);

struct RunOutput {
  std::string json;     // `creditflow run --json`'s document
  std::string summary;  // `creditflow run`'s text
};
// "tl" in this process; "cycle" in a child (SystemC elaborates once per process).
RunOutput run_model(const ModelHandle& model, const std::string& view, const cli::RunText& run,
                    bool catch_interrupt);

// `creditflow sweep MODEL --vary ... --csv -`'s CSV. `progress(done, total)` after each point.
std::string sweep_model(const ModelHandle& model, const std::vector<std::string>& vary,
                        const std::vector<std::string>& sweeps, const cli::RunText& run, const std::string& view,
                        int jobs, bool isolate, const py::object& progress, bool catch_interrupt);

struct SizeOutput {
  std::string json;     // `creditflow size --json`'s object
  std::string summary;  // its text
  std::vector<std::pair<std::string, std::string>> settings;  // every parameter the answer sets
};
// `args.model` and `args.sets` are the model's. `progress(dict)` as the search goes.
SizeOutput size_model(const ModelHandle& model, cli::SizePlatformArgs args, const py::object& progress,
                      bool catch_interrupt);

}  // namespace creditflow::python
