#include "creditflow/platform/units.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <map>

#include "creditflow/core/error.hpp"

namespace creditflow::platform {

namespace {

double parse_with_units(const std::string& text, const std::string& what,
                        const std::map<std::string, double>& units, const std::string& allowed) {
  char* end = nullptr;
  const double number = std::strtod(text.c_str(), &end);
  std::string unit(end);
  while (!unit.empty() && unit.front() == ' ') unit.erase(unit.begin());
  const auto it = units.find(unit);
  if (end == text.c_str() || it == units.end() || !std::isfinite(number) || number < 0)
    throw ParameterError(what + " = " + text + " is not a valid quantity (a number >= 0 with a unit: " +
                         allowed + ")");
  return number * it->second;
}

}  // namespace

double parse_time_ps(const std::string& text, const std::string& what) {
  static const std::map<std::string, double> units{
      {"s", 1e12}, {"ms", 1e9}, {"us", 1e6}, {"ns", 1e3}, {"ps", 1.0}, {"fs", 1e-3}};
  return parse_with_units(text, what, units, "s, ms, us, ns, ps, fs");
}

double parse_period_ps(const std::string& text, const std::string& what) {
  static const std::map<std::string, double> units{
      {"s", 1e12}, {"ms", 1e9}, {"us", 1e6}, {"ns", 1e3}, {"ps", 1.0}, {"fs", 1e-3},
      {"Hz", -1.0}, {"kHz", -1e3}, {"KHz", -1e3}, {"MHz", -1e6}, {"GHz", -1e9}, {"THz", -1e12}};
  const double v = parse_with_units(text, what, units, "s, ms, us, ns, ps, fs, or a frequency in Hz, kHz, MHz, GHz");
  if (v >= 0) return v;
  const double hz = -v;
  if (hz == 0) throw ParameterError(what + " = " + text + " must be more than 0 Hz");
  // Simulated time counts whole picoseconds: a frequency's period is rounded to one.
  return std::max(1.0, std::round(1e12 / hz));
}

double parse_bandwidth(const std::string& text, const std::string& what) {
  static const std::map<std::string, double> units{
      {"B/s", 1.0},          {"KB/s", 1e3},          {"MB/s", 1e6},          {"GB/s", 1e9},
      {"TB/s", 1e12},        {"KiB/s", 1024.0},      {"MiB/s", 1048576.0},   {"GiB/s", 1073741824.0},
      {"TiB/s", 1099511627776.0}, {"Kb/s", 1e3 / 8}, {"Mb/s", 1e6 / 8},      {"Gb/s", 1e9 / 8},
      {"Tb/s", 1e12 / 8}};
  return parse_with_units(text, what, units, "B/s, KB/s, MB/s, GB/s, TB/s, KiB/s ... TiB/s, Kb/s ... Tb/s");
}

double parse_bytes(const std::string& text, const std::string& what) {
  static const std::map<std::string, double> units{
      {"B", 1.0},         {"KB", 1e3},           {"MB", 1e6},          {"GB", 1e9},
      {"KiB", 1024.0},    {"MiB", 1048576.0},    {"GiB", 1073741824.0}};
  return parse_with_units(text, what, units, "B, KB, MB, GB, KiB, MiB, GiB");
}

std::string format_bytes(double bytes) {
  static const char* const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  std::size_t u = 0;
  while (u + 1 < std::size(units) && bytes >= 1024.0) {
    bytes /= 1024.0;
    ++u;
  }
  char text[64];
  std::snprintf(text, sizeof text, "%.4g %s", bytes, units[u]);
  return text;
}

}  // namespace creditflow::platform
