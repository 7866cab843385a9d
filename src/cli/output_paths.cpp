#include "cli/output_paths.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "creditflow/core/error.hpp"
#include "creditflow/platform/atomic_file.hpp"
#include "creditflow/platform/simulate.hpp"
#include "creditflow/platform/units.hpp"
#include "cli/shell_words.hpp"

namespace creditflow::cli {

namespace fs = std::filesystem;

void check_output(const std::string& option, const std::string& file, bool dash_allowed) {
  if (file.empty()) return;
  if (file == "-") {
    if (dash_allowed) return;
    throw Error(option + " -: this output goes to a file; give its name");
  }
  refuse_control_characters(option, file);
  const fs::path folder = fs::path(file).has_parent_path() ? fs::path(file).parent_path() : fs::path(".");
  std::error_code ec;
  if (!fs::is_directory(folder, ec))
    throw Error(option + " " + file + ": folder " + folder.string() + " does not exist; create it first");
  if (::access(folder.c_str(), W_OK) != 0)
    throw Error(option + " " + file + ": cannot write in " + folder.string() + " (" + std::strerror(errno) + ")");
  if (fs::is_directory(file, ec)) throw Error(option + " " + file + ": is a folder; give a file name");
  if (const std::string kind = platform::special_file_kind(file); !kind.empty())
    throw Error(option + " " + file + ": is " + kind + ", not a regular file; creditflow writes results only to "
                "regular files, which it replaces whole" + (dash_allowed ? " (- is standard output)" : ""));
  if (fs::exists(file, ec) && ::access(file.c_str(), W_OK) != 0)
    throw Error(option + " " + file + ": the file is read-only; creditflow does not replace it");
}

void check_not_replacing(const std::string& option, const std::string& file, bool force) {
  std::error_code ec;
  if (!force && !file.empty() && fs::exists(file, ec))
    throw Error(option + " " + file + ": the file exists (give --force to replace it)");
}

namespace {

// One spelling per file: links and ./ resolved for what exists, the rest made absolute.
fs::path identity(const std::string& file) {
  std::error_code ec;
  const fs::path p = fs::weakly_canonical(fs::absolute(file), ec);
  return ec ? fs::absolute(file).lexically_normal() : p;
}

bool real(const NamedPath& p) { return !p.second.empty() && p.second != "-"; }

}  // namespace

std::uint64_t vcd_limit_of(const std::string& text) {
  if (text.empty()) return platform::kDefaultVcdLimit;
  const double bytes = platform::parse_bytes(text, "--vcd-limit");
  if (!(bytes >= 1024 && bytes <= 1e15)) throw Error("--vcd-limit " + text + " is out of range (allowed 1KiB..1PB)");
  return static_cast<std::uint64_t>(bytes);
}

void check_distinct(const std::vector<NamedPath>& outputs, const std::vector<NamedPath>& inputs) {
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    if (!real(outputs[i])) continue;
    const fs::path out = identity(outputs[i].second);
    for (std::size_t j = 0; j < i; ++j)
      if (real(outputs[j]) && identity(outputs[j].second) == out)
        throw Error(outputs[j].first + " and " + outputs[i].first + " both name " + outputs[i].second +
                    ": one would overwrite the other; give each its own file");
    for (const NamedPath& in : inputs)
      if (real(in) && identity(in.second) == out)
        throw Error(outputs[i].first + " " + outputs[i].second + " is the " + in.first +
                    " itself: writing it would destroy it; give another file");
  }
}

}  // namespace creditflow::cli
