#include "document_yaml.hpp"

#include <yaml-cpp/yaml.h>

#include "creditflow/core/error.hpp"

namespace creditflow::python {

namespace {

std::string type_name(py::handle value) { return py::str(py::type::handle_of(value).attr("__name__")); }

// Python's values as the YAML a user would write: a bool as true/false, a number as its
// shortest exact text, a dict as a mapping in its order, any other iterable as a list.
void emit(YAML::Emitter& out, py::handle value, const std::string& where) {
  if (py::isinstance<py::dict>(value)) {
    out << YAML::BeginMap;
    for (const auto& [key, item] : py::reinterpret_borrow<py::dict>(value)) {
      if (!py::isinstance<py::str>(key))
        throw Error("Model: " + where + ": the key " + std::string(py::repr(key)) + " is a " + type_name(key) +
                    " (allowed: a str)");
      const std::string name = key.cast<std::string>();
      out << YAML::Key << name << YAML::Value;
      emit(out, item, where.empty() ? name : where + "." + name);
    }
    out << YAML::EndMap;
  } else if (py::isinstance<py::bool_>(value)) {
    out << (value.cast<bool>() ? "true" : "false");
  } else if (py::isinstance<py::int_>(value) || (!py::isinstance<py::float_>(value) && PyIndex_Check(value.ptr()))) {
    out << std::string(py::str(py::int_(py::reinterpret_borrow<py::object>(value))));  // an int, or one of numpy's
  } else if (py::isinstance<py::float_>(value)) {
    out << std::string(py::repr(py::float_(py::reinterpret_borrow<py::object>(value))));
  } else if (py::isinstance<py::str>(value)) {
    out << YAML::DoubleQuoted << value.cast<std::string>();
  } else if (!py::isinstance<py::bytes>(value) && py::hasattr(value, "__iter__")) {
    // The document's own lists (connections) a line per item, so that an error's line names
    // one; a parameter's list on its line, as a model file writes `reserved: [2, 2]`.
    if (where.find('.') != std::string::npos) out << YAML::Flow;
    out << YAML::BeginSeq;
    std::size_t i = 0;
    for (py::handle item : value) emit(out, item, where + "[" + std::to_string(i++) + "]");
    out << YAML::EndSeq;
  } else {
    throw Error("Model: " + where + " = " + std::string(py::repr(value)) + " is a " + type_name(value) +
                " (allowed: a dict, a list, a str, an int, a float or a bool)");
  }
}

}  // namespace

std::string document_yaml(const py::dict& document) {
  YAML::Emitter out;
  out.SetIndent(2);
  emit(out, document, "");
  if (!out.good()) throw Error("Model: cannot be written as YAML: " + out.GetLastError());
  return std::string(out.c_str()) + "\n";
}

}  // namespace creditflow::python
