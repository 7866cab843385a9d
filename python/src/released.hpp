// Long work from Python: run with the interpreter's lock released (other Python threads go
// on; the sweep's own threads need no lock), Ctrl-C caught as the tool catches it, and a
// Python callback (progress) called with the lock taken back.
#pragma once
#include <pybind11/pybind11.h>

#include <exception>
#include <optional>
#include <utility>

#include "creditflow/core/stop_request.hpp"
#include "creditflow/platform/interrupt.hpp"

namespace creditflow::python {

namespace py = pybind11;

// Thrown through the work when a Python callback raised: the Python error is kept in the
// interpreter's error indicator and raised again once the work has unwound.
struct PythonCallbackFailed : std::exception {
  const char* what() const noexcept override { return "a Python callback raised"; }
};

// Calls `callback(args...)` from inside released work.
template <class... Args>
void call_back(const py::object& callback, Args&&... args) {
  if (callback.is_none()) return;
  py::gil_scoped_acquire hold;
  try {
    callback(std::forward<Args>(args)...);
  } catch (py::error_already_set& e) {
    e.restore();
    throw PythonCallbackFailed();
  }
}

// `work()` without the lock. On the main thread (`catch_interrupt`), SIGINT and SIGTERM
// only raise the flag the runs look at (interrupt.hpp) while it lasts, and the call then
// raises KeyboardInterrupt; elsewhere Python's own handler stays (only the main thread
// gets signals in Python).
template <class Work>
auto released(bool catch_interrupt, Work&& work) -> decltype(work()) {
  std::optional<decltype(work())> out;
  std::exception_ptr failure;
  bool stopped = false;
  {
    py::gil_scoped_release release;
    std::optional<platform::InterruptGuard> guard;
    if (catch_interrupt) guard.emplace();
    try {
      out.emplace(work());
    } catch (...) {
      failure = std::current_exception();
    }
    stopped = catch_interrupt && platform::interrupted();
    // Not left raised for a later call from another thread, which has no guard to clear it.
    if (catch_interrupt) core::stop_signal() = 0;
  }
  if (PyErr_Occurred()) throw py::error_already_set();  // a callback's own error first
  if (stopped) {
    PyErr_SetNone(PyExc_KeyboardInterrupt);
    throw py::error_already_set();
  }
  if (failure) std::rethrow_exception(failure);
  return std::move(*out);
}

}  // namespace creditflow::python
