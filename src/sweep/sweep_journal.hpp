// A sweep's finished points, kept on disk as each finishes, so that no stop (Ctrl-C,
// kill -9, a crash, a Slurm time limit) loses them: the next run of the same sweep with the
// same outputs picks them up and runs only the rest. The journal lives beside the first
// output (OUTPUT.journal) and is removed once every output is written.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "creditflow/platform/sweep.hpp"
#include "sweep/sweep_request.hpp"

namespace creditflow::cli {

class SweepJournal {
 public:
  // Opens the journal at `path` for the sweep `sweep_id` (and `shard`, "" for all), taking
  // up the points an earlier run recorded there. Throws Error if the file belongs to
  // another sweep or is damaged anywhere but in its last line (a write cut by a kill).
  SweepJournal(std::string path, const std::string& sweep_id, const std::string& shard,
               const std::vector<platform::SweepPoint>& points);
  ~SweepJournal();
  SweepJournal(const SweepJournal&) = delete;
  SweepJournal& operator=(const SweepJournal&) = delete;

  const std::string& path() const { return path_; }
  // The points found from an earlier run, in point order.
  const std::vector<platform::PointResult>& earlier() const { return earlier_; }
  // Appends one finished point (one line, one write). Throws Error if it cannot.
  void record(const platform::PointResult& result);
  // Every output is written: the journal is no longer needed.
  void remove();

 private:
  std::string path_;
  int fd_ = -1;
  std::vector<platform::PointResult> earlier_;
};

// OUTPUT.journal for the request's first output file, or nothing when its results go
// only to standard output.
std::optional<std::string> journal_path(const SweepRequest& request);

}  // namespace creditflow::cli
