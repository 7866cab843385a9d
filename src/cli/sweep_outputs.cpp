#include "sweep_outputs.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "creditflow/core/error.hpp"

namespace creditflow::cli {

void write_text(const std::string& path, const std::string& text) {
  const std::string partial = path + ".partial-" + std::to_string(::getpid());
  const auto fail = [&] {
    const int error = errno;
    std::remove(partial.c_str());
    throw Error(path + ": cannot write (" + std::strerror(error) + ")");
  };
  {
    std::ofstream out(partial);
    out << text;
    if (!out) fail();
  }
  if (std::rename(partial.c_str(), path.c_str()) != 0) fail();
}

std::string values_text(const platform::SweepPoint& point) {
  std::string s;
  for (const auto& [param, value] : point.values) s += (s.empty() ? "" : ", ") + param + "=" + value;
  return s;
}

void write_outputs(const SweepRequest& request, const std::vector<platform::SweepPlan>& plans,
                   const std::vector<platform::PointResult>& results) {
  std::cout << platform::sweep_tables(plans, results, request.metric);
  if (!request.csv.empty()) write_text(request.csv, platform::sweep_csv(plans, results));
  if (!request.json.empty()) write_text(request.json, platform::sweep_json(request.model, plans, results));
  if (!request.plot.empty()) platform::plot_sweep(plans, results, request.metric, request.plot);
}

int report_failures(const std::vector<platform::PointResult>& results) {
  // The same error at every point is one problem, said once.
  bool same_everywhere = results.size() > 1;
  for (const platform::PointResult& r : results)
    same_everywhere = same_everywhere && !r.ok && r.error == results.front().error;
  if (same_everywhere) {
    std::cerr << "creditflow: every point failed: " << results.front().error << "\n";
    return 1;
  }
  int status = 0;
  for (const platform::PointResult& r : results) {
    const std::string values = values_text(r.point);
    if (!r.ok) {
      std::cerr << "creditflow: point " << r.point.index << " (" << values << ") failed: " << r.error << "\n";
      status = 1;
      continue;
    }
    const nlohmann::json doc = nlohmann::json::parse(r.json);  // kept: the loop walks into it
    for (const auto& [link, figures] : doc.at("links").items())
      if (const auto cycle = figures.at("deadlock_cycle").get<std::uint64_t>()) {
        std::cerr << "creditflow: point " << r.point.index << " (" << values << ") deadlocked on link '" << link
                  << "' at cycle " << cycle << "; its figures stop there\n";
        status = 1;
      }
  }
  return status;
}

}  // namespace creditflow::cli
