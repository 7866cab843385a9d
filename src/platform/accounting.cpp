#include "accounting.hpp"

#include <map>
#include <set>
#include <sstream>

namespace creditflow::platform {

namespace {

// Kinds that create flits by a traffic pattern: with more than one in a platform, flits
// are counted by source; with one, as a single sum.
std::size_t creators(const Platform& p) {
  std::size_t n = 0;
  for (const ResolvedComponent& c : p.components) n += c.kind->param("pattern") != nullptr;
  return n;
}

std::string flits(std::uint64_t n) { return std::to_string(n) + (n == 1 ? " flit" : " flits"); }

std::size_t source_slots(const Platform& p) { return creators(p) > 1 ? p.components.size() + 1 : 0; }

}  // namespace

// For each component, the one creator whose flits can reach it along the flit-carrying
// connections (its id), 0 where none can, -1 where several can.
std::map<std::string, long> lone_sources(const Platform& p) {
  std::map<std::string, std::vector<std::string>> downstream;
  for (const ResolvedConnection& c : p.connections)
    if (c.type == ChannelType::stream || c.type == ChannelType::flow) downstream[c.from].push_back(c.to);
  std::map<std::string, long> lone;
  for (const ResolvedComponent& c : p.components) lone[c.name] = 0;
  for (const ResolvedComponent& creator : p.components) {
    if (!creator.kind->param("pattern")) continue;
    const long id = endpoint_id(p, creator.name);
    std::set<std::string> seen{creator.name};
    std::vector<std::string> todo{creator.name};
    while (!todo.empty()) {
      const std::string at = todo.back();
      todo.pop_back();
      long& l = lone[at];
      l = l == 0 || l == id ? id : -1;
      for (const std::string& next : downstream[at])
        if (seen.insert(next).second) todo.push_back(next);
    }
  }
  return lone;
}

Accountant::Accountant(const Platform& platform, std::vector<Part> parts)
    : platform_(platform), parts_(std::move(parts)), census_(source_slots(platform)) {
  const auto lone = lone_sources(platform);
  for (Part& p : parts_) p.lump = lone.at(p.name);
  for (const Part& p : parts_)
    if (!p.counts) {
      off_ = "off: " + p.name + " (" + platform.component(p.name).kind->name + ") does not count the flits it holds";
      break;
    }
}

std::string Accountant::holders(std::size_t slot, const core::Census& like) const {
  std::string list;
  for (const Part& p : parts_) {
    core::Census own(like.by_source() ? like.created.size() : 0);
    count(p, own);
    if (own.held[slot] == 0) continue;
    list += (list.empty() ? "" : ", ") + p.name + " " + std::to_string(own.held[slot]);
  }
  return list.empty() ? "none" : list;
}

void Accountant::violated(core::Cycle t) {
  if (violations_++ > 0) return;
  const auto slot = static_cast<std::size_t>(census_.unbalanced());
  const std::uint64_t in = census_.created[slot];
  const std::uint64_t out = census_.delivered[slot] + census_.held[slot] + census_.dropped[slot];
  std::ostringstream msg;
  const std::string source = census_.by_source() ? endpoint_name(platform_, static_cast<std::uint32_t>(slot)) : "";
  msg << "accounting at cycle " << t << (source.empty() ? std::string(" over every source") : " for source '" + source + "'")
      << ": created " << in << " != delivered " << census_.delivered[slot] << " + in flight " << census_.held[slot]
      << " (" << holders(slot, census_) << ") + dropped " << census_.dropped[slot] << ": "
      << (in > out ? flits(in - out) + " lost" : flits(out - in) + " more than created");
  first_violation_ = msg.str();
}

void Accountant::finish(RunResult& result) const {
  result.accounting = on() ? "checked every cycle" : off_;
  result.accounting_violations = violations_;
  if (!first_violation_.empty()) result.first_violations.push_back(first_violation_);
  if (!on()) {
    // A part that does not count its flits may well end or hold them: no flow is known whole.
    result.flows.clear();
    return;
  }
  // The ledger by source, whatever was checked during the run.
  core::Census all(platform_.components.size() + 1);
  for (const Part& p : parts_) count(p, all);
  for (std::size_t id = 1; id < all.created.size(); ++id) {
    if (all.created[id] == 0 && all.refused[id] == 0) continue;
    SourceLedger s;
    s.name = endpoint_name(platform_, static_cast<std::uint32_t>(id));
    s.created = all.created[id];
    s.refused = all.refused[id];
    s.delivered = all.delivered[id];
    s.dropped = all.dropped[id];
    for (const Part& p : parts_) {
      core::Census own(all.created.size());
      count(p, own);
      if (own.held[id]) s.in_flight.emplace_back(p.name, own.held[id]);
    }
    result.sources.push_back(std::move(s));
  }
}

}  // namespace creditflow::platform
