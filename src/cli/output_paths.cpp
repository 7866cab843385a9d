#include "output_paths.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "creditflow/core/error.hpp"

namespace creditflow::cli {

void check_output(const std::string& option, const std::string& file, bool dash_allowed) {
  if (file.empty()) return;
  if (file == "-") {
    if (dash_allowed) return;
    throw Error(option + " -: this output goes to a file; give its name");
  }
  namespace fs = std::filesystem;
  const fs::path folder = fs::path(file).has_parent_path() ? fs::path(file).parent_path() : fs::path(".");
  std::error_code ec;
  if (!fs::is_directory(folder, ec))
    throw Error(option + " " + file + ": folder " + folder.string() + " does not exist; create it first");
  if (::access(folder.c_str(), W_OK) != 0)
    throw Error(option + " " + file + ": cannot write in " + folder.string() + " (" + std::strerror(errno) + ")");
  if (fs::is_directory(file, ec)) throw Error(option + " " + file + ": is a folder; give a file name");
}

}  // namespace creditflow::cli
