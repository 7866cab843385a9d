#include "run/vc_channels.hpp"

#include <algorithm>
#include <map>

namespace creditflow::platform {
namespace {
constexpr core::Cycle kNever = UINT64_MAX;
}  // namespace

VcChannelCheck::VcChannelCheck(const Platform& platform, const PartOf& part_of, const WiresOf& wires_of) {
  int most_vcs = 0;
  // The connections out of each part, in the platform's order: a channel's wires are found
  // among those of its parts (a walk over every connection per channel grew as the
  // square of a network's size).
  std::map<std::string, std::vector<std::size_t>> out_of;
  for (std::size_t i = 0; i < platform.connections.size(); ++i) out_of[platform.connections[i].from].push_back(i);
  const auto out_of_any = [&](std::vector<std::string> parts) {
    std::vector<std::size_t> found;
    std::sort(parts.begin(), parts.end());
    parts.erase(std::unique(parts.begin(), parts.end()), parts.end());
    for (const std::string& part : parts)
      if (const auto it = out_of.find(part); it != out_of.end())
        found.insert(found.end(), it->second.begin(), it->second.end());
    std::sort(found.begin(), found.end());
    return found;
  };
  for (const VcChannelPlan& plan : platform.vc_channels) {
    Channel c{plan.sender + "." + plan.sender_port + " -> " + plan.receiver + "." + plan.receiver_port,
              {},
              {},
              sums_.size(),
              plan.vcs,
              0,
              0,
              0,
              0,
              ~noc::VcMask{0},
              plan.receiver + " " + plan.receiver_port,
              0,
              std::vector<core::Cycle>(static_cast<std::size_t>(plan.vcs), kNever)};
    // Its wires: flits out of the sender and its forward pipes, credits out of the receiver
    // and its pipes back.
    const auto on_flits = [&](const ResolvedConnection& k) {
      return k.type == ChannelType::vc_flow &&
             ((k.from == plan.sender && k.from_port == plan.sender_port) ||
              std::find(plan.forward.begin(), plan.forward.end(), k.from) != plan.forward.end());
    };
    const auto on_credits = [&](const ResolvedConnection& k) {
      return k.type == ChannelType::vc_credit &&
             ((k.from == plan.receiver && k.from_port == plan.receiver_port + "_credit") ||
              std::find(plan.back.begin(), plan.back.end(), k.from) != plan.back.end());
    };
    const auto writer = [&](const ResolvedConnection& k) {
      return Writer{k.from, part_of(k.from).port_number(k.from_port)};
    };
    std::vector<std::string> senders = plan.forward, receivers = plan.back;
    senders.push_back(plan.sender);
    receivers.push_back(plan.receiver);
    c.first_flit = static_cast<std::uint32_t>(flit_wires_.size());
    for (const std::size_t i : out_of_any(senders))
      if (on_flits(platform.connections[i])) {
        flit_wires_.push_back({wires_of(i).valid, wires_of(i).flit});
        flit_writers_.push_back(writer(platform.connections[i]));
      }
    c.end_flit = static_cast<std::uint32_t>(flit_wires_.size());
    c.first_credit = static_cast<std::uint32_t>(credit_wires_.size());
    for (const std::size_t i : out_of_any(receivers))
      if (on_credits(platform.connections[i])) {
        credit_wires_.push_back(wires_of(i).vcs);
        credit_writers_.push_back(writer(platform.connections[i]));
      }
    c.end_credit = static_cast<std::uint32_t>(credit_wires_.size());
    const auto share = [&](const std::string& name, const std::string& port) {
      const core::VcChannelPart& part = part_of(name);
      c.shares.push_back({&part, part.port_number(port)});
    };
    channel_parts_.push_back({plan.sender, plan.receiver});
    for (const std::string& pipe : plan.forward) channel_parts_.back().push_back(pipe);
    for (const std::string& pipe : plan.back) channel_parts_.back().push_back(pipe);
    share(plan.sender, plan.sender_port);
    for (const std::string& pipe : plan.forward) share(pipe, "in");
    share(plan.receiver, plan.receiver_port);
    for (const std::string& pipe : plan.back) share(pipe, "credit_in");
    // A part's counters are read only where it keeps them for every VC of the channel.
    std::vector<core::VcCells> cells(static_cast<std::size_t>(std::max(plan.vcs, 0)));
    for (const Share& s : c.shares) {
      std::vector<core::VcCells> kept(static_cast<std::size_t>(std::max(plan.vcs, 0)));
      bool all_kept = true;
      for (std::size_t vc = 0; vc < kept.size(); ++vc)
        all_kept = all_kept && s.part->vc_cells(s.port, static_cast<int>(vc), kept[vc]);
      if (!all_kept) {
        c.asked.push_back(s);
        continue;
      }
      for (std::size_t vc = 0; vc < kept.size(); ++vc) {
        core::VcCells& to = cells[vc];
        const auto append = [](auto& into, const auto& from) { into.insert(into.end(), from.begin(), from.end()); };
        append(to.spent, kept[vc].spent);
        append(to.leaving, kept[vc].leaving);
        append(to.on_wire, kept[vc].on_wire);
        append(to.back, kept[vc].back);
        append(to.held, kept[vc].held);
      }
    }
    for (const core::VcCells& k : cells) {
      CellSum sum{static_cast<std::uint32_t>(int_cells_.size()), 0, static_cast<std::uint32_t>(size_cells_.size()), 0};
      std::int16_t term = kSpent;
      for (const auto* terms : {&k.spent, &k.leaving, &k.on_wire, &k.back}) {
        for (const int* n : *terms) int_cells_.push_back({n, static_cast<std::int16_t>(term == kSpent ? 1 : -1), term});
        ++term;
      }
      size_cells_.insert(size_cells_.end(), k.held.begin(), k.held.end());
      sum.end_int = static_cast<std::uint32_t>(int_cells_.size());
      sum.end_size = static_cast<std::uint32_t>(size_cells_.size());
      sums_.push_back(sum);
    }
    most_vcs = std::max(most_vcs, plan.vcs);
    channels_.push_back(std::move(c));
  }
  terms_.reset(most_vcs);
}

void VcChannelCheck::know_sleepers(std::size_t parts, const std::function<std::size_t(const std::string&)>& index_of,
                                   const std::function<bool(std::size_t)>& may_sleep) {
  written_by_.assign(parts, {});
  looked_.assign(channels_.size(), 0);
  for (std::size_t c = 0; c < channels_.size(); ++c) {
    bool always = false;
    for (const std::string& name : channel_parts_[c]) always = always || !may_sleep(index_of(name));
    if (always) always_.push_back(c);
    const Channel& ch = channels_[c];
    const auto written = [&](const Writer& w) {
      written_by_[index_of(w.part)].push_back({kinds::port_bit_or_every(w.port), c});
    };
    for (std::uint32_t w = ch.first_flit; w < ch.end_flit; ++w) written(flit_writers_[w]);
    for (std::uint32_t w = ch.first_credit; w < ch.end_credit; ++w) written(credit_writers_[w]);
  }
}

void VcChannelCheck::observe(core::Cycle t) {
  const bool all = (t & 1023) == 0;
  carrying_.clear();
  for (std::size_t c = 0; c < channels_.size(); ++c) look(t, c, all);
  if (all) last_full_ = t;
  stuck_report_if_any(t);
}

void VcChannelCheck::look(core::Cycle t, std::size_t channel, bool all) {
  Channel& c = channels_[channel];
  noc::VcMask now = 0;
  for (std::uint32_t w = c.first_flit; w < c.end_flit; ++w)
    if (*flit_wires_[w].valid && flit_wires_[w].flit->vc >= 0) now |= noc::VcMask{1} << flit_wires_[w].flit->vc;
  noc::VcMask credits = 0;
  for (std::uint32_t w = c.first_credit; w < c.end_credit; ++w) credits |= *credit_wires_[w];
  c.credited |= credits;
  now |= credits;
  const noc::VcMask which = all ? ~noc::VcMask{0} : now | c.carried;
  if (which != 0) check(t, c, which, all);
  if (all) watch(t, c);
  c.carried = now;
  if (now != 0) carrying_.push_back(channel);
}

void VcChannelCheck::stuck_report_if_any(core::Cycle t) {
  if (stuck_count_ > 0 && stuck_report_.empty())
    stuck_report_ = "watchdog at cycle " + std::to_string(t) + ": " + std::to_string(stuck_count_) +
                    (stuck_count_ == 1 ? " VC" : " VCs") + " of the network's channels held flits and let none go for " +
                    std::to_string(watchdog_) + " cycles or more: " + stuck_ +
                    (stuck_count_ > 8 ? " and " + std::to_string(stuck_count_ - 8) + " more" : "") +
                    "; the run stopped (raise --watchdog if a stall this long is intended)";
}

// At a check of every channel, with its terms just summed: a VC holding flits at the far
// end that sent no credit back since the last such check has let none go since then.
void VcChannelCheck::watch(core::Cycle t, Channel& c) {
  for (std::size_t v = 0; v < c.held_since.size(); ++v) {
    core::Cycle& since = c.held_since[v];
    if (t == 0 || terms_.held[v] == 0 || (c.credited >> v & 1) != 0) {
      since = kNever;
      continue;
    }
    if (since == kNever) since = last_full_;
    if (watchdog_ == 0 || t - since < watchdog_) continue;
    if (stuck_count_++ < 8)
      stuck_ += (stuck_.empty() ? "" : ", ") + c.holding + " VC " + std::to_string(v) + " (" +
                std::to_string(terms_.held[v]) + (terms_.held[v] == 1 ? " flit" : " flits") +
                ", no credit back since cycle " + std::to_string(since) + ")";
  }
  c.credited = 0;
}

void VcChannelCheck::check(core::Cycle t, const Channel& c, noc::VcMask which, bool all) {
  if (!all && c.asked.empty()) {  // from counters alone: a sum each, the terms only if one breaks
    bool holds = true;
    for (noc::VcMask m = which & ((c.vcs >= 64 ? 0 : noc::VcMask{1} << c.vcs) - 1); m != 0 && holds; m &= m - 1) {
      const CellSum& k = sums_[c.first_cells + static_cast<std::size_t>(__builtin_ctzll(m))];
      std::int64_t sum = 0;
      for (std::uint32_t i = k.first_int; i < k.end_int; ++i) sum += int_cells_[i].sign * *int_cells_[i].at;
      for (std::uint32_t i = k.first_size; i < k.end_size; ++i) sum -= static_cast<std::int64_t>(*size_cells_[i]);
      holds = sum == 0;
    }
    if (holds) return;
  }
  terms_.reset(c.vcs, which);
  for (const Share& s : all ? c.shares : c.asked) s.part->add_vc_terms(s.port, terms_);
  if (!all)
    terms_.each([&](std::size_t vc) {
      core::VcTerms::PerVc* const by_term[] = {&terms_.spent, &terms_.leaving, &terms_.on_wire, &terms_.back};
      const CellSum& k = sums_[c.first_cells + vc];
      for (std::uint32_t i = k.first_int; i < k.end_int; ++i) (*by_term[int_cells_[i].term])[vc] += *int_cells_[i].at;
      for (std::uint32_t i = k.first_size; i < k.end_size; ++i)
        terms_.held[vc] += static_cast<std::int64_t>(*size_cells_[i]);
    });
  int broken = -1;
  terms_.each([&](std::size_t vc) {
    if (broken < 0 && !terms_.holds(static_cast<int>(vc))) broken = static_cast<int>(vc);
  });
  if (broken >= 0) violated(t, c, broken);
}

void VcChannelCheck::violated(core::Cycle t, const Channel& c, int vc) {
  if (violations_++ > 0) return;
  const auto v = static_cast<std::size_t>(vc);
  const std::int64_t sum = terms_.leaving[v] + terms_.on_wire[v] + terms_.held[v] + terms_.back[v];
  first_violation_ = "per-VC conservation at cycle " + std::to_string(t) + " on " + c.name + " VC " +
                     std::to_string(vc) + ": " + std::to_string(terms_.spent[v]) + " credits spent != " +
                     std::to_string(terms_.leaving[v]) + " flits leaving + " + std::to_string(terms_.on_wire[v]) +
                     " on the way + " + std::to_string(terms_.held[v]) + " buffered + " +
                     std::to_string(terms_.back[v]) + " credits on the way back = " + std::to_string(sum);
}

void VcChannelCheck::finish(RunResult& result) const {
  result.vc_channels = channels_.size();
  result.vc_channel_violations = violations_;
  if (!first_violation_.empty()) result.first_violations.push_back(first_violation_);
}

}  // namespace creditflow::platform
