// Typed component parameters: what each kind accepts, with defaults and allowed ranges,
// and the parser that turns YAML or command-line text into a checked value.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace creditflow::platform {

// `clock` is the name of one of the platform's clocks: a component's second domain.
// `list` is comma-separated items, each checked against `element` (with `sequence`, an
// item may be several values joined by '/'); a `per_class` list has one item per traffic
// class of its component, or one item for them all.
enum class ParamType { integer, real, boolean, choice, text, clock, list };

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
  std::shared_ptr<ParamSpec> element;  // lists: what each item is
  bool sequence = false;
  bool per_class = false;
  // Bytes of memory each unit of this parameter's value takes (a buffer slot, a pipeline
  // stage), in the hungrier view: what a platform's memory estimate adds up.
  std::size_t bytes_each = 0;
  // Its items name receivers that flits may be sent to (checked once the netlist is known).
  bool names_destinations = false;
  // Its items (source=...) name components that create flits (checked the same way).
  bool names_sources = false;
  // Its items are source=destination pairs (a responder's replies): both checked.
  bool names_replies = false;
  // A text parameter that its kind checks itself (a network's BookSim2 keys): what that
  // check allows, in words, for `allowed()`.
  std::string allowed_text;

  static ParamSpec integer(std::string name, std::string default_text, std::int64_t lo,
                           std::int64_t hi, std::string doc);
  static ParamSpec real(std::string name, std::string default_text, double lo, double hi,
                        std::string doc);
  static ParamSpec boolean(std::string name, std::string default_text, std::string doc);
  static ParamSpec choice(std::string name, std::string default_text,
                          std::vector<std::string> choices, std::string doc);
  static ParamSpec text(std::string name, std::string default_text, std::string doc);
  static ParamSpec clock(std::string name, std::string doc);
  static ParamSpec list(std::string name, std::string default_text, ParamSpec element, std::string doc,
                        bool per_class = true, bool sequence = false);
  ParamSpec& make_required() {
    required = true;
    return *this;
  }
  ParamSpec& naming_destinations() {
    names_destinations = true;
    return *this;
  }
  ParamSpec& naming_replies() {
    names_replies = true;
    return *this;
  }
  ParamSpec& naming_sources() {
    names_sources = true;
    return *this;
  }
  ParamSpec& storing(std::size_t bytes) {
    bytes_each = bytes;
    return *this;
  }
  ParamSpec& allowing(std::string words) {
    allowed_text = std::move(words);
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

// A resolved parameter by name: its text ("" where it is absent or not text), its whole
// number (`otherwise` where it is absent or not one).
std::string text_param(const std::map<std::string, ParamValue>& params, const std::string& name);
std::int64_t integer_param(const std::map<std::string, ParamValue>& params, const std::string& name,
                           std::int64_t otherwise = 0);

// The items of a list value, and of one '/'-joined item.
std::vector<std::string> list_items(const std::string& list, char separator = ',');
// A per-class list as integers or reals, its single item repeated for `classes` classes.
std::vector<std::int64_t> per_class_integers(const std::string& list, std::size_t classes);
std::vector<double> per_class_reals(const std::string& list, std::size_t classes);

}  // namespace creditflow::platform
