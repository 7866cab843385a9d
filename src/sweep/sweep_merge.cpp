// `creditflow merge OUTPUT SHARDS...`: shard outputs joined in point order, refused when
// they are not the slices of one sweep.
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "creditflow/platform/json_input.hpp"
#include "creditflow/core/input_file.hpp"
#include "creditflow/core/error.hpp"
#include "creditflow/platform/atomic_file.hpp"
#include "creditflow/platform/sweep.hpp"

namespace creditflow::platform {

namespace {

using nlohmann::json;

std::string read_file(const std::string& path) {
  try {
    return core::read_input_file(path, "a shard", core::kMaxResultBytes);
  } catch (const Error& e) {
    throw Error(std::string("merge: ") + e.what());
  }
}

// One CSV record: its text as written and its fields. A quoted field may hold commas,
// doubled quotes and newlines.
struct CsvRecord {
  std::string text;
  std::vector<std::string> fields;
};

std::vector<CsvRecord> csv_records(const std::string& text, const std::string& file) {
  std::vector<CsvRecord> records;
  CsvRecord r{"", {""}};
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n' && !quoted) {
      if (!r.text.empty()) records.push_back(std::move(r));
      r = CsvRecord{"", {""}};
      continue;
    }
    r.text += c;
    if (quoted && c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
      r.fields.back() += '"';
      r.text += text[++i];
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      r.fields.emplace_back();
    } else {
      r.fields.back() += c;
    }
  }
  if (quoted) throw Error("merge: " + file + ": its last row is cut off inside a quoted cell");
  if (!r.text.empty()) records.push_back(std::move(r));
  return records;
}

// A point number or a total as written: digits only, below kMaxSweepPoints' bound.
std::size_t count_in(const std::string& cell, const std::string& what, const std::string& file) {
  if (cell.empty() || cell.size() > 7 || cell.find_first_not_of("0123456789") != std::string::npos ||
      std::stoul(cell) > kMaxSweepPoints)
    throw Error("merge: " + file + ": " + what + " '" + cell + "' is not a number of points (0.." +
                std::to_string(kMaxSweepPoints) + ")");
  return std::stoul(cell);
}

// What every shard must agree on, from the first one read.
struct Sweep {
  std::string id, first_file;
  std::size_t total = 0;
  bool known = false;
};

void check_same_sweep(Sweep& sweep, const std::string& id, std::size_t total, const std::string& file) {
  if (!sweep.known) {
    sweep = {id, file, total, true};
    return;
  }
  if (id != sweep.id)
    throw Error("merge: " + file + " is from another sweep than " + sweep.first_file + " (sweep_id " + id + ", not " +
                sweep.id + ": another model, --vary, --set, --cycles or --seed)");
  if (total != sweep.total)
    throw Error("merge: " + file + " is from a sweep of " + std::to_string(total) + " points, not " +
                std::to_string(sweep.total));
}

}  // namespace

void merge_outputs(const std::string& output, const std::vector<std::string>& inputs) {
  if (inputs.empty()) throw Error("merge: no input files");
  const bool csv = output.size() > 4 && output.compare(output.size() - 4, 4, ".csv") == 0;
  const bool js = output.size() > 5 && output.compare(output.size() - 5, 5, ".json") == 0;
  if (!csv && !js) throw Error("merge: " + output + " must end in .csv or .json");
  std::vector<std::pair<std::string, std::string>> shards;
  for (const std::string& in : inputs) shards.emplace_back(in, read_file(in));
  write_file_atomically(output, merge_shards(csv, shards));
}

std::string merge_shards(bool csv, const std::vector<std::pair<std::string, std::string>>& shards) {
  std::map<std::size_t, std::string> csv_rows;
  std::map<std::size_t, json> json_points;
  std::string header;
  json first_doc;
  Sweep sweep;
  const auto add = [&](std::size_t point, const std::string& file) {
    if (point >= sweep.total)
      throw Error("merge: " + file + ": point " + std::to_string(point) + " is past the sweep's " +
                  std::to_string(sweep.total) + " points");
    if (csv ? csv_rows.count(point) : json_points.count(point))
      throw Error("merge: point " + std::to_string(point) + " appears twice (again in " + file + ")");
  };
  for (const auto& [in, text] : shards) {
    if (csv) {
      const std::vector<CsvRecord> records = csv_records(text, in);
      if (records.empty()) throw Error("merge: " + in + ": empty, not a sweep's CSV");
      if (header.empty()) header = records.front().text;
      if (records.front().text != header) {
        // Another sweep's shard has other columns too (another --set is a column of its
        // own): saying that it is another sweep tells more.
        if (records.size() > 1 && records[1].fields.size() > 3)
          check_same_sweep(sweep, records[1].fields[3], count_in(records[1].fields[2], "points_total", in), in);
        throw Error("merge: " + in + " has other columns than " + shards.front().first);
      }
      const std::vector<std::string>& columns = records.front().fields;
      if (columns.size() < 5 || columns[1] != "point" || columns[2] != "points_total" || columns[3] != "sweep_id")
        throw Error("merge: " + in + " is not a creditflow sweep CSV (sweep,point,points_total,sweep_id,...)");
      for (std::size_t i = 1; i < records.size(); ++i) {
        const CsvRecord& row = records[i];
        if (row.fields.size() != columns.size())
          throw Error("merge: " + in + ": row " + std::to_string(i + 1) + " has " + std::to_string(row.fields.size()) +
                      " cells, not the header's " + std::to_string(columns.size()) + ": is the file cut short?");
        check_same_sweep(sweep, row.fields[3], count_in(row.fields[2], "points_total", in), in);
        const std::size_t point = count_in(row.fields[1], "point", in);
        add(point, in);
        csv_rows[point] = row.text;
      }
    } else {
      json doc;
      try {
        doc = parse_json_input(text, "merge: " + in);
        check_same_sweep(sweep, doc.at("sweep_id").get<std::string>(), doc.at("points_total").get<std::size_t>(), in);
        for (const json& p : doc.at("points")) {
          if (!p.at("point").is_number_unsigned() || p.at("point").get<std::size_t>() > kMaxSweepPoints)
            throw Error("merge: " + in + ": point " + p.at("point").dump() + " is not a number of points (0.." +
                        std::to_string(kMaxSweepPoints) + ")");
          const std::size_t point = p.at("point").get<std::size_t>();
          add(point, in);
          json_points[point] = p;
        }
      } catch (const json::exception&) {
        throw Error("merge: " + in + " is not a creditflow sweep JSON (sweep_id, points, points_total)");
      }
      if (first_doc.is_null()) first_doc = doc;
    }
  }
  const std::size_t have = csv ? csv_rows.size() : json_points.size();
  if (have != sweep.total) {
    std::string missing;
    int listed = 0;
    for (std::size_t i = 0; i < sweep.total && listed < 10; ++i)
      if (csv ? !csv_rows.count(i) : !json_points.count(i)) {
        missing += (missing.empty() ? "" : ", ") + std::to_string(i);
        ++listed;
      }
    throw Error("merge: " + std::to_string(sweep.total - have) + " of " + std::to_string(sweep.total) +
                " points missing (" + missing + (sweep.total - have > 10 ? ", ..." : "") + "): is a shard absent?");
  }
  std::ostringstream os;
  if (csv) {
    os << header << '\n';
    for (const auto& [point, line] : csv_rows) os << line << '\n';
  } else {
    json doc = first_doc;
    doc["points"] = json::array();
    for (const auto& [point, p] : json_points) doc["points"].push_back(p);
    os << doc.dump(2) << '\n';
  }
  return os.str();
}

}  // namespace creditflow::platform
