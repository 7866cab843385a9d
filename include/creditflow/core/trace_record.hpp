// A trace: records of traffic a workload made (cycle, source, destination, bytes; and where
// it has them a class, an id, the ids it waits for and how long after them), read one at a
// time so that a trace of any length replays in the memory of the records in flight. The
// files (CSV, gzip, netrace) are read in platform/trace_file.hpp; the rules of replay are
// here and in trace_replay.hpp, without either.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "creditflow/core/types.hpp"

namespace creditflow::core {

struct TraceRecord {
  Cycle cycle = 0;           // when the workload issued it
  std::string source;        // who issued it and where it goes, by the trace's names
  std::string destination;
  std::uint64_t bytes = 0;
  std::uint32_t traffic_class = 0;
  std::uint64_t id = 0;      // its id (its record number from 1 where the trace gives none)
  std::vector<std::uint64_t> depends_on;  // ids that must be delivered before it is issued
  Cycle delay = 0;           // cycles from the last of those deliveries to its issue
  std::uint64_t line = 0;    // where it is in its file, for messages
};

// A record may wait only for records at most this many ids before it: what replay keeps of
// deliveries is that window, whatever the trace's length.
inline constexpr std::uint64_t kTraceReach = std::uint64_t{1} << 16;

// Records in file order. next() throws creditflow::Error naming the file, line and column
// of a record it cannot read.
class TraceStream {
 public:
  virtual ~TraceStream() = default;
  virtual bool next(TraceRecord& record) = 0;
  virtual const std::string& path() const = 0;
};

// What a part made, for a trace of a run (--record-trace): a flit, a packet or a trace's
// record, in the cycle it was made for; an answer names the request it answers and the
// cycles it came after that request's pop.
struct Creation {
  Cycle cycle = 0;    // made for (offered from) this cycle
  Cycle made_at = 0;  // the cycle whose closing edge made it: nothing made later is for an earlier cycle
  std::uint32_t source = 0, destination = 0, traffic_class = 0;
  std::uint64_t id = 0;     // the flit id it carries
  std::uint64_t flits = 1;
  bool answers = false;     // an answer to the request (answers_source, answers_id)
  std::uint32_t answers_source = 0;
  std::uint64_t answers_id = 0;
  Cycle delay = 0;
};

class CreationLog {
 public:
  virtual ~CreationLog() = default;
  virtual void created(const Creation& c) = 0;
};

// A record to write to a trace, by the names its trace gives (platform/trace_file.hpp
// TraceWriter writes them).
struct TraceOut {
  Cycle cycle = 0;
  std::string source, destination;
  std::uint64_t bytes = 0;
  std::uint32_t traffic_class = 0;
  std::uint64_t waits_for = 0;  // the handle of a record it waits for (0: none)
  Cycle delay = 0;              // cycles after that record's delivery
};

// Where records go as a run makes them, in any order within what settle() has not closed.
class TraceSink {
 public:
  virtual ~TraceSink() = default;
  // Takes a record; its handle, for records that wait for it.
  virtual std::uint64_t add(TraceOut record) = 0;
  // No record to come is before cycle `cycle`.
  virtual void settle(Cycle cycle) = 0;
};

}  // namespace creditflow::core
