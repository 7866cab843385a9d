// A creditflow tool with one more kind, `trace_source`, usable from YAML like the
// built-in ones:   trace_tool run trace_platform.yaml
#include <cstdlib>
#include <sstream>

#include <creditflow/cli/tool.hpp>
#include <creditflow/core/error.hpp>

#include "trace_source.hpp"

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

// The adapter the platform talks to: clock, ports, and what to add to the loop's report.
class TraceSourceComponent : public cf::platform::Component {
 public:
  explicit TraceSourceComponent(const cf::platform::ComponentConfig& c)
      : module_(c.name().c_str(), parse_cycles(c.name(), c.text("cycles"))) {}
  void bind_clock(sc_core::sc_clock& clk) override { module_.clk(clk); }
  void bind(const std::string&, cf::platform::Channel& ch) override {
    auto& s = dynamic_cast<cf::platform::StreamChannel&>(ch);
    module_.out_valid(s.valid);
    module_.out_flit(s.flit);
    module_.out_ready(s.ready);
  }
  void contribute(cf::core::LinkReport& r) const override { r.traffic_class = "trace"; }

 private:
  TraceSource module_;
};

}  // namespace

int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}

int sc_main(int argc, char* argv[]) {
  cf::platform::Registry registry = cf::platform::builtin_registry();
  registry.add({"trace_source",
                "replays flits at the cycles of a trace",
                {cf::platform::ParamSpec::text("cycles", "0", "creation cycles, increasing: \"0, 3, 4\"")},
                {{"out", cf::platform::ChannelType::stream, cf::platform::PortDir::out, false, "flits"}},
                cf::platform::LoopRole::source,
                {},
                [](const cf::platform::ComponentConfig& c) { return std::make_unique<TraceSourceComponent>(c); }});
  return cf::cli::run_tool(argc, argv, registry);
}
