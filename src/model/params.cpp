#include "creditflow/platform/params.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <sstream>

#include "creditflow/core/error.hpp"

namespace creditflow::platform {

namespace {
// What every parameter has: its name, type, default and doc.
ParamSpec basic(std::string name, ParamType type, std::string default_text, std::string doc) {
  ParamSpec s;
  s.name = std::move(name);
  s.type = type;
  s.default_text = std::move(default_text);
  s.doc = std::move(doc);
  return s;
}
}  // namespace

ParamSpec ParamSpec::integer(std::string name, std::string default_text, std::int64_t lo,
                             std::int64_t hi, std::string doc) {
  ParamSpec s = basic(std::move(name), ParamType::integer, std::move(default_text), std::move(doc));
  s.min_int = lo;
  s.max_int = hi;
  return s;
}

ParamSpec ParamSpec::real(std::string name, std::string default_text, double lo, double hi,
                          std::string doc) {
  ParamSpec s = basic(std::move(name), ParamType::real, std::move(default_text), std::move(doc));
  s.min_real = lo;
  s.max_real = hi;
  return s;
}

ParamSpec ParamSpec::boolean(std::string name, std::string default_text, std::string doc) {
  return basic(std::move(name), ParamType::boolean, std::move(default_text), std::move(doc));
}

ParamSpec ParamSpec::choice(std::string name, std::string default_text,
                            std::vector<std::string> choices, std::string doc) {
  ParamSpec s = basic(std::move(name), ParamType::choice, std::move(default_text), std::move(doc));
  s.choices = std::move(choices);
  return s;
}

ParamSpec ParamSpec::text(std::string name, std::string default_text, std::string doc) {
  return basic(std::move(name), ParamType::text, std::move(default_text), std::move(doc));
}

ParamSpec ParamSpec::clock(std::string name, std::string doc) {
  ParamSpec s = basic(std::move(name), ParamType::clock, "", std::move(doc));
  s.required = true;
  return s;
}

ParamSpec ParamSpec::list(std::string name, std::string default_text, ParamSpec element, std::string doc,
                          bool per_class, bool sequence) {
  ParamSpec s = basic(std::move(name), ParamType::list, std::move(default_text), std::move(doc));
  s.element = std::make_shared<ParamSpec>(std::move(element));
  s.per_class = per_class;
  s.sequence = sequence;
  return s;
}

std::string ParamSpec::allowed() const {
  if (!allowed_text.empty()) return allowed_text;
  std::ostringstream os;
  switch (type) {
    case ParamType::integer:
      os << min_int << ".." << max_int;
      break;
    case ParamType::real:
      os << min_real << ".." << max_real;
      break;
    case ParamType::boolean:
      os << "true or false";
      break;
    case ParamType::choice:
      os << "one of ";
      for (std::size_t i = 0; i < choices.size(); ++i) os << (i ? ", " : "") << choices[i];
      break;
    case ParamType::text:
      os << "any text";
      break;
    case ParamType::clock:
      os << "a clock of the platform";
      break;
    case ParamType::list:
      os << (per_class ? "one per class, or one for all, " : "a list, ") << "each "
         << (sequence ? "'/'-joined values of " : "") << element->allowed();
      break;
  }
  return os.str();
}

namespace {

[[noreturn]] void reject(const std::string& where, const std::string& qualified,
                         const std::string& text, const std::string& problem,
                         const ParamSpec& spec) {
  throw ParameterError(where + ": " + qualified + " = " + text + " " + problem + " (allowed " +
                       spec.allowed() + ")");
}

}  // namespace

ParamValue parse_param(const ParamSpec& spec, const std::string& text, const std::string& where,
                       const std::string& qualified) {
  switch (spec.type) {
    case ParamType::integer: {
      errno = 0;
      char* end = nullptr;
      long long v = std::strtoll(text.c_str(), &end, 10);
      if (!text.empty() && *end != '\0' && std::strchr(".eE", *end)) {
        // 1e6 or 2.5e3: a whole number written as a real, exact below 2^53.
        const double d = std::strtod(text.c_str(), &end);
        if (*end != '\0' || d != std::floor(d)) reject(where, qualified, text, "is not an integer", spec);
        if (!(std::fabs(d) <= 9007199254740992.0)) reject(where, qualified, text, "is out of range", spec);
        v = static_cast<long long>(d);
      }
      if (text.empty() || *end != '\0') reject(where, qualified, text, "is not an integer", spec);
      if (errno == ERANGE || v < spec.min_int || v > spec.max_int)
        reject(where, qualified, text, "is out of range", spec);
      return static_cast<std::int64_t>(v);
    }
    case ParamType::real: {
      char* end = nullptr;
      const double v = std::strtod(text.c_str(), &end);
      if (text.empty() || *end != '\0') reject(where, qualified, text, "is not a number", spec);
      if (!(v >= spec.min_real && v <= spec.max_real))  // also rejects NaN
        reject(where, qualified, text, "is out of range", spec);
      return v;
    }
    case ParamType::boolean:
      if (text == "true") return true;
      if (text == "false") return false;
      reject(where, qualified, text, "is not a boolean", spec);
    case ParamType::choice:
      for (const std::string& c : spec.choices)
        if (c == text) return text;
      reject(where, qualified, text, "is not a known choice", spec);
    case ParamType::text:
    case ParamType::clock:  // the resolver checks the name against the clocks
      return text;
    case ParamType::list: {
      if (text.find_first_not_of(' ') == std::string::npos) return std::string();  // no items
      std::string normal;
      for (const std::string& item : list_items(text)) {
        if (item.empty()) reject(where, qualified, text, "has an empty item", spec);
        std::string values;
        for (const std::string& v : spec.sequence ? list_items(item, '/') : std::vector<std::string>{item})
          values += (values.empty() ? "" : "/") + format_value(parse_param(*spec.element, v, where, qualified));
        normal += (normal.empty() ? "" : ",") + values;
      }
      return normal;
    }
  }
  return text;
}

std::string text_param(const std::map<std::string, ParamValue>& params, const std::string& name) {
  const auto p = params.find(name);
  return p != params.end() && std::holds_alternative<std::string>(p->second) ? std::get<std::string>(p->second) : "";
}

std::int64_t integer_param(const std::map<std::string, ParamValue>& params, const std::string& name,
                           std::int64_t otherwise) {
  const auto p = params.find(name);
  return p != params.end() && std::holds_alternative<std::int64_t>(p->second) ? std::get<std::int64_t>(p->second)
                                                                            : otherwise;
}

std::vector<std::string> list_items(const std::string& list, char separator) {
  std::vector<std::string> items;
  std::string item;
  auto flush = [&] {
    const auto b = item.find_first_not_of(' ');
    const auto e = item.find_last_not_of(' ');
    items.push_back(b == std::string::npos ? "" : item.substr(b, e - b + 1));
    item.clear();
  };
  for (char c : list) {
    if (c == separator)
      flush();
    else
      item += c;
  }
  flush();
  return items;
}

std::vector<std::int64_t> per_class_integers(const std::string& list, std::size_t classes) {
  std::vector<std::int64_t> out;
  for (const std::string& item : list_items(list)) out.push_back(std::stoll(item));
  if (out.size() == 1) out.assign(classes, out.front());
  return out;
}

std::vector<double> per_class_reals(const std::string& list, std::size_t classes) {
  std::vector<double> out;
  for (const std::string& item : list_items(list)) out.push_back(std::stod(item));
  if (out.size() == 1) out.assign(classes, out.front());
  return out;
}

std::string format_value(const ParamValue& value) {
  struct Visitor {
    std::string operator()(std::int64_t v) const { return std::to_string(v); }
    std::string operator()(double v) const {
      std::ostringstream os;
      os.precision(std::numeric_limits<double>::max_digits10);
      os << v;
      return os.str();
    }
    std::string operator()(bool v) const { return v ? "true" : "false"; }
    std::string operator()(const std::string& v) const { return v; }
  };
  return std::visit(Visitor{}, value);
}

}  // namespace creditflow::platform
