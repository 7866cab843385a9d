#include "sweep/sweep_outputs.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>

#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "creditflow/cli/tool.hpp"
#include "creditflow/core/error.hpp"
#include "creditflow/platform/atomic_file.hpp"

namespace creditflow::cli {

void write_text(const std::string& path, const std::string& text) { platform::write_file_atomically(path, text); }

std::string values_text(const platform::SweepPoint& point) {
  std::string s;
  for (const auto& [param, value] : point.values) s += (s.empty() ? "" : ", ") + param + "=" + value;
  return s;
}

void write_outputs(const SweepRequest& request, const std::vector<platform::SweepPlan>& plans,
                   const std::vector<platform::PointResult>& results, const std::string& sweep_id) {
  // `-` puts that output alone on standard output, in place of the table.
  const bool to_stdout = request.csv == "-" || request.json == "-";
  if (!to_stdout) std::cout << platform::sweep_tables(plans, results, request.metric);
  const auto output = [](const std::string& file, const auto& text) {
    if (file == "-")
      std::cout << text() << std::flush;
    else if (!file.empty())
      write_text(file, text());
  };
  output(request.csv, [&] { return platform::sweep_csv(plans, results, sweep_id, parse_sets(request.sets)); });
  output(request.json, [&] { return platform::sweep_json(request.model, plans, results, sweep_id); });
  if (!request.plot.empty()) platform::plot_sweep(plans, results, request.metric, request.plot);
}

int report_problems(const std::vector<platform::PointResult>& results) {
  std::vector<platform::PointVerdict> verdicts;
  for (const platform::PointResult& r : results) verdicts.push_back(platform::point_verdict(r));
  // The same failure at every point is one problem, said once.
  bool same_everywhere = results.size() > 1;
  for (const platform::PointVerdict& v : verdicts)
    same_everywhere = same_everywhere && v.status == "failed" && v.why == verdicts.front().why;
  if (same_everywhere) {
    std::cerr << "creditflow: every point failed: " << verdicts.front().why << "\n";
    return exit_problem;
  }
  std::map<std::string, std::size_t> counts;
  for (std::size_t i = 0; i < results.size(); ++i) {
    const platform::PointVerdict& v = verdicts[i];
    ++counts[v.status];
    if (v.status != "ok")
      std::cerr << "creditflow: point " << results[i].point.index << " (" << values_text(results[i].point) << ") "
                << v.status << ": " << v.why << "\n";
  }
  if (counts["ok"] == results.size()) return 0;
  // The last line counts every verdict, so a sweep that found a problem cannot read as fine.
  std::cerr << "creditflow: " << results.size() << " points: " << counts["ok"] << " ok";
  for (const char* status : {"violated", "corrupted", "deadlocked", "stuck", "misrouted", "failed"})
    if (counts[status]) std::cerr << ", " << counts[status] << " " << status;
  std::cerr << "\n";
  return exit_problem;
}

}  // namespace creditflow::cli
