#include "sweep/sweep_journal.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

#include "creditflow/platform/json_input.hpp"
#include "creditflow/core/error.hpp"

namespace creditflow::cli {

using nlohmann::json;

namespace {

json header(const std::string& sweep_id, const std::string& shard) {
  return {{"creditflow_sweep_journal", 1}, {"sweep_id", sweep_id}, {"shard", shard}};
}

void write_line(int fd, const std::string& path, const std::string& line) {
  // One write(2) per line: a kill leaves whole lines, or a cut last one that is ignored.
  const std::string text = line + "\n";
  const ssize_t n = ::write(fd, text.data(), text.size());
  if (n != static_cast<ssize_t>(text.size()))
    throw Error(path + ": cannot record a finished point (" + std::string(n < 0 ? std::strerror(errno) : "short write") +
                ")");
}

}  // namespace

SweepJournal::SweepJournal(std::string path, const std::string& sweep_id, const std::string& shard,
                           const std::vector<platform::SweepPoint>& points)
    : path_(std::move(path)) {
  std::map<std::size_t, const platform::SweepPoint*> by_index;
  for (const platform::SweepPoint& p : points) by_index[p.index] = &p;
  std::ifstream in(path_, std::ios::binary);
  const bool resuming = static_cast<bool>(in);
  if (resuming) {
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    std::map<std::size_t, platform::PointResult> found;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      json doc;
      try {
        doc = platform::parse_json_input(lines[i], path_ + ":" + std::to_string(i + 1));
      } catch (const json::exception&) {
        if (i + 1 == lines.size() && i > 0) break;  // the last write, cut short by a kill
        throw Error(path_ + ":" + std::to_string(i + 1) + ": not a sweep journal's line; delete the file to start "
                    "the sweep over");
      }
      if (i == 0) {
        if (doc != header(sweep_id, shard))
          throw Error(path_ + " holds the finished points of another sweep (another model, options or --shard): "
                      "run that sweep again to finish it, or delete the file to start this one");
        continue;
      }
      try {
        const std::size_t index = doc.at("point").get<std::size_t>();
        const auto point = by_index.find(index);
        if (point == by_index.end()) throw Error("");
        platform::PointResult r;
        r.point = *point->second;
        r.ok = doc.at("ok").get<bool>();
        doc.at(r.ok ? "result" : "error").get_to(r.ok ? r.json : r.error);
        // A result is read again only once every point has run: a corrupt one is refused
        // now, not after the sweep's work.
        if (r.ok) {
          const json result = platform::parse_json_input(r.json, path_ + ":" + std::to_string(i + 1));
          if (!result.is_object() || !result.contains("links") || !result.contains("classes")) throw Error("");
        }
        found[index] = std::move(r);
      } catch (const std::exception&) {
        throw Error(path_ + ":" + std::to_string(i + 1) + ": not a point of this sweep; delete the file to start the "
                    "sweep over");
      }
    }
    for (auto& [index, r] : found) earlier_.push_back(std::move(r));
  }
  fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0) throw Error(path_ + ": cannot keep the sweep's journal (" + std::strerror(errno) + ")");
  if (!resuming) write_line(fd_, path_, header(sweep_id, shard).dump());
}

SweepJournal::~SweepJournal() {
  if (fd_ >= 0) ::close(fd_);
}

void SweepJournal::record(const platform::PointResult& r) {
  json line = {{"point", r.point.index}, {"ok", r.ok}};
  if (r.ok)
    line["result"] = r.json;  // the run's document, as text: its bytes are kept exactly
  else
    line["error"] = r.error;
  write_line(fd_, path_, line.dump());
}

void SweepJournal::remove() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  ::unlink(path_.c_str());
}

std::optional<std::string> journal_path(const SweepRequest& request) {
  for (const std::string* file : {&request.csv, &request.json})
    if (!file->empty() && *file != "-") return *file + ".journal";
  return std::nullopt;
}

}  // namespace creditflow::cli
