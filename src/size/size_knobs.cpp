// What the sizing search may change, and what a unit of each costs.
#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

#include "creditflow/core/error.hpp"
#include "creditflow/platform/size_platform.hpp"
#include "size/size_figures.hpp"

namespace creditflow::platform {
namespace {

using Side = LoopEnd::Side;

const std::string* written(const Netlist& netlist, const std::string& component, const std::string& param) {
  for (const ComponentDecl& c : netlist.components)
    if (c.name == component)
      for (const auto& [name, value] : c.params)
        if (name == param) return &value.text;
  return nullptr;
}

// A value the search may set: written as a number or not written (the kind's default),
// not derived from another parameter (${...}), nor given by --set.
bool free_to_set(const Netlist& netlist, const SizeRequest& request, const std::string& component,
                 const std::string& param) {
  for (const Override& o : request.sets)
    if (o.target == component + "." + param) return false;
  const std::string* text = written(netlist, component, param);
  return !text || text->find("${") == std::string::npos;
}

std::int64_t ceiling_of(const ParamSpec& spec, std::int64_t shipped, std::int64_t at_least) {
  return std::min(spec.max_int, std::max(at_least, 4 * shipped));
}

// "PARAM=FROM:TO" (or "PARAM"): the knob's range narrowed, checked against its parameter's.
void narrow(SizeKnob& knob, const std::string& range, const ParamSpec& spec, const std::string& where) {
  if (range.empty()) return;
  const std::size_t colon = range.find(':');
  const auto whole = [&](const std::string& t) {
    char* end = nullptr;
    const long long v = std::strtoll(t.c_str(), &end, 10);
    if (t.empty() || end != t.c_str() + t.size())
      throw ParameterError(where + ": expected PARAM=FROM:TO with whole numbers, e.g. hop.depth=2:16");
    return static_cast<std::int64_t>(v);
  };
  if (colon == std::string::npos)
    throw ParameterError(where + ": expected PARAM=FROM:TO with whole numbers, e.g. hop.depth=2:16");
  const std::int64_t from = whole(range.substr(0, colon)), to = whole(range.substr(colon + 1));
  const std::int64_t lowest = knob.list_item >= 0 ? 0 : spec.min_int;  // a reservation may be none
  if (from > to || from < lowest || to > spec.max_int)
    throw ParameterError(where + ": " + std::to_string(from) + ":" + std::to_string(to) + " is not a range within " +
                         knob.param + "'s " + std::to_string(lowest) + ".." + std::to_string(spec.max_int));
  knob.from = from;
  knob.to = to;
}

}  // namespace

std::vector<SizeKnob> size_knobs(const Netlist& netlist, const Registry& registry, const SizeRequest& request) {
  return size_knobs(netlist, resolve(netlist, registry, request.sets, request.run), request);
}

std::vector<SizeKnob> size_knobs(const Netlist& netlist, const Platform& platform, const SizeRequest& request) {
  std::vector<SizeKnob> all;
  std::map<std::string, const ParamSpec*> specs;
  const auto add = [&](const ResolvedComponent& c, const std::string& param, std::int64_t at_least) -> SizeKnob* {
    const ParamSpec* spec = c.kind->param(param);
    if (!spec || spec->type != ParamType::integer || !free_to_set(netlist, request, c.name, param)) return nullptr;
    for (const SizeKnob& known : all)
      if (known.param == c.name + "." + param) return nullptr;  // a receiver of several loops: one knob
    SizeKnob k;
    k.param = c.name + "." + param;
    k.shipped = integer_param(c.params, param, 1);
    k.from = spec->min_int;
    k.to = ceiling_of(*spec, k.shipped, at_least);
    specs[k.param] = spec;
    all.push_back(k);
    return &all.back();
  };
  // Every credit loop's receiver, with the sender credits that do not already follow it.
  for (const LoopPlan& loop : platform.loops) {
    if (loop.receiver.empty()) continue;
    const ResolvedComponent& rx = platform.component(loop.receiver);
    if (!rx.part_of.empty()) continue;  // a network's own part: its network is the knob
    const LoopEnd* end = rx.kind->end_at(Side::receiver, loop.receiver_end);
    if (!end) end = rx.kind->end_at(Side::whole, loop.receiver_end);
    if (!end || end->capacity.empty()) continue;
    SizeKnob* knob = add(rx, end->capacity, 64);
    if (!knob) continue;
    knob->link = loop.name;
    if (loop.sender.empty() || loop.sender == loop.receiver) continue;
    const ResolvedComponent& tx = platform.component(loop.sender);
    const LoopEnd* send = tx.kind->end_at(Side::sender, loop.sender_end);
    if (!send || send->capacity.empty()) continue;
    const std::string* text = written(netlist, tx.name, send->capacity);
    if (!text || text->find("${" + knob->param + "}") == std::string::npos)
      knob->follows.push_back(tx.name + "." + send->capacity);
  }
  // A class receiver under the reserved policy: each class's reservation, a knob a class.
  for (const ResolvedComponent& c : platform.components) {
    if (!c.kind->param("reserved") || !c.kind->param("classes") || text_param(c.params, "policy") != "reserved" ||
        !free_to_set(netlist, request, c.name, "reserved"))
      continue;
    const std::vector<std::string> classes = list_items(text_param(c.params, "classes"));
    std::vector<std::string> reserved = list_items(text_param(c.params, "reserved"));
    reserved.resize(classes.size(), "0");
    std::vector<std::string> follows;
    const LoopPlan* loop = platform.loop_of(c.name);
    if (loop && !loop->sender.empty() && loop->sender != c.name) {
      const std::string* text = written(netlist, loop->sender, "reserved");
      if (text && text->find("${" + c.name + ".reserved}") == std::string::npos)
        follows.push_back(loop->sender + ".reserved");
    }
    for (std::size_t i = 0; i < classes.size(); ++i) {
      SizeKnob k;
      k.param = c.name + ".reserved[" + classes[i] + "]";
      k.list_param = c.name + ".reserved";
      k.list_item = static_cast<int>(i);
      k.list = reserved;
      k.shipped = std::strtoll(reserved[i].c_str(), nullptr, 10);
      k.from = 0;
      k.to = std::max<std::int64_t>(k.shipped, integer_param(c.params, "depth", 1));
      k.weight = 0;  // a share of the pool, not a slot more
      k.follows = follows;
      specs[k.param] = c.kind->param("depth");
      all.push_back(k);
    }
  }
  for (const ResolvedComponent& c : platform.components)
    if (c.kind->name == "network") {
      if (SizeKnob* k = add(c, "vc_buf_size", 64)) k->network = c.name;
      if (SizeKnob* k = add(c, "num_vcs", 16)) k->network = c.name;
    }

  // --vary: only these, each in its range; a parameter no default knob covers is taken as
  // it is (a whole-number parameter the model writes as a number).
  std::vector<SizeKnob> knobs;
  if (request.vary.empty()) {
    knobs = all;
  } else {
    std::set<std::string> seen;
    for (const std::string& item : request.vary) {
      const std::size_t eq = item.find('=');
      const std::string param = item.substr(0, eq), range = eq == std::string::npos ? "" : item.substr(eq + 1);
      const std::string where = "--vary " + item;
      if (!seen.insert(param).second) throw ParameterError(where + ": " + param + " is varied twice");
      auto known = std::find_if(all.begin(), all.end(), [&](const SizeKnob& k) { return k.param == param; });
      if (known == all.end()) {
        const auto [component, name] = split_dotted(param, where);
        if (platform.index_of(component) == platform.components.size())
          throw ParameterError(where + ": no component '" + component + "'");
        SizeKnob* k = add(platform.component(component), name, 64);
        if (!k)
          throw ParameterError(where + ": " + param + " is not a whole-number parameter the model sets to a number "
                               "(a depth, credits, vc_buf_size); derived values (${...}) and --set ones follow");
        known = std::prev(all.end());
      }
      narrow(*known, range, *specs.at(param), where);
      knobs.push_back(*known);
    }
  }
  if (knobs.empty())
    throw ParameterError("size: the model has no buffer to size (no credit loop's receiver depth or network "
                         "vc_buf_size set to a number); --vary names one");

  // Costs: a slot each, or its link's width in bytes, times any weight given.
  for (const std::string& item : request.costs) {
    const std::size_t eq = item.find('=');
    const std::string where = "--cost " + item;
    if (eq == std::string::npos) throw ParameterError(where + ": expected slots, bytes or PARAM=WEIGHT (mem.depth=4)");
    const std::string param = item.substr(0, eq);
    auto k = std::find_if(knobs.begin(), knobs.end(), [&](const SizeKnob& x) { return x.param == param; });
    if (k == knobs.end()) throw ParameterError(where + ": " + param + " is not among the parameters sized");
    char* end = nullptr;
    const double w = std::strtod(item.c_str() + eq + 1, &end);
    if (eq + 1 == item.size() || *end != '\0' || !(w > 0) || w > 1e9)
      throw ParameterError(where + ": the weight must be a number above 0 (at most 1e9)");
    k->weight = k->weight == 0 ? w : k->weight * w;  // a reservation weighs only what it is given
  }
  if (request.bytes)
    for (SizeKnob& k : knobs) {
      if (k.list_item >= 0) continue;  // a reservation: no slot more
      if (!k.network.empty())
        throw ParameterError("--cost bytes: " + k.param + " is a network's, whose flits have no width in bytes here; "
                             "cost in slots, or weigh it with --cost " + k.param + "=BYTES");
      const auto named = std::find_if(platform.loops.begin(), platform.loops.end(),
                                      [&](const LoopPlan& l) { return l.name == k.link; });
      const LoopPlan* loop = named == platform.loops.end() ? nullptr : &*named;
      const std::int64_t width = loop && !loop->sender.empty() && platform.component(loop->sender).kind->param("width")
                                     ? integer_param(platform.component(loop->sender).params, "width", 0)
                                     : 0;
      if (width <= 0)
        throw ParameterError("--cost bytes: " + k.param + "'s link has no width (its sender's `width`, bytes a flit "
                             "carries); give it one or cost in slots");
      k.weight *= static_cast<double>(width);
    }
  return knobs;
}

std::vector<std::pair<std::string, std::string>> knob_settings(const std::vector<SizeKnob>& knobs,
                                                               const std::vector<std::int64_t>& values) {
  std::vector<std::pair<std::string, std::string>> out;
  std::map<std::string, std::vector<std::string>> lists;  // by list_param, in the knobs' order
  std::vector<std::string> order;
  std::map<std::string, std::set<std::string>> list_follows;
  for (std::size_t i = 0; i < knobs.size(); ++i) {
    const SizeKnob& k = knobs[i];
    const std::string value = std::to_string(values[i]);
    if (k.list_item < 0) {
      out.emplace_back(k.param, value);
      for (const std::string& f : k.follows) out.emplace_back(f, value);
      continue;
    }
    auto [items, fresh] = lists.try_emplace(k.list_param, k.list);
    if (fresh) order.push_back(k.list_param);
    items->second[static_cast<std::size_t>(k.list_item)] = value;
    list_follows[k.list_param].insert(k.follows.begin(), k.follows.end());
  }
  for (const std::string& param : order) {
    std::string text;
    for (const std::string& item : lists.at(param)) text += (text.empty() ? "" : ", ") + item;
    out.emplace_back(param, text);
    for (const std::string& f : list_follows.at(param)) out.emplace_back(f, text);
  }
  return out;
}

}  // namespace creditflow::platform
