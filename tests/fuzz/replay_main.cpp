// Runs a fuzz target over files and folders of inputs once each (the seed corpus and the
// inputs that once crashed), for builds without libFuzzer: every regression stays a test.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

int main(int argc, char* argv[]) {
  namespace fs = std::filesystem;
  std::size_t inputs = 0;
  auto replay = [&](const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    ++inputs;
  };
  for (int i = 1; i < argc; ++i) {
    if (fs::is_directory(argv[i])) {
      for (const auto& entry : fs::directory_iterator(argv[i]))
        if (entry.is_regular_file()) replay(entry.path());
    } else {
      replay(argv[i]);
    }
  }
  std::printf("replayed %zu inputs, none crashed\n", inputs);
  return 0;
}
