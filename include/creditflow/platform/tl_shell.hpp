// The transaction-level view of any kind (kinds/behaviour.hpp): its definition on the
// platform's plain wires, scheduled by simulate_tl without a kernel. An optional port left
// unconnected writes to a wire of the part's own that nothing reads.
#pragma once
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "creditflow/core/error.hpp"
#include "creditflow/platform/tl_part.hpp"

namespace creditflow::platform {

template <class B>
class TlShell : public TlPart, public monitor::LoopParticipant {
 public:
  static constexpr std::size_t N = B::ports.size();

  explicit TlShell(B b) : b_(std::move(b)) {
    io_.fill(&spare_);
    if constexpr (B::several_loops)
      for (std::size_t i = 0; i < N; ++i) ends_.emplace_back(*this, i);
  }
  TlShell(const TlShell& other) : TlPart(other), monitor::LoopParticipant(other), b_(other.b_) {
    io_ = other.io_;  // a snapshot for steady-state jumps: never runs
  }

  void bind(const std::string& port, Wire& wire) override { io_[kinds::port_index(B::ports, port)] = &wire; }
  void set_period(int domain, double period_ps) override { b_.set_period(domain, period_ps); }
  std::vector<std::string> combinational_inputs() const override {
    std::vector<std::string> ports;
    for (const std::size_t i : b_.combinational_inputs()) ports.push_back(B::ports[i].name);
    return ports;
  }
  std::vector<std::pair<std::string, std::string>> combinational_paths() const override {
    std::vector<std::pair<std::string, std::string>> paths;
    for (const auto& [in, out] : b_.combinational_paths()) paths.emplace_back(B::ports[in].name, B::ports[out].name);
    return paths;
  }
  void edge(int domain) override { b_.edge(domain, io_); }
  void drive() override { b_.drive(io_); }
  kinds::PortMask carrying() const override { return b_.carrying(); }
  const monitor::LoopParticipant* participant() const override { return B::holds_credits ? this : nullptr; }
  void contribute(core::LoopState& s) const override {
    if constexpr (!B::several_loops) b_.add_terms(s, io_);
  }
  void contribute(core::LinkReport& r) const override {
    if constexpr (!B::several_loops) b_.add_figures(r);
  }
  bool crosses_clocks() const override { return B::domains == 2; }
  void add_flows(core::FlowTable& t) const override { b_.add_flows(t); }
  void add_waits(core::Waits& w) const override { b_.add_waits(w); }
  bool counts_flits() const override { return B::counts_flits; }
  bool holds_flits() const override { return B::holds_flits; }
  void count(core::Census& c) const override { b_.count(c); }
  std::uint64_t census_version() const override { return b_.census_version(); }
  core::CensusLog* census_log() override { return b_.census_log(); }
  void count_places(const PlaceCensus& at) const override {
    if constexpr (B::counts_places)
      b_.count_places(at);
    else
      b_.count(at(""));
  }
  std::size_t port_number(const std::string& port) const override { return kinds::port_index(B::ports, port); }
  void add_vc_terms(std::size_t port, core::VcTerms& t) const override { b_.add_vc_terms(port, t); }
  bool vc_cells(std::size_t port, int vc, core::VcCells& c) const override { return b_.vc_cells(port, vc, c); }
  void add_hop_waits(std::size_t port, core::HopWaits& w) const override { b_.add_hop_waits(port, w); }
  std::vector<std::string> outputs_toward(const std::string& input, std::uint32_t destination) const override {
    return b_.outputs_toward(input, destination);
  }
  const monitor::LoopParticipant* participant_at(const std::string& end) const override {
    if constexpr (B::several_loops) return &ends_.at(kinds::port_index(B::ports, end));
    else return participant();
  }
  void contribute_at(const std::string& end, core::LinkReport& r) const override {
    if constexpr (B::several_loops) b_.add_figures(kinds::port_index(B::ports, end), r);
    else contribute(r);
  }

  core::Cycle next_busy(core::Cycle t) const override { return b_.next_busy(t); }
  void skip_to(core::Cycle t) override { b_.skip_to(t); }
  bool sleeps() const override { return B::sleeps; }
  bool counted_asleep() const override { return B::counted_asleep; }
  std::optional<core::Cycle> cycle_length() const override { return b_.cycle_length(); }
  core::Cycle next_stall_edge(core::Cycle t) const override { return b_.next_stall_edge(t); }
  void add_shape(core::Shape& s) const override { b_.add_shape(s); }
  std::unique_ptr<TlPart> clone() const override {
    if constexpr (std::is_copy_constructible_v<B>) return std::make_unique<TlShell>(*this);
    else return nullptr;  // a kind that cannot be copied does not jump
  }
  void repeat(const TlPart& earlier, core::Cycle periods, core::Cycle period) override {
    b_.repeat(static_cast<const TlShell&>(earlier).b_, periods, period);
  }

 private:
  // For a kind in several loops: what it holds of the loop whose end is port `port`.
  class EndHolder : public monitor::LoopParticipant {
   public:
    EndHolder(const TlShell& part, std::size_t port) : part_(part), port_(port) {}
    void contribute(core::LoopState& s) const override {
      if constexpr (B::several_loops) part_.b_.add_terms(port_, s, part_.io_);
    }

   private:
    const TlShell& part_;
    std::size_t port_;
  };

  B b_;
  Wire spare_;
  kinds::Io<core::Flit, N> io_{};
  std::vector<EndHolder> ends_;
};

}  // namespace creditflow::platform
