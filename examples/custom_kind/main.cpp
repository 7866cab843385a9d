// A creditflow tool with one more kind, `cycle_list_source`, usable from YAML like the
// built-in ones, in both views:   cycle_list_tool run cycle_list_platform.yaml [--view tl]
#include <cstdlib>
#include <sstream>

#include <creditflow/cli/tool.hpp>
#include <creditflow/core/error.hpp>
#include <creditflow/platform/define_kind.hpp>

#include "cycle_list_source.hpp"

namespace cf = creditflow;

namespace {

// "0, 3, 4" -> {0, 3, 4}, with an error that names the parameter.
std::vector<std::uint64_t> parse_cycles(const std::string& name, const std::string& text) {
  std::vector<std::uint64_t> cycles;
  std::stringstream ss(text);
  for (std::string item; std::getline(ss, item, ',');) {
    char* end = nullptr;
    const long long v = std::strtoll(item.c_str(), &end, 10);
    while (*end == ' ') ++end;
    if (item.empty() || *end != '\0' || v < 0 || (!cycles.empty() && static_cast<std::uint64_t>(v) < cycles.back()))
      throw cf::ParameterError(name + ": cycles = " + text +
                               " is not a list of increasing cycle numbers (allowed e.g. \"0, 3, 4\")");
    cycles.push_back(static_cast<std::uint64_t>(v));
  }
  return cycles;
}

}  // namespace

int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}

int sc_main(int argc, char* argv[]) {
  cf::platform::Registry registry = cf::platform::builtin_registry();
  // Its parameters and its role (a source), and how to build its definition from them:
  // both views come from the one class.
  registry.add(cf::platform::defined_by<CycleListSourceKind>(
      {"cycle_list_source",
       "replays flits at the cycles it lists",
       {cf::platform::ParamSpec::text("cycles", "0", "creation cycles, increasing: \"0, 3, 4\"")},
       {},
       cf::platform::LoopRole::source,
       {},
       {}},
      [](const cf::platform::ComponentConfig& c) {
        return CycleListSourceKind(parse_cycles(c.name(), c.text("cycles")));
      }));
  return cf::cli::run_tool(argc, argv, registry);
}
