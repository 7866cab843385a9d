#include "creditflow/core/input_file.hpp"

#include <filesystem>
#include <fstream>

#include "creditflow/core/error.hpp"

namespace creditflow::core {

std::string read_input_file(const std::string& path, const std::string& what, std::size_t max_bytes) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status)) throw Error(path + ": cannot open " + what);
  if (!std::filesystem::is_regular_file(status)) throw Error(path + ": not a regular file; give " + what);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path + ": cannot open " + what);
  // Read by chunks up to the limit: a buffer of the limit's size, zeroed, would cost every
  // run (and every point of a sweep) tens of milliseconds of page faults.
  std::string text;
  char chunk[1 << 16];
  while (text.size() <= max_bytes && in.read(chunk, sizeof chunk).gcount() > 0)
    text.append(chunk, static_cast<std::size_t>(in.gcount()));
  if (text.size() > max_bytes)
    throw Error(path + ": larger than " + std::to_string(max_bytes >> 20) + " MiB, the most " + what +
                " may hold; is it the right file?");
  return text;
}

}  // namespace creditflow::core
