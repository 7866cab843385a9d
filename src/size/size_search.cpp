// The sizing search: a bound from one run, a climb by the best gain per cost, a descent
// until each parameter one lower breaks a target (size_platform.hpp).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <sstream>

#include "creditflow/core/error.hpp"
#include "creditflow/core/figure_text.hpp"
#include "creditflow/platform/network_run.hpp"
#include "creditflow/platform/size_platform.hpp"
#include "creditflow/platform/sweep.hpp"
#include "size/size_figures.hpp"
#include "sweep/point_document.hpp"

namespace creditflow::platform {

using nlohmann::json;
using Values = std::vector<std::int64_t>;

// One run's outcome: its document (as the sweep parsed it), or why there is none.
struct SizeRun {
  bool ok = false;
  std::string status;  // the run's status, "failed" without a document
  std::string why;     // when not "ok"
  std::shared_ptr<const ParsedResult> parsed;
  const json& doc() const { return parsed->doc; }
};

struct SizeRunCache {
  std::map<std::pair<Values, std::uint64_t>, SizeRun> runs;
};

namespace {

class Search {
 public:
  Search(const Netlist& netlist, const Registry& registry, const SizeRequest& request)
      : netlist_(netlist), registry_(registry), request_(request),
        shipped_(resolve(netlist, registry, request.sets, request.run)),
        knobs_(size_knobs(netlist, shipped_, request)),
        cache_(request.cache ? request.cache : std::make_shared<SizeRunCache>()), run_(request.run),
        started_(std::chrono::steady_clock::now()) {
    for (const std::string& t : request.targets) targets_.push_back(parse_size_target(t));
    if (targets_.empty() && !request.meet_offered)
      throw ParameterError("size: give --meet offered, a --target, or both");
    if (request.seeds < 1 || request.seeds > 100) throw ParameterError("--seeds must be from 1 to 100");
    for (int i = 0; i < request.seeds; ++i) seeds_.push_back(shipped_.run.seed + static_cast<std::uint64_t>(i));
    // A buffer a slot short of its load falls behind by a fraction of a percent, which a
    // short window cannot tell from its arrivals' noise: runs at least least_cycles long
    // (a network measures itself, and a length given on the command line stands).
    const bool networks = has_networks(shipped_);
    cycles_ = networks ? 0 : shipped_.run.cycles;  // a network's own measurement sets its length
    warmup_ = networks ? 0 : shipped_.run.warmup;
    if (!networks && !request.run.cycles && shipped_.run.cycles < request.least_cycles) {
      lengthened_from_ = shipped_.run.cycles;
      cycles_ = request.least_cycles;
      run_.cycles = std::to_string(cycles_);
      if (!request.run.warmup) {
        warmup_ = request.least_cycles / 5;
        run_.warmup = std::to_string(warmup_);
      }
    }
  }

  SizeAnswer run() {
    SizeAnswer a;
    a.knobs = knobs_;
    a.unit = request_.bytes ? "bytes" : "slots";
    // Every buffer at its largest: the targets must hold there, or nothing in the ranges helps.
    // A reservation is not more of anything (the classes' together may not pass the pool):
    // as the model gives it.
    Values ceiling;
    for (const SizeKnob& k : knobs_) ceiling.push_back(k.list_item >= 0 ? std::clamp(k.shipped, k.from, k.to) : k.to);
    phase_ = "bound";
    const SizeRun& top = *runs({{ceiling, seeds_[0]}}).front();
    if (!top.ok) throw Error("size: with every buffer at its largest the run fails: " + top.why);
    for (SizeTarget& t : targets_) t.path = figure_path(top.doc(), t);
    count_network_inputs(top.doc());
    // (With a reservation among the parameters the top is not the most of everything: the
    // search goes on from the bound.)
    const bool shares = std::any_of(knobs_.begin(), knobs_.end(), [](const SizeKnob& k) { return k.list_item >= 0; });
    if (top.status != "ok" || (miss(top) > 0 && !shares)) {
      a.values = ceiling;
      a.total = total(ceiling);
      a.targets = outcomes(ceiling, {seeds_[0]});
      a.why = "even with every buffer at its largest (" + describe(ceiling) + ") " + first_unmet(top);
      return finish(a);
    }
    Values x = bound(top.doc());
    a.bound_total = total(x);

    phase_ = "search";
    std::vector<std::int64_t> step(knobs_.size(), 1);
    for (;;) {
      const std::uint64_t failing = first_failing_seed(x);
      if (failing == kAllMet) break;
      // Each parameter a step up, on the seed that failed; the best gain per cost wins.
      std::vector<std::pair<Values, std::uint64_t>> candidates;
      for (std::size_t i = 0; i < knobs_.size(); ++i)
        if (x[i] < knobs_[i].to) {
          Values y = x;
          y[i] = std::min(knobs_[i].to, x[i] + step[i]);
          candidates.push_back({y, failing});
        }
      // And every parameter a step up at once: where buffers must grow together (two
      // inputs of one merge), no single step gains anything.
      if (candidates.size() > 1) {
        Values y = x;
        for (std::size_t i = 0; i < knobs_.size(); ++i) y[i] = std::min(knobs_[i].to, x[i] + step[i]);
        candidates.push_back({y, failing});
      }
      if (candidates.empty()) {
        a.values = x;
        a.why = "every parameter is at the top of its range and " + first_unmet(at(x, failing));
        break;
      }
      const std::vector<const SizeRun*> tried = runs(candidates);
      const double before = miss(at(x, failing));
      double best_score = 0;
      std::size_t best = candidates.size();
      for (std::size_t c = 0; c < candidates.size(); ++c) {
        const double gain = before - miss(*tried[c]);
        const double cost = total(candidates[c].first) - total(x);
        const double score = gain / std::max(cost, 1e-12);
        if (gain > 1e-12 && score > best_score) best_score = score, best = c;
      }
      if (best == candidates.size()) {
        // No step helps: longer ones, up to each range's top (the descent takes back what
        // they overshoot).
        bool longer = false;
        for (std::size_t i = 0; i < knobs_.size(); ++i)
          if (x[i] + step[i] < knobs_[i].to) step[i] *= 2, longer = true;
        if (!longer) break;
        continue;
      }
      x = candidates[best].first;
      std::fill(step.begin(), step.end(), 1);
    }
    if (first_failing_seed(x) != kAllMet) {
      a.values = x;
      a.total = total(x);
      if (a.why.empty()) a.why = "no step the search could take met every target: " + first_unmet(at(x, seeds_[0]));
      a.targets = outcomes(x, seeds_);
      return finish(a);
    }

    // Each parameter one lower: a run per seed until one breaks a target; where none does,
    // that is the new answer and every parameter is tried again.
    // Down again: from the least total seen to meet every target (a search before this one
    // may have found it), each parameter as low as it goes with the others held, by halves.
    phase_ = "descend";
    x = least_meeting(x);
    for (std::size_t i : by_cost(x)) {
      std::int64_t low = knobs_[i].from - 1, high = x[i];  // low: not known to meet; high: meets
      while (high - low > 1) {
        Values y = x;
        y[i] = low + (high - low) / 2;
        (first_failing_seed(y) == kAllMet ? high : low) = y[i];
      }
      x[i] = high;
    }

    // Each parameter one lower must break a target: a run per seed until one does. Where
    // none does (more buffer elsewhere is not always better), that is the answer and every
    // parameter is tried again.
    phase_ = "confirm";
    std::vector<MinimalityProof> proofs;
    for (bool lowered = true; lowered;) {
      lowered = false;
      proofs.clear();
      for (std::size_t i = 0; i < knobs_.size() && !lowered; ++i) {
        MinimalityProof p{knobs_[i].param, x[i] - 1, ""};
        if (x[i] <= knobs_[i].from) {
          p.lower = x[i];
          proofs.push_back(p);
          continue;
        }
        Values y = x;
        --y[i];
        const std::uint64_t failing = first_failing_seed(y);
        if (failing == kAllMet) {
          x = y;
          lowered = true;
          continue;
        }
        p.breaks = first_unmet(at(y, failing)) + " (seed " + std::to_string(failing) + ")";
        proofs.push_back(p);
      }
    }
    a.met = true;
    a.values = x;
    a.minimal = proofs;
    a.targets = outcomes(x, seeds_);
    return finish(a);
  }

 private:
  static constexpr std::uint64_t kAllMet = std::numeric_limits<std::uint64_t>::max();

  SizeAnswer finish(SizeAnswer a) {
    a.total = total(a.values);
    a.runs = made_;
    a.seeds = seeds_;
    a.random = random_;
    a.cycles = cycles_;
    a.warmup = warmup_;
    a.lengthened_from = lengthened_from_;
    return a;
  }

  std::vector<Override> overrides(const Values& v) const {
    std::vector<Override> out;
    for (const auto& [param, value] : knob_settings(knobs_, v))
      out.push_back({param, value, "size " + param + "=" + value});
    return out;
  }

  // Runs what the cache does not hold, a seed at a time, `jobs` at once.
  std::vector<const SizeRun*> runs(const std::vector<std::pair<Values, std::uint64_t>>& wanted) {
    std::map<std::uint64_t, std::vector<std::pair<Values, std::uint64_t>>> by_seed;
    for (const auto& w : wanted)
      if (!cache_->runs.count(w)) {
        auto& list = by_seed[w.second];
        if (std::find(list.begin(), list.end(), w) == list.end()) list.push_back(w);
      }
    for (const auto& [seed, list] : by_seed) {
      std::vector<SweepPoint> points;
      for (std::size_t i = 0; i < list.size(); ++i) {
        SweepPoint p;
        p.index = i;
        p.overrides = overrides(list[i].first);
        points.push_back(p);
      }
      SweepOptions options;
      options.jobs = request_.jobs;
      options.sets = request_.sets;
      options.run = run_;
      options.run.seed = std::to_string(seed);
      options.view = request_.view;
      const std::vector<PointResult> results = run_sweep(netlist_, registry_, points, options);
      for (std::size_t i = 0; i < list.size(); ++i) {
        const PointResult& r = results[i];
        if (r.interrupted) throw Error("size: interrupted after " + std::to_string(made_) + " runs");
        SizeRun run;
        const PointVerdict v = point_verdict(r);
        run.status = v.status;
        run.why = v.why;
        run.ok = r.ok;
        if (r.ok) {
          document(r);  // parsed once, and shared
          run.parsed = r.parsed;
        }
        const SizeRun& made = cache_->runs[list[i]] = std::move(run);
        ++made_;
        // The least total to meet every target on the first seed: the progress's best so far
        // (from the climb on, once the targets name figures).
        if (phase_ != "bound" && seed == seeds_[0] && miss(made) == 0)
          best_ = std::min(best_.value_or(total(list[i].first)), total(list[i].first));
      }
      if (phase_ != "bound") report();  // after the targets are known to name figures
    }
    std::vector<const SizeRun*> out;
    for (const auto& w : wanted) out.push_back(&cache_->runs.at(w));
    return out;
  }

  const SizeRun& at(const Values& v, std::uint64_t seed) {
    if (!cache_->runs.count({v, seed})) runs({{v, seed}});
    return cache_->runs.at({v, seed});
  }

  // The targets one run is held to: the user's, and what --meet offered makes of its flows.
  std::vector<SizeTarget> targets_of(const SizeRun& r) const {
    std::vector<SizeTarget> all = targets_;
    if (request_.meet_offered && r.ok) {
      const std::vector<SizeTarget> offered = offered_targets(r.doc());
      all.insert(all.end(), offered.begin(), offered.end());
    }
    return all;
  }

  // The sum of every target's shortfall; a run that failed or is not ok misses most.
  double miss(const SizeRun& r) const {
    if (!r.ok || r.status != "ok") return 1e6;
    double sum = 0;
    for (const SizeTarget& t : targets_of(r)) {
      const std::optional<double> v = figure_at(r.doc(), t.path);
      sum += v ? shortfall(t, *v) : 1e3;
    }
    return sum;
  }

  std::string first_unmet(const SizeRun& r) const {
    if (!r.ok) return "the run fails: " + r.why;
    if (r.status != "ok") return "the run is " + r.status + ": " + r.why;
    for (const SizeTarget& t : targets_of(r)) {
      const std::optional<double> v = figure_at(r.doc(), t.path);
      if (!v) return t.text + ": the run has no " + t.path;
      if (margin(t, *v) < 0)
        return t.text + " is not met: " + t.path + " is " + core::significant(*v, 6) +
               (t.at_most ? " > " : " < ") + core::significant(t.bound, 6);
    }
    return "every target is met";
  }

  // The first seed on which `x` misses a target (running seeds until one does), or kAllMet.
  // After the first point to meet on every seed, a platform whose second seed gave the very
  // same figures as its first is taken as without randomness: one seed from then on.
  std::uint64_t first_failing_seed(const Values& x) {
    for (std::size_t s = 0; s < seeds_.size(); ++s) {
      const SizeRun& r = at(x, seeds_[s]);
      if (miss(r) > 0) return seeds_[s];
      if (s == 1 && random_ && same_figures(at(x, seeds_[0]), r)) {
        random_ = false;
        seeds_.resize(1);
        return kAllMet;
      }
    }
    return kAllMet;
  }

  static bool same_figures(const SizeRun& a, const SizeRun& b) {
    json x = a.doc(), y = b.doc();
    x.erase("seed");
    y.erase("seed");
    return x == y;
  }

  // Each target's worst figure over `seeds` at `x`.
  std::vector<TargetOutcome> outcomes(const Values& x, const std::vector<std::uint64_t>& seeds) {
    std::vector<TargetOutcome> out;
    for (std::uint64_t seed : seeds) {
      const SizeRun& r = at(x, seed);
      if (!r.ok) continue;
      for (const SizeTarget& t : targets_of(r)) {
        const std::optional<double> v = figure_at(r.doc(), t.path);
        if (!v) continue;
        auto known =
            std::find_if(out.begin(), out.end(), [&](const TargetOutcome& o) { return o.target.path == t.path; });
        if (known == out.end()) {
          out.push_back({t, *v, margin(t, *v) >= 0, margin(t, *v), seed});
        } else if (margin(t, *v) < known->margin) {
          *known = {t, *v, margin(t, *v) >= 0, margin(t, *v), seed};
        }
      }
    }
    return out;
  }

  // Rate x round trip for each loop's buffer, from the run with every buffer at its largest
  // (a loop cannot carry its rate with fewer credits than that); others from their floor.
  Values bound(const json& doc) const {
    Values x;
    for (const SizeKnob& k : knobs_) {
      std::int64_t b = k.from;
      if (!k.link.empty() && doc.contains("links") && doc.at("links").contains(k.link)) {
        const json& link = doc.at("links").at(k.link);
        double rtt = link.value("loop_rtt", 0.0);
        if (rtt <= 0) rtt = link.value("measured_rtt", 0.0);
        b = static_cast<std::int64_t>(std::ceil(link.value("throughput", 0.0) * rtt - 1e-9));
      }
      x.push_back(std::clamp(b, k.from, k.to));
    }
    return x;
  }

  // A network's buffers are its router inputs x VCs x slots: its inputs counted from a run.
  void count_network_inputs(const json& doc) {
    for (const SizeKnob& k : knobs_)
      if (!k.network.empty() && doc.contains("networks") && doc.at("networks").contains(k.network))
        inputs_[k.network] =
            static_cast<double>(doc.at("networks").at(k.network).value("channels", json::array()).size());
  }

  double total(const Values& v) const {
    double sum = 0;
    std::map<std::string, std::pair<double, double>> networks;  // vc_buf_size, num_vcs (with their weights)
    for (std::size_t i = 0; i < knobs_.size(); ++i) {
      const SizeKnob& k = knobs_[i];
      if (k.network.empty()) {
        sum += k.weight * static_cast<double>(v[i]);
        continue;
      }
      auto& n = networks.try_emplace(k.network, network_param(k.network, "vc_buf_size"),
                                     network_param(k.network, "num_vcs")).first->second;
      (k.param == k.network + ".vc_buf_size" ? n.first : n.second) = k.weight * static_cast<double>(v[i]);
    }
    for (const auto& [name, n] : networks) {
      const auto inputs = inputs_.find(name);
      sum += (inputs == inputs_.end() ? 1.0 : inputs->second) * n.first * n.second;
    }
    return sum;
  }

  double network_param(const std::string& network, const std::string& name) const {
    return static_cast<double>(integer_param(shipped_.component(network).params, name, 1));
  }

  // The cached point of least total that meets every target on every seed, or `x`.
  Values least_meeting(Values x) {
    for (const auto& [key, run] : cache_->runs) {
      if (key.second != seeds_[0] || key.first.size() != x.size() || total(key.first) >= total(x) || miss(run) > 0)
        continue;
      bool all = true;
      for (std::uint64_t seed : seeds_) {
        const auto r = cache_->runs.find({key.first, seed});
        all = all && r != cache_->runs.end() && miss(r->second) == 0;
      }
      if (all) x = key.first;
    }
    return x;
  }

  // The parameters, the costliest first: lowering those saves the most.
  std::vector<std::size_t> by_cost(const Values& x) const {
    std::vector<std::size_t> order(knobs_.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return knobs_[a].weight * static_cast<double>(x[a]) > knobs_[b].weight * static_cast<double>(x[b]);
    });
    return order;
  }

  std::string describe(const Values& v) const {
    std::string out;
    for (std::size_t i = 0; i < knobs_.size(); ++i)
      out += (i ? ", " : "") + knobs_[i].param + "=" + std::to_string(v[i]);
    return out;
  }

  void report() {
    if (!request_.progress) return;
    SizeProgress p;
    p.runs = made_;
    p.phase = phase_;
    p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    p.best = best_;
    // A step of the climb: each parameter and all together, each on one seed; of the
    // descent and the proof: a point on every seed.
    p.runs_left = phase_ == "search" ? knobs_.size() + 1 : seeds_.size();
    request_.progress(p);
  }

  const Netlist& netlist_;
  const Registry& registry_;
  const SizeRequest& request_;
  const Platform shipped_;  // as the model and --set give it
  std::vector<SizeKnob> knobs_;
  std::vector<SizeTarget> targets_;
  std::vector<std::uint64_t> seeds_;
  bool random_ = true;
  std::shared_ptr<SizeRunCache> cache_;
  RunOverrides run_;  // the request's, lengthened
  std::int64_t cycles_ = 0, warmup_ = 0, lengthened_from_ = 0;
  std::map<std::string, double> inputs_;
  std::optional<double> best_;  // see runs()
  std::size_t made_ = 0;
  std::string phase_;
  std::chrono::steady_clock::time_point started_;
};

}  // namespace

SizeAnswer size_platform(const Netlist& netlist, const Registry& registry, const SizeRequest& request) {
  return Search(netlist, registry, request).run();
}

}  // namespace creditflow::platform
