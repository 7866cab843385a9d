// A model made in Python (creditflow.Model(components=..., connections=...)) becomes the YAML
// a user would have written, so that it is checked by the very parser and resolver a file
// is, with the same errors (their lines are lines of that text: Model.yaml shows it).
#pragma once
#include <pybind11/pybind11.h>

#include <string>

namespace creditflow::python {

namespace py = pybind11;

// Throws creditflow::Error naming the key for a value no YAML model could hold (None, bytes,
// an object) or a key that is not a str.
std::string document_yaml(const py::dict& document);

}  // namespace creditflow::python
