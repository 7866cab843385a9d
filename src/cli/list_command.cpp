#include <iostream>
#include <memory>
#include <string>
#include <vector>

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
  // Numbered ports alike but for their number (a router's in0..in63) are one line each.
  struct Numbered {
    std::string stem, rest;
    int first = -1, last = -1;
  };
  const auto numbered = [](const std::string& name) {
    Numbered n;
    const auto digit = name.find_first_of("0123456789");
    if (digit == std::string::npos) return n;
    const auto end = name.find_first_not_of("0123456789", digit);
    n.stem = name.substr(0, digit);
    n.rest = end == std::string::npos ? "" : name.substr(end);
    n.first = n.last = std::stoi(name.substr(digit, end - digit));
    return n;
  };
  std::vector<bool> shown(k.ports.size(), false);
  for (std::size_t i = 0; i < k.ports.size(); ++i) {
    if (shown[i]) continue;
    const platform::PortSpec& p = k.ports[i];
    Numbered range = numbered(p.name);
    for (std::size_t j = i + 1; range.first >= 0 && j < k.ports.size(); ++j) {
      const platform::PortSpec& q = k.ports[j];
      const Numbered other = numbered(q.name);
      if (other.first != range.last + 1 || other.stem != range.stem || other.rest != range.rest || q.type != p.type ||
          q.dir != p.dir || q.optional != p.optional || q.doc != p.doc)
        continue;
      range.last = other.first;
      shown[j] = true;
    }
    const std::string name = range.first >= 0 && range.last > range.first
                                 ? range.stem + "<p>" + range.rest + ", p " + std::to_string(range.first) + ".." +
                                       std::to_string(range.last)
                                 : p.name;
    std::cout << "    " << name << " (" << platform::channel_type_name(p.type)
              << (p.dir == platform::PortDir::in ? " input" : " output")
              << (p.optional ? ", optional" : "") << "): " << p.doc << "\n";
  }
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
