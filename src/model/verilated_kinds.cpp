// The kinds a verilated module is used by: `verilated` (top, role and port map in the
// platform file; the resolver takes it as verilated_<role>, whose ports are the role's
// model kind's) and each kind named by creditflow_add_verilated_kind (its map fixed in
// CMake, its varied RTL parameter a kind parameter that picks the variant built for it).
#include <algorithm>
#include <cctype>

#include "creditflow/core/error.hpp"
#include "creditflow/core/limits.hpp"
#include "creditflow/platform/kind_config.hpp"
#include "creditflow/platform/nearest.hpp"
#include "creditflow/platform/verilated.hpp"
#include "run/verilated_component.hpp"

namespace creditflow::platform {

namespace {

std::vector<VerilatedVariant>& variants() {
  static std::vector<VerilatedVariant> all;
  return all;
}
std::vector<VerilatedKindDecl>& declared_kinds() {
  static std::vector<VerilatedKindDecl> all;
  return all;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string parameters_text(const std::map<std::string, std::int64_t>& p) {
  std::string text;
  for (const auto& [name, value] : p) text += (text.empty() ? "" : ", ") + name + "=" + std::to_string(value);
  return text.empty() ? "no parameters" : text;
}

// "A=1, B=2" -> {A: 1, B: 2}; throws naming `where`.
std::map<std::string, std::int64_t> parse_parameters(const std::string& text, const std::string& where) {
  std::map<std::string, std::int64_t> p;
  if (text.empty()) return p;
  for (const std::string& item : list_items(text)) {
    const auto eq = item.find('=');
    std::size_t used = 0;
    std::int64_t value = 0;
    try {
      value = std::stoll(item.substr(eq == std::string::npos ? item.size() : eq + 1), &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (eq == std::string::npos || eq == 0 || used == 0 || eq + 1 + used != item.size())
      throw ParameterError(where + ".parameters: '" + item + "' is not NAME=integer (e.g. DEPTH=8)");
    p[item.substr(0, eq)] = value;
  }
  return p;
}

std::map<std::string, std::string> parse_map(const std::string& text, const std::vector<std::string>& keys,
                                             const std::string& where) {
  std::map<std::string, std::string> map;
  if (text.empty()) return map;
  for (const std::string& item : list_items(text)) {
    const auto eq = item.find('=');
    const std::string key = item.substr(0, eq);
    if (eq == std::string::npos || eq + 1 == item.size())
      throw ParameterError(where + ".ports: '" + item + "' is not key=rtl_port (e.g. in_valid=s_valid)");
    if (std::find(keys.begin(), keys.end(), key) == keys.end())
      throw ParameterError(where + ".ports: '" + key + "' is not a wire or term of this role (allowed " +
                           join_names(keys) + ")");
    map[key] = item.substr(eq + 1);
  }
  return map;
}

// What a role takes of its model kind (credit_receiver, ...), which the registry holds.
struct Model {
  std::vector<PortSpec> ports;
  std::string capacity;
  bool drains = false;
  std::vector<ParamSpec> params;  // its capacity and drain parameters, which the module honours
};

Model model_of(const Registry& registry, const std::string& role) {
  const KindSpec& k = *registry.find(role);
  Model m{k.ports, k.capacity_param.empty() ? "depth" : k.capacity_param, k.param("drain_every") != nullptr, {}};
  m.params.push_back(*k.param(m.capacity));
  if (const ParamSpec* backpressure = k.param("backpressure")) m.params.push_back(*backpressure);
  if (m.drains)
    for (const ParamSpec& p : drain_params()) m.params.push_back(p);
  return m;
}

const VerilatedVariant* find_variant(const std::string& top, const std::map<std::string, std::int64_t>& parameters) {
  for (const VerilatedVariant& v : variants())
    if (v.top == top && v.parameters == parameters) return &v;
  return nullptr;
}

// A named kind's variant: the one built for it whose varied parameter has `value`.
const VerilatedVariant* kind_variant(const VerilatedKindDecl& kind, std::int64_t value) {
  for (const VerilatedVariant& v : variants())
    if (v.kind == kind.name && (kind.varied.empty() || (v.parameters.count(kind.varied) && v.parameters.at(kind.varied) == value)))
      return &v;
  return nullptr;
}

std::string built_text(const std::string& top) {
  std::string text;
  for (const VerilatedVariant& v : variants())
    if (v.top == top) text += (text.empty() ? "" : "; ") + parameters_text(v.parameters);
  return text;
}

// The variant of `top` verilated with `parameters`; throws naming `where` and what was built.
const VerilatedVariant& variant_for(const std::string& top, const std::map<std::string, std::int64_t>& parameters,
                                    const std::string& where) {
  if (const VerilatedVariant* v = find_variant(top, parameters)) return *v;
  const std::string built = built_text(top);
  if (built.empty()) {
    std::vector<std::string> tops;
    for (const VerilatedVariant& v : variants())
      if (std::find(tops.begin(), tops.end(), v.top) == tops.end()) tops.push_back(v.top);
    throw ParameterError(where + ": no RTL module '" + top + "' was verilated into this tool (built: " +
                         (tops.empty() ? "none" : join_names(tops)) + "; add it with creditflow_add_verilated_kind)");
  }
  throw ParameterError(where + ": " + top + " was not verilated with " + parameters_text(parameters) +
                       " (built: " + built + "; list the value in creditflow_add_verilated_kind's VALUES)");
}

struct Wiring {
  std::string ports, clock = "clk", reset, reset_active;
};

VerilatedSetup setup_for(const ComponentConfig& c, const std::string& role, const Model& model,
                         const VerilatedVariant& variant, const Wiring& w) {
  VerilatedSetup s;
  s.role = &verilated_role(role, c.name());
  s.ports = model.ports;
  s.variant = &variant;
  s.map = parse_map(w.ports, map_keys(verilated_role(role, "verilated"), model.ports), c.name());
  s.clock = w.clock;
  s.reset = w.reset;
  s.reset_active = w.reset_active;
  s.capacity = c.integer(model.capacity);
  if (model.drains) s.drain = drain_spec(c);
  if (c.params().count("backpressure")) s.backpressure = c.boolean("backpressure");
  return s;
}

std::vector<ParamSpec> wiring_params(const std::vector<std::string>& keys) {
  return {ParamSpec::list("ports", "", ParamSpec::text("", "", ""),
                          "the port map: key=rtl_port pairs, keys " + join_names(keys) + " (a term may name a public signal inside the module, top.signal); "
                                "unmapped keys are the RTL ports of the same name",
                          false),
          ParamSpec::text("clock_port", "clk", "the RTL clock input"),
          ParamSpec::text("reset", "", "the RTL reset input (default rst_n, else rst or reset if it has one; none: none)"),
          ParamSpec::choice("reset_active", "auto", {"auto", "low", "high"},
                            "the reset's active level (auto: low for a name ending in _n)")};
}

KindSpec role_kind(const KindSpec& model) {
  KindSpec k = model;
  k.factory = nullptr;
  k.tl_factory = nullptr;  // cycle view only: the module needs the kernel
  k.check = nullptr;
  if (k.capacity_param.empty()) k.capacity_param = "depth";  // a hop buffer's receiver end
  return k;
}

}  // namespace

void add_verilated_variant(VerilatedVariant variant) { variants().push_back(std::move(variant)); }
void add_verilated_kind(VerilatedKindDecl kind) { declared_kinds().push_back(std::move(kind)); }
const std::vector<VerilatedVariant>& verilated_variants() { return variants(); }

void add_verilated_kinds(Registry& registry) {
  for (const std::string& role : verilated_roles()) {
    const Model model = model_of(registry, role);
    KindSpec k = role_kind(*registry.find(role));
    k.name = "verilated_" + role;
    k.doc = "a verilated module (top) as a " + role + ", its ports by a map; written kind: verilated, role: " + role;
    k.params = {ParamSpec::text("top", "", "the RTL module, as creditflow_add_verilated_kind verilated it").make_required(),
                ParamSpec::choice("role", role, {role}, "the model kind it stands in for"),
                ParamSpec::list("parameters", "", ParamSpec::text("", "", ""),
                                "its RTL parameters, NAME=value pairs: which verilated variant", false)};
    for (const ParamSpec& p : wiring_params(map_keys(verilated_role(role, "verilated"), model.ports))) k.params.push_back(p);
    k.params.insert(k.params.end(), model.params.begin(), model.params.end());
    const std::string capacity = model.capacity;
    k.check = [capacity](const std::map<std::string, ParamValue>& p, const std::function<bool(const std::string&)>&,
                         const std::string& where) {
      const auto parameters = parse_parameters(std::get<std::string>(p.at("parameters")), where);
      variant_for(std::get<std::string>(p.at("top")), parameters, where);
      const std::int64_t given = std::get<std::int64_t>(p.at(capacity));
      for (const auto& [name, value] : parameters)
        if (lower(name) == capacity && value != given)
          throw ParameterError(where + ": its " + capacity + " (" + std::to_string(given) + ") differs from its RTL's " +
                               name + " (" + std::to_string(value) + "); the conservation check counts " + capacity +
                               " (allowed equal)");
    };
    k.factory = [role, model](const ComponentConfig& c) {
      const std::string active = c.text("reset_active") == "auto" ? "" : c.text("reset_active");
      const auto parameters = parse_parameters(c.text("parameters"), c.name());
      return make_verilated_component(c, setup_for(c, role, model, variant_for(c.text("top"), parameters, c.name()),
                                                   {c.text("ports"), c.text("clock_port"), c.text("reset"), active}));
    };
    registry.add(std::move(k));
  }

  for (const VerilatedKindDecl& d : declared_kinds()) {
    verilated_role(d.role, "creditflow_add_verilated_kind(" + d.name + ")");  // throws for a role not one of them
    const Model model = model_of(registry, d.role);
    KindSpec k = role_kind(*registry.find(d.role));
    k.name = d.name;
    k.doc = d.doc.empty() ? "the RTL module " + d.top + " (verilated) as a " + d.role : d.doc;
    k.params = model.params;
    const std::string varied = lower(d.varied);
    std::vector<std::int64_t> built;
    for (const VerilatedVariant& v : variants())
      if (v.kind == d.name && v.parameters.count(d.varied)) built.push_back(v.parameters.at(d.varied));
    std::sort(built.begin(), built.end());
    std::string values;
    for (std::int64_t b : built) values += (values.empty() ? "" : ", ") + std::to_string(b);
    if (!varied.empty() && !built.empty()) {
      auto spec = std::find_if(k.params.begin(), k.params.end(), [&](const ParamSpec& p) { return p.name == varied; });
      if (spec == k.params.end()) {
        k.params.push_back(ParamSpec::integer(varied, "", INT32_MIN, INT32_MAX, ""));
        spec = k.params.end() - 1;
      }
      spec->doc = "its RTL's " + d.varied + ": one of the values it was verilated for (" + values + ")";
      // The model's range stays: a value in it that was not built is refused by the check,
      // which can say which were.
      if (std::find(built.begin(), built.end(), std::atoll(spec->default_text.c_str())) == built.end())
        spec->default_text = std::to_string(built.front());
    }
    const VerilatedKindDecl decl = d;
    auto value_of = [varied](const std::map<std::string, ParamValue>& p) {
      return varied.empty() ? 0 : std::get<std::int64_t>(p.at(varied));
    };
    k.check = [decl, value_of, varied, values](const std::map<std::string, ParamValue>& p,
                                               const std::function<bool(const std::string&)>&, const std::string& where) {
      if (kind_variant(decl, value_of(p))) return;
      throw ParameterError(where + "." + varied + " = " + std::to_string(value_of(p)) + " was not built for " +
                           decl.name + " (built: " + values + "; add it to creditflow_add_verilated_kind's VALUES)");
    };
    k.factory = [decl, model, value_of](const ComponentConfig& c) {
      const VerilatedVariant* v = kind_variant(decl, value_of(c.params()));
      if (!v) throw ParameterError(c.name() + ": no variant of " + decl.name + " was built for its parameters");
      return make_verilated_component(c, setup_for(c, decl.role, model, *v, {decl.ports, decl.clock, decl.reset, decl.reset_active}));
    };
    registry.add(std::move(k));
  }
}

}  // namespace creditflow::platform
