// A CSV trace, plain or gzip-compressed (zlib reads both), streamed a line at a time.
#include <sys/stat.h>
#include <zlib.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <deque>
#include <optional>
#include <vector>

#include "creditflow/core/error.hpp"
#include "creditflow/platform/trace_file.hpp"
#include "trace/netrace_trace.hpp"

namespace creditflow::platform {

namespace {

// A line longer than this is not a record of this format (a binary file, say).
constexpr std::size_t kMaxLine = std::size_t{1} << 16;
constexpr std::uint64_t kMaxBytes = std::uint64_t{1} << 32;
constexpr std::uint64_t kMaxClass = 255;
constexpr std::uint64_t kMaxDelay = std::uint64_t{1} << 32;
constexpr std::size_t kMaxWaits = 64;  // ids one record may wait for

enum class Column { cycle, source, destination, bytes, traffic_class, id, depends_on, delay };
constexpr std::array<const char*, 8> kColumnNames{"cycle", "source", "destination", "bytes",
                                                  "class", "id", "depends_on", "delay"};
constexpr const char* kAllowedColumns =
    "cycle, source, destination, bytes required; class, id, depends_on, delay optional";

// Only a regular file: a device or a FIFO would be read for ever.
void check_regular(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) throw Error(path + ": cannot open the trace (" + std::strerror(errno) + ")");
  if (!S_ISREG(st.st_mode))
    throw Error(path + ": not a regular file; give a trace file (CSV, or CSV compressed with gzip, or netrace's)");
}

class GzFile {
 public:
  explicit GzFile(const std::string& path) : path_(path) {
    check_regular(path);
    file_ = gzopen(path.c_str(), "rb");
    if (!file_) throw Error(path + ": cannot open the trace");
    gzbuffer(file_, 1 << 18);
  }
  ~GzFile() {
    if (file_) gzclose(file_);
  }
  GzFile(const GzFile&) = delete;
  GzFile& operator=(const GzFile&) = delete;

  // The next line without its end (\n or \r\n); false at the end of the file.
  bool line(std::string& out, std::uint64_t number) {
    out.clear();
    char buffer[4096];
    while (true) {
      if (!gzgets(file_, buffer, sizeof buffer)) {
        int code = 0;
        const char* message = gzerror(file_, &code);
        if (code == Z_BUF_ERROR)
          throw Error(path_ + ":" + std::to_string(number) + ": the file ends inside its compressed data (is it cut "
                      "short?)");
        if (code != Z_OK) throw Error(path_ + ":" + std::to_string(number) + ": cannot read the trace (" + message + ")");
        if (out.empty()) return false;
        break;
      }
      const std::size_t n = std::strlen(buffer);
      out.append(buffer, n);
      if (out.size() > kMaxLine)
        throw Error(path_ + ":" + std::to_string(number) + ": a line longer than " + std::to_string(kMaxLine) +
                    " characters (is this a trace file?)");
      if (n > 0 && buffer[n - 1] == '\n') break;
      if (n + 1 < sizeof buffer && gzeof(file_)) break;
    }
    if (!out.empty() && out.back() == '\n') out.pop_back();
    if (!out.empty() && out.back() == '\r') out.pop_back();
    return true;
  }

 private:
  std::string path_;
  gzFile file_ = nullptr;
};

struct Field {
  const char* begin;
  const char* end;
  std::size_t column;  // of its first character, from 1
  std::string text() const { return std::string(begin, end); }
};

class CsvTrace : public core::TraceStream {
 public:
  explicit CsvTrace(const std::string& path, bool check_waits = false)
      : path_(path), file_(path), check_waits_(check_waits) {
    std::string header;
    while (file_.line(header, ++line_) && blank(header)) {
    }
    if (blank(header)) throw Error(path_ + ": the trace is empty (its first line names its columns: " + kAllowedColumns + ")");
    read_header(header);
  }

  const std::string& path() const override { return path_; }

  bool next(core::TraceRecord& r) override {
    while (file_.line(text_, ++line_))
      if (!blank(text_)) {
        parse(r);
        return true;
      }
    return false;
  }

 private:
  static bool blank(const std::string& s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\t'; });
  }

  [[noreturn]] void fail(std::size_t column, const std::string& what) const {
    throw Error(path_ + ":" + std::to_string(line_) + ":" + std::to_string(column) + ": " + what);
  }

  std::vector<Field> split(const std::string& text) const {
    std::vector<Field> fields;
    const char* p = text.data();
    const char* end = p + text.size();
    while (true) {
      const char* comma = std::find(p, end, ',');
      const char* b = p;
      const char* e = comma;
      while (b < e && (*b == ' ' || *b == '\t')) ++b;
      while (e > b && (e[-1] == ' ' || e[-1] == '\t')) --e;
      fields.push_back({b, e, static_cast<std::size_t>(b - text.data()) + 1});
      if (comma == end) break;
      p = comma + 1;
    }
    return fields;
  }

  void read_header(const std::string& header) {
    if (std::any_of(header.begin(), header.end(), [](char c) { return (c < 0x20 && c != '\t') || c > 0x7e; }))
      fail(1, "the first line is not a header of column names (is this a trace? allowed " +
                  std::string(kAllowedColumns) + ", as text or compressed with gzip)");
    for (const Field& f : split(header)) {
      const std::string name = f.text();
      const auto known = std::find_if(kColumnNames.begin(), kColumnNames.end(),
                                      [&](const char* c) { return name == c; });
      if (known == kColumnNames.end())
        fail(f.column, "unknown column '" + name + "' (allowed " + kAllowedColumns + ")");
      const auto column = static_cast<Column>(known - kColumnNames.begin());
      if (std::find(columns_.begin(), columns_.end(), column) != columns_.end())
        fail(f.column, "column '" + name + "' named twice");
      columns_.push_back(column);
    }
    for (std::size_t c = 0; c < 4; ++c)
      if (std::find(columns_.begin(), columns_.end(), static_cast<Column>(c)) == columns_.end())
        fail(1, std::string("the header has no column '") + kColumnNames[c] + "' (allowed " + kAllowedColumns + ")");
    has_ids_ = std::find(columns_.begin(), columns_.end(), Column::id) != columns_.end();
  }

  std::uint64_t number(const Field& f, std::uint64_t lo, std::uint64_t hi, const char* what) const {
    if (f.begin == f.end) fail(f.column, std::string("no ") + what + " (allowed a whole number " + std::to_string(lo) +
                                             ".." + std::to_string(hi) + ")");
    std::uint64_t v = 0;
    for (const char* p = f.begin; p < f.end; ++p) {
      if (*p < '0' || *p > '9' || v > (UINT64_MAX - 9) / 10)
        fail(f.column, "'" + f.text() + "' is not a " + what + " (allowed a whole number " + std::to_string(lo) + ".." +
                           std::to_string(hi) + ")");
      v = v * 10 + static_cast<std::uint64_t>(*p - '0');
    }
    if (v < lo || v > hi)
      fail(f.column, std::string(what) + " " + f.text() + " is out of range (allowed " + std::to_string(lo) + ".." +
                         std::to_string(hi) + ")");
    return v;
  }

  std::string name(const Field& f, const char* what) const {
    if (f.begin == f.end) fail(f.column, std::string("no ") + what + " name");
    return f.text();
  }

  void parse(core::TraceRecord& r) {
    const std::vector<Field> fields = split(text_);
    if (fields.size() != columns_.size())
      fail(fields.size() < columns_.size() ? text_.size() + 1 : fields[columns_.size()].column,
           std::to_string(fields.size()) + " fields where the header names " + std::to_string(columns_.size()));
    r = core::TraceRecord{};
    r.line = line_;
    r.id = records_ + 1;
    const Field* waits = nullptr;
    const Field* id_field = nullptr;
    for (std::size_t i = 0; i < fields.size(); ++i) {
      const Field& f = fields[i];
      switch (columns_[i]) {
        case Column::cycle: r.cycle = number(f, 0, UINT64_MAX / 2, "cycle"); break;
        case Column::source: r.source = name(f, "source"); break;
        case Column::destination: r.destination = name(f, "destination"); break;
        case Column::bytes: r.bytes = number(f, 1, kMaxBytes, "count of bytes"); break;
        case Column::traffic_class: r.traffic_class = static_cast<std::uint32_t>(number(f, 0, kMaxClass, "class")); break;
        case Column::id: r.id = number(f, 1, UINT64_MAX / 2, "id"); id_field = &f; break;
        case Column::depends_on: waits = &f; break;
        case Column::delay: r.delay = f.begin == f.end ? 0 : number(f, 0, kMaxDelay, "delay"); break;
      }
    }
    if (records_ > 0 && r.cycle < last_cycle_)
      fail(fields[column_of(Column::cycle)].column, "cycle " + std::to_string(r.cycle) + " is before the cycle of the record before it (" +
                                                       std::to_string(last_cycle_) + "): a trace is in time order");
    if (has_ids_ && records_ > 0 && r.id <= last_id_)
      fail(id_field->column, "id " + std::to_string(r.id) + " after id " + std::to_string(last_id_) +
                                 " (allowed ids increasing down the file)");
    if (waits) read_waits(*waits, r);
    ++records_;
    last_cycle_ = r.cycle;
    last_id_ = r.id;
    if (check_waits_) remember(r.id);
  }

  std::size_t column_of(Column c) const {
    return static_cast<std::size_t>(std::find(columns_.begin(), columns_.end(), c) - columns_.begin());
  }

  void read_waits(const Field& f, core::TraceRecord& r) {
    const char* p = f.begin;
    while (p < f.end) {
      const char* semi = std::find(p, f.end, ';');
      Field one{p, semi, f.column + static_cast<std::size_t>(p - f.begin)};
      while (one.begin < one.end && *one.begin == ' ') ++one.begin, ++one.column;
      while (one.end > one.begin && one.end[-1] == ' ') --one.end;
      const std::uint64_t id = number(one, 1, UINT64_MAX / 2, "record id to wait for");
      if (id >= r.id)
        fail(one.column, "record " + std::to_string(r.id) + " waits for " + std::to_string(id) +
                             ", which is not before it (a record waits only for earlier records, so that no cycle "
                             "of waits can stall the replay)");
      if (r.id - id > core::kTraceReach)
        fail(one.column, "record " + std::to_string(r.id) + " waits for " + std::to_string(id) + ", " +
                             std::to_string(r.id - id) + " ids before it (allowed at most " +
                             std::to_string(core::kTraceReach) + ")");
      if (check_waits_ && !known(id))
        fail(one.column, "record " + std::to_string(r.id) + " waits for " + std::to_string(id) +
                             ", which no record before it has as its id");
      if (r.depends_on.size() == kMaxWaits)
        fail(one.column, "record " + std::to_string(r.id) + " waits for more than " + std::to_string(kMaxWaits) +
                             " records");
      r.depends_on.push_back(id);
      p = semi == f.end ? semi : semi + 1;
    }
  }

  // The ids of the last kTraceReach records, increasing: what a wait may name.
  void remember(std::uint64_t id) {
    recent_.push_back(id);
    if (recent_.size() > core::kTraceReach) recent_.pop_front();
  }
  bool known(std::uint64_t id) const { return std::binary_search(recent_.begin(), recent_.end(), id); }

  std::string path_;
  GzFile file_;
  bool check_waits_;
  std::vector<Column> columns_;
  bool has_ids_ = false;
  std::string text_;
  std::uint64_t line_ = 0, records_ = 0, last_id_ = 0;
  core::Cycle last_cycle_ = 0;
  std::deque<std::uint64_t> recent_;
};

// Distinct names a trace may use: more is not a platform's endpoints.
constexpr std::size_t kMaxNames = 1 << 16;

void note_name(std::map<std::string, std::uint64_t>& names, const std::string& name, const core::TraceRecord& r,
               const std::string& path, const char* role) {
  if (names.size() == kMaxNames && !names.count(name))
    throw Error(path + ":" + std::to_string(r.line) + ": more than " + std::to_string(kMaxNames) + " " + role +
                " names (a trace names its platform's endpoints)");
  names.emplace(name, r.line);
}

}  // namespace

std::unique_ptr<core::TraceStream> open_trace(const std::string& path) {
  check_regular(path);
  if (is_netrace(path)) return std::make_unique<NetraceTrace>(path);
  return std::make_unique<CsvTrace>(path);
}

TraceSummary scan_trace(const std::string& path) {
  // A CSV's waits are checked against the ids before them; netrace's are built from them.
  check_regular(path);
  std::unique_ptr<core::TraceStream> trace;
  if (is_netrace(path))
    trace = std::make_unique<NetraceTrace>(path);
  else
    trace = std::make_unique<CsvTrace>(path, true);
  TraceSummary s;
  core::TraceRecord r;
  while (trace->next(r)) {
    s.waits = s.waits || !r.depends_on.empty();
    note_name(s.sources, r.source, r, path, "source");
    note_name(s.destinations, r.destination, r, path, "destination");
  }
  return s;
}

}  // namespace creditflow::platform
