#include "creditflow/platform/vcd_compare.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <optional>
#include <unordered_map>

#include "creditflow/core/error.hpp"

namespace creditflow::platform {

namespace {

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

// A VCD read as it streams: its header (every signal's id by dotted name), then its value
// changes one time step at a time. Memory is the signals', whatever the trace's length.
class VcdStream {
 public:
  explicit VcdStream(const std::string& file) : file_(file), in_(file) {
    if (!in_) throw Error(file + ": cannot read this VCD file");
    read_header();
    advance();
  }
  const std::map<std::string, std::string>& id_of() const { return id_of_; }
  bool done() const { return done_; }
  // The time of the next step (when not done).
  std::uint64_t next_time() const { return next_; }
  // The changes of the next step, (id, value) in file order; then moves on.
  template <class F>
  void take_step(F&& change) {
    for (const auto& [id, value] : step_) change(id, value);
    advance();
  }

 private:
  void read_header() {
    std::vector<std::string> scope;
    std::string word;
    while (in_ >> word) {
      if (word == "$scope") {
        std::string type, name;
        in_ >> type >> name;
        scope.push_back(name);
      } else if (word == "$upscope") {
        if (!scope.empty()) scope.pop_back();
      } else if (word == "$var") {
        std::string type, width, id, name;
        in_ >> type >> width >> id >> name;
        std::string dotted;
        for (std::size_t i = 1; i < scope.size(); ++i) dotted += scope[i] + ".";  // below the top scope
        id_of_[dotted + name] = id;
      } else if (word == "$enddefinitions") {
        while (word != "$end" && in_ >> word) {
        }
        return;
      }
      if (word[0] == '$' && word != "$end")
        while (word != "$end" && in_ >> word) {
        }
    }
    throw Error(file_ + ": not a VCD file (no $enddefinitions)");
  }
  // Reads the changes up to the next time mark: the step at `now` (changes before the
  // first mark are at time 0).
  void advance() {
    step_.clear();
    if (pending_time_) {
      next_ = *pending_time_;
      pending_time_.reset();
    } else if (at_end_) {
      done_ = true;
      return;
    }
    std::string word;
    bool any = false;
    while (in_ >> word) {
      if (word[0] == '#') {
        const std::uint64_t t = std::stoull(word.substr(1));
        if (any || !step_.empty()) {
          pending_time_ = t;
          return;
        }
        next_ = t;
        any = true;
      } else if (word == "$comment") {
        while (word != "$end" && in_ >> word) {
        }
      } else if (word[0] == '$') {
        continue;  // $dumpvars, $dumpall, $end: the values inside are read as any others
      } else if (word[0] == 'b' || word[0] == 'B' || word[0] == 'r' || word[0] == 'R') {
        std::string id;
        if (!(in_ >> id)) throw Error(file_ + ": a value with no signal at time " + std::to_string(next_));
        step_.emplace_back(id, normal(word));
        any = true;
      } else {
        step_.emplace_back(word.substr(1), word.substr(0, 1));
        any = true;
      }
    }
    at_end_ = true;
    if (!any) done_ = true;
  }

  std::string file_;
  std::ifstream in_;
  std::map<std::string, std::string> id_of_;  // dotted name -> id
  std::vector<std::pair<std::string, std::string>> step_;
  std::uint64_t next_ = 0;
  std::optional<std::uint64_t> pending_time_;
  bool at_end_ = false, done_ = false;
};

// A flit field's channel valid: "tx.out.flit.id" -> "tx.out.valid".
std::string valid_of(const std::string& name) {
  const auto flit = name.rfind(".flit.");
  return flit == std::string::npos ? "" : name.substr(0, flit) + ".valid";
}

// One side's view of the compared signals: by id, the signals it drives and those it gates.
struct Side {
  std::unordered_map<std::string, std::vector<std::size_t>> drives, gates;
  std::vector<std::string> value;  // per compared signal
  std::vector<std::string> gate;   // per compared signal: its valid's value ("1" without one)
};

}  // namespace

VcdComparison compare_vcd(const std::string& a_file, const std::string& b_file) {
  VcdStream a(a_file), b(b_file);
  VcdComparison c;
  // The signals both carry, in name order (the order a tie between differences is broken by).
  std::vector<std::string> names;
  for (const auto& [name, id] : a.id_of()) {
    if (b.id_of().count(name))
      names.push_back(name);
    else
      c.only_a.push_back(name);
  }
  for (const auto& [name, id] : b.id_of())
    if (!a.id_of().count(name)) c.only_b.push_back(name);
  c.compared = names.size();
  Side sa, sb;
  for (Side* s : {&sa, &sb}) {
    s->value.assign(names.size(), "x");
    s->gate.assign(names.size(), "1");
  }
  for (std::size_t n = 0; n < names.size(); ++n)
    for (auto [stream, side] : {std::pair{&a, &sa}, std::pair{&b, &sb}}) {
      side->drives[stream->id_of().at(names[n])].push_back(n);
      const auto valid = stream->id_of().find(valid_of(names[n]));
      if (valid != stream->id_of().end()) side->gates[valid->second].push_back(n);
    }
  std::vector<char> seen(names.size(), 0);  // a's first change of it: its value at time 0
  std::vector<std::size_t> dirty;
  std::vector<char> marked(names.size(), 0);
  const auto mark = [&](std::size_t n) {
    if (marked[n]) return;
    marked[n] = 1;
    dirty.push_back(n);
  };
  const auto apply = [&](Side& side, bool counts) {
    return [&, counts](const std::string& id, const std::string& value) {
      if (const auto d = side.drives.find(id); d != side.drives.end())
        for (const std::size_t n : d->second) {
          side.value[n] = value;
          if (counts && seen[n]) ++c.events;
          seen[n] = 1;
          mark(n);
        }
      if (const auto g = side.gates.find(id); g != side.gates.end())
        for (const std::size_t n : g->second) {
          side.gate[n] = value;
          mark(n);
        }
    };
  };
  const auto depth = [](const std::string& s) { return std::count(s.begin(), s.end(), '.'); };
  while (!a.done() || !b.done()) {
    const std::uint64_t t = std::min(a.done() ? UINT64_MAX : a.next_time(), b.done() ? UINT64_MAX : b.next_time());
    c.end_time = std::max(c.end_time, t);
    if (!a.done() && a.next_time() == t) a.take_step(apply(sa, true));
    if (!b.done() && b.next_time() == t) b.take_step(apply(sb, false));
    // A flit field means something only while its valid is high in both (where the valids
    // differ, that is the difference).
    for (const std::size_t n : dirty) {
      marked[n] = 0;
      if (sa.value[n] == sb.value[n] || sa.gate[n] != "1" || sb.gate[n] != "1") continue;
      ++c.differing;
      // The signal nearest the top first (a channel's valid before its flit's fields), then by name.
      if (c.identical || depth(names[n]) < depth(c.signal) ||
          (depth(names[n]) == depth(c.signal) && names[n] < c.signal)) {
        c.identical = false;
        c.time = t;
        c.signal = names[n];
        c.a = sa.value[n];
        c.b = sb.value[n];
      }
    }
    dirty.clear();
    if (!c.identical) return c;  // the first time they part: what compare reports
  }
  return c;
}

}  // namespace creditflow::platform
