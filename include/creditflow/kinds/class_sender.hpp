// Several traffic classes on one link (timing.md section 4), the sender's half: a source and
// credit counters per class and an arbiter. Timing: out_valid/out_flit during t are the
// packet beat the arbiter sends in t, decided from the credits at the start of t. Fed from
// `in` instead (a merge, a hop buffer): in_ready during t says whether the offered flit's
// class, by its source, has room in its queue at the start of t; a flit taken in t may be
// sent from t + 1.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "creditflow/core/class_link_core.hpp"
#include "creditflow/core/class_report_figures.hpp"
#include "creditflow/core/endpoint_text.hpp"
#include "creditflow/core/error.hpp"
#include "creditflow/core/loop_terms.hpp"
#include "creditflow/kinds/behaviour.hpp"

namespace creditflow::kinds {

class ClassSenderKind : public Behaviour<core::Flit> {
 public:
  enum : std::size_t { out, credit_in, in };
  static constexpr std::array<Port, 3> ports{{
      {"out", ChannelType::flow, PortDir::out, "out", false, "packets, tagged with their class"},
      {"credit_in", ChannelType::class_credit, PortDir::in, "credit_in", false, "credits back, per class and type"},
      {"in", ChannelType::stream, PortDir::in, "in", true,
       "packets to send, each in the class its source maps to (with `sources`)"}}};
  using Io = kinds::Io<core::Flit, 3>;

  // `feed`: empty, each class makes its own packets; else every class takes those `in`
  // brings from the sources it maps to the class.
  ClassSenderKind(std::vector<core::ClassSpec> classes, const core::ClassPoolSpec& pools, core::Arbiter arbiter,
                  std::uint64_t run_seed, const std::string& name, std::int64_t beat_bytes = 0,
                  core::ClassFeed feed = {})
      : core_(std::move(classes), pools, std::move(arbiter), run_seed, name, beat_bytes, std::move(feed)),
        name_(name) {}
  const core::ClassSenderCore& core() const { return core_; }
  core::ClassSenderCore& core() { return core_; }
  // Names a source endpoint id in the message for a flit no class takes.
  void name_sources_with(core::EndpointNamer namer) { namer_ = std::move(namer); }

  std::vector<std::size_t> combinational_inputs() const { return {in}; }
  std::vector<std::size_t> combinational_outputs() const { return {in}; }  // in_ready; out is registered
  void edge(int, Io& io) {
    if (core_.fed() && io[in]->valid) {
      if (core_.class_of(io[in]->flit) < 0) unmapped(io[in]->flit);
      if (core_.accepts(io[in]->flit)) core_.take(io[in]->flit);  // the ready it drove
    }
    core_.advance(io[credit_in]->credits);
  }
  void drive(Io& io) {
    io[out]->valid = core_.out_valid();
    if (io[out]->valid) io[out]->flit = core_.out_flit();
    io[in]->ready = core_.fed() && io[in]->valid && core_.accepts(io[in]->flit);
  }
  void add_terms(core::LoopState& s, const Io&) const { core::add_terms(s, core_); }
  // Fed, it holds others' packets, each under its source; else it makes its own (one
  // source of the platform: its flits reach nothing another source's do).
  static constexpr bool counts_flits = true;
  void count(core::Census& c) const {
    if (core_.fed()) {
      core_.for_each_held([&](const core::Flit& f) { c.hold(f); });
      return;
    }
    const std::size_t own = c.slot(0);
    for (std::size_t k = 0; k < core_.classes(); ++k) {
      c.created[own] += core_.created(k);
      c.refused[own] += core_.refused(k);
      c.held[own] += core_.queued(k);
    }
    if (core_.serializing() >= 0) ++c.held[own];
  }
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
  [[noreturn]] __attribute__((cold, noinline)) void unmapped(const core::Flit& f) const {
    throw ProtocolError(name_ + ": a packet from " + core::endpoint_text(namer_, f.source) + " came in at cycle " +
                        std::to_string(core_.now()) + ", and `sources` maps that source to no class");
  }

  core::ClassSenderCore core_;
  std::string name_;
  core::EndpointNamer namer_;
};

}  // namespace creditflow::kinds
