// A network's figures as the run's JSON and summary give them.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "creditflow/platform/network_run.hpp"

namespace creditflow::platform {

nlohmann::json network_json(const NetworkReport& report);
// The saturation test a network's JSON (network_json's) carries, read back so that a sweep
// words its verdict as the run did.
noc::SaturationTest saturation_from_json(const nlohmann::json& network);
// Its summary lines, each ending in a newline; every statement follows from the figures it
// quotes.
std::string network_summary(const NetworkReport& report);
// What holds its traffic, in sentences that each follow from the figures they quote:
// saturation and its busiest channel, the channels whose switch requests waited most for
// a credit, the channels after which head flits waited most for an output VC; then
// vc_diagnosis's lines.
std::vector<std::string> network_diagnosis(const NetworkReport& report);
// The same by VC: head-of-line blocking (packets queued behind another in their input VC)
// and where most of it was; each VC number's share of the flits and the failed attempts
// its flits met; VCs that carried nothing beside busy ones; the VCs whose flits failed
// most often to move on.
std::vector<std::string> vc_diagnosis(const NetworkReport& report);
// Its channels over its routers as a PNG or SVG, coloured by use and by credit waits
// (networks of one or two dimensions); throws Error naming --heatmap and the file.
void draw_network_heatmap(const NetworkReport& report, const std::string& file);

}  // namespace creditflow::platform
