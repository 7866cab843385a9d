#include "creditflow/core/input_file.hpp"
#include "creditflow/noc/booksim_import.hpp"

#include <filesystem>
#include <algorithm>
#include <fstream>
#include <sstream>

#include "creditflow/core/error.hpp"
#include "trimmed.hpp"

namespace creditflow::noc {
namespace {

// BookSim2's file: `key = value;` statements, // and /* */ comments. Statements keep the
// line they start on.
struct Statement {
  int line;
  std::string text;
};

std::vector<Statement> statements(const std::string& text) {
  std::vector<Statement> out;
  std::string current;
  bool started = false;  // current holds more than blanks (kept, not re-scanned: linear time)
  int line = 1, start = 1;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      while (i < text.size() && text[i] != '\n') ++i;
      --i;
      continue;
    }
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
      i += 2;
      while (i + 1 < text.size() && !(text[i] == '*' && text[i + 1] == '/')) line += text[i++] == '\n';
      ++i;
      continue;
    }
    if (c == '\n') ++line;
    if (c == ';') {
      if (started) out.push_back({start, trimmed(current)});
      current.clear();
      started = false;
      continue;
    }
    if (!started && c != ' ' && c != '\t' && c != '\n' && c != '\r') {
      start = line;
      started = true;
    }
    current += c;
  }
  if (started) out.push_back({start, trimmed(current)});
  return out;
}

// A YAML scalar that reads back as exactly `value`: plain where it is a plain word or
// number, double-quoted otherwise (a list {1,2} would be a YAML mapping unquoted).
std::string yaml_scalar(const std::string& value) {
  const bool plain = !value.empty() && std::all_of(value.begin(), value.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-';
  });
  if (plain) return value;
  std::string quoted = "\"";
  for (char c : value) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  return quoted + "\"";
}

// BookSim2 reads an anynet's network_file from its working directory; the importer looks
// beside the configuration first, then there, and puts the netlist in the model itself.
std::string read_netlist(const std::string& config_file, const std::string& name, std::string& looked) {
  const auto slash = config_file.rfind('/');
  std::vector<std::string> places;
  if (!name.empty() && name.front() != '/' && slash != std::string::npos)
    places.push_back(config_file.substr(0, slash + 1) + name);
  places.push_back(name);
  for (const std::string& path : places) {
    looked += (looked.empty() ? "" : ", ") + path;
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) continue;
    return core::read_input_file(path, "a network's netlist", core::kMaxInputBytes);
  }
  return "";
}

void say(std::vector<std::string>& kind, BooksimImport& imported, const std::string& line) {
  kind.push_back(line);
  imported.said.push_back(line);
}

void apply(BooksimImport& imported, const std::string& where, const std::string& key, const std::string& value,
           const std::string& file) {
  if (key == "network_file") {
    std::string looked;
    const std::string text = read_netlist(file, trimmed(value), looked);
    if (text.empty()) {
      say(imported.refused, imported, where + ": network_file = '" + trimmed(value) + "' cannot be read (looked at " +
                                          looked + "; not imported)");
      return;
    }
    return apply(imported, where, "netlist", text, file);
  }
  if (!NocConfig::knows(key)) {
    say(imported.ignored, imported, where + ": '" + key + "' is not a key creditflow models (ignored; see `creditflow list network`)");
    return;
  }
  try {
    imported.config.set(where, key, value);
    if (std::find(imported.keys.begin(), imported.keys.end(), key) == imported.keys.end()) imported.keys.push_back(key);
  } catch (const ParameterError& e) {
    say(imported.refused, imported, std::string(e.what()) + " (not imported)");
  }
}

}  // namespace

BooksimImport import_booksim(const std::string& text, const std::string& file, const std::vector<std::string>& extra) {
  BooksimImport imported;
  for (const Statement& s : statements(text)) {
    const auto eq = s.text.find('=');
    const std::string where = file + ":" + std::to_string(s.line);
    if (eq == std::string::npos) {
      say(imported.ignored, imported, where + ": '" + s.text.substr(0, 60) + "' is not key = value (ignored)");
      continue;
    }
    apply(imported, where, trimmed(s.text.substr(0, eq)), trimmed(s.text.substr(eq + 1)), file);
  }
  for (const std::string& word : extra) {
    const auto eq = word.find('=');
    if (eq == std::string::npos) {
      say(imported.ignored, imported, "'" + word + "' is not key=value (ignored)");
      continue;
    }
    apply(imported, word, trimmed(word.substr(0, eq)), trimmed(word.substr(eq + 1)), file);
  }
  try {
    imported.config.validate(file);
  } catch (const ParameterError& e) {
    say(imported.refused, imported, std::string(e.what()) + " (these keys together make no network)");
  }
  return imported;
}

std::string network_yaml(const BooksimImport& imported, const std::string& source) {
  std::string yaml = "# Imported from BookSim2's " + one_line(source) + " by creditflow import-booksim.\n";
  if (!imported.ignored.empty())
    yaml += "# " + std::to_string(imported.ignored.size()) + (imported.ignored.size() == 1 ? " statement" : " statements") +
            " of it ignored: keys creditflow does not model, or no key = value (said on stderr).\n";
  yaml += "components:\n  net:\n    kind: network\n";
  for (const std::string& key : imported.keys) {
    std::string value = imported.config.text(key);
    if (key == "netlist") {  // one line: its lines joined by ';', which the netlist reads the same
      std::string joined;
      for (char c : value) joined += c == '\n' ? ';' : (c == '\r' ? ' ' : c);
      value = joined;
    }
    yaml += "    " + key + ": " + yaml_scalar(value) + "\n";
  }
  return yaml;
}

}  // namespace creditflow::noc
