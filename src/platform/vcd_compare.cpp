#include "creditflow/platform/vcd_compare.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <unordered_map>

#include "creditflow/core/error.hpp"

namespace creditflow::platform {

namespace {

using Changes = std::vector<std::pair<std::uint64_t, std::string>>;  // (time, value), in time order

struct Trace {
  std::map<std::string, std::string> id_of;  // dotted name -> id
  std::unordered_map<std::string, Changes> changes;
  std::uint64_t end = 0;
};

// A value as a reader compares it: vectors without leading zeros, in decimal up to 64 bits.
std::string normal(const std::string& v) {
  if (v.empty() || (v[0] != 'b' && v[0] != 'B')) return v;
  const std::string bits = v.substr(1);
  if (bits.find_first_not_of("01") != std::string::npos) return bits;  // x or z bits
  const auto first = bits.find('1');
  if (first == std::string::npos) return "0";
  if (bits.size() - first > 64) return bits.substr(first);
  std::uint64_t n = 0;
  for (std::size_t i = first; i < bits.size(); ++i) n = (n << 1) | static_cast<std::uint64_t>(bits[i] - '0');
  return std::to_string(n);
}

Trace read_vcd(const std::string& file) {
  std::ifstream in(file);
  if (!in) throw Error(file + ": cannot read this VCD file");
  Trace t;
  std::vector<std::string> scope;
  std::string word;
  std::uint64_t now = 0;
  bool header = true;
  while (in >> word) {
    if (header) {
      if (word == "$scope") {
        std::string type, name;
        in >> type >> name;
        scope.push_back(name);
      } else if (word == "$upscope") {
        if (!scope.empty()) scope.pop_back();
      } else if (word == "$var") {
        std::string type, width, id, name;
        in >> type >> width >> id >> name;
        std::string dotted;
        for (std::size_t i = 1; i < scope.size(); ++i) dotted += scope[i] + ".";  // below the top scope
        t.id_of[dotted + name] = id;
      } else if (word == "$enddefinitions") {
        header = false;
      }
      if (word[0] == '$' && word != "$end")
        while (word != "$end" && in >> word) {
        }
      continue;
    }
    if (word[0] == '#') {
      now = std::stoull(word.substr(1));
      t.end = std::max(t.end, now);
    } else if (word == "$comment") {
      while (word != "$end" && in >> word) {
      }
    } else if (word[0] == '$') {
      continue;  // $dumpvars, $dumpall, $end: the values inside are read as any others
    } else if (word[0] == 'b' || word[0] == 'B' || word[0] == 'r' || word[0] == 'R') {
      std::string id;
      if (!(in >> id)) throw Error(file + ": a value with no signal at time " + std::to_string(now));
      t.changes[id].emplace_back(now, normal(word));
    } else {
      t.changes[word.substr(1)].emplace_back(now, word.substr(0, 1));
    }
  }
  if (header) throw Error(file + ": not a VCD file (no $enddefinitions)");
  return t;
}

// The first time the two signals' values differ, or none; with gates (a flit field's
// channel valid in each file), only at times both are 1: a flit means something only while
// its valid is high, and between offers each part leaves what it likes there (where the
// valids differ, that is the difference).
bool first_difference(const Changes& a, const Changes& b, const Changes* gate_a, const Changes* gate_b,
                      std::uint64_t& time, std::string& va, std::string& vb) {
  static const Changes none;
  const Changes& ga = gate_a ? *gate_a : none;
  const Changes& gb = gate_b ? *gate_b : none;
  std::size_t i = 0, j = 0, k = 0, l = 0;
  std::string x = "x", y = "x", open_a = "1", open_b = "1";
  auto at = [](const Changes& c, std::size_t n) { return n < c.size() ? c[n].first : UINT64_MAX; };
  while (i < a.size() || j < b.size() || k < ga.size() || l < gb.size()) {
    const std::uint64_t t = std::min({at(a, i), at(b, j), at(ga, k), at(gb, l)});
    while (i < a.size() && a[i].first == t) x = a[i++].second;
    while (j < b.size() && b[j].first == t) y = b[j++].second;
    while (k < ga.size() && ga[k].first == t) open_a = ga[k++].second;
    while (l < gb.size() && gb[l].first == t) open_b = gb[l++].second;
    if (x != y && open_a == "1" && open_b == "1") {
      time = t;
      va = x;
      vb = y;
      return true;
    }
  }
  return false;
}

// A flit field's channel valid: "tx.out.flit.id" -> "tx.out.valid".
std::string valid_of(const std::string& name) {
  const auto flit = name.rfind(".flit.");
  return flit == std::string::npos ? "" : name.substr(0, flit) + ".valid";
}

}  // namespace

VcdComparison compare_vcd(const std::string& a_file, const std::string& b_file) {
  const Trace a = read_vcd(a_file), b = read_vcd(b_file);
  VcdComparison c;
  c.end_time = std::max(a.end, b.end);
  static const Changes none;
  auto changes = [](const Trace& t, const std::string& id) -> const Changes& {
    const auto found = t.changes.find(id);
    return found == t.changes.end() ? none : found->second;
  };
  for (const auto& [name, id] : a.id_of) {
    const auto other = b.id_of.find(name);
    if (other == b.id_of.end()) {
      c.only_a.push_back(name);
      continue;
    }
    ++c.compared;
    const Changes& ca = changes(a, id);
    c.events += ca.empty() ? 0 : ca.size() - 1;  // the first is its value at time 0
    std::uint64_t time = 0;
    std::string va, vb;
    const std::string valid_name = valid_of(name);
    auto gate = [&](const Trace& t) -> const Changes* {
      const auto valid = t.id_of.find(valid_name);
      return valid == t.id_of.end() ? nullptr : &changes(t, valid->second);
    };
    if (!first_difference(ca, changes(b, other->second), gate(a), gate(b), time, va, vb)) continue;
    // At one time, the signal nearest the top first: a channel's valid before its flit's fields.
    const auto depth = [](const std::string& n) { return std::count(n.begin(), n.end(), '.'); };
    if (c.identical || time < c.time || (time == c.time && depth(name) < depth(c.signal))) {
      const bool same_time = !c.identical && time == c.time;
      c.identical = false;
      c.time = time;
      c.signal = name;
      c.a = va;
      c.b = vb;
      if (!same_time) c.differing = 0;
    }
    if (time == c.time) ++c.differing;
  }
  for (const auto& [name, id] : b.id_of)
    if (!a.id_of.count(name)) c.only_b.push_back(name);
  return c;
}

}  // namespace creditflow::platform
