#include "run/merge_starvation.hpp"

#include "creditflow/platform/params.hpp"

namespace creditflow::platform {

MergeStarvation::MergeStarvation(const Platform& platform)
    : platform_(platform), watchdog_(static_cast<core::Cycle>(platform.run.watchdog)), waits_(platform.loops.size()) {
  const auto loop_index = [&](const std::string& component) -> std::optional<std::size_t> {
    const LoopPlan* loop = platform.loop_of(component);
    if (!loop || loop->receiver != component) return std::nullopt;
    return static_cast<std::size_t>(loop - platform.loops.data());
  };
  for (const ResolvedConnection& c : platform.connections) {
    const std::size_t m = platform.index_of(c.to);
    if (m == platform.components.size() || platform.components[m].kind->name != "merge") continue;
    const std::optional<std::size_t> i = loop_index(c.from);
    if (!i) continue;
    Wait wait{c.to, format_value(platform.components[m].params.at("policy")), c.to_port, {}};
    for (const ResolvedConnection& other : platform.connections)
      if (other.to == c.to && other.to_port != c.to_port)
        if (const std::optional<std::size_t> k = loop_index(other.from)) wait.others.push_back({other.to_port, *k});
    if (!wait.others.empty()) waits_[*i] = wait;
  }
}

bool MergeStarvation::starved(std::size_t i, const std::vector<const core::LoopObserver*>& observers, core::Cycle t) const {
  if (!waits_[i]) return false;
  for (const Input& other : waits_[i]->others)
    if (observers[other.loop]->last_move() + watchdog_ > t) return true;
  return false;
}

std::string MergeStarvation::diagnosis(std::size_t i, const core::LinkReport& r) const {
  if (!waits_[i] || r.starved_cycles == 0) return "";
  const Wait& w = *waits_[i];
  std::string others;
  for (std::size_t k = 0; k < w.others.size(); ++k)
    others += (k ? (k + 1 == w.others.size() ? " and " : ", ") : "") + w.others[k].port + " (link '" +
              platform_.loops[w.others[k].loop].name + "')";
  std::string line = "link '" + r.name + "' is starved, not deadlocked: merge '" + w.merge + "' (" + w.policy +
                     ") handed on no flit of its input " + w.input + " for " + std::to_string(r.starved_cycles) +
                     " cycles from cycle " + std::to_string(r.starved_since) + ", serving " + others + " instead";
  if (w.policy == "fixed")
    line += "; a fixed priority serves " + w.input + " only in cycles its higher inputs offer nothing (round_robin or "
            "weighted would give it a share)";
  return line;
}

}  // namespace creditflow::platform
