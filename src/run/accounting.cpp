#include "run/accounting.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <map>
#include <set>
#include <sstream>

namespace creditflow::platform {

namespace {

std::string flits(std::uint64_t n) { return std::to_string(n) + (n == 1 ? " flit" : " flits"); }

// A class_sender whose classes take packets from `sources` makes none of its own.
bool takes_from_sources(const ResolvedComponent& c) { return !text_param(c.params, "sources").empty(); }

// Slot 0 and one per creator (a kind that creates flits by a traffic pattern), by endpoint
// id: `names` the creators' names by slot.
std::shared_ptr<const std::vector<std::uint32_t>> creator_slots(const Platform& p, std::vector<std::string>& names) {
  auto slots = std::make_shared<std::vector<std::uint32_t>>(p.components.size() + 1, 0);
  names.assign(1, "");
  for (const ResolvedComponent& c : p.components)
    if ((c.kind->param("pattern") && !takes_from_sources(c)) || c.kind->makes_flits) {
      (*slots)[endpoint_id(p, c.name)] = static_cast<std::uint32_t>(names.size());
      names.push_back(c.name);
    }
  return slots;
}

// For each component, the slot of the one creator whose flits can reach it along the
// flit-carrying connections, 0 where none can, -1 where several can. By index: a walk per
// creator over names in sets was a twentieth of a 40,000-cycle run of an 8x8 mesh's 60
// terminals.
std::map<std::string, long> lone_sources(const Platform& p, const std::vector<std::uint32_t>& slot_of) {
  std::map<std::string, std::size_t> index;
  for (const ResolvedComponent& c : p.components) index.emplace(c.name, index.size());
  std::vector<std::vector<std::size_t>> downstream(p.components.size());
  for (const ResolvedConnection& c : p.connections)
    if (c.type == ChannelType::stream || c.type == ChannelType::flow || c.type == ChannelType::vc_flow)
      downstream[index.at(c.from)].push_back(index.at(c.to));
  std::vector<long> lone(p.components.size(), 0);
  std::vector<std::size_t> seen_by(p.components.size(), SIZE_MAX);  // the creator that last reached it
  for (std::size_t creator = 0; creator < p.components.size(); ++creator) {
    const long slot = slot_of[endpoint_id(p, p.components[creator].name)];
    if (slot == 0) continue;
    seen_by[creator] = creator;
    std::vector<std::size_t> todo{creator};
    while (!todo.empty()) {
      const std::size_t at = todo.back();
      todo.pop_back();
      long& l = lone[at];
      l = l == 0 || l == slot ? slot : -1;
      for (const std::size_t next : downstream[at])
        if (seen_by[next] != creator) {
          seen_by[next] = creator;
          todo.push_back(next);
        }
    }
  }
  std::map<std::string, long> by_name;
  for (std::size_t i = 0; i < p.components.size(); ++i) by_name.emplace(p.components[i].name, lone[i]);
  return by_name;
}

}  // namespace

Accountant::Accountant(const Platform& platform, std::vector<Part> parts)
    : platform_(platform), parts_(std::move(parts)), slot_of_(creator_slots(platform, names_)) {
  // With more than one creator, by source; with one, a single sum is the same check.
  census_ = names_.size() > 2 ? core::Census(names_.size(), slot_of_) : core::Census();
  versioned_sum_ = scratch_ = census_;
  for (const Part& p : parts_)
    if (!p.counter->counts_flits()) {
      off_ = "off: " + p.name + " (" + platform.component(p.name).kind->name + ") does not count the flits it holds";
      break;
    }
  const auto lone = lone_sources(platform, *slot_of_);
  for (Part& p : parts_) {
    p.lump = lone.at(p.name);
    if (!p.counter->holds_flits()) continue;
    asked_.push_back(&p);
    // By version only where a census is by source: one sum is a few counts a part.
    if (!census_.by_source() || p.counter->census_version() == core::FlitCounter::kEveryCycle) {
      every_always_.push_back({p.counter, p.asleep, p.lump});
    } else if (p.log && on()) {  // off, nothing takes the changes: none is kept
      p.log->turn_on();
      recount_if_changed(p);
      logged_.push_back(&p);
    } else {
      versioned_.push_back(&p);
    }
  }
  role_.assign(parts_.size(), kNone);
  versioned_always_ = versioned_;
  logged_always_ = logged_;
}

void Accountant::know_sleepers(const std::function<bool(std::size_t)>& may_sleep,
                               const std::function<bool(std::size_t)>& counted_asleep) {
  std::set<const core::FlitCounter*> every;
  for (const Counted& c : every_always_) every.insert(c.counter);
  const std::set<const Part*> versioned(versioned_.begin(), versioned_.end()), logged(logged_.begin(), logged_.end());
  every_always_.clear();
  versioned_always_.clear();
  logged_always_.clear();
  for (std::size_t i = 0; i < parts_.size(); ++i) {
    Part& p = parts_[i];
    const bool sleeps = may_sleep(i);
    if (every.count(p.counter)) {
      if (sleeps && !counted_asleep(i)) role_[i] = kEvery;
      else every_always_.push_back({p.counter, p.asleep, p.lump});
    } else if (versioned.count(&p)) {
      if (sleeps) role_[i] = kVersioned;
      else versioned_always_.push_back(&p);
    } else if (logged.count(&p)) {
      if (sleeps) role_[i] = kLogged;
      else logged_always_.push_back(&p);
    }
  }
}

void Accountant::recount_if_changed(Part& p) {
  const std::uint64_t version = p.counter->census_version();
  if (version == p.version) return;
  p.version = version;
  // Unsigned: adding a share's negation takes it away.
  const auto add = [&](const Part::Share& s, std::uint64_t sign) {
    versioned_sum_.created[s.slot] += sign * s.created;
    versioned_sum_.refused[s.slot] += sign * s.refused;
    versioned_sum_.delivered[s.slot] += sign * s.delivered;
    versioned_sum_.dropped[s.slot] += sign * s.dropped;
    versioned_sum_.held[s.slot] += sign * s.held;
  };
  for (const Part::Share& s : p.counted) add(s, ~std::uint64_t{0});
  p.counted.clear();
  // A part whose flits can come from one source only counts into its slot alone: only
  // that slot is cleared and read (a source's recount was 64 slots' for one).
  const auto lump = static_cast<std::size_t>(p.lump);
  const std::size_t first = p.lump >= 0 ? lump : 0, end = p.lump >= 0 ? lump + 1 : scratch_.created.size();
  if (p.lump >= 0)
    scratch_.created[lump] = scratch_.refused[lump] = scratch_.delivered[lump] = scratch_.dropped[lump] =
        scratch_.held[lump] = 0;
  else
    scratch_.clear();
  count(p, scratch_);
  for (std::size_t slot = first; slot < end; ++slot) {
    const Part::Share s{slot, scratch_.created[slot], scratch_.refused[slot], scratch_.delivered[slot],
                        scratch_.dropped[slot], scratch_.held[slot]};
    if ((s.created | s.refused | s.delivered | s.dropped | s.held) == 0) continue;
    p.counted.push_back(s);
    add(s, 1);
  }
}

void Accountant::take_changes(Part& p) {
  const auto& changes = p.log->changes();
  const std::uint64_t version = p.counter->census_version();
  if (version == p.version) return;
  if (version != p.version + changes.size()) {
    p.log->clear();
    recount_if_changed(p);
    return;
  }
  p.version += changes.size();
  versioned_sum_.lump_into(p.lump);
  for (const core::CensusLog::Change& c : changes) {
    const std::size_t slot = versioned_sum_.slot(c.source);
    // Unsigned: a negative change wraps, as a share's negation does.
    const auto held = static_cast<std::uint64_t>(static_cast<std::int64_t>(c.held));
    const auto delivered = static_cast<std::uint64_t>(static_cast<std::int64_t>(c.delivered));
    const auto dropped = static_cast<std::uint64_t>(static_cast<std::int64_t>(c.dropped));
    versioned_sum_.held[slot] += held;
    versioned_sum_.delivered[slot] += delivered;
    versioned_sum_.dropped[slot] += dropped;
    auto share = std::find_if(p.counted.begin(), p.counted.end(), [&](const Part::Share& s) { return s.slot == slot; });
    if (share == p.counted.end()) share = p.counted.insert(p.counted.end(), Part::Share{slot, 0, 0, 0, 0, 0});
    share->held += held;
    share->delivered += delivered;
    share->dropped += dropped;
  }
  versioned_sum_.lump_into(-1);
  p.log->clear();
}

bool Accountant::audit_versions(core::Cycle t) {
  bool broken = false;
  std::vector<Part*> audited = versioned_;
  audited.insert(audited.end(), logged_.begin(), logged_.end());
  for (Part* p : audited) {
    if (p->version != p->counter->census_version()) continue;  // counted again below anyway
    std::vector<Part::Share> before = p->counted;
    // As a count gives them: by slot, without the zero ones a log's changes leave.
    const auto empty = [](const Part::Share& s) {
      return (s.created | s.refused | s.delivered | s.dropped | s.held) == 0;
    };
    before.erase(std::remove_if(before.begin(), before.end(), empty), before.end());
    std::sort(before.begin(), before.end(), [](const Part::Share& a, const Part::Share& b) { return a.slot < b.slot; });
    p->version = core::FlitCounter::kEveryCycle;
    recount_if_changed(*p);
    const auto same = [](const Part::Share& a, const Part::Share& b) {
      return a.slot == b.slot && a.created == b.created && a.refused == b.refused && a.delivered == b.delivered &&
             a.dropped == b.dropped && a.held == b.held;
    };
    if (std::equal(before.begin(), before.end(), p->counted.begin(), p->counted.end(), same)) continue;
    if (!broken && violations_ == 0)
      first_violation_ = "accounting at cycle " + std::to_string(t) + ": " + p->name + " (" +
                         platform_.component(p->name).kind->name +
                         (p->log ? ") holds and delivered other flits than its logged changes say"
                                 : ") counted other flits with the same census version: its count changed unannounced");
    broken = true;
  }
  return broken;
}

template <class Visit>
void Accountant::held_by(const Part& p, bool by_source, const Visit& visit) const {
  // One census a place within the part (a router's "in3 VC 0"; "" the part as a whole),
  // named "part place" in the ledger.
  const bool one_sum = !by_source || p.lump >= 0;
  std::map<std::string, core::Census> places;
  p.counter->count_places([&](const std::string& place) -> core::Census& {
    auto it = places.find(place);
    if (it == places.end()) {
      // One sum: a census of one slot, not one per source for each place.
      it = places.emplace(place, one_sum ? core::Census() : core::Census(names_.size(), slot_of_)).first;
    }
    return it->second;
  });
  for (const auto& [place, census] : places) {
    const std::string name = place.empty() ? p.name : p.name + " " + place;
    if (one_sum) {
      if (census.held[0]) visit(by_source ? static_cast<std::size_t>(p.lump) : 0, name, census.held[0]);
      continue;
    }
    for (std::size_t slot = 0; slot < census.held.size(); ++slot)
      if (census.held[slot]) visit(slot, name, census.held[slot]);
  }
}

std::string Accountant::holders(std::size_t slot, const core::Census& like) const {
  std::string list;
  for (const Part* p : asked_)
    held_by(*p, like.by_source(), [&](std::size_t s, const std::string& name, std::uint64_t n) {
      if (s == slot) list += (list.empty() ? "" : ", ") + std::to_string(n) + " at " + name;
    });
  return list.empty() ? "none" : list;
}

void Accountant::violated(core::Cycle t) {
  if (violations_++ > 0) return;
  const auto slot = static_cast<std::size_t>(census_.unbalanced());
  const std::uint64_t in = census_.created[slot];
  const std::uint64_t out = census_.delivered[slot] + census_.held[slot] + census_.dropped[slot];
  std::ostringstream msg;
  msg << "accounting at cycle " << t
      << (census_.by_source() ? " for source '" + names_[slot] + "'" : std::string(" over every source"))
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
  // The ledger by source, whatever was checked during the run: one pass for the sums, one
  // for the holders.
  core::Census all(names_.size(), slot_of_);
  for (const Part* p : asked_) count(*p, all);
  std::vector<SourceLedger> ledgers(names_.size());
  for (std::size_t slot = 1; slot < names_.size(); ++slot)
    ledgers[slot] = {names_[slot], all.created[slot], all.refused[slot], all.delivered[slot], all.dropped[slot], {}};
  for (const Part* p : asked_)
    held_by(*p, true, [&](std::size_t slot, const std::string& name, std::uint64_t n) {
      ledgers[slot].in_flight.emplace_back(name, n);
    });
  result.sources.assign(std::make_move_iterator(ledgers.begin() + 1), std::make_move_iterator(ledgers.end()));
}

}  // namespace creditflow::platform
