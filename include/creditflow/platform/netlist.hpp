// A platform description as written in YAML, before any kind or range is checked: clocks,
// named components with their parameters as text, connections, run settings and named
// sweeps. Every item keeps its line so that later errors can say file:line.
// This is the only part of creditflow that knows YAML.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "creditflow/core/input_file.hpp"

namespace creditflow::platform {

struct SourceText {
  std::string text;
  int line = 0;
};

struct ClockDecl {
  std::string name;
  double period_ps = 1000.0;
  double phase_ps = 0.0;  // time of the first rising edge
  std::string period_text = "1ns", phase_text = "0ns";  // as written, for reports
  int line = 0;
};

struct ComponentDecl {
  std::string name;
  std::string kind;
  std::string clock;  // empty: the platform's only clock (an error if it has several)
  int line = 0;
  int clock_line = 0;
  std::vector<std::pair<std::string, SourceText>> params;
  // A part a network makes for a terminal at one of its nodes (expand_networks.hpp): the
  // network's name. The summary folds these parts into one line; the JSON keeps them all.
  std::string terminal_of;
  // A part of a network nothing attaches to (a router, a channel, BookSim2's terminal at a
  // node): the network's name. That network steps its parts together and reports them as
  // itself (its figures under networks.<name>, its keys as <name>.<key>).
  std::string part_of;
};

struct ConnectionDecl {
  std::string from_component, from_port, to_component, to_port;
  std::string text;
  int line = 0;
};

struct VaryDecl {
  std::string param;  // component.param
  std::vector<std::string> values;
  int line = 0;
};

struct SweepDecl {
  std::string name;
  std::vector<std::pair<std::string, SourceText>> set;  // component.param -> value
  std::vector<VaryDecl> vary;
  int line = 0;
};

struct RunDecl {
  std::optional<SourceText> cycles, warmup, seed, watchdog, wait_percentile, accepted_wait;
};

struct Netlist {
  std::string file;
  std::vector<ClockDecl> clocks;
  std::vector<ComponentDecl> components;
  std::vector<ConnectionDecl> connections;
  RunDecl run;
  std::vector<SweepDecl> sweeps;
};

// The largest platform file read: thousands of components fit in a few hundred KiB.
inline constexpr std::size_t kMaxModelBytes = core::kMaxInputBytes;

// Reads and parses a platform file. Throws creditflow::Error with "file:line: ..." on
// syntax errors, text that is not UTF-8, unknown top-level keys and malformed entries, and
// on a file that is not a regular file or is larger than kMaxModelBytes.
Netlist load_netlist(const std::string& path);
// The file's text, with load_netlist's checks of what a platform file may be.
std::string read_model_text(const std::string& path);
Netlist parse_netlist(const std::string& yaml_text, const std::string& file_label);

// Parses a clock's period_text and phase_text; throws ParameterError naming `where`.
void set_clock_times(ClockDecl& clock, const std::string& where);
inline constexpr double kMaxPeriodPs = 1e12;  // 1 s
// Throws ParameterError unless 0 <= phase < period, checked once every override is in.
void check_clock_phase(const ClockDecl& clock, const std::string& where);

// "a.b" -> {"a", "b"}; throws Error with `where` if the text is not of that form.
std::pair<std::string, std::string> split_dotted(const std::string& text, const std::string& where);

// Values of a sweep axis: "V1,V2,..." or an integer or real range "A:B" / "A:B:STEP"
// (inclusive). Throws ParameterError naming `where`.
std::vector<std::string> expand_values(const std::string& spec, const std::string& where);

}  // namespace creditflow::platform
