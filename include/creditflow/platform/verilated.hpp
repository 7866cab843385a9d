// A user's RTL in a platform: a module verilated for SystemC (`verilator --sc`) plays the
// role of a model kind (a credit receiver, a ready/valid sink, a hop buffer, a credit
// sender) on that kind's ports, through a port map that names which RTL port is which wire.
//
// The CMake function creditflow_add_verilated_kind (cmake/creditflowVerilated.cmake)
// verilates a module once per parameter value listed and registers each variant here (at
// static initialisation, from generated code), with a named kind when one is asked for;
// builtin_registry() then has `verilated` (top, role and map in YAML) and every named kind.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>
#include <systemc>

#include "creditflow/platform/registry.hpp"

namespace creditflow::platform {

// Reads a signal inside a verilated model by its path under the model ("fifo_sink.count"),
// through Verilator's VPI; empty if the model was built without --vpi.
using RtlProbe = std::function<std::function<std::uint64_t()>(const sc_core::sc_module& model, const std::string& path)>;

// One verilated module, for one set of parameter values.
struct VerilatedVariant {
  std::string kind;                                 // the named kind it was built for ("": none)
  std::string top;                                  // the RTL module's name
  std::map<std::string, std::int64_t> parameters;   // e.g. DEPTH=8, as it was verilated
  std::function<std::unique_ptr<sc_core::sc_module>(const char* name)> make;
  RtlProbe probe;
};

// What a named kind (--set rx.kind=my_fifo) fixes beside the variants of its top.
struct VerilatedKindDecl {
  std::string name, top, role, doc;
  std::string ports;   // the port map: "in_valid=s_valid, occupancy=level, ..." (creditflow list verilated_<role>)
  std::string reset;         // its reset input; "": rst_n, reset_n, rstn, rst or reset; "none": none
  std::string reset_active;  // "low" or "high" ("": low for a name ending in _n, or rstn)
  std::string varied;        // the RTL parameter its kind parameter of the same name (lower case) picks
  std::string clock = "clk";  // its clock input
};

// Called by the generated registration code before main; kept for builtin_registry().
void add_verilated_variant(VerilatedVariant variant);
void add_verilated_kind(VerilatedKindDecl kind);
const std::vector<VerilatedVariant>& verilated_variants();

// The `verilated` kind and every named kind declared so far, into `registry`.
void add_verilated_kinds(Registry& registry);

// The roles a verilated module may play: the model kinds it may stand in for.
std::vector<std::string> verilated_roles();

}  // namespace creditflow::platform
