// A run's figures as the sizing search reads them: a target's figure found in a run's JSON
// document, and the targets `--meet offered` stands for in that run.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "creditflow/platform/size_platform.hpp"

namespace creditflow::platform {

// The knobs of an already resolved platform (size_knobs without resolving it again).
std::vector<SizeKnob> size_knobs(const Netlist& netlist, const Platform& platform, const SizeRequest& request);

// The number at a dotted JSON path (a boolean as 0 or 1), or nothing.
std::optional<double> figure_at(const nlohmann::json& doc, const std::string& path);

// The path `figure` names in a run's document: the path itself, or the figure of a flow, a
// link or a network of that name ("cpu:mem.latency.p99" is flows.cpu:mem.latency.p99).
// Throws ParameterError naming the target and what it could have named.
std::string figure_path(const nlohmann::json& doc, const SizeTarget& target);

// What carrying every offer means in one run: each flow whose source says what it offers
// carries it within the window's noise (flows.<f>.offered_noise), no source refused a flit
// (its queue never filled), and no network saturated.
std::vector<SizeTarget> offered_targets(const nlohmann::json& doc);

// How far a figure is inside its target's bound (negative: outside it).
double margin(const SizeTarget& target, double value);
// How far outside, relative to the bound (0 when met): what a step of the search gains.
double shortfall(const SizeTarget& target, double value);

}  // namespace creditflow::platform
