// A trace written as CSV, through zlib (gzip where the name ends in .gz, else as it is).
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "creditflow/core/error.hpp"
#include "creditflow/platform/atomic_file.hpp"
#include "creditflow/platform/trace_file.hpp"

namespace creditflow::platform {

namespace {
bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}
gzFile gz(void* f) { return static_cast<gzFile>(f); }
}  // namespace

TraceWriter::TraceWriter(const std::string& path, const std::string& what)
    : path_(path), partial_(path + ".partial-" + std::to_string(::getpid())), what_(what) {
  file_ = gzopen(partial_.c_str(), ends_with(path, ".gz") ? "wb6" : "wbT");
  if (!file_) throw Error(what_ + " " + path_ + ": cannot write (open " + partial_ + ")");
  gzbuffer(gz(file_), 1 << 18);
  const std::string header = "cycle,source,destination,bytes,class,id,depends_on,delay\n";
  gzwrite(gz(file_), header.data(), static_cast<unsigned>(header.size()));
}

TraceWriter::~TraceWriter() {
  if (finished_) return;
  if (file_) gzclose(gz(file_));
  std::remove(partial_.c_str());
}

std::uint64_t TraceWriter::add(Record record) {
  if (record.cycle < settled_)
    throw Error(what_ + " " + path_ + ": a record of cycle " + std::to_string(record.cycle) + " came after cycle " +
                std::to_string(settled_) + " was written (a part recorded out of time order)");
  pending_.push_back({next_handle_, std::move(record)});
  std::push_heap(pending_.begin(), pending_.end(), Later{});
  return next_handle_++;
}

void TraceWriter::settle(core::Cycle cycle) {
  while (!pending_.empty() && pending_.front().record.cycle < cycle) {
    std::pop_heap(pending_.begin(), pending_.end(), Later{});
    write(pending_.back());
    pending_.pop_back();
  }
  settled_ = std::max(settled_, cycle);
}

void TraceWriter::write(const Pending& p) {
  const Record& r = p.record;
  const std::uint64_t id = ++written_;
  std::string waits;
  if (r.waits_for != 0) {
    const auto found = id_of_.find(r.waits_for);
    // A record waits only within reach of what it waits for (core::kTraceReach): farther,
    // it keeps its cycle alone.
    if (found != id_of_.end() && id - found->second <= core::kTraceReach) waits = std::to_string(found->second);
  }
  id_of_[p.handle] = id;
  if (id_of_.size() > 2 * core::kTraceReach)  // forget what no later record can wait for
    for (auto e = id_of_.begin(); e != id_of_.end();)
      e = id - e->second > core::kTraceReach ? id_of_.erase(e) : std::next(e);
  std::string line = std::to_string(r.cycle) + "," + r.source + "," + r.destination + "," + std::to_string(r.bytes) +
                     "," + std::to_string(r.traffic_class) + "," + std::to_string(id) + "," + waits + "," +
                     (waits.empty() ? "" : std::to_string(r.delay)) + "\n";
  if (gzwrite(gz(file_), line.data(), static_cast<unsigned>(line.size())) != static_cast<int>(line.size()))
    throw Error(what_ + " " + path_ + ": cannot write the trace (is the disk full?)");
}

void TraceWriter::finish() {
  settle(~core::Cycle{0});
  const int closed = gzclose(gz(file_));
  file_ = nullptr;
  if (closed != Z_OK) {
    std::remove(partial_.c_str());
    throw Error(what_ + " " + path_ + ": cannot write the trace (is the disk full?); nothing was written");
  }
  finished_ = true;
  rename_into_place(partial_, path_, what_);
}

}  // namespace creditflow::platform
