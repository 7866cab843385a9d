// The model's own text with the values a search chose, each written where the parameter
// is (or added to its component's entry), every other byte as it was: comments kept.
#include <regex>
#include <sstream>

#include "creditflow/core/error.hpp"
#include "creditflow/platform/size_platform.hpp"

namespace creditflow::platform {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t nl = text.find('\n', start);
    lines.push_back(text.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  return lines;
}

// Sets `param` of `component` to `value` in `lines`: on its own line where written, else
// into the component's one-line `{ ... }` entry or as a line under its block entry.
void set_value(std::vector<std::string>& lines, const Netlist& netlist, const std::string& target,
               const std::string& value) {
  const auto [component, param] = split_dotted(target, "size --write");
  const ComponentDecl* decl = nullptr;
  for (const ComponentDecl& c : netlist.components)
    if (c.name == component) decl = &c;
  if (!decl) throw Error("size --write: no component '" + component + "' in " + netlist.file);
  const auto cannot = [&](const std::string& why) {
    return Error("size --write: cannot write " + target + "=" + value + " into " + netlist.file + ": " + why +
                 "; set it by hand");
  };
  const std::regex written("(^|[{,\\s])" + param + "(\\s*:\\s*)(\"[^\"]*\"|'[^']*'|[^,}#\\s]+)");
  for (const auto& [name, text] : decl->params) {
    if (name != param) continue;
    if (text.line < 1 || static_cast<std::size_t>(text.line) > lines.size()) throw cannot("its line is unknown");
    std::string& line = lines[static_cast<std::size_t>(text.line) - 1];
    std::smatch m;
    if (!std::regex_search(line, m, written))
      throw cannot("line " + std::to_string(text.line) + " is not `" + param + ": VALUE`");
    line.replace(static_cast<std::size_t>(m.position(3)), static_cast<std::size_t>(m.length(3)), value);
    return;
  }
  if (decl->line < 1 || static_cast<std::size_t>(decl->line) > lines.size()) throw cannot("its line is unknown");
  std::string& line = lines[static_cast<std::size_t>(decl->line) - 1];
  const std::size_t open = line.find('{'), close = line.rfind('}');
  if (open != std::string::npos && close != std::string::npos && close > open) {
    line.insert(close, (line[close - 1] == ' ' ? "" : " ") + std::string(", ") + param + ": " + value + " ");
    // "{ kind: x }" became "{ kind: x , depth: 9 }": tidy the space before the comma.
    const std::size_t comma = line.find(" , " + param + ":");
    if (comma != std::string::npos) line.erase(comma, 1);
    return;
  }
  // A block entry: the next line's indentation, which its parameters share.
  const std::size_t next = static_cast<std::size_t>(decl->line);
  if (next < lines.size()) {
    const std::size_t indent = lines[next].find_first_not_of(' ');
    const std::size_t own = line.find_first_not_of(' ');
    if (indent != std::string::npos && indent > own) {
      lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(next), std::string(indent, ' ') + param + ": " + value);
      return;
    }
  }
  throw cannot("its entry at line " + std::to_string(decl->line) + " is neither `{ ... }` nor a block");
}

}  // namespace

std::string model_with_values(const std::string& text, const Netlist& netlist, const SizeAnswer& answer,
                              const std::vector<Override>& sets) {
  // Inserted lines move the lines after them: the values go in from the bottom up.
  std::vector<std::pair<int, std::pair<std::string, std::string>>> edits;
  std::vector<std::pair<std::string, std::string>> settings;
  for (const Override& o : sets) settings.emplace_back(o.target, o.value);
  for (const auto& setting : knob_settings(answer.knobs, answer.values)) settings.push_back(setting);
  for (const auto& [p, value] : settings) {
    const std::string component = p.substr(0, p.find('.'));
    int line = 0;
    for (const ComponentDecl& c : netlist.components)
      if (c.name == component) line = c.line;
    // Quoted where YAML would read it otherwise (a list's items, as the model writes a list).
    if (value.find_first_of("\"\\\n\r") != std::string::npos)
      throw Error("size --write: cannot write " + p + "=" + value + " into " + netlist.file + "; set it by hand");
    const bool plain = !value.empty() && value.find_first_of(",:#{}[]&*!|>'%@` ") == std::string::npos;
    edits.push_back({line, {p, plain ? value : "\"" + value + "\""}});
  }
  std::stable_sort(edits.begin(), edits.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<std::string> lines = lines_of(text);
  for (const auto& [line, edit] : edits) set_value(lines, netlist, edit.first, edit.second);
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) out += lines[i] + (i + 1 < lines.size() ? "\n" : "");
  return out;
}

}  // namespace creditflow::platform
