// Split (timing.md section 5): one input to up to 16 outputs by a routing table on each flit's
// destination; it adds no cycle. Output k offers the input's flit iff the flit routes to
// k; the input is ready iff that output is. A head waiting for its output holds everything
// behind it, even with another output free: head-of-line blocking, counted per output.
// It is the source of the loop each output feeds.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "creditflow/core/split_core.hpp"
#include "creditflow/kinds/behaviour.hpp"
#include "creditflow/kinds/numbered_ports.hpp"

namespace creditflow::kinds {

template <class T = core::Flit>
class SplitKind : public Behaviour<T> {
 public:
  enum : std::size_t { in, first_out };
  static constexpr std::array<Port, kMaxFan + 1> ports =
      fan_ports({"in", ChannelType::stream, PortDir::in, "in", false, "flits from the part before (a hop buffer)"},
                kNumberedOut,
                {"", ChannelType::stream, PortDir::out, "", true, "the flits its routes send here (to a sender)"});
  static constexpr bool several_loops = true;  // the source of each output's loop
  static constexpr std::array<std::size_t, kMaxFan + 1> ports_in_terms = [] {
    std::array<std::size_t, kMaxFan + 1> all{};
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    return all;
  }();
  using Io = kinds::Io<T, kMaxFan + 1>;
  static constexpr bool counts_flits = true;  // it holds none: it adds no cycle
  static constexpr bool holds_flits = false;

  explicit SplitKind(core::SplitCore core) : core_(std::move(core)) {}
  const core::SplitCore& core() const { return core_; }

  std::vector<std::size_t> combinational_inputs() const {
    std::vector<std::size_t> all;
    for (std::size_t i = 0; i < ports.size(); ++i) all.push_back(i);
    return all;
  }
  // Each output follows the input's flit; the input's ready follows the outputs' and the
  // flit's route.
  std::vector<std::pair<std::size_t, std::size_t>> combinational_paths() const {
    std::vector<std::pair<std::size_t, std::size_t>> paths{{in, in}};
    for (std::size_t k = 0; k < kMaxFan; ++k) {
      paths.emplace_back(in, first_out + k);
      paths.emplace_back(first_out + k, in);
    }
    return paths;
  }

  void edge(int, Io& io) {
    const auto& head = io[in]->flit;
    core_.advance(io[in]->valid, head.destination, head.source, [&](std::size_t k) { return io[first_out + k]->ready; });
  }
  // It holds nothing: only its input offering a flit changes it, which its producer says.
  core::Cycle next_busy(core::Cycle) const { return this->never_busy; }
  void skip_to(core::Cycle t) { core_.skip_to(t); }
  void drive(Io& io) {
    const int k = io[in]->valid ? core_.route(io[in]->flit.destination) : core::SplitCore::none;
    for (std::size_t j = 0; j < kMaxFan; ++j) io[first_out + j]->valid = static_cast<int>(j) == k;
    if (k == core::SplitCore::none) {
      io[in]->ready = false;
      return;
    }
    BasicWire<T>& out = *io[first_out + static_cast<std::size_t>(k)];
    out.flit = io[in]->flit;
    io[in]->ready = out.ready;
  }

  // As the source of output `end`'s loop: what it handed on there, and whether its head
  // waits for that output now.
  void add_terms(std::size_t end, core::LoopState& s, const Io& io) const {
    if (end < first_out) return;
    s.sent += core_.handed()[end - first_out];
    s.source_held = s.source_held || (io[end]->valid && !io[end]->ready);
  }
  void add_figures(std::size_t end, core::LinkReport& r) const {
    if (end < first_out) return;
    const std::size_t k = end - first_out;
    r.split = core_.name();
    r.split_blocking = core_.blocked()[k];
    // The output whose flits most held this one's back while it was ready.
    std::uint64_t most = 0;
    std::size_t by = 0;
    for (std::size_t j = 0; j < kMaxFan; ++j) {
      if (j == k) continue;
      r.split_blocked += core_.blocked_while()[j][k];
      if (core_.blocked_while()[j][k] > most) {
        most = core_.blocked_while()[j][k];
        by = j;
      }
    }
    if (most > 0) r.split_blocked_by = ports[first_out + by].name;
  }

 private:
  core::SplitCore core_;
};

}  // namespace creditflow::kinds
