// What a finished sweep shows and writes, the same whether its points ran here or came
// back from Slurm tasks.
#pragma once
#include <string>
#include <vector>

#include "creditflow/platform/sweep.hpp"
#include "sweep/sweep_request.hpp"

namespace creditflow::cli {

// The metric's table on stdout, then the request's --csv, --json and --plot.
void write_outputs(const SweepRequest& request, const std::vector<platform::SweepPlan>& plans,
                   const std::vector<platform::PointResult>& results, const std::string& sweep_id);

// Every point that is not ok on stderr (its verdict, parameters and why), then a line
// counting the verdicts; the exit status (0 when every point is ok, else 1).
int report_problems(const std::vector<platform::PointResult>& results);

// "link.depth=4, src.rate=0.5": a point's parameters, as reports name it.
std::string values_text(const platform::SweepPoint& point);

// Writes through a temporary file renamed into place: a process killed while writing
// leaves the old file or none, never half a file.
void write_text(const std::string& path, const std::string& text);

}  // namespace creditflow::cli
