// The built-in kinds' shared parameter lists, and resolved YAML parameters -> the
// parameters of their kernel-free cores: installed, for a kind of one's own that takes the
// same parameters (a verilated sink drained like the model's).
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "creditflow/core/arbiter.hpp"
#include "creditflow/core/async_fifo_core.hpp"
#include "creditflow/core/class_link_core.hpp"
#include "creditflow/core/credit_crossing.hpp"
#include "creditflow/core/fault_injection.hpp"
#include "creditflow/core/link_core.hpp"
#include "creditflow/core/link_report.hpp"
#include "creditflow/core/receiver_core.hpp"
#include "creditflow/core/report_figures.hpp"
#include "creditflow/core/sender_core.hpp"
#include "creditflow/core/sink_core.hpp"
#include "creditflow/core/source_core.hpp"
#include "creditflow/platform/component.hpp"
#include "creditflow/platform/params.hpp"

namespace creditflow::platform {

// The parameters of the kinds that create traffic (pattern, every, rate, ...), and of
// those whose consumer drains on a schedule (drain_every, drain_rate, stall_from, ...).
std::vector<ParamSpec> pattern_params();
std::vector<ParamSpec> drain_params();

// A crossing's synchronizers: sync_stages and uncertainty.
std::vector<ParamSpec> sync_params();
// A network key (BookSim2's name) as a parameter, typed and ranged by the network's own
// key table (noc::NocConfig::info), with its default and meaning: the `network` kind and
// the `router` kind take their keys from here, so a key is defined once.
ParamSpec noc_key(const std::string& key);

core::SourceParams source_params(const ComponentConfig& c);
// The items of `where`.routes, "rxA=out0, rxB=out1": (destination, what follows '=')
// pairs. Throws ParameterError for an item whose right side `fits` refuses ("is not
// <form> (allowed <allowed>)") and for a destination given twice ("allowed one <one> a
// destination").
std::vector<std::pair<std::string, std::string>> route_items(const std::string& text, const std::string& where,
                                                              const std::function<bool(const std::string&)>& fits,
                                                              const std::string& form, const std::string& allowed,
                                                              const std::string& one);
// A split's or a router's routes: (destination, output port) pairs, route_items' checks.
std::vector<std::pair<std::string, std::string>> split_routes(const std::string& text, const std::string& where);
core::DrainSpec drain_spec(const ComponentConfig& c);
core::ReceiverParams receiver_params(const ComponentConfig& c);
// What both halves of a multi-class link read of the receiver's advertisement.
core::ClassPoolSpec pool_spec(const ComponentConfig& c, std::size_t n);
std::vector<core::ClassSpec> class_specs(const ComponentConfig& c);
core::Arbiter arbiter_of(const ComponentConfig& c);
std::vector<core::DrainSpec> class_drains(const ComponentConfig& c, std::size_t n);
// A credit-return crossing (gray, toggle, pulse): its Gray counter sized for the credits
// of its loop, as a real design's would be. Throws ParameterError when upset_bit is not a
// bit of that counter.
core::CrossingParams credit_crossing_params(const ComponentConfig& c);
// The fault kinds: when they strike (fault_at, fault_rate, seeded by the run and the name).
core::FaultSchedule fault_schedule(const ComponentConfig& c);
core::CreditFaultCore credit_fault_core(const ComponentConfig& c);
core::FlitFaultCore<core::Flit> flit_fault_core(const ComponentConfig& c);

}  // namespace creditflow::platform
