// Merge (timing.md section 5): up to 16 inputs to one output through an arbiter
// (core/merge_core.hpp); it adds no cycle. The output offers the winner's flit; the
// winner's ready is the output's, every other input's is 0. A packet holds the output from
// its head to its tail. It is the source of the loop its output feeds.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "creditflow/core/merge_core.hpp"
#include "creditflow/kinds/behaviour.hpp"
#include "creditflow/kinds/numbered_ports.hpp"

namespace creditflow::kinds {

template <class T = core::Flit>
class MergeKind : public Behaviour<T> {
 public:
  enum : std::size_t { out, first_in };
  static constexpr std::array<Port, kMaxFan + 1> ports =
      fan_ports({"out", ChannelType::stream, PortDir::out, "out", false, "the winner's flits (to a sender)"},
                kNumberedIn, {"", ChannelType::stream, PortDir::in, "", true, "flits to merge (from a hop buffer)"});
  static constexpr bool several_loops = true;  // the source of its output's loop
  static constexpr std::array<std::size_t, 1> ports_in_terms{out};
  static constexpr bool counts_flits = true;  // it holds none: it adds no cycle
  static constexpr bool holds_flits = false;
  using Io = kinds::Io<T, kMaxFan + 1>;

  MergeKind(core::MergeCore core, std::string name, std::string policy)
      : core_(std::move(core)), name_(std::move(name)), policy_(std::move(policy)) {}
  const core::MergeCore& core() const { return core_; }

  std::vector<std::size_t> combinational_inputs() const {
    std::vector<std::size_t> all;
    for (std::size_t i = 0; i < ports.size(); ++i) all.push_back(i);
    return all;
  }
  // The output follows the inputs' offers; each input's ready follows the output's ready
  // and the other inputs' offers (who wins).
  std::vector<std::pair<std::size_t, std::size_t>> combinational_paths() const {
    std::vector<std::pair<std::size_t, std::size_t>> paths;
    for (std::size_t i = first_in; i < ports.size(); ++i) {
      paths.emplace_back(i, out);
      paths.emplace_back(out, i);
      for (std::size_t j = first_in; j < ports.size(); ++j) paths.emplace_back(j, i);
    }
    return paths;
  }

  void edge(int, Io& io) {
    const auto valid = [&](std::size_t i) { return io[first_in + i]->valid; };
    const int w = core_.winner(valid);
    const bool tail = w != core::MergeCore::none && io[first_in + static_cast<std::size_t>(w)]->flit.tail;
    core_.advance(valid, w, io[out]->ready, tail);
  }
  // It holds nothing: only an input offering a flit changes it, which its producer says.
  core::Cycle next_busy(core::Cycle) const { return this->never_busy; }
  void skip_to(core::Cycle t) { core_.skip_to(t); }
  void drive(Io& io) {
    const int w = core_.winner([&](std::size_t i) { return io[first_in + i]->valid; });
    io[out]->valid = w != core::MergeCore::none;
    if (io[out]->valid) io[out]->flit = io[first_in + static_cast<std::size_t>(w)]->flit;
    for (std::size_t i = 0; i < kMaxFan; ++i) io[first_in + i]->ready = static_cast<int>(i) == w && io[out]->ready;
  }

  // As the source of its output's loop: what it handed on, and whether its offer waits.
  void add_terms(std::size_t end, core::LoopState& s, const Io& io) const {
    if (end != out) return;
    s.sent += core_.handed();
    s.source_held = s.source_held || (io[out]->valid && !io[out]->ready);
  }
  // Per input (named by its port; the platform names the part behind it): transfers, waits
  // and share of the output, in the window; only inputs that offered anything.
  void add_figures(std::size_t end, core::LinkReport& r) const {
    if (end != out) return;
    r.merge = name_;
    r.merge_policy = policy_;
    for (std::size_t i = 0; i < kMaxFan; ++i) {
      const std::uint64_t t = core_.transfers()[i], w = core_.waits()[i];
      if (t == 0 && w == 0) continue;
      const double share = core_.total_transfers() ? static_cast<double>(t) / static_cast<double>(core_.total_transfers()) : 0.0;
      r.merge_inputs.push_back({ports[first_in + i].name, t, w, share});
    }
  }

 private:
  core::MergeCore core_;
  std::string name_, policy_;
};

}  // namespace creditflow::kinds
