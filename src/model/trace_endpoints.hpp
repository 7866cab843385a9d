// The names a trace gives its endpoints, as a trace_source maps them to the platform's
// components: its `endpoints` table (trace=component) where they differ, else the same.
#pragma once
#include <map>
#include <string>

#include "creditflow/core/error.hpp"
#include "creditflow/platform/params.hpp"

namespace creditflow::platform {

class TraceEndpoints {
 public:
  // `table`: "vp_mem=mem, vp_cpu=cpu"; `where` names the parameter in a refusal.
  TraceEndpoints(const std::string& table, const std::string& where) {
    if (table.empty()) return;
    for (const std::string& item : list_items(table)) {
      const std::size_t eq = item.find('=');
      if (eq == std::string::npos || eq == 0 || eq + 1 == item.size())
        throw ParameterError(where + ": '" + item + "' does not map a trace's name to a component (allowed "
                             "trace_name=component, e.g. \"vp_mem=mem\")");
      if (!names_.emplace(item.substr(0, eq), item.substr(eq + 1)).second)
        throw ParameterError(where + " maps '" + item.substr(0, eq) + "' twice (allowed one component a name)");
    }
  }
  const std::string& component(const std::string& trace_name) const {
    const auto found = names_.find(trace_name);
    return found == names_.end() ? trace_name : found->second;
  }

 private:
  std::map<std::string, std::string> names_;
};

}  // namespace creditflow::platform
