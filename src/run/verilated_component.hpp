// The generic adapter between a verilated module and a platform: it plays a model kind's
// role on that kind's ports, each wire of which is an RTL port named by the map.
//
// Flits cross as their ids: a flit's id goes in on a data port, and a data value coming out
// must be the id of a flit the module holds (or is passing through this cycle), which the
// adapter then puts back out whole, stamps and all; a pop with no data port takes the
// oldest. The adapter holds the module in reset until its clock's first falling edge, so
// the rising edge at time zero that opens cycle 0 does not clock it, drives the drain
// schedule's enable, counts what passes (sent, popped, dropped) and hands the loop monitor
// the terms the map names: ports, or signals inside the module read through VPI.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "creditflow/core/drain_schedule.hpp"
#include "creditflow/platform/component.hpp"
#include "creditflow/platform/registry.hpp"
#include "creditflow/platform/verilated.hpp"

namespace creditflow::platform {

// What a role reads and does beyond its ports' wires.
struct VerilatedRole {
  std::string name;                 // the model kind it stands in for
  enum class Pop { none, credit, out_valid, out_taken } pop = Pop::none;
  std::vector<std::string> terms;   // required map keys: occupancy, credits
  std::vector<std::string> extras;  // optional ones: dropped, error, drain_en
  bool sender = false;              // stamps `sent` on what leaves, counts it as sent
  bool stream_in = false;           // stamps `sent` at arrival for latency, as a sink does
  bool delivers = false;            // a path's end: what it pops is delivered
};

const VerilatedRole& verilated_role(const std::string& name, const std::string& where);

struct VerilatedSetup {
  const VerilatedRole* role = nullptr;
  std::vector<PortSpec> ports;                 // the model kind's
  const VerilatedVariant* variant = nullptr;
  std::map<std::string, std::string> map;      // key -> RTL port, or signal path (with '.')
  std::string clock = "clk";
  std::string reset;         // "": the usual names (rst_n, reset_n, rstn, rst, reset); "none": none
  std::string reset_active;  // "low", "high" or "": low for a name ending in _n or rstn
  core::DrainSpec drain;
  std::int64_t capacity = 0;                   // its depth or credits
  bool backpressure = true;                    // a sink: false if it drops (and counts) beats
};

// The map's keys for a role on its model kind's ports: the ports' wires (in_valid, in_data,
// in_ready, credit, ...), then the terms it needs and the extras it may have.
std::vector<std::string> map_keys(const VerilatedRole& role, const std::vector<PortSpec>& ports);

std::unique_ptr<Component> make_verilated_component(const ComponentConfig& config, VerilatedSetup setup);

}  // namespace creditflow::platform
