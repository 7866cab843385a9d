// The built-in kinds: their parameters (defaults, ranges) and roles in a link, and the one
// definition (include/creditflow/kinds/) that gives each its ports and both views.
#include <utility>
#include <algorithm>
#include <type_traits>

#include "creditflow/core/limits.hpp"
#include "creditflow/platform/registry.hpp"
#include "creditflow/kinds/async_fifo.hpp"
#include "creditflow/kinds/class_receiver.hpp"
#include "creditflow/kinds/class_sender.hpp"
#include "creditflow/kinds/credit_crossing.hpp"
#include "creditflow/kinds/credit_receiver.hpp"
#include "creditflow/kinds/credit_source.hpp"
#include "creditflow/kinds/flit_crossing.hpp"
#include "creditflow/kinds/hop_buffer.hpp"
#include "creditflow/kinds/responder.hpp"
#include "creditflow/kinds/merge.hpp"
#include "creditflow/kinds/split.hpp"
#include "creditflow/kinds/ready_valid_sink.hpp"
#include "creditflow/kinds/credit_sender.hpp"
#include "creditflow/kinds/fault_wires.hpp"
#include "creditflow/kinds/pipelined_link.hpp"
#include "creditflow/kinds/register_slice.hpp"
#include "creditflow/kinds/traffic_source.hpp"
#include "creditflow/kinds/trace_source.hpp"
#include "creditflow/platform/kind_config.hpp"
#include "creditflow/platform/nearest.hpp"
#include "creditflow/platform/define_kind.hpp"
#include "creditflow/platform/verilated.hpp"
#include "creditflow/platform/trace_file.hpp"
#include "model/trace_endpoints.hpp"

namespace creditflow::platform {

KindSpec network_kind();  // network_kind.cpp
void add_router_kinds(Registry& r);  // router_kinds.cpp

namespace {

namespace lim = core::limits;

// A link's width, for its throughput in bytes per second beside flits per cycle.
ParamSpec flit_bytes_param() {
  return ParamSpec::integer("width", "0", 0, lim::max_depth,
                            "bytes a flit carries, to report bandwidth in GB/s beside flits per cycle (0: not given)");
}

// A buffer slot or pipeline stage, as the transaction-level view (the hungrier) keeps it:
// measured at 128 bytes (64 in the cycle view), whatever the kind.
constexpr std::size_t kSlotBytes = 128;

// The receiver's advertisement, which a class sender mirrors.
std::vector<ParamSpec> pool_params() {
  const ParamSpec count = ParamSpec::integer("", "", 0, lim::max_depth, "");
  return {ParamSpec::integer("depth", "8", 1, lim::max_depth, "header credits: packets the buffer holds").storing(kSlotBytes),
          ParamSpec::choice("policy", "shared", {"shared", "split", "reserved"},
                            "how the credits are divided among the classes"),
          ParamSpec::list("reserved", "0", count, "reserved policy: header credits only this class may use"),
          ParamSpec::list("max", "0", count, "most header credits a class may hold (0: no maximum)"),
          ParamSpec::integer("data_depth", "0", 0, lim::max_depth, "data credits (0: packets carry no data)").storing(kSlotBytes),
          ParamSpec::list("data_reserved", "0", count, "reserved policy: data credits only this class may use"),
          ParamSpec::integer("data_unit", "16", 1, 1 << 20, "bytes per data credit")};
}

ParamSpec class_names_param() {
  return ParamSpec::list("classes", "", ParamSpec::text("", "", ""), "the traffic classes, in order", false)
      .make_required();
}

// Parameters shared by the kinds whose values cross into another clock.

// A pipelined link's stages, forward (carrying `what`) and back.
std::vector<ParamSpec> link_params(const std::string& what) {
  return {ParamSpec::integer("latency", "1", 0, lim::max_latency, "stages each way"),
          ParamSpec::integer("forward_latency", "${latency}", 0, lim::max_latency, "stages for " + what).storing(kSlotBytes),
          ParamSpec::integer("credit_latency", "${latency}", 0, lim::max_latency, "stages for credits").storing(kSlotBytes)};
}

template <class... Lists>
std::vector<ParamSpec> params(std::vector<ParamSpec> first, Lists... rest) {
  (first.insert(first.end(), rest.begin(), rest.end()), ...);
  return first;
}

// What a platform's source says of itself in its link's report.
kinds::SourceLabel source_label(const ComponentConfig& c) {
  return {c.text("class"), static_cast<std::uint64_t>(c.integer("beats"))};
}

// A credit receiver or a hop buffer as a platform runs it: measured from the warm-up, its
// latencies timed across the loop's clocks, its flits' creations listed where sizing by
// waits can use them.
template <class Kind>
Kind receiver_buffer(const ComponentConfig& c) {
  Kind k(receiver_params(c), c.seed(), c.name());
  k.core().measure_from(static_cast<core::Cycle>(c.warmup_in_own_cycles()));
  k.core().set_clocks(c.from_loop_clock());
  k.core().set_creation_clocks(c.creation_clocks());
  k.core().list_creations(c.random_source());
  if constexpr (std::is_same_v<Kind, kinds::CreditReceiverKind<>>)
    k.flows().configure(c.endpoint_id(), c.warmup_in_own_cycles(), c.clocks_from_endpoints(), c.deliveries());
  return k;
}

// Input ports by name, for a merge's priority or one of its groups: "in2, in0" -> {2, 0};
// `param` names the parameter in a refusal.
std::vector<std::size_t> merge_inputs(const std::string& text, const std::string& where, const std::string& param) {
  std::vector<std::size_t> order;
  if (text.empty()) return order;
  for (const std::string& item : list_items(text)) {
    const auto& ins = kinds::kNumberedIn;
    const auto found = std::find(ins.begin(), ins.end(), item);
    if (found == ins.end())
      throw ParameterError(where + "." + param + ": '" + item + "' is not an input (allowed in0..in" +
                           std::to_string(kinds::kMaxFan - 1) + ", highest first)");
    order.push_back(static_cast<std::size_t>(found - ins.begin()));
  }
  return order;
}

// A merge's priority groups: "in0; in1, in2" -> {{0}, {1, 2}}, highest first.
std::vector<std::vector<std::size_t>> merge_groups(const std::string& text, const std::string& where) {
  std::vector<std::vector<std::size_t>> groups;
  if (text.empty()) return groups;
  for (const std::string& group : list_items(text, ';')) {
    if (group.empty())
      throw ParameterError(where + ".groups: an empty group in '" + text +
                           "' (allowed inputs separated by ',' in groups separated by ';', e.g. \"in0; in1, in2\")");
    groups.push_back(merge_inputs(group, where, "groups"));
  }
  return groups;
}

// A fed class_sender's sources: "cpu=A, dma0=B" -> (source, class) pairs, each checked
// against its classes, every class fed by one at least.
std::vector<std::pair<std::string, std::size_t>> class_sources(const std::string& text, const std::string& classes,
                                                                const std::string& where) {
  std::vector<std::pair<std::string, std::size_t>> pairs;
  if (text.empty()) return pairs;  // each class makes its own packets
  const std::vector<std::string> names = list_items(classes);
  std::vector<bool> fed(names.size(), false);
  for (const std::string& item : list_items(text)) {
    const std::size_t eq = item.find('=');
    const std::string source = item.substr(0, eq), cls = eq == std::string::npos ? "" : item.substr(eq + 1);
    const auto found = std::find(names.begin(), names.end(), cls);
    if (eq == std::string::npos || found == names.end())
      throw ParameterError(where + ".sources: '" + item + "' does not map a source to a class (allowed source=class, " +
                           "the class one of " + join_names(names) + ", e.g. \"cpu=" + names.front() + "\")");
    for (const auto& [seen, k] : pairs)
      if (seen == source)
        throw ParameterError(where + ".sources maps '" + source + "' twice (allowed one class a source)");
    fed[static_cast<std::size_t>(found - names.begin())] = true;
    pairs.emplace_back(source, static_cast<std::size_t>(found - names.begin()));
  }
  for (std::size_t k = 0; k < names.size(); ++k)
    if (!fed[k])
      throw ParameterError(where + ".sources maps no source to class " + names[k] +
                           " (allowed: every class fed by a source, or no sources and each class its own pattern)");
  return pairs;
}

// A trace_source as a platform runs it: its records' destinations by the platform's
// endpoints, their flits at its width (or the width of the part it feeds), and where its
// records wait for others, the platform's board of deliveries for its trace.
kinds::TraceSourceKind<> trace_source(const ComponentConfig& c) {
  const std::string path = c.path_beside_model(c.text("file"));
  const std::string source = c.text("source").empty() ? c.name() : c.text("source");
  const TraceEndpoints endpoints(c.text("endpoints"), c.name() + ".endpoints");
  const std::int64_t width = c.flit_width();
  std::shared_ptr<core::DeliveryBoard> board;
  if (c.deliveries()) {
    board = c.deliveries()->board_for(path);
    c.deliveries()->track(c.endpoint_id(), board);
  }
  const auto namer = c.endpoint_namer();
  core::TraceEndpointIds ids;
  ids.source = [source, self = c.endpoint_id()](const std::string& name) -> std::optional<std::uint32_t> {
    if (name == source) return self;
    return std::nullopt;
  };
  ids.destination = [c, endpoints, namer](const std::string& name) -> std::optional<std::uint32_t> {
    const std::uint32_t id = c.endpoint_id(endpoints.component(name));
    if (namer && namer(id).empty()) return std::nullopt;
    return id;
  };
  auto replay = std::make_unique<core::TraceReplay>(
      open_trace(path), std::move(ids), static_cast<std::uint64_t>(std::max<std::int64_t>(width, 0)), std::move(board));
  kinds::TraceSourceKind<> k(std::move(replay), c.integer("queue_depth"), c.endpoint_id(), c.name());
  k.record_to(c.creations());
  return k;
}

core::LinkParams link_stages(const ComponentConfig& c) {
  return {c.integer("forward_latency"), c.integer("credit_latency")};
}

}  // namespace

Registry builtin_registry() {
  Registry r;
  auto add = [&r](KindSpec kind) { r.add(std::move(kind)); };
  add(defined_by<kinds::TrafficSourceKind<>>(
      {"traffic_source", "offers flits on a ready/valid stream by a pattern, holding each until taken",
       pattern_params(), {}, LoopRole::source, {}, {}},
      [](const ComponentConfig& c) {
        kinds::TrafficSourceKind<> k(source_params(c), c.seed(), c.name(), source_label(c));
        k.measure_from(static_cast<core::Cycle>(c.warmup_in_own_cycles()));
        k.record_to(c.creations());
        return k;
      }));

  KindSpec trace{
      "trace_source",
      "replays a trace's records for its source (a CSV, or one compressed with gzip), each as flits at the width of "
      "the part it feeds; a record that waits for others is issued after they are delivered",
      {ParamSpec::text("file", "",
                       "the trace, beside the model: a header naming its columns cycle, source, destination, bytes "
                       "and optionally class, id, depends_on, delay; a record a line")
           .make_required(),
       ParamSpec::text("source", "", "the name the trace gives this part's records (empty: its own name)"),
       ParamSpec::list("endpoints", "", ParamSpec::text("", "", ""),
                       "the trace's names that differ from the platform's, as trace_name=component, e.g. "
                       "\"vp_mem=mem\"",
                       false),
       ParamSpec::integer("width", "0", 0, lim::max_depth,
                          "bytes a flit carries: a record becomes its bytes over this, rounded up (0: the width of "
                          "the part its out port feeds)"),
       ParamSpec::integer("queue_depth", "16", 1, lim::max_queue,
                          "records waiting to leave; while it is full, records due wait in the file and keep their "
                          "cycle as their creation")},
      {},
      LoopRole::source,
      {},
      {}};
  trace.replays_trace = true;
  add(defined_by<kinds::TraceSourceKind<>>(trace, trace_source));

  KindSpec sender{"credit_sender",
                  "holds a loop's credits; forwards a flit only with a credit",
                  {ParamSpec::integer("credits", "", 1, lim::max_depth,
                                      "initial credits; at most the loop's receiver depth")
                       .make_required(),
                   flit_bytes_param()},
                  {},
                  LoopRole::sender,
                  {},
                  {}};
  sender.capacity_param = "credits";
  add(defined_by<kinds::CreditSenderKind<>>(sender, [](const ComponentConfig& c) {
    return kinds::CreditSenderKind<>(c.integer("credits"), c.name(), c.integer("width"));
  }));

  add(defined_by<kinds::PipelinedLinkKind<>>(
      {"pipelined_link", "forward_latency stages for flits, credit_latency stages for credits", link_params("flits"),
       {}, LoopRole::pipe, {{"in", "out"}, {"credit_in", "credit_out"}}, {}},
      [](const ComponentConfig& c) { return kinds::PipelinedLinkKind<>(link_stages(c), c.name()); }));

  KindSpec receiver{"credit_receiver",
                    "a buffer of depth slots drained by a schedule; one credit per pop",
                    params({ParamSpec::integer("depth", "4", 1, lim::max_depth, "buffer slots (B)").storing(kSlotBytes),
                            ParamSpec::boolean("check_payload", "true",
                                               "count flits whose payload does not echo their id, as every "
                                               "built-in source sends (false for a source of your own that "
                                               "does not)")},
                           drain_params()),
                    {},
                    LoopRole::receiver,
                    {},
                    {}};
  receiver.capacity_param = "depth";
  add(defined_by<kinds::CreditReceiverKind<>>(receiver, receiver_buffer<kinds::CreditReceiverKind<>>));

  KindSpec hop{"hop_buffer",
               "a receiver whose consumer is the next part of a path: its head leaves, and a credit goes back, "
               "when that part is ready",
               receiver.params,
               {},
               LoopRole::none,
               {},
               {}};
  hop.ends = {{LoopEnd::Side::receiver, "in", "credit", "depth", ""}, {LoopEnd::Side::source, "out", "", "", ""}};
  add(defined_by<kinds::HopBufferKind<>>(hop, receiver_buffer<kinds::HopBufferKind<>>));

  KindSpec responder{"responder",
                     "a target answering every request it takes with a response to the request's source, latency "
                     "cycles later (a memory controller); it takes none while queue_depth responses are pending",
                     params(receiver.params,
                            std::vector<ParamSpec>{
                                ParamSpec::integer("latency", "1", 1, lim::max_latency,
                                                   "cycles from popping a request to offering its response"),
                                ParamSpec::integer("queue_depth", "4", 1, lim::max_queue,
                                                   "responses on their way or waiting to leave")
                                    .storing(kSlotBytes),
                                ParamSpec::list("replies", "", ParamSpec::text("", "", ""),
                                                "where each source's responses go: source=receiver, e.g. "
                                                "\"cpu=cpu_rx, dma=dma_rx\"",
                                                false)
                                    .naming_replies()
                                    .make_required()}),
                     {},
                     LoopRole::none,
                     {},
                     {}};
  responder.ends = {{LoopEnd::Side::receiver, "in", "credit", "depth", ""}, {LoopEnd::Side::source, "out", "", "", ""}};
  responder.makes_flits = true;
  add(defined_by<kinds::ResponderKind>(responder, [](const ComponentConfig& c) {
    std::map<std::uint32_t, std::uint32_t> replies;
    for (const std::string& item : list_items(c.text("replies"))) {
      const std::size_t eq = item.find('=');
      if (eq == std::string::npos)
        throw ParameterError(c.name() + ".replies: '" + item + "' is not source=receiver (e.g. cpu=cpu_rx)");
      replies[c.endpoint_id(item.substr(0, eq))] = c.endpoint_id(item.substr(eq + 1));
    }
    kinds::ResponderKind k(receiver_params(c), c.integer("latency"), c.integer("queue_depth"), std::move(replies),
                           c.seed(), c.name());
    k.name_sources_with(c.endpoint_namer());
    k.record_to(c.creations());
    k.core().measure_from(static_cast<core::Cycle>(c.warmup_in_own_cycles()));
    k.configure(c.endpoint_id(), c.warmup_in_own_cycles(), c.clocks_from_endpoints(), c.deliveries());
    return k;
  }));

  KindSpec merge{"merge",
                 "an arbiter from up to 16 inputs (in0..in15) to one output; adds no cycle; a packet holds the "
                 "output from head to tail",
                 {ParamSpec::choice("policy", "round_robin", {"round_robin", "fixed", "weighted"},
                                    "round_robin: the first requester at or after a pointer; fixed: by priority; "
                                    "weighted: an input keeps the grant for up to its weight in packets"),
                  ParamSpec::list("priority", "", ParamSpec::text("", "", ""),
                                  "fixed: inputs, highest first (default in0, in1, ...; the unlisted after)", false),
                  ParamSpec::list("weights", "", ParamSpec::integer("", "", 1, INT32_MAX, ""),
                                  "weighted: packets a turn for in0, in1, ... (default 1 each)", false),
                  ParamSpec::text("groups", "",
                                  "priority groups, highest first, e.g. \"in0; in1, in2\": a group with a requester "
                                  "wins over the groups after it, the policy chooses within it (default: one group)")},
                 {},
                 LoopRole::none,
                 {},
                 {}};
  merge.ends = {{LoopEnd::Side::source, "out", "", "", ""}};
  add(defined_by<kinds::MergeKind<>>(merge, [](const ComponentConfig& c) {
    core::MergeSpec spec;
    const std::string& policy = c.text("policy");
    spec.policy = policy == "fixed"      ? core::MergeSpec::Policy::fixed
                  : policy == "weighted" ? core::MergeSpec::Policy::weighted
                                         : core::MergeSpec::Policy::round_robin;
    spec.priority = merge_inputs(c.text("priority"), c.name(), "priority");
    if (!c.text("weights").empty())
      for (const std::string& w : list_items(c.text("weights"))) spec.weights.push_back(std::stoll(w));
    spec.groups = merge_groups(c.text("groups"), c.name());
    core::MergeCore core(kinds::kMaxFan, spec, c.name());
    core.measure_from(static_cast<core::Cycle>(c.warmup_in_own_cycles()));
    // The diagnosis names the arbitration: "fixed", or "strict between groups (in0; in1, in2), round_robin within".
    const std::string label =
        spec.groups.empty() ? policy : "strict between groups (" + c.text("groups") + "), " + policy + " within";
    return kinds::MergeKind<>(std::move(core), c.name(), label);
  }));

  KindSpec split{"split",
                 "routes each flit to one of up to 16 outputs (out0..out15) by its destination; adds no cycle; a "
                 "head waiting for its output blocks the flits behind it",
                 {ParamSpec::list("routes", "", ParamSpec::text("", "", ""),
                                  "destination=output pairs, e.g. \"rxA=out0, rxB=out1\"", false)
                      .naming_destinations()
                      .make_required()},
                 {},
                 LoopRole::none,
                 {},
                 {}};
  for (const char* out : kinds::kNumberedOut) split.ends.push_back({LoopEnd::Side::source, out, "", "", ""});
  split.check = [](const std::map<std::string, ParamValue>& params, const std::function<bool(const std::string&)>& connected,
                   const std::string& where) {
    for (const auto& [destination, port] : split_routes(std::get<std::string>(params.at("routes")), where))
      if (!connected(port))
        throw ParameterError(where + ".routes sends " + destination + " to " + port +
                             ", which is not connected (allowed a connected output)");
  };
  add(defined_by<kinds::SplitKind<>>(split, [](const ComponentConfig& c) {
    std::vector<int> routes;
    for (const auto& [destination, port] : split_routes(c.text("routes"), c.name())) {
      const std::uint32_t id = c.endpoint_id(destination);
      if (routes.size() <= id) routes.resize(id + 1, core::SplitCore::none);
      routes[id] = static_cast<int>(std::stoul(port.substr(3)));
    }
    core::SplitCore core(kinds::kMaxFan, std::move(routes), c.name(), c.endpoint_namer());
    core.measure_from(static_cast<core::Cycle>(c.warmup_in_own_cycles()));
    return kinds::SplitKind<>(std::move(core));
  }));

  KindSpec credit_source{
      "credit_source",
      "creates flits and sends one only with a credit, returned from a sink's popped through "
      "return_delay registers; never looks at ready",
      params(pattern_params(),
             std::vector<ParamSpec>{
                 ParamSpec::integer("credits", "4", 1, lim::max_depth, "credits C; at most the sink's depth"),
                 ParamSpec::integer("return_delay", "0", 0, lim::max_latency,
                                    "registers R between the sink's popped and the counter: RTT R + 3"),
                 flit_bytes_param()}),
      {},
      LoopRole::sender,
      {},
      {}};
  credit_source.capacity_param = "credits";
  add(defined_by<kinds::CreditSourceKind<>>(credit_source, [](const ComponentConfig& c) {
    return kinds::CreditSourceKind<>({source_params(c), c.integer("credits"), c.integer("return_delay")}, c.seed(),
                                     c.name(), source_label(c), c.integer("width"));
  }));

  KindSpec sink{"ready_valid_sink",
                "a FIFO of depth beats with backpressure (ready = !full) or lossy (drops counted)",
                params({ParamSpec::integer("depth", "4", 1, lim::max_depth, "FIFO depth D").storing(kSlotBytes),
                        ParamSpec::boolean("backpressure", "true",
                                           "true: ready = !full; false: always ready, beats meeting a "
                                           "full FIFO are dropped and counted")},
                       drain_params()),
                {},
                LoopRole::receiver,
                {},
                {}};
  sink.credit_out = "popped";
  sink.capacity_param = "depth";
  add(defined_by<kinds::ReadyValidSinkKind<>>(sink, [](const ComponentConfig& c) {
    kinds::ReadyValidSinkKind<> k({c.integer("depth"), c.boolean("backpressure"), drain_spec(c)}, c.seed(), c.name());
    k.core().measure_from(static_cast<core::Cycle>(c.warmup_in_own_cycles()));
    k.core().set_creation_clocks(c.creation_clocks());
    k.core().list_creations(c.random_source());
    k.flows().configure(c.endpoint_id(), c.warmup_in_own_cycles(), c.clocks_from_endpoints(), c.deliveries());
    return k;
  }));

  KindSpec fifo{"async_fifo",
                "a dual-clock FIFO with Gray pointers: the writer's free slots are its credits",
                params({ParamSpec::integer("depth", "8", 1, lim::max_depth, "slots").storing(kSlotBytes),
                        ParamSpec::clock("rd_clock", "the reader's clock (the writer's is `clock`)")},
                       sync_params(), drain_params()),
                {},
                LoopRole::loop,
                {},
                {}};
  fifo.capacity_param = "depth";
  add(defined_by<kinds::AsyncFifoKind<>>(fifo, [](const ComponentConfig& c) {
    kinds::AsyncFifoKind<> k({c.integer("depth"), c.integer("sync_stages"), c.real("uncertainty"), drain_spec(c)},
                             c.seed(), c.name());
    k.core().set_clocks(c.from_loop_clock(c.text("rd_clock")));
    return k;
  }));

  add(defined_by<kinds::FlitCrossingKind<>>(
      {"flit_crossing", "flits into another clock through a Gray-coded count, for a buffer in the receiver's domain",
       params({ParamSpec::clock("to_clock", "the receiver's clock (the sender's is `clock`)")}, sync_params()), {},
       LoopRole::pipe, {{"in", "out"}}, {}},
      [](const ComponentConfig& c) {
        return kinds::FlitCrossingKind<>(c.integer("sync_stages"), c.real("uncertainty"), c.seed(), c.name());
      }));

  for (const auto& [form, doc] : {std::pair<const char*, const char*>{"gray", "credits back across clocks as a Gray-coded count: safe"},
                                  {"toggle", "credits back across clocks as an acknowledged two-phase toggle each: safe, one per handshake"},
                                  {"pulse", "credits back across clocks as single-cycle pulses through two flops: UNSAFE, loses credits"}}) {
    const std::string name = form;
    add(defined_by<kinds::CreditCrossingKind>(
        {name,
           doc,
           params({ParamSpec::clock("to_clock", "the sender's clock (the receiver's is `clock`)")}, sync_params(),
                  std::vector<ParamSpec>{
                      ParamSpec::integer("upset_at", "-1", -1, INT64_MAX / 2,
                                         "fault injection: the sender-side cycle whose sample of the wire has a "
                                         "bit flipped (-1: none)"),
                      ParamSpec::integer("upset_bit", "0", 0, 63, "the bit flipped")}),
           {},
           LoopRole::pipe,
           {{"in", "out"}},
           {}},
        [name](const ComponentConfig& c) {
          kinds::CreditCrossingKind k(name, credit_crossing_params(c), c.seed(), c.name());
          if (c.integer("upset_at") >= 0)
            k.upset(static_cast<std::uint64_t>(c.integer("upset_at")), static_cast<unsigned>(c.integer("upset_bit")));
          return k;
        }));
  }

  {
    const ParamSpec integer = ParamSpec::integer("", "", 1, lim::max_period, "");
    KindSpec sender{
        "class_sender",
        "several traffic classes on one link: a source and credit counters per class, an arbiter",
        params({class_names_param(),
                ParamSpec::integer("width", "0", 0, lim::max_depth,
                                   "bytes a beat of the link carries: a packet of P payload bytes holds the link "
                                   "for max(1, ceil(P / width)) cycles and leaves in its last (0: one cycle a packet)"),
                ParamSpec::list("pattern", "saturating",
                                ParamSpec::choice("", "", {"saturating", "periodic", "burst", "bernoulli"}, ""),
                                "when each class creates a packet"),
                ParamSpec::list("every", "1", integer, "periodic: a packet when t % every == 0"),
                ParamSpec::list("burst_on", "1", integer, "burst: cycles on"),
                ParamSpec::list("burst_off", "0", ParamSpec::integer("", "", 0, lim::max_period, ""), "burst: cycles off"),
                ParamSpec::list("rate", "1", ParamSpec::real("", "", 0.0, 1.0, ""), "bernoulli: chance per cycle"),
                ParamSpec::list("queue_depth", "1024", ParamSpec::integer("", "", 1, lim::max_queue, ""),
                                "packets waiting per class; more are refused and counted"),
                ParamSpec::list("beats", "0", ParamSpec::integer("", "", 0, INT64_MAX / 2, ""),
                                "packets per class in all; 0: no limit"),
                ParamSpec::list("payload_bytes", "0", ParamSpec::integer("", "", 0, 1 << 20, ""),
                                "payload sizes per class, cycled: 0/64/16", true, true),
                ParamSpec::choice("arbitration", "strict", {"strict", "round_robin", "weighted"},
                                  "who sends when several classes may"),
                ParamSpec::list("priority", "", ParamSpec::text("", "", ""), "strict: classes, highest first "
                                "(default: the order of classes)", false),
                ParamSpec::list("weights", "1", integer, "weighted: grants per round"),
                ParamSpec::list("sources", "", ParamSpec::text("", "", ""),
                                "take packets from `in` instead of making them: each source's to its class, "
                                "e.g. \"cpu=A, dma0=B, dma1=B\" (then pattern and its keys are unused)",
                                false)
                    .naming_sources()},
               pool_params()),
        {},
        LoopRole::sender,
        {},
        {}};
    sender.capacity_param = "depth";
    sender.check = [](const std::map<std::string, ParamValue>& params,
                      const std::function<bool(const std::string&)>& connected, const std::string& where) {
      const std::string& sources = std::get<std::string>(params.at("sources"));
      if (sources.empty() && connected("in"))
        throw ParameterError(where + ".in is connected, but sources maps no source to a class (allowed: sources, "
                             "e.g. \"cpu=A\", with in; or neither, each class making its own packets)");
      if (!sources.empty() && !connected("in"))
        throw ParameterError(where + ".sources is given, but in is not connected (allowed: in connected to what "
                             "brings those sources' packets, a merge or a hop buffer)");
      if (!sources.empty()) class_sources(sources, std::get<std::string>(params.at("classes")), where);
    };
    sender.mirrors = {"classes", "depth", "policy", "reserved", "max", "data_depth", "data_reserved", "data_unit"};
    add(defined_by<kinds::ClassSenderKind>(sender, [](const ComponentConfig& c) {
      core::ClassFeed feed;
      for (const auto& [source, k] : class_sources(c.text("sources"), c.text("classes"), c.name()))
        feed[c.endpoint_id(source)] = k;
      kinds::ClassSenderKind k(class_specs(c), pool_spec(c, list_items(c.text("classes")).size()), arbiter_of(c),
                               c.seed(), c.name(), c.integer("width"), std::move(feed));
      k.core().measure_from(static_cast<core::Cycle>(c.warmup_in_own_cycles()));
      k.core().set_creation_clocks(c.creation_clocks());
      k.name_sources_with(c.endpoint_namer());
      return k;
    }));

    KindSpec receiver{
        "class_receiver",
        "a buffer and a consumer per traffic class, under a pool policy it advertises",
        params({class_names_param()}, pool_params(),
               std::vector<ParamSpec>{
                   ParamSpec::list("drain_every", "1", integer, "each consumer pops only when t % k == 0"),
                   ParamSpec::list("drain_rate", "1", ParamSpec::real("", "", 0.0, 1.0, ""), "seeded random pops"),
                   ParamSpec::list("stall_from", "0", ParamSpec::integer("", "", 0, INT64_MAX / 2, ""),
                                   "first cycle of a consumer stall"),
                   ParamSpec::list("stall_cycles", "0", ParamSpec::integer("", "", 0, INT64_MAX / 2, ""),
                                   "its length"),
                   ParamSpec::list("stall_period", "0", ParamSpec::integer("", "", 0, lim::max_period, ""),
                                   "the stall repeats every this many cycles (0: once)"),
                   ParamSpec::boolean("bypass", "false", "a packet may be popped in the cycle it arrives")}),
        {},
        LoopRole::receiver,
        {},
        {}};
    receiver.capacity_param = "depth";
    add(defined_by<kinds::ClassReceiverKind>(receiver, [](const ComponentConfig& c) {
      const auto names = list_items(c.text("classes"));
      kinds::ClassReceiverKind k(names, pool_spec(c, names.size()), class_drains(c, names.size()), c.boolean("bypass"),
                                 c.seed(), c.name(), c.integer("depth"));
      k.core().measure_from(static_cast<core::Cycle>(c.warmup_in_own_cycles()));
      k.core().set_creation_clocks(c.creation_clocks());
      k.flows().configure(c.endpoint_id(), c.warmup_in_own_cycles(), c.clocks_from_endpoints(), c.deliveries());
      return k;
    }));
  }

  add(defined_by<kinds::ClassLinkKind>(
      {"class_link",
       "a multi-class link's pipeline: forward_latency stages for packets, credit_latency stages for the "
       "credits of every class",
       link_params("packets"), {}, LoopRole::pipe, {{"in", "out"}, {"credit_in", "credit_out"}}, {}},
      [](const ComponentConfig& c) { return kinds::ClassLinkKind(link_stages(c), c.name()); }));

  add(defined_by<kinds::RegisterSliceKind<>>(
      {"register_slice", "a 1- or 2-entry FIFO with registered ready: backpressure walks upstream a stage per cycle",
       {ParamSpec::integer("entries", "2", 1, 2, "2: full rate; 1: one beat every other cycle")}, {}, LoopRole::pipe,
       {{"in", "out"}}, {}},
      [](const ComponentConfig& c) { return kinds::RegisterSliceKind<>(c.integer("entries"), c.name()); }));

  // Fault injection: zero-latency pipes that break a link on purpose, so the monitors'
  // reports can be seen (and tested) to catch each fault.
  const std::vector<ParamSpec> strikes{
      ParamSpec::list("fault_at", "", ParamSpec::integer("", "", 0, INT64_MAX / 2, ""),
                      "cycles at which a fault strikes, e.g. \"1000, 2500\"", false),
      ParamSpec::real("fault_rate", "0", 0.0, 1.0, "chance per cycle of a fault striking (seeded)")};
  add(defined_by<kinds::CreditFaultKind>(
      {"credit_fault",
       "a credit wire that drops or duplicates a credit when a fault strikes (the next credit, or the next "
       "free cycle, if the strike finds none)",
       params({ParamSpec::choice("mode", "drop", {"drop", "duplicate"}, "what a strike does to the credits")},
              strikes),
       {}, LoopRole::pipe, {{"in", "out"}}, {}},
      [](const ComponentConfig& c) { return kinds::CreditFaultKind(credit_fault_core(c)); }));
  add(defined_by<kinds::FlitFaultKind<>>(
      {"flit_fault",
       "a flit wire that flips one payload bit of the flit passing when a fault strikes (or of the next one)",
       params({ParamSpec::integer("bit", "0", 0, 63, "the payload bit flipped")}, strikes), {}, LoopRole::pipe,
       {{"in", "out"}}, {}},
      [](const ComponentConfig& c) { return kinds::FlitFaultKind<>(flit_fault_core(c)); }));
  add(network_kind());
  add_router_kinds(r);
  // A verilated module in the role of a model kind: `verilated`, and the kinds a tool's
  // creditflow_add_verilated_kind declared.
  add_verilated_kinds(r);
  return r;
}

}  // namespace creditflow::platform
