// A model as Python holds it: the platform's text and netlist (from a file, or made from
// Python's dicts) and the values set on it since, each checked as the tool checks --set.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "creditflow/platform/netlist.hpp"
#include "creditflow/platform/platform.hpp"
#include "creditflow/platform/registry.hpp"

namespace creditflow::python {

// The kinds Python's models are made of: the built-in ones.
const platform::Registry& registry();

// What a model made from Python's dicts is called in its errors ("Model:7: ..." is line 7
// of Model.yaml, the text it was made into).
inline constexpr const char* kBuiltModelLabel = "Model";

struct ModelHandle {
  std::string file;  // the path as given, or kBuiltModelLabel
  std::string text;  // its YAML
  platform::Netlist netlist;
  std::vector<std::string> sets;  // "component.param=value", in the order given

  // Reads and checks a platform file: every error the tool's `run` gives before its first
  // cycle (syntax, kinds, ports, ranges) is thrown here, as creditflow::Error.
  static ModelHandle load(const std::string& path);
  // The same checks on a model's YAML text.
  static ModelHandle parse(const std::string& text, const std::string& label);

  // Adds `component.param=value` assignments (a later value of one parameter replaces an
  // earlier one), refusing the whole call, with the tool's line for --set, if any is wrong.
  void set(const std::vector<std::pair<std::string, std::string>>& values);

  // "component.param=value" texts as overrides, each named by the call that set it ("set ...").
  static std::vector<platform::Override> overrides_of(const std::vector<std::string>& assignments);
  // The resolved platform, with `run` as the command line's run options.
  platform::Platform resolve(const platform::RunOverrides& run = {}) const;
};

}  // namespace creditflow::python
