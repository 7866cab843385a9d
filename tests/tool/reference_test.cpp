// An independent reference for timing.md section 5, written from its text and not from the
// library: random paths (sources, each through its own hops into a merge, a shared run of
// hops, a split to several receivers through their own hops) are simulated here cycle by
// cycle and by `creditflow run` in both views; every flow's created, delivered and latency
// histogram must agree.
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <deque>
#include <fstream>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "harness.hpp"

using nlohmann::json;

namespace {

struct Flit {
  int source = 0, destination = 0;
  long created = 0;
  bool head = true, tail = true;
};

// One credit loop: a sender's credits, Lf forward stages, a buffer of `depth` that pops
// when t % every == 0 (a hop: and when the next part is ready), Lr credit stages.
struct Loop {
  std::string name;
  int depth = 1, lf = 0, lr = 0, every = 1;
  int credits = 0;
  std::deque<std::optional<Flit>> forward;  // front: the last stage
  std::deque<bool> back;
  std::deque<Flit> buffer;
  // During the cycle:
  std::optional<Flit> sent;
  bool pop = false;

  void reset() {
    credits = depth;
    forward.assign(static_cast<std::size_t>(lf), std::nullopt);
    back.assign(static_cast<std::size_t>(lr), false);
  }
  bool offers(long t) const { return !buffer.empty() && t % every == 0; }
  void edge() {
    const std::optional<Flit> arrive = lf ? forward.front() : sent;
    const bool credit_in = lr ? back.front() : pop;
    credits += static_cast<int>(credit_in) - static_cast<int>(sent.has_value());
    if (pop) buffer.pop_front();
    if (arrive) buffer.push_back(*arrive);
    if (static_cast<int>(buffer.size()) > depth) throw std::runtime_error(name + ": overflow");
    if (lf) {
      forward.pop_front();
      forward.push_back(sent);
    }
    if (lr) {
      back.pop_front();
      back.push_back(pop);
    }
    sent.reset();
    pop = false;
  }
};

struct Source {
  std::string name;
  int id = 0;
  int every = 0;  // 0: saturating
  int packet = 1;
  std::vector<int> destinations;  // in turn, per packet
  std::deque<Flit> queue;
  long created = 0;
  std::size_t turn = 0;
  int dest = 0;

  void create(long t) {
    if (every == 0 ? !queue.empty() : t % every != 0) return;
    const long place = created % packet;
    if (place == 0) {
      dest = destinations[turn];
      turn = (turn + 1) % destinations.size();
    }
    queue.push_back({id, dest, t, place == 0, place + 1 == packet});
    ++created;
  }
};

// The merge: round robin, fixed priority, or weighted (weights in packets); packets whole.
struct Merge {
  std::string policy = "round_robin";
  std::vector<int> priority, weights;
  std::size_t inputs = 0, pointer = 0;
  int locked = -1, holder = -1, used = 0;

  int winner(const std::vector<bool>& valid) const {
    if (locked >= 0) return valid[static_cast<std::size_t>(locked)] ? locked : -1;
    if (policy == "fixed") {
      for (int i : priority)
        if (valid[static_cast<std::size_t>(i)]) return i;
      return -1;
    }
    if (policy == "weighted" && holder >= 0 && valid[static_cast<std::size_t>(holder)]) return holder;
    for (std::size_t k = 0; k < inputs; ++k)
      if (valid[(pointer + k) % inputs]) return static_cast<int>((pointer + k) % inputs);
    return -1;
  }
  void transfer(int w, bool tail) {
    if (!tail) {
      locked = w;
      return;
    }
    locked = -1;
    if (policy == "weighted") {
      if (holder != w) {
        holder = w;
        used = 0;
      }
      if (++used < weights[static_cast<std::size_t>(w)]) return;
      holder = -1;
    }
    pointer = (static_cast<std::size_t>(w) + 1) % inputs;
  }
};

struct FlowFigures {
  long created = 0, delivered = 0;
  std::map<long, long> latency;  // in the window
};

// Sources s0.. each through its own loops a0_0.. into the merge (or straight on, with one),
// the shared loops c0.., then the split (with several receivers) and each receiver's loops
// b0_0.. ending at receiver r0..
struct Network {
  std::vector<Source> sources;
  std::vector<std::vector<Loop>> own;  // per source
  std::vector<Loop> shared;
  std::vector<std::vector<Loop>> tails;  // per receiver
  Merge merge;

  // Runs `cycles`; flows by (source, receiver) from `warmup` on.
  std::map<std::pair<int, int>, FlowFigures> run(long cycles, long warmup) {
    for (auto* segs : {&own, &tails})
      for (auto& seg : *segs)
        for (Loop& l : seg) l.reset();
    for (Loop& l : shared) l.reset();
    std::map<std::pair<int, int>, FlowFigures> flows;
    for (Source& s : sources) s.create(0);
    for (long t = 0; t < cycles; ++t) step(t, warmup, flows);
    for (const Source& s : sources) {
      // Created per destination: count the source's choices again.
      Source again = s;
      again.queue.clear();
      again.created = 0;
      again.turn = 0;
      for (long k = 0; k < s.created; ++k) {
        if (k % s.packet == 0) {
          again.dest = again.destinations[again.turn];
          again.turn = (again.turn + 1) % again.destinations.size();
        }
        ++flows[{s.id, again.dest}].created;
      }
    }
    return flows;
  }

  // A loop's sender takes what `offer` gives when it holds a credit.
  static bool take(Loop& l, const std::optional<Flit>& offer) {
    if (!offer || l.credits == 0) return false;
    l.sent = offer;
    return true;
  }
  // Within a segment: each hop's head goes on to the next loop's sender.
  static void inner(std::vector<Loop>& seg, long t) {
    for (std::size_t k = 0; k + 1 < seg.size(); ++k) {
      Loop& hop = seg[k];
      if (hop.offers(t) && take(seg[k + 1], hop.buffer.front())) hop.pop = true;
    }
  }

  void step(long t, long warmup, std::map<std::pair<int, int>, FlowFigures>& flows) {
    // Sources into their first loops.
    std::vector<bool> source_taken(sources.size());
    for (std::size_t i = 0; i < sources.size(); ++i) {
      Source& s = sources[i];
      source_taken[i] = !s.queue.empty() && take(own[i].front(), s.queue.front());
    }
    for (auto& seg : own) inner(seg, t);
    inner(shared, t);
    for (auto& seg : tails) inner(seg, t);
    // The merge: the last hop of each source's loops into the first shared sender.
    Loop& first_shared = shared.front();
    std::vector<bool> valid(own.size());
    for (std::size_t i = 0; i < own.size(); ++i) valid[i] = own[i].back().offers(t);
    const int w = merge.winner(valid);
    if (w >= 0) {
      Loop& hop = own[static_cast<std::size_t>(w)].back();
      const bool ready = first_shared.credits > 0;
      if (take(first_shared, hop.buffer.front())) hop.pop = true;
      if (ready) merge.transfer(w, hop.buffer.front().tail);
    }
    // The split: the last shared hop's head to its receiver's first sender (one receiver:
    // the last shared loop ends at it).
    if (tails.size() > 1) {
      Loop& hop = shared.back();
      if (hop.offers(t) && take(tails[static_cast<std::size_t>(hop.buffer.front().destination)].front(), hop.buffer.front()))
        hop.pop = true;
    }
    // Receivers pop by their schedule.
    for (Loop* rx : receivers())
      if (rx->offers(t)) {
        rx->pop = true;
        const Flit& f = rx->buffer.front();
        FlowFigures& flow = flows[{f.source, f.destination}];
        ++flow.delivered;
        if (t >= warmup) ++flow.latency[t - f.created];
      }
    // The edge.
    for (auto& seg : own)
      for (Loop& l : seg) l.edge();
    for (Loop& l : shared) l.edge();
    for (auto& seg : tails)
      for (Loop& l : seg) l.edge();
    for (std::size_t i = 0; i < sources.size(); ++i) {
      if (source_taken[i]) sources[i].queue.pop_front();
      sources[i].create(t + 1);
    }
  }

  std::vector<Loop*> receivers() {
    if (tails.size() <= 1) return {&shared.back()};
    std::vector<Loop*> out;
    for (auto& seg : tails) out.push_back(&seg.back());
    return out;
  }
};

std::string loop_yaml(const Loop& l, const std::string& tx, const std::string& feed, const std::string& rx_kind,
                      std::ostringstream& connections) {
  std::ostringstream c;
  c << "  " << tx << ": { kind: credit_sender, credits: " << l.depth << " }\n"
    << "  " << l.name << "_link: { kind: pipelined_link, forward_latency: " << l.lf << ", credit_latency: " << l.lr << " }\n"
    << "  " << l.name << ": { kind: " << rx_kind << ", depth: " << l.depth << ", drain_every: " << l.every << " }\n";
  connections << "  - " << feed << " -> " << tx << ".in\n  - " << tx << ".out -> " << l.name << "_link.in\n  - " << l.name
              << "_link.out -> " << l.name << ".in\n  - " << l.name << ".credit -> " << l.name << "_link.credit_in\n  - "
              << l.name << "_link.credit_out -> " << tx << ".credit_in\n";
  return c.str();
}

// The same network as a platform file.
std::string platform_yaml(const Network& n, long cycles, long warmup) {
  std::ostringstream components, connections;
  const auto receiver_name = [&](std::size_t j) { return n.tails.size() <= 1 ? n.shared.back().name : n.tails[j].back().name; };
  for (const Source& s : n.sources) {
    components << "  " << s.name << ": { kind: traffic_source, pattern: " << (s.every ? "periodic" : "saturating")
               << ", every: " << (s.every ? s.every : 1) << ", packet_flits: " << s.packet << ", destinations: \"";
    for (std::size_t k = 0; k < s.destinations.size(); ++k)
      components << (k ? ", " : "") << receiver_name(static_cast<std::size_t>(s.destinations[k]));
    components << "\" }\n";
  }
  const auto segment = [&](const std::vector<Loop>& seg, std::string feed, bool ends_at_receiver) {
    for (std::size_t k = 0; k < seg.size(); ++k) {
      const bool last = k + 1 == seg.size();
      components << loop_yaml(seg[k], "tx_" + seg[k].name, feed,
                              last && ends_at_receiver ? "credit_receiver" : "hop_buffer", connections);
      feed = seg[k].name + ".out";
    }
  };
  for (std::size_t i = 0; i < n.own.size(); ++i) segment(n.own[i], n.sources[i].name + ".out", false);
  std::string shared_feed = n.own.front().back().name + ".out";
  if (n.own.size() > 1) {
    components << "  arb: { kind: merge, policy: " << n.merge.policy;
    if (n.merge.policy == "fixed") {
      components << ", priority: \"";
      for (std::size_t k = 0; k < n.merge.priority.size(); ++k) components << (k ? ", " : "") << "in" << n.merge.priority[k];
      components << "\"";
    }
    if (n.merge.policy == "weighted") {
      components << ", weights: \"";
      for (std::size_t k = 0; k < n.merge.weights.size(); ++k) components << (k ? ", " : "") << n.merge.weights[k];
      components << "\"";
    }
    components << " }\n";
    for (std::size_t i = 0; i < n.own.size(); ++i) connections << "  - " << n.own[i].back().name << ".out -> arb.in" << i << "\n";
    shared_feed = "arb.out";
  }
  segment(n.shared, shared_feed, n.tails.size() <= 1);
  if (n.tails.size() > 1) {
    components << "  split: { kind: split, routes: \"";
    for (std::size_t j = 0; j < n.tails.size(); ++j) components << (j ? ", " : "") << receiver_name(j) << "=out" << j;
    components << "\" }\n";
    connections << "  - " << n.shared.back().name << ".out -> split.in\n";
    for (std::size_t j = 0; j < n.tails.size(); ++j) segment(n.tails[j], "split.out" + std::to_string(j), true);
  }
  return "components:\n" + components.str() + "connections:\n" + connections.str() + "run: { cycles: " +
         std::to_string(cycles) + ", warmup: " + std::to_string(warmup) + " }\n";
}

Network random_network(std::mt19937& rng) {
  const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  Network n;
  const int sources = pick(1, 3), receivers = pick(1, 3);
  int loops = 0;
  const auto loop = [&](const std::string& prefix) {
    Loop l;
    l.name = prefix + std::to_string(loops++);
    l.depth = pick(1, 6);
    l.lf = pick(0, 3);
    l.lr = pick(0, 3);
    l.every = std::vector<int>{1, 1, 1, 2, 3}[static_cast<std::size_t>(pick(0, 4))];
    return l;
  };
  for (int i = 0; i < sources; ++i) {
    Source s;
    s.name = "s" + std::to_string(i);
    s.every = std::vector<int>{0, 0, 2, 3, 5}[static_cast<std::size_t>(pick(0, 4))];
    s.packet = pick(1, 3);
    for (int k = pick(1, 3); k > 0; --k) s.destinations.push_back(pick(0, receivers - 1));
    n.sources.push_back(s);
    n.own.emplace_back();
    for (int k = pick(1, 2); k > 0; --k) n.own.back().push_back(loop("a"));
  }
  for (int k = pick(1, 2); k > 0; --k) n.shared.push_back(loop("c"));
  if (receivers > 1)
    for (int j = 0; j < receivers; ++j) {
      n.tails.emplace_back();
      for (int k = pick(1, 2); k > 0; --k) n.tails.back().push_back(loop("b"));
    }
  else
    for (Source& s : n.sources) s.destinations = {0};
  n.merge.inputs = static_cast<std::size_t>(sources);
  n.merge.policy = std::vector<std::string>{"round_robin", "fixed", "weighted"}[static_cast<std::size_t>(pick(0, 2))];
  for (int i = 0; i < sources; ++i) n.merge.priority.push_back(i);
  std::shuffle(n.merge.priority.begin(), n.merge.priority.end(), rng);
  for (int i = 0; i < sources; ++i) n.merge.weights.push_back(pick(1, 3));
  return n;
}

}  // namespace

BOOST_AUTO_TEST_CASE(random_chains_merges_and_splits_match_an_independent_reference) {
  std::mt19937 rng(20261204);  // fixed: the same networks every run
  cftool::TempDir dir;
  int compared_flows = 0;
  for (int k = 0; k < 40; ++k) {
    Network n = random_network(rng);
    const std::string file = dir / ("net" + std::to_string(k) + ".yaml");
    const long cycles = 600, warmup = 300;
    std::ofstream(file) << platform_yaml(n, cycles, warmup);
    // Endpoint ids are the library's; the reference's are indices: map by name.
    std::vector<std::string> receiver_names;
    for (std::size_t j = 0; j < std::max<std::size_t>(1, n.tails.size()); ++j)
      receiver_names.push_back(n.tails.size() <= 1 ? n.shared.back().name : n.tails[j].back().name);
    for (std::size_t i = 0; i < n.sources.size(); ++i) n.sources[i].id = static_cast<int>(i);
    const auto expected = n.run(cycles, warmup);
    BOOST_TEST_CONTEXT("network " << k << ":\n" << cftool::read_file(file)) {
      const json doc = cftool::same_in_both_views(CREDITFLOW_TOOL, "run " + file);
      BOOST_TEST(doc.at("status") == "ok");
      BOOST_TEST(doc.at("flows").size() == expected.size());
      for (const auto& [key, want] : expected) {
        const std::string name = n.sources[static_cast<std::size_t>(key.first)].name + ":" +
                                 receiver_names[static_cast<std::size_t>(key.second)];
        BOOST_TEST_CONTEXT("flow " << name) {
          BOOST_TEST_REQUIRE(doc.at("flows").contains(name));
          const json& got = doc.at("flows").at(name);
          BOOST_TEST(got.at("created").get<long>() == want.created);
          BOOST_TEST(got.at("delivered").get<long>() == want.delivered);
          json histogram = json::array();
          for (const auto& [latency, count] : want.latency) histogram.push_back({latency, count});
          BOOST_TEST(got.at("latency").at("histogram").dump() == histogram.dump());
          ++compared_flows;
        }
      }
    }
  }
  BOOST_TEST(compared_flows > 60);
}
