// Fault injection on a wire (core/fault_injection.hpp), zero-latency: credit_fault drops
// or duplicates credits on a credit path, flit_fault flips a payload bit on a flit path.
// Both are combinational: the output during a cycle is that cycle's input as the fault
// owed at its start changes it.
#pragma once
#include <array>

#include "creditflow/core/fault_injection.hpp"
#include "creditflow/kinds/behaviour.hpp"

namespace creditflow::kinds {

class CreditFaultKind : public Behaviour<core::Flit> {
 public:
  enum : std::size_t { in, out };
  static constexpr std::array<Port, 2> ports{{
      {"in", ChannelType::credit, PortDir::in, "credit_in", false, "credits from the receiver side"},
      {"out", ChannelType::credit, PortDir::out, "credit_out", false, "credits to the sender side"}}};
  static constexpr bool holds_credits = false;
  static constexpr bool counts_flits = true;  // credits only
  static constexpr bool holds_flits = false;
  using Io = kinds::Io<core::Flit, 2>;

  explicit CreditFaultKind(core::CreditFaultCore core) : core_(std::move(core)) {}
  const core::CreditFaultCore& core() const { return core_; }

  std::vector<std::size_t> combinational_inputs() const { return {in}; }
  void edge(int, Io& io) { core_.edge(io[in]->credit); }
  void drive(Io& io) { io[out]->credit = core_.out(io[in]->credit); }
  void add_figures(core::LinkReport& r) const { r.faults_injected += core_.injected(); }

 private:
  core::CreditFaultCore core_;
};

template <class T = core::Flit>
class FlitFaultKind : public Behaviour<T> {
 public:
  enum : std::size_t { in, out };
  static constexpr std::array<Port, 2> ports{{
      {"in", ChannelType::flow, PortDir::in, "in", false, "flits from the sender side"},
      {"out", ChannelType::flow, PortDir::out, "out", false, "flits to the receiver side"}}};
  static constexpr bool holds_credits = false;
  static constexpr bool counts_flits = true;  // a wire: it holds none
  static constexpr bool holds_flits = false;
  using Io = kinds::Io<T, 2>;

  explicit FlitFaultKind(core::FlitFaultCore<T> core) : core_(std::move(core)) {}
  const core::FlitFaultCore<T>& core() const { return core_; }

  std::vector<std::size_t> combinational_inputs() const { return {in}; }
  void edge(int, Io& io) { core_.edge(io[in]->valid); }
  void drive(Io& io) {
    io[out]->valid = io[in]->valid;
    if (io[in]->valid) io[out]->flit = core_.out(true, io[in]->flit);
  }
  void add_figures(core::LinkReport& r) const { r.faults_injected += core_.injected(); }

 private:
  core::FlitFaultCore<T> core_;
};

}  // namespace creditflow::kinds
