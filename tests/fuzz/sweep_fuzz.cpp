// Fuzz target: the sweep planner and merge. The first byte picks: the planner (each line a
// --vary, the last one a --shard K/N), or merge of CSV or JSON shards (split at NUL bytes).
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "creditflow/platform/sweep.hpp"
#include "fuzz_guard.hpp"

namespace {

std::vector<std::string> split(const std::string& text, char at) {
  std::vector<std::string> parts;
  std::stringstream s(text);
  for (std::string part; std::getline(s, part, at);) parts.push_back(part);
  return parts;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  namespace pf = creditflow::platform;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  cffuzz::refuse_only_with_error([&] {
    if (data[0] % 3 == 0) {
      std::vector<std::string> lines = split(text, '\n');
      if (lines.empty()) return;
      const std::string shard = lines.back();
      lines.pop_back();
      pf::SweepPlan plan;
      plan.name = "fuzz";
      for (const std::string& line : lines) plan.axes.push_back(pf::parse_vary(line));
      const std::size_t total = pf::point_count(std::vector<pf::SweepPlan>{plan});
      const auto [from, to] = pf::shard_range(shard, total);
      if (from > to || to > total) std::abort();  // a slice is always within the sweep
      if (total <= 4096) pf::expand({plan});
    } else {
      std::vector<std::pair<std::string, std::string>> shards;
      for (const std::string& part : split(text, '\0')) shards.emplace_back("shard" + std::to_string(shards.size()), part);
      if (!shards.empty()) pf::merge_shards(data[0] % 3 == 1, shards);
    }
  });
  return 0;
}
