// Fuzz target: `creditflow size` with any options, each line of the input one argument.
// The tool answers or refuses in one line; a crash, a hang or a sanitizer report is a bug.
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <sstream>
#include <streambuf>
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
  // Its answers and refusals are written and thrown away: the fuzzer looks for crashes, not
  // text. (A stream with no buffer would fail every write, which the tool rightly reports.)
  struct Discard : std::streambuf {
    int overflow(int c) override { return traits_type::not_eof(c); }
    std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
  };
  static Discard discard;
  std::streambuf* out = std::cout.rdbuf(&discard);
  std::streambuf* err = std::cerr.rdbuf(&discard);
  const int status = creditflow::cli::run_tool(static_cast<int>(argv.size()), argv.data(), registry);
  std::cout.rdbuf(out);
  std::cerr.rdbuf(err);
  std::cout.clear();
  std::cerr.clear();
  // size answers (0), finds no values meeting a platform's targets (1) or refuses (2).
  if (status < 0 || status > 2) std::abort();
  return 0;
}
