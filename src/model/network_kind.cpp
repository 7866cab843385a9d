// The `network` kind: a whole network of BookSim2 iq routers as one component, its
// parameters BookSim2's configuration keys (so `key = value` in a BookSim2 file is
// `--set net.key=value`), typed and ranged by the network's own key table (noc_key).
#include <map>

#include "creditflow/core/error.hpp"
#include "creditflow/noc/noc_config.hpp"
#include "creditflow/platform/kind_config.hpp"
#include "creditflow/platform/network_run.hpp"
#include "creditflow/platform/registry.hpp"

namespace creditflow::platform {
KindSpec network_kind() {
  std::vector<ParamSpec> params;
  for (const std::string& key : noc::NocConfig::keys()) params.push_back(noc_key(key));
  KindSpec kind{"network",
                "a network of BookSim2 iq routers (mesh, torus, ring, anynet) with a terminal at each router; "
                "parameters are BookSim2's keys. It is made of routers, vc_links and, at each node nothing attaches "
                "to, BookSim2's terminal (booksim_terminal), named <net>_router_1_0, <net>_router_1_0_out2, "
                "<net>_node5 (--set one to change it alone). Parts attached at net.node<K>.in, .out and .credit_in "
                "make network_interfaces there (then vc_classes: N keeps message classes apart, and node<K>: "
                "{credits: 8, message_class: 1, ...} sets the interface at node K)",
                std::move(params),
                {},
                LoopRole::none,
                {},
                [](const ComponentConfig&) -> std::unique_ptr<Component> {
                  throw Error("a network is stepped by its parts' engine (simulate_networks), not as a part");
                }};
  kind.check = [](const std::map<std::string, ParamValue>& values, const std::function<bool(const std::string&)>&,
                  const std::string& where) {
    // A network_file is read when the run starts, beside its model: checked there.
    const auto file = values.find("network_file");
    if (file != values.end() && !format_value(file->second).empty()) return;
    network_config(values, where, "");
  };
  kind.bytes = [](const std::map<std::string, ParamValue>& values) {
    noc::NocConfig config;
    try {
      for (const auto& [key, value] : values) config.set("", key, format_value(value));
    } catch (const Error&) {
      return std::pair<double, std::string>{0.0, ""};  // its check says what is wrong
    }
    return std::pair<double, std::string>{config.buffer_bytes(), config.buffer_terms()};
  };
  return kind;
}

}  // namespace creditflow::platform
