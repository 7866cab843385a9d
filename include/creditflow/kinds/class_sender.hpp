// Several traffic classes on one link (timing.md section 4), the sender's half: a source and
// credit counters per class and an arbiter. Timing: out_valid/out_flit during t are the
// packet beat the arbiter sends in t, decided from the credits at the start of t.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "creditflow/core/class_link_core.hpp"
#include "creditflow/core/class_report_figures.hpp"
#include "creditflow/core/loop_terms.hpp"
#include "creditflow/kinds/behaviour.hpp"

namespace creditflow::kinds {

class ClassSenderKind : public Behaviour<core::Flit> {
 public:
  enum : std::size_t { out, credit_in };
  static constexpr std::array<Port, 2> ports{{
      {"out", ChannelType::flow, PortDir::out, "out", false, "packets, tagged with their class"},
      {"credit_in", ChannelType::class_credit, PortDir::in, "credit_in", false, "credits back, per class and type"}}};
  using Io = kinds::Io<core::Flit, 2>;

  ClassSenderKind(std::vector<core::ClassSpec> classes, const core::ClassPoolSpec& pools, core::Arbiter arbiter,
                  std::uint64_t run_seed, const std::string& name, std::int64_t beat_bytes = 0)
      : core_(std::move(classes), pools, std::move(arbiter), run_seed, name, beat_bytes) {}
  const core::ClassSenderCore& core() const { return core_; }
  core::ClassSenderCore& core() { return core_; }

  void edge(int, Io& io) { core_.advance(io[credit_in]->credits); }
  void drive(Io& io) {
    io[out]->valid = core_.out_valid();
    if (io[out]->valid) io[out]->flit = core_.out_flit();
  }
  void add_terms(core::LoopState& s, const Io&) const { core::add_terms(s, core_); }
  void add_figures(core::LinkReport& r) const { core::add_class_sender_figures(r, core_); }
  // The credits each class holds, named by class: tx.A.header, tx.A.data.
  template <class Visit>
  void trace(Visit&& visit) const {
    for (std::size_t c = 0; c < core_.classes(); ++c) {
      visit(core_.held_header_ref(c), (core_.name(c) + ".header").c_str());
      visit(core_.held_data_ref(c), (core_.name(c) + ".data").c_str());
    }
  }

 private:
  core::ClassSenderCore core_;
};

}  // namespace creditflow::kinds
