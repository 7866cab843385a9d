#include "model/check_traces.hpp"

#include <map>
#include <vector>

#include "creditflow/core/error.hpp"
#include "creditflow/platform/network_run.hpp"
#include "creditflow/platform/registry.hpp"
#include "creditflow/platform/trace_file.hpp"
#include "model/trace_endpoints.hpp"

namespace creditflow::platform {

namespace {

std::string text_of(const ResolvedComponent& c, const std::string& param) {
  return std::get<std::string>(c.params.at(param));
}

// The trace's own name for the records a part replays.
std::string source_name(const ResolvedComponent& c) {
  const std::string named = text_of(c, "source");
  return named.empty() ? c.name : named;
}

}  // namespace

std::shared_ptr<core::DeliveryBoards> delivery_boards(const Platform& platform) {
  for (const ResolvedComponent& c : platform.components)
    if (c.kind->replays_trace) return std::make_shared<core::DeliveryBoards>();
  return nullptr;
}

std::vector<std::string> trace_files(const Platform& platform) {
  std::vector<std::string> files;
  for (const ResolvedComponent& c : platform.components) {
    std::string file;
    if (c.kind->replays_trace)
      file = text_of(c, "file");
    else if (c.kind->name == "network" && c.params.count("trace_file"))
      file = format_value(c.params.at("trace_file"));
    if (!file.empty()) files.push_back(network_file_path(file, platform.file));
  }
  return files;
}

std::int64_t flit_width(const Platform& platform, const ResolvedComponent& part) {
  const auto own = part.params.find("width");
  if (own != part.params.end())
    if (const auto* w = std::get_if<std::int64_t>(&own->second); w && *w > 0) return *w;
  for (const ResolvedConnection& k : platform.connections)
    if (k.from == part.name && k.type == ChannelType::stream) {
      const auto& params = platform.component(k.to).params;
      const auto width = params.find("width");
      if (width != params.end())
        if (const auto* w = std::get_if<std::int64_t>(&width->second)) return *w;
    }
  return 0;
}

void check_traces(const Platform& platform,
                  const std::function<std::string(const ResolvedComponent&, const std::string&)>& where) {
  std::map<std::string, std::vector<const ResolvedComponent*>> by_file;
  for (const ResolvedComponent& c : platform.components)
    if (c.kind->replays_trace) by_file[network_file_path(text_of(c, "file"), platform.file)].push_back(&c);
  for (const auto& [path, parts] : by_file) {
    const ResolvedComponent& first = *parts.front();
    TraceSummary trace;
    try {
      trace = scan_trace(path);
    } catch (const Error& e) {
      throw Error(where(first, "file") + ": " + first.name + ".file: " + e.what());
    }
    std::map<std::string, const ResolvedComponent*> replaying;
    for (const ResolvedComponent* c : parts) {
      if (text_of(*c, "endpoints") != text_of(first, "endpoints"))
        throw ParameterError(where(*c, "endpoints") + ": " + c->name + ".endpoints differs from " + first.name +
                             ".endpoints, which replays the same trace " + path +
                             " (a trace's names mean the same components for every part replaying it)");
      const auto [at, fresh] = replaying.emplace(source_name(*c), c);
      if (!fresh)
        throw ParameterError(where(*c, "source") + ": " + c->name + " and " + at->second->name + " both replay the records of source '" +
                             at->first + "' in " + path + " (allowed one part a source: give each its own source)");
      if (flit_width(platform, *c) <= 0)
        throw ParameterError(where(*c, "width") + ": " + c->name + " has no width: give " + c->name +
                             ".width, or a width to the part its out port feeds (bytes a flit carries: a record's "
                             "bytes become flits at it)");
    }
    for (const auto& [name, line] : trace.sources)
      if (!replaying.count(name))
        throw ParameterError(path + ":" + std::to_string(line) + ": source '" + name + "' is replayed by no " +
                             "trace_source reading this trace, so its records would be lost (give a trace_source "
                             "with source: " + name + ")");
    const TraceEndpoints endpoints(text_of(first, "endpoints"), where(first, "endpoints") + ": " + first.name + ".endpoints");
    for (const auto& [name, line] : trace.destinations) {
      const std::string& component = endpoints.component(name);
      const std::size_t i = platform.index_of(component);
      if (i == platform.components.size() || !is_destination(*platform.components[i].kind))
        throw ParameterError(path + ":" + std::to_string(line) + ": destination '" + name + "' is " +
                             (i == platform.components.size() ? std::string("no component of the platform")
                                                              : "a " + platform.components[i].kind->name +
                                                                    ", not a receiver flits end at") +
                             " (map the trace's names with " + first.name + ".endpoints: \"" + name + "=<receiver>\")");
    }
    if (trace.waits && platform.clocks.size() > 1)
      throw ParameterError(where(first, "file") + ": " + path + " has records that wait for others, and the platform " +
                           "has " + std::to_string(platform.clocks.size()) + " clocks (waits replay on a platform of one clock)");
  }
}

}  // namespace creditflow::platform
