#include <cstdio>
#include <iostream>
#include <memory>
#include <utility>
#include <vector>

#include "cli/commands.hpp"
#include "cli/size_platform.hpp"
#include "creditflow/core/diagnosis.hpp"
#include "creditflow/core/error.hpp"
#include "creditflow/core/limits.hpp"
#include "creditflow/core/sizing.hpp"
#include "creditflow/platform/params.hpp"
#include "creditflow/platform/units.hpp"

namespace creditflow::cli {

namespace {
struct SizeArgs {
  std::string bandwidth, rtt, unit, rate, rtt_cycles, stall, held = "0", source_rate = "1", drain_rate = "1";
};

std::string number(double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.15g", v);
  return buf;
}
}  // namespace

void add_size_command(CLI::App& app, const platform::Registry& registry, int& status) {
  auto a = std::make_shared<SizeArgs>();
  auto m = std::make_shared<SizePlatformArgs>();
  CLI::App* size = app.add_subcommand(
      "size", "a whole platform's buffers sized by simulation (MODEL), or one buffer from first principles");
  const std::string whole = "Sizing a platform (MODEL)";
  size->add_option("model", m->model, "platform YAML file: size its buffers together by simulation")
      ->check(CLI::ExistingFile);
  size->add_option("--meet", m->meet, "offered: every flow carries what its source offers")->group(whole);
  size->add_option("--target", m->targets, "FIGURE<=N or FIGURE>=N, a flow's, link's or network's figure "
                   "(cpu:mem.latency.p99<=20) or a JSON path (repeatable)")->group(whole);
  size->add_option("--vary", m->vary, "only these parameters, each PARAM or PARAM=FROM:TO, comma-separated or "
                   "repeated (default: every receiver depth and network vc_buf_size, num_vcs)")->group(whole);
  size->add_option("--cost", m->costs, "slots (default), bytes (at each link's width), or PARAM=WEIGHT "
                   "(repeatable)")->group(whole);
  size->add_option("--seeds", m->seeds, "seeds every target must hold over (default 3)")
      ->check(CLI::Range(1, 100))->group(whole);
  size->add_option("-j,--jobs", m->jobs, "runs at once (default 1)")->check(CLI::Range(1, 1024))->group(whole);
  size->add_option("--set", m->sets, "a parameter fixed for every run: component.param=value")->group(whole);
  add_run_options(*size, m->run);
  for (const auto& [option, value] : m->run.fields()) size->get_option(option)->group(whole);
  size->add_option("--view", m->view, "tl (default, in-process) or cycle (a process per run)")
      ->check(CLI::IsMember({"cycle", "tl"}))->group(whole);
  size->add_flag("--json", m->json, "print the answer as a JSON object instead of the summary")->group(whole);
  size->add_option("--write", m->write, "the model with the chosen values to this file")->group(whole);
  size->add_flag("--force", m->force, "let --write replace an existing file")->group(whole);
  size->add_option("--pareto", m->pareto, "FIGURE<=FROM:TO:STEP: the least total for each bound of one more "
                   "target")->group(whole);
  size->add_option("--plot", m->plot, "with --pareto: the curve to this .png or .svg")->group(whole);
  size->add_option("--bandwidth", a->bandwidth, "link bandwidth, e.g. 16GB/s (with --rtt)");
  size->add_option("--rtt", a->rtt, "round trip, e.g. 500ns (with --bandwidth)");
  size->add_option("--unit", a->unit, "bytes per credit, e.g. 16B");
  size->add_option("--rate", a->rate, "flits per cycle to sustain (with --rtt-cycles)");
  size->add_option("--rtt-cycles", a->rtt_cycles, "round trip in cycles (with --rate)");
  size->add_option("--stall", a->stall, "consumer stall in cycles to ride out");
  size->add_option("--held", a->held, "beats already held when the stall starts (default 0)");
  size->add_option("--source-rate", a->source_rate, "with --stall: beats per cycle offered on average (default 1)");
  size->add_option("--drain-rate", a->drain_rate, "with --stall: beats per cycle the consumer takes on average (default 1)");
  // Each first-principles rule and its options.
  static const std::vector<std::pair<const char*, std::vector<const char*>>> rules{
      {"--bandwidth/--rtt", {"--bandwidth", "--rtt", "--unit"}},
      {"--rate/--rtt-cycles", {"--rate", "--rtt-cycles"}},
      {"--stall", {"--stall", "--held", "--source-rate", "--drain-rate"}}};
  const std::string rules_group = "One buffer from first principles";
  for (const auto& [rule, options] : rules)
    for (const char* option : options) size->get_option(option)->group(rules_group);
  size->callback([a, m, size, whole, rules_group, &registry, &status] {
    using platform::ParamSpec;
    // The first option of `group` given, or null: the two ways of sizing take no option of
    // the other's.
    const auto given_in = [size](const std::string& group) -> const CLI::Option* {
      for (const CLI::Option* o : size->get_options())
        if (o->get_group() == group && o->count() > 0) return o;
      return nullptr;
    };
    if (!m->model.empty()) {
      if (const CLI::Option* rule = given_in(rules_group))
        throw ParameterError("size: " + rule->get_name() + " is a first-principles rule for one buffer, and " +
                             m->model + " a platform to size by simulation: give one of them");
      status = size_platform_command(*m, registry);
      return;
    }
    if (const CLI::Option* option = given_in(whole))
      throw ParameterError("size: " + option->get_name() + " goes with a platform file to size (size MODEL ...)");
    // One rule per call: options of two rules would have one of them silently ignored.
    const char* rule = nullptr;   // the rule of the first option given
    const char* first = nullptr;  // that option
    for (const auto& [name, options] : rules)
      for (const char* option : options)
        if (size->count(option)) {
          if (rule && rule != name)
            throw ParameterError(std::string("size: ") + option + " belongs to " + name + " and " + first + " to " +
                                 rule + ": give one sizing rule per call");
          if (!rule) first = option;
          rule = name;
        }
    if (!rule)
      throw ParameterError("size: give a platform file to size (size MODEL --meet offered), or one rule: "
                           "--bandwidth/--rtt, --rate/--rtt-cycles or --stall");
    const std::string which = rule;
    if (which == "--bandwidth/--rtt") {
      if (a->bandwidth.empty() || a->rtt.empty()) throw ParameterError("size: --bandwidth and --rtt go together");
      const double bw = platform::parse_bandwidth(a->bandwidth, "--bandwidth");
      const double rtt = platform::parse_time_ps(a->rtt, "--rtt");
      const double unit = a->unit.empty() ? 0.0 : platform::parse_bytes(a->unit, "--unit");
      if (!a->unit.empty() && unit <= 0) throw ParameterError("--unit = " + a->unit + " must be more than 0 bytes");
      const core::BandwidthSizing s = core::size_for_bandwidth(bw, rtt, unit);
      std::cout << "buffer >= bandwidth x RTT = " << a->bandwidth << " x " << a->rtt << " = " << number(s.bytes)
                << " B";
      if (s.bytes != s.exact_bytes) std::cout << " (rounded up from " << number(s.exact_bytes) << ")";
      if (unit > 0) {
        std::cout << " = " << s.credits << " credits of " << a->unit;
        if (static_cast<double>(s.credits) != s.exact_credits)
          std::cout << " (rounded up from " << number(s.exact_credits) << ")";
      }
      std::cout << "\n";
    } else if (which == "--rate/--rtt-cycles") {
      if (a->rate.empty() || a->rtt_cycles.empty()) throw ParameterError("size: --rate and --rtt-cycles go together");
      const double rate = std::get<double>(platform::parse_param(
          ParamSpec::real("rate", "", 0.0, 1.0, ""), a->rate, "--rate", "rate"));
      const auto rtt = std::get<std::int64_t>(platform::parse_param(
          ParamSpec::integer("rtt_cycles", "", 1, core::limits::max_period, ""), a->rtt_cycles,
          "--rtt-cycles", "rtt_cycles"));
      const std::int64_t credits = core::credits_for_rate(rate, static_cast<std::uint64_t>(rtt));
      const double exact = rate * static_cast<double>(rtt);
      std::cout << "credits >= rate x RTT = " << a->rate << " x " << rtt << " = " << credits;
      if (static_cast<double>(credits) != exact)
        std::cout << " (" << (exact < 1 ? "at least 1, from " : "rounded up from ") << number(exact) << ")";
      std::cout << "\n";
    } else {
      if (a->stall.empty()) throw ParameterError("size: --held, --source-rate and --drain-rate go with --stall");
      const auto stall = std::get<std::int64_t>(platform::parse_param(
          ParamSpec::integer("stall", "", 0, core::limits::max_period, ""), a->stall, "--stall", "stall"));
      const auto held = std::get<std::int64_t>(platform::parse_param(
          ParamSpec::integer("held", "", 0, core::limits::max_depth, ""), a->held, "--held", "held"));
      const auto rate_of = [](const std::string& text, const char* option) {
        return std::get<double>(platform::parse_param(ParamSpec::real(option + 2, "", 0.0, 1.0, ""), text,
                                                      option, option + 2));
      };
      const double offered = rate_of(a->source_rate, "--source-rate");
      const double drained = rate_of(a->drain_rate, "--drain-rate");
      if (!core::consumer_keeps_up(offered, drained)) {
        std::cout << "no finite depth suffices: the consumer takes " << a->drain_rate << " per cycle against "
                  << a->source_rate << " offered, so the backlog grows without bound; slow the source "
                  << "(backpressure or credits) or speed the consumer\n";
      } else if (offered >= 1.0) {
        std::cout << "depth >= held + stall + 1 = " << held << " + " << stall << " + 1 = "
                  << core::depth_for_stall(held, stall).depth << "\n";
      } else {
        const core::StallSizing s = core::depth_for_stall(held, stall, offered);
        std::cout << "depth >= held + source rate x (stall + 1) = " << held << " + " << a->source_rate << " x "
                  << stall + 1 << " = " << s.depth;
        if (static_cast<double>(s.arrivals) != s.exact_arrivals)
          std::cout << " (" << number(s.exact_arrivals) << " beats rounded up to " << s.arrivals
                    << ": at worst a beat arrives in the stall's first cycle and at the wake edge)";
        std::cout << "\n";
      }
    }
    status = 0;
  });
}

}  // namespace creditflow::cli
