#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "creditflow/core/error.hpp"
#include "creditflow/platform/nearest.hpp"

namespace creditflow::cli {

namespace {
const char* type_name(platform::ParamType t) {
  switch (t) {
    case platform::ParamType::integer: return "integer";
    case platform::ParamType::real: return "real";
    case platform::ParamType::boolean: return "boolean";
    case platform::ParamType::choice: return "choice";
    case platform::ParamType::text: return "text";
    case platform::ParamType::clock: return "clock";
    case platform::ParamType::list: return "list";
  }
  return "?";
}

void print_kind(const platform::KindSpec& k) {
  std::cout << k.name << ": " << k.doc << "\n  parameters:\n";
  for (const platform::ParamSpec& p : k.params) {
    std::cout << "    " << p.name << " (" << type_name(p.type) << ", ";
    if (p.required)
      std::cout << "required";
    else
      std::cout << "default " << (p.default_text.empty() ? "\"\"" : p.default_text);
    std::cout << ", allowed " << p.allowed() << "): " << p.doc << "\n";
  }
  std::cout << "  ports:\n";
  for (const platform::PortSpec& p : k.ports)
    std::cout << "    " << p.name << " (" << platform::channel_type_name(p.type)
              << (p.dir == platform::PortDir::in ? " input" : " output")
              << (p.optional ? ", optional" : "") << "): " << p.doc << "\n";
}
}  // namespace

void add_list_command(CLI::App& app, const platform::Registry& registry, int& status) {
  auto kind = std::make_shared<std::string>();
  CLI::App* list = app.add_subcommand("list", "the kinds of component, their parameters and ports");
  list->add_option("kind", *kind, "only this kind");
  list->callback([kind, &registry, &status] {
    if (!kind->empty()) {
      const platform::KindSpec* k = registry.find(*kind);
      if (!k) throw Error("list: unknown kind '" + *kind + "'" + platform::did_you_mean(*kind, registry.names()));
      print_kind(*k);
    } else {
      for (const platform::KindSpec& k : registry.kinds()) print_kind(k);
    }
    status = 0;
  });
}

}  // namespace creditflow::cli
