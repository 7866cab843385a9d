// Fuzz target: `creditflow size` with any options, each line of the input one argument.
// The tool answers or refuses in one line; a crash, a hang or a sanitizer report is a bug.
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "creditflow/cli/tool.hpp"
#include "creditflow/platform/registry.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const creditflow::platform::Registry registry = creditflow::platform::builtin_registry();
  std::vector<std::string> args{"creditflow", "size"};
  std::stringstream lines(std::string(reinterpret_cast<const char*>(data), size));
  for (std::string line; std::getline(lines, line) && args.size() < 64;) args.push_back(line);
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  // Its answers and refusals go nowhere: the fuzzer looks for crashes, not text.
  std::streambuf* out = std::cout.rdbuf(nullptr);
  std::streambuf* err = std::cerr.rdbuf(nullptr);
  const int status = creditflow::cli::run_tool(static_cast<int>(argv.size()), argv.data(), registry);
  std::cout.rdbuf(out);
  std::cerr.rdbuf(err);
  std::cout.clear();
  std::cerr.clear();
  if (status != 0 && status != 2) std::abort();  // size answers (0) or refuses (2)
  return 0;
}
