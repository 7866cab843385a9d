#include "creditflow/platform/memory_estimate.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "creditflow/core/error.hpp"

namespace creditflow::platform {

namespace {

// The units a parameter's value stores: the integer, or the sum of a list's items.
std::uint64_t units_of(const ParamValue& value) {
  if (const auto* n = std::get_if<std::int64_t>(&value)) return *n > 0 ? static_cast<std::uint64_t>(*n) : 0;
  std::uint64_t sum = 0;
  if (const auto* text = std::get_if<std::string>(&value)) {
    std::stringstream items(*text);
    for (std::string item; std::getline(items, item, ',');)
      if (const long long v = std::atoll(item.c_str()); v > 0) sum += static_cast<std::uint64_t>(v);
  }
  return sum;
}

std::string gib(std::uint64_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f GiB", static_cast<double>(bytes) / (1024.0 * 1024 * 1024));
  return buf;
}

struct Largest {
  std::string name;  // component.param
  std::uint64_t units = 0, bytes = 0;
};

std::uint64_t add_up(const Platform& platform, Largest* largest) {
  std::uint64_t total = 0;
  for (const ResolvedComponent& c : platform.components) {
    if (!c.part_of.empty()) continue;  // its network's bytes count it
    if (c.kind->bytes) {
      const auto [bytes, terms] = c.kind->bytes(c.params);
      const std::uint64_t whole = bytes >= 1.8e19 ? UINT64_MAX / 2 : static_cast<std::uint64_t>(bytes);
      total += whole;
      if (largest && whole > largest->bytes) *largest = {"component '" + c.name + "' (" + terms + ")", 0, whole};
    }
    for (const ParamSpec& spec : c.kind->params) {
      const std::size_t each = spec.bytes_each ? spec.bytes_each : spec.element ? spec.element->bytes_each : 0;
      const auto value = c.params.find(spec.name);
      if (each == 0 || value == c.params.end()) continue;
      const std::uint64_t units = units_of(value->second);
      total += units * each;
      if (largest && units * each > largest->bytes) *largest = {c.name + "." + spec.name, units, units * each};
    }
  }
  return total;
}

}  // namespace

std::uint64_t estimated_bytes(const Platform& platform) { return add_up(platform, nullptr); }

std::uint64_t memory_budget() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), size = ::sysconf(_SC_PAGESIZE);
  if (pages <= 0 || size <= 0) return UINT64_MAX;
  return static_cast<std::uint64_t>(pages) / 4 * 3 * static_cast<std::uint64_t>(size);
}

void check_memory(const Platform& platform, const std::string& where, std::uint64_t budget) {
  Largest largest;
  const std::uint64_t total = add_up(platform, &largest);
  if (total <= budget) return;
  // A parameter names its value; a kind's own estimate (a network's buffers) its component.
  const std::string what = largest.units ? largest.name + " = " + std::to_string(largest.units) : largest.name;
  throw ParameterError(where + ": " + what + " takes " + gib(largest.bytes) +
                       ", and the platform's buffers and pipelines about " + gib(total) + ", more than the " +
                       gib(budget) + " a run may take here (3/4 of this machine's memory); lower it");
}

}  // namespace creditflow::platform
