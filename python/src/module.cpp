// creditflow's compiled part, `creditflow._creditflow`: models, runs, sweeps and sizing by
// the library's own calls. The package around it (python/creditflow/) makes Python objects
// of what these return; _creditflow.pyi describes them.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdlib>

#include "calls.hpp"
#include "creditflow/core/error.hpp"
#include "document_yaml.hpp"
#include "model_handle.hpp"

namespace py = pybind11;
using namespace creditflow;
using creditflow::python::ModelHandle;

// libsystemc refers to the program's sc_main; a Python process has none. Nothing here calls
// sc_elab_and_sim (the cycle view runs the kernel by sc_start in a child), so it never runs.
// (Exported: the module hides its other names, and the kernel library looks for this one.)
extern "C" __attribute__((visibility("default"))) int sc_main(int, char*[]) { return 1; }

PYBIND11_MODULE(_creditflow, m) {
  m.doc() = "creditflow's compiled part: use the creditflow package";
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);  // the kernel's banner is not a result

  // Bad input and broken protocols both carry the tool's one line; ValueError, as Python's
  // own bad values are.
  static py::exception<Error> error(m, "Error", PyExc_ValueError);
  static py::exception<ProtocolError> protocol_error(m, "ProtocolError", error.ptr());
  // Shown as creditflow.Error in a traceback, where the package's users meet it.
  error.attr("__module__") = "creditflow";
  protocol_error.attr("__module__") = "creditflow";
  py::register_exception_translator([](std::exception_ptr failure) {
    try {
      if (failure) std::rethrow_exception(failure);
    } catch (const ProtocolError& e) {
      protocol_error(e.what());
    } catch (const Error& e) {
      error(e.what());
    }
  });

  py::class_<ModelHandle>(m, "ModelHandle", "a model's text and the values set on it")
      .def_readonly("file", &ModelHandle::file, "the path it was read from, or 'Model'")
      .def_readonly("text", &ModelHandle::text, "its YAML")
      .def_readonly("sets", &ModelHandle::sets, "'component.param=value' in the order set")
      .def("set", &ModelHandle::set, py::arg("values"), "set (param, value text) pairs, checked as --set is")
      .def("copy", [](const ModelHandle& h) { return h; }, "an independent copy");

  m.def("load", &ModelHandle::load, py::arg("path"), "read and check a platform file");
  m.def("parse", &ModelHandle::parse, py::arg("text"), py::arg("label") = python::kBuiltModelLabel,
        "check a model's YAML text");
  m.def("document_yaml", &python::document_yaml, py::arg("document"), "a dict of a model as YAML text");

  m.def(
      "run",
      [](const ModelHandle& h, const std::string& view, const std::map<std::string, std::string>& options,
         bool catch_interrupt) {
        const python::RunOutput out = python::run_model(h, view, python::run_text(options), catch_interrupt);
        return py::make_tuple(out.json, out.summary);
      },
      py::arg("model"), py::arg("view"), py::arg("options"), py::arg("catch_interrupt"),
      "(json, summary) of one run");
  m.def(
      "sweep",
      [](const ModelHandle& h, const std::vector<std::string>& vary, const std::vector<std::string>& sweeps,
         const std::map<std::string, std::string>& options, const std::string& view, int jobs, bool isolate,
         const py::object& progress, bool catch_interrupt) {
        return python::sweep_model(h, vary, sweeps, python::run_text(options), view, jobs, isolate, progress,
                                   catch_interrupt);
      },
      py::arg("model"), py::arg("vary"), py::arg("sweeps"), py::arg("options"), py::arg("view"), py::arg("jobs"),
      py::arg("isolate"), py::arg("progress"), py::arg("catch_interrupt"), "the sweep's CSV");
  m.def(
      "size",
      [](const ModelHandle& h, const std::string& meet, const std::vector<std::string>& targets,
         const std::vector<std::string>& vary, const std::vector<std::string>& costs, int seeds, int jobs,
         const std::map<std::string, std::string>& options, const std::string& view, const py::object& progress,
         bool catch_interrupt) {
        cli::SizePlatformArgs args;
        args.meet = meet;
        args.targets = targets;
        args.vary = vary;
        args.costs = costs;
        args.seeds = seeds;
        args.jobs = jobs;
        args.run = python::run_text(options);
        args.view = view;
        const python::SizeOutput out = python::size_model(h, args, progress, catch_interrupt);
        return py::make_tuple(out.json, out.summary, out.settings);
      },
      py::arg("model"), py::arg("meet"), py::arg("targets"), py::arg("vary"), py::arg("costs"), py::arg("seeds"),
      py::arg("jobs"), py::arg("options"), py::arg("view"), py::arg("progress"), py::arg("catch_interrupt"),
      "(json, summary, settings) of the sizing");
}
