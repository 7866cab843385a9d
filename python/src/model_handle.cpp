#include "model_handle.hpp"

#include <algorithm>

namespace creditflow::python {

const platform::Registry& registry() {
  static const platform::Registry kinds = platform::builtin_registry();
  return kinds;
}

ModelHandle ModelHandle::load(const std::string& path) { return parse(platform::read_model_text(path), path); }

ModelHandle ModelHandle::parse(const std::string& text, const std::string& label) {
  ModelHandle m;
  m.file = label;
  m.text = text;
  m.netlist = platform::parse_netlist(text, label);
  m.resolve();
  return m;
}

void ModelHandle::set(const std::vector<std::pair<std::string, std::string>>& values) {
  std::vector<std::string> next = sets;
  for (const auto& [param, value] : values) {
    const std::string assignment = param + "=" + value;
    const std::string target = platform::parse_override(assignment, "set").target;
    next.erase(std::remove_if(next.begin(), next.end(),
                              [&](const std::string& s) { return s.compare(0, target.size() + 1, target + "=") == 0; }),
               next.end());
    next.push_back(assignment);
  }
  platform::resolve(netlist, registry(), overrides_of(next));  // throws, and then nothing is set
  sets = std::move(next);
}

std::vector<platform::Override> ModelHandle::overrides_of(const std::vector<std::string>& assignments) {
  std::vector<platform::Override> out;
  for (const std::string& s : assignments) out.push_back(platform::parse_override(s, "set"));
  return out;
}

platform::Platform ModelHandle::resolve(const platform::RunOverrides& run) const {
  return platform::resolve(netlist, registry(), overrides_of(sets), run);
}

}  // namespace creditflow::python
