// Trace files: a CSV with a header naming its columns (cycle, source, destination, bytes;
// and optionally class, id, depends_on, delay), read directly when gzip-compressed, one
// record at a time. Every refusal is one line naming the file, line and column.
#pragma once
#include <cstdint>
#include <memory>
#include <map>
#include <string>
#include <vector>

#include "creditflow/core/trace_record.hpp"

namespace creditflow::platform {

// The records of `path` in file order, each checked on its own and against the one before
// (time order, ids increasing, waits only for earlier ids within core::kTraceReach).
std::unique_ptr<core::TraceStream> open_trace(const std::string& path);

// What a whole trace holds, read once before a run: the names it uses and whether it
// waits; every wait checked to name a record the trace has.
struct TraceSummary {
  bool waits = false;  // some record depends on others
  // Each name with the line of its first record, for messages.
  std::map<std::string, std::uint64_t> sources, destinations;
};
TraceSummary scan_trace(const std::string& path);

// Writes a trace in the format open_trace reads (every column), compressed with gzip where
// the path ends in .gz, through a partial file that finish() renames into place (only over
// a regular file): a run that fails leaves what was there as it was. Records may come out
// of time order (a transaction's answer is known before a later request is made) as long
// as none comes before the cycle settle() last promised.
class TraceWriter : public core::TraceSink {
 public:
  using Record = core::TraceOut;
  // `what` names the option in messages ("--record-trace").
  TraceWriter(const std::string& path, const std::string& what);
  ~TraceWriter() override;
  TraceWriter(const TraceWriter&) = delete;
  TraceWriter& operator=(const TraceWriter&) = delete;

  // Takes a record; its handle, for records that wait for it.
  std::uint64_t add(Record record) override;
  // No record to come is before cycle `cycle`: those before it are written.
  void settle(core::Cycle cycle) override;
  // Writes the rest and puts the file in place.
  void finish();
  // Records taken and not yet written: held until settled.
  std::size_t held() const { return pending_.size(); }

 private:
  struct Pending {
    std::uint64_t handle;
    Record record;
  };
  struct Later {
    bool operator()(const Pending& a, const Pending& b) const {
      return a.record.cycle != b.record.cycle ? a.record.cycle > b.record.cycle : a.handle > b.handle;
    }
  };
  void write(const Pending& p);

  std::string path_, partial_, what_;
  void* file_ = nullptr;  // a gzFile
  std::vector<Pending> pending_;  // a heap, earliest on top
  std::map<std::uint64_t, std::uint64_t> id_of_;  // handle -> id, for records still in reach
  std::uint64_t next_handle_ = 1, written_ = 0;
  core::Cycle settled_ = 0;
  bool finished_ = false;
};

}  // namespace creditflow::platform
