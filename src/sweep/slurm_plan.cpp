#include "sweep/slurm_plan.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <nlohmann/json.hpp>

#include "creditflow/platform/json_input.hpp"
#include "creditflow/core/input_file.hpp"
#include "creditflow/core/error.hpp"
#include "cli/shell_words.hpp"
#include "sweep/sweep_outputs.hpp"

namespace creditflow::cli {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr std::size_t kDefaultMaxTasks = 100;

std::string read_text(const std::string& path) {
  return core::read_input_file(path, "a file of the sweep's folder", core::kMaxResultBytes);
}

std::string absolute(const std::string& path) {
  return path.empty() ? path : fs::absolute(path).lexically_normal().string();
}

std::string model_path(const SlurmPlan& plan) {
  return fs::path(plan.request.model).is_absolute() ? plan.request.model : plan.workdir + "/" + plan.request.model;
}

// The model as the plan's tasks see it, labelled as given so messages read as a local sweep's.
platform::Netlist load_model(const SlurmPlan& plan, std::string& text) {
  text = platform::read_model_text(model_path(plan));
  return platform::parse_netlist(text, plan.request.model);
}

// "; its log (PATH) ends: LINE", read only from a plain file of the folder's own: a link
// there could point anywhere, and its last line would be printed as if a task wrote it.
std::string log_tail(const std::string& path) {
  std::error_code ec;
  const fs::file_status status = fs::symlink_status(path, ec);
  if (ec || !fs::exists(status)) return "; no log at " + path;
  if (!fs::is_regular_file(status) || fs::is_symlink(fs::path(path).parent_path(), ec))
    return "; its log " + path + " is not a plain file of the folder's: not read";
  std::ifstream in(path, std::ios::binary);
  if (!in) return "; its log " + path + " cannot be read";
  constexpr std::streamoff kTail = 65536;  // a log of gigabytes ends in its last lines all the same
  in.seekg(0, std::ios::end);
  in.seekg(std::max<std::streamoff>(0, static_cast<std::streamoff>(in.tellg()) - kTail));
  std::string line, last;
  while (std::getline(in, line))
    if (line.find_first_not_of(" \t\r") != std::string::npos) last = line;
  if (last.size() > 200) last = last.substr(0, 200) + "...";
  return "; its log (" + path + ") ends: " + one_line(last);
}

// The first name in `folder` in sorted order, or "" when it is empty or absent.
std::string first_entry(const std::string& folder) {
  std::error_code ec;
  std::string first;
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    if (first.empty() || name < first) first = name;
  }
  return first;
}

}  // namespace

std::string SlurmPlan::shard_file(std::size_t task) const { return dir + "/shards/" + std::to_string(task) + ".json"; }
std::string SlurmPlan::log_file(std::size_t task) const { return dir + "/logs/" + std::to_string(task) + ".log"; }
std::string SlurmPlan::task_script() const { return dir + "/task.sh"; }

SlurmPlan create_plan(const std::string& dir, SweepRequest request, std::size_t tasks,
                      std::vector<std::string> sbatch_options) {
  SlurmPlan plan;
  plan.dir = absolute(dir);
  refuse_control_characters("--out " + dir, dir);
  // sbatch reads % and \ in --output as its own patterns: the logs would go elsewhere.
  if (dir.find_first_of("%\\") != std::string::npos)
    throw Error("--out " + dir + ": sbatch reads % and \\ in a log path as patterns; give a folder without them");
  if (fs::exists(plan.dir + "/plan.json"))
    throw Error("--out " + dir + " already holds a sweep (plan.json): collect it with `creditflow merge " + dir +
                "`, rerun its missing points with `creditflow sweep --resume " + dir + "`, or give another --out");
  if (const std::string first = first_entry(plan.dir); !first.empty())
    throw Error("--out " + dir + " holds files that are not a sweep's (" + first +
                "): give a new or empty folder; the plan writes plan.json, task.sh, shards/ and logs/ there");
  plan.workdir = fs::current_path().string();
  char exe[4096];
  const ssize_t n = ::readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) throw Error("sweep --slurm: cannot tell where this program is (/proc/self/exe)");
  plan.binary.assign(exe, static_cast<std::size_t>(n));
  request.csv = absolute(request.csv);
  request.json = absolute(request.json);
  request.plot = absolute(request.plot);
  plan.request = request;
  std::string text;
  const platform::Netlist netlist = load_model(plan, text);
  plan.model_digest = inputs_digest(plan.request, text, netlist);
  (void)options_of(request);  // bad --set or run options fail here, before anything is submitted
  plan.points = platform::expand(plans_of(request, netlist)).size();
  if (plan.points == 0) throw Error("sweep --slurm: the sweep has no points");
  plan.tasks = std::min(plan.points, tasks ? tasks : kDefaultMaxTasks);
  for (const std::string& o : sbatch_options) refuse_control_characters("sbatch option " + o, o);
  plan.sbatch_options = std::move(sbatch_options);

  std::error_code error;
  fs::create_directories(plan.dir + "/shards", error);
  fs::create_directories(plan.dir + "/logs", error);
  if (error) throw Error("--out " + dir + ": cannot create the folder: " + error.message());
  std::ostringstream script;
  script << "#!/bin/sh\n"
         << "# One task of a creditflow sweep through Slurm, written by `creditflow sweep --slurm`:\n"
         << "# the K-th of " << plan.tasks << " slices of " << plan.points
         << " points into shards/K.json, K being the array index.\n"
         << "# By hand: SLURM_ARRAY_TASK_ID=K sh " << shell_quote(plan.task_script()) << "\n"
         << "k=${SLURM_ARRAY_TASK_ID:?not a Slurm array task: set SLURM_ARRAY_TASK_ID to the slice, 1.." << plan.tasks
         << "}\n"
         << "cd " << shell_quote(plan.workdir) << " || exit 1\n"
         << "exec " << shell_quote(plan.binary) << " sweep";
  for (const std::string& a : point_arguments(request)) script << ' ' << shell_quote(a);
  script << " --shard \"$k/" << plan.tasks << "\" --json " << shell_quote(plan.dir + "/shards/") << "\"$k.json\"\n";
  write_text(plan.task_script(), script.str());
  fs::permissions(plan.task_script(), fs::perms::owner_exec | fs::perms::group_exec, fs::perm_options::add);
  save_plan(plan);
  return plan;
}

void discard_plan(const SlurmPlan& plan) {
  std::error_code ignored;  // best effort: the error that made us discard is the one to report
  for (const std::string& path : {plan.dir + "/plan.json", plan.task_script(), plan.dir + "/shards",
                                  plan.dir + "/logs", plan.dir})
    fs::remove(path, ignored);  // a folder goes only when empty
}

void save_plan(const SlurmPlan& plan) {
  const json doc = {{"creditflow_slurm_plan", 1},
                    {"request", to_json(plan.request)},
                    {"workdir", plan.workdir},
                    {"binary", plan.binary},
                    {"model_digest", plan.model_digest},
                    {"points", plan.points},
                    {"tasks", plan.tasks},
                    {"sbatch_options", plan.sbatch_options},
                    {"job_ids", plan.job_ids}};
  write_text(plan.dir + "/plan.json", doc.dump(2) + "\n");
}

SlurmPlan load_plan(const std::string& dir) {
  SlurmPlan plan;
  plan.dir = absolute(dir);
  const std::string file = plan.dir + "/plan.json";
  if (!fs::exists(file)) throw Error(dir + ": no plan.json: not a folder written by `creditflow sweep --slurm --out`");
  try {
    const json doc = platform::parse_json_input(read_text(file), file);
    if (doc.at("creditflow_slurm_plan").get<int>() != 1) throw Error(file + ": unknown plan version");
    plan.request = request_from_json(doc.at("request"));
    doc.at("workdir").get_to(plan.workdir);
    doc.at("binary").get_to(plan.binary);
    doc.at("model_digest").get_to(plan.model_digest);
    doc.at("points").get_to(plan.points);
    doc.at("tasks").get_to(plan.tasks);
    doc.at("sbatch_options").get_to(plan.sbatch_options);
    doc.at("job_ids").get_to(plan.job_ids);
  } catch (const json::exception& e) {
    throw Error(file + ": not a creditflow sweep plan (" + e.what() + ")");
  }
  if (plan.tasks == 0 || plan.tasks > plan.points) throw Error(file + ": tasks must be 1.." + std::to_string(plan.points));
  return plan;
}

Collected collect(const SlurmPlan& plan) {
  Collected c;
  std::string text;
  const platform::Netlist netlist = load_model(plan, text);
  if (inputs_digest(plan.request, text, netlist) != plan.model_digest)
    throw Error(model_path(plan) + " or a file it reads has changed since the sweep in " + plan.dir +
                " was planned: its points would mix two models; restore the file or start a new sweep");
  c.plans = plans_of(plan.request, netlist);
  c.sweep_id = sweep_id(plan.request, plan.model_digest);
  c.inputs = model_inputs(plan.request, netlist);
  c.inputs.insert(c.inputs.begin(), model_path(plan));
  const std::vector<platform::SweepPoint> points = platform::expand(c.plans);
  if (points.size() != plan.points)
    throw Error(plan.dir + "/plan.json: " + std::to_string(plan.points) + " points planned, the model now gives " +
                std::to_string(points.size()));
  std::vector<std::optional<platform::PointResult>> found(points.size());
  for (std::size_t task = 1; task <= plan.tasks; ++task) {
    const auto [from, to] = platform::shard_range(std::to_string(task) + "/" + std::to_string(plan.tasks), points.size());
    const std::string file = plan.shard_file(task);
    std::string problem;
    std::size_t have = 0;
    if (!fs::exists(file)) {
      problem = "no results";
    } else if (!fs::is_regular_file(file)) {
      problem = "no results: " + file + " is not a file";
    } else {
      struct Entry {
        std::size_t index;
        std::map<std::string, std::string> values;
        platform::PointResult result;
      };
      std::vector<Entry> entries;
      try {
        const json doc = platform::parse_json_input(read_text(file), file);
        if (doc.at("sweep_id") != c.sweep_id)
          throw Error(file + " is from another sweep (sweep_id " + doc.at("sweep_id").dump() + ", the plan's is \"" +
                      c.sweep_id + "\"): the folder mixes two sweeps");
        for (const json& p : doc.at("points")) {
          Entry e;
          p.at("point").get_to(e.index);
          p.at("values").get_to(e.values);
          e.result.ok = p.contains("result");  // it ran; its status is in the result
          if (e.result.ok)
            e.result.json = p.at("result").dump();
          else
            p.at("error").get_to(e.result.error);
          entries.push_back(std::move(e));
        }
      } catch (const json::exception&) {
        problem = "unreadable results in " + file;
        entries.clear();
      }
      for (Entry& e : entries) {
        const bool ours = e.index >= from && e.index < to &&
                          e.values == std::map<std::string, std::string>(points[e.index].values.begin(),
                                                                         points[e.index].values.end());
        if (!ours)
          throw Error(file + ": point " + std::to_string(e.index) + " is not one of task " + std::to_string(task) +
                      "'s points in this plan: the folder mixes two sweeps");
        e.result.point = points[e.index];
        if (!found[e.index]) ++have;
        found[e.index] = std::move(e.result);
      }
      if (problem.empty() && have < to - from)
        problem = "results for " + std::to_string(have) + " of its " + std::to_string(to - from) + " points";
    }
    if (problem.empty()) continue;
    MissingShard m;
    m.task = task;
    m.why = problem;
    m.why += log_tail(plan.log_file(task));
    for (std::size_t i = from; i < to; ++i)
      if (!found[i]) m.points.push_back(points[i]);
    c.missing.push_back(std::move(m));
  }
  for (auto& r : found)
    if (r) c.results.push_back(std::move(*r));
  return c;
}

std::string missing_report(const SlurmPlan& plan, const Collected& collected) {
  std::size_t missing = 0;
  for (const MissingShard& m : collected.missing) missing += m.points.size();
  std::ostringstream os;
  os << missing << " of " << plan.points << " points missing, from " << collected.missing.size() << " of "
     << plan.tasks << " tasks:\n";
  constexpr std::size_t kListed = 10;
  for (const MissingShard& m : collected.missing) {
    os << "  task " << m.task << " (points " << m.points.front().index << ".." << m.points.back().index
       << "): " << m.why << "\n";
    for (std::size_t i = 0; i < m.points.size() && i < kListed; ++i)
      os << "    point " << m.points[i].index << ": " << values_text(m.points[i]) << "\n";
    if (m.points.size() > kListed) os << "    ... and " << m.points.size() - kListed << " more\n";
  }
  return os.str();
}

}  // namespace creditflow::cli
