// Typed component parameters: what each kind accepts, with defaults and allowed ranges,
// and the parser that turns YAML or command-line text into a checked value.
#pragma once
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace creditflow::platform {

// `clock` is the name of one of the platform's clocks: a component's second domain.
enum class ParamType { integer, real, boolean, choice, text, clock };

struct ParamSpec {
  std::string name;
  ParamType type = ParamType::integer;
  // The default as it would be written in YAML; "${other}" refers to another parameter of
  // the same component, "${comp.param}" to one of another component.
  std::string default_text;
  bool required = false;
  std::int64_t min_int = 0;
  std::int64_t max_int = 0;
  double min_real = 0.0;
  double max_real = 0.0;
  std::vector<std::string> choices;
  std::string doc;

  static ParamSpec integer(std::string name, std::string default_text, std::int64_t lo,
                           std::int64_t hi, std::string doc);
  static ParamSpec real(std::string name, std::string default_text, double lo, double hi,
                        std::string doc);
  static ParamSpec boolean(std::string name, std::string default_text, std::string doc);
  static ParamSpec choice(std::string name, std::string default_text,
                          std::vector<std::string> choices, std::string doc);
  static ParamSpec text(std::string name, std::string default_text, std::string doc);
  static ParamSpec clock(std::string name, std::string doc);
  ParamSpec& make_required() {
    required = true;
    return *this;
  }

  // What values are allowed, in words: "1..16777216", "one of a, b", "true or false".
  std::string allowed() const;
};

using ParamValue = std::variant<std::int64_t, double, bool, std::string>;

// Parses `text` as a value of `spec`, or throws ParameterError with one line:
// "<where>: <qualified> = <text> is out of range (allowed ...)" and the like.
ParamValue parse_param(const ParamSpec& spec, const std::string& text, const std::string& where,
                       const std::string& qualified);

// The value as YAML or a CSV cell would show it.
std::string format_value(const ParamValue& value);

}  // namespace creditflow::platform
