// Trace files: a CSV with a header naming its columns (cycle, source, destination, bytes;
// and optionally class, id, depends_on, delay), read directly when gzip-compressed, one
// record at a time. Every refusal is one line naming the file, line and column.
#pragma once
#include <cstdint>
#include <memory>
#include <map>
#include <string>

#include "creditflow/core/trace_record.hpp"

namespace creditflow::platform {

// The records of `path` in file order, each checked on its own and against the one before
// (time order, ids increasing, waits only for earlier ids within core::kTraceReach).
std::unique_ptr<core::TraceStream> open_trace(const std::string& path);

// What a whole trace holds, read once before a run: its records, their span and the
// names they use; every wait checked to name a record the trace has.
struct TraceSummary {
  std::uint64_t records = 0;
  core::Cycle first_cycle = 0, last_cycle = 0;
  bool waits = false;  // some record depends on others
  // Each name with the line of its first record, for messages.
  std::map<std::string, std::uint64_t> sources, destinations;
};
TraceSummary scan_trace(const std::string& path);

}  // namespace creditflow::platform
