#include "creditflow/platform/registry.hpp"

#include <algorithm>

#include "creditflow/core/error.hpp"
#include "creditflow/platform/network_run.hpp"

namespace creditflow::platform {

const char* channel_type_name(ChannelType type) {
  switch (type) {
    case ChannelType::stream:
      return "stream";
    case ChannelType::flow:
      return "flow";
    case ChannelType::credit:
      return "credit";
    case ChannelType::class_credit:
      return "class_credit";
    case ChannelType::vc_flow:
      return "vc_flow";
    case ChannelType::vc_credit:
      return "vc_credit";
  }
  return "?";
}

const ParamValue& ComponentConfig::at(const std::string& param) const {
  const auto it = params_.find(param);
  if (it == params_.end()) throw Error(name_ + ": no parameter '" + param + "'");
  return it->second;
}

std::string ComponentConfig::path_beside_model(const std::string& file) const {
  return network_file_path(file, context_.model_file);
}

std::int64_t ComponentConfig::integer(const std::string& param) const {
  return std::get<std::int64_t>(at(param));
}
double ComponentConfig::real(const std::string& param) const { return std::get<double>(at(param)); }
bool ComponentConfig::boolean(const std::string& param) const { return std::get<bool>(at(param)); }
const std::string& ComponentConfig::text(const std::string& param) const {
  return std::get<std::string>(at(param));
}

const ParamSpec* KindSpec::param(const std::string& n) const {
  for (const ParamSpec& p : params)
    if (p.name == n) return &p;
  return nullptr;
}

const PortSpec* KindSpec::port(const std::string& n) const {
  if (!port_index.empty()) {
    const auto it = std::lower_bound(port_index.begin(), port_index.end(), n,
                                     [](const auto& entry, const std::string& name) { return entry.first < name; });
    return it != port_index.end() && it->first == n ? &ports[it->second] : nullptr;
  }
  for (const PortSpec& p : ports)
    if (p.name == n) return &p;
  return nullptr;
}

std::vector<std::string> KindSpec::param_names() const {
  std::vector<std::string> out;
  for (const ParamSpec& p : params) out.push_back(p.name);
  return out;
}

std::vector<std::string> KindSpec::port_names() const {
  std::vector<std::string> out;
  for (const PortSpec& p : ports) out.push_back(p.name);
  return out;
}

std::string KindSpec::passes_to(const std::string& in_port) const {
  for (const auto& [in, out] : passes)
    if (in == in_port) return out;
  return "";
}

const LoopEnd* KindSpec::end_at(LoopEnd::Side side, const std::string& port) const {
  for (const LoopEnd& e : ends)
    if (e.side == side && e.flit == port) return &e;
  return nullptr;
}

void Registry::add(KindSpec kind) {
  if (find(kind.name)) throw Error("kind '" + kind.name + "' is registered twice");
  if (kind.ends.empty()) {
    using Side = LoopEnd::Side;
    switch (kind.role) {
      case LoopRole::source:
        kind.ends.push_back({Side::source, kind.flit_out, "", "", ""});
        break;
      case LoopRole::sender:
        kind.ends.push_back({Side::sender, kind.flit_out, kind.credit_in, kind.capacity_param, kind.flit_in});
        break;
      case LoopRole::receiver:
        kind.ends.push_back({Side::receiver, kind.flit_in, kind.credit_out, kind.capacity_param, ""});
        break;
      case LoopRole::loop:
        kind.ends.push_back({Side::whole, kind.flit_in, "", kind.capacity_param, ""});
        break;
      case LoopRole::none:
      case LoopRole::pipe:
        break;
    }
  }
  // A kind of many ports (a router's 256) is looked up by name for every connection.
  if (kind.ports.size() > 32) {
    for (std::size_t i = 0; i < kind.ports.size(); ++i) kind.port_index.emplace_back(kind.ports[i].name, i);
    std::sort(kind.port_index.begin(), kind.port_index.end());
  }
  kinds_.push_back(std::move(kind));
}

const KindSpec* Registry::find(const std::string& name) const {
  for (const KindSpec& k : kinds_)
    if (k.name == name) return &k;
  return nullptr;
}

std::vector<std::string> Registry::names() const {
  std::vector<std::string> out;
  for (const KindSpec& k : kinds_) out.push_back(k.name);
  return out;
}

bool is_destination(const KindSpec& kind) {
  const auto has = [&](LoopEnd::Side side) {
    return std::any_of(kind.ends.begin(), kind.ends.end(), [&](const LoopEnd& e) { return e.side == side; });
  };
  // A responder's source end sends flits of its own: the requests end there.
  return kind.retires_flits || (has(LoopEnd::Side::receiver) && (!has(LoopEnd::Side::source) || kind.makes_flits));
}

}  // namespace creditflow::platform
