// The output blocks of the README and of every page of docs/guide are what the tool prints
// today. A block is checked when a marker comment stands on the line before it:
//   <!-- output -->           each `$ creditflow ARGS` line in the block is run from the
//                             repository's root; the lines after it, up to the next `$`
//                             line, are its standard output then its standard error
//                             (without sweep and compare progress lines);
//   <!-- output: stderr -->   the same, standard error alone;
//   <!-- output of: creditflow ARGS -->  the whole block is that command's output.
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "harness.hpp"

namespace {

const std::string root = std::string(CREDITFLOW_TEST_DIR) + "/../..";

struct Check {
  int line = 0;                 // of the README, for messages
  std::string args, expected;
  bool stderr_only = false;
};

std::string without_progress(const std::string& text) {
  std::string out;
  for (const std::string& l : cftool::lines(text))
    if (l.rfind("sweep: ", 0) != 0 && l.rfind("compare: ", 0) != 0) out += l + "\n";
  return out;
}

std::vector<Check> checks_of(const std::string& readme) {
  std::vector<Check> checks;
  const auto lines = cftool::lines(readme);
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    const std::string& marker = lines[i];
    if (marker.rfind("<!-- output", 0) != 0 || lines[i + 1].rfind("```", 0) != 0) continue;
    std::vector<std::string> block;
    std::size_t j = i + 2;
    for (; j < lines.size() && lines[j].rfind("```", 0) != 0; ++j) block.push_back(lines[j]);
    const std::string of = "<!-- output of: creditflow ";
    if (marker.rfind(of, 0) == 0) {
      Check c{static_cast<int>(i + 1), marker.substr(of.size(), marker.size() - of.size() - 4), "", false};
      for (const std::string& l : block) c.expected += l + "\n";
      checks.push_back(c);
      continue;
    }
    const bool stderr_only = marker == "<!-- output: stderr -->";
    for (std::size_t k = 0; k < block.size(); ++k) {
      if (block[k].rfind("$ creditflow ", 0) != 0) continue;
      std::string args = block[k].substr(std::string("$ creditflow ").size());
      if (const auto hash = args.find("  #"); hash != std::string::npos) args.resize(hash);
      while (!args.empty() && args.back() == ' ') args.pop_back();
      Check c{static_cast<int>(i + 3 + k), args, "", stderr_only};
      for (std::size_t m = k + 1; m < block.size() && block[m].rfind("$ ", 0) != 0; ++m) c.expected += block[m] + "\n";
      checks.push_back(c);
    }
  }
  return checks;
}

}  // namespace

BOOST_AUTO_TEST_CASE(readme_output_blocks_are_what_the_tool_prints) {
  std::vector<std::string> pages = {"README.md"};
  for (const auto& entry : std::filesystem::directory_iterator(root + "/docs/guide"))
    if (entry.path().extension() == ".md") pages.push_back("docs/guide/" + entry.path().filename().string());
  std::sort(pages.begin(), pages.end());
  BOOST_TEST(pages.size() >= 10u);  // the README and the guide's pages
  std::size_t total = 0;
  cftool::TempDir dir;
  for (const std::string& page : pages) {
    const auto checks = checks_of(cftool::read_file(root + "/" + page));
    total += checks.size();
    for (const Check& c : checks) {
      const std::string out = dir / "out", err = dir / "err";
      const std::string cmd = "cd '" + root + "' && '" CREDITFLOW_TOOL "' " + c.args + " > '" + out + "' 2> '" + err + "'";
      (void)std::system(cmd.c_str());
      const std::string got = c.stderr_only ? cftool::read_file(err)
                                            : cftool::read_file(out) + without_progress(cftool::read_file(err));
      BOOST_TEST(got == c.expected, page << ":" << c.line << ": creditflow " << c.args);
    }
  }
  BOOST_TEST(total >= 18u);  // the markers are there to be read
}

namespace {
// Every key name of a run document, except names of links, classes and parameters.
void key_names(const nlohmann::json& node, const std::string& parent, std::set<std::string>& out) {
  if (!node.is_object()) return;
  const bool named_by_user =
      parent == "links" || parent == "classes" || parent == "parameters" || parent == "flows" || parent == "inputs" || parent == "sources" ||
      parent == "in_flight" || parent == "networks";
  for (const auto& [key, value] : node.items()) {
    if (!named_by_user) out.insert(key);
    key_names(value, named_by_user ? "" : key, out);
  }
}
}  // namespace

BOOST_AUTO_TEST_CASE(every_json_key_is_documented) {
  const std::string doc = cftool::read_file(root + "/docs/json.md");
  std::set<std::string> keys;
  for (const char* model : {"credit_loop", "lossy_stall", "credit_stall", "cdc_fifo", "cdc_credit_return",
                            "dma_irq_classes", "class_round_trip", "faults", "first_link", "two_hop_chain",
                            "hol_split", "merge", "soc_fabric", "mesh4x4"}) {
    const auto o = cftool::tool(std::string("run ../../models/") + model + ".yaml --json");
    key_names(nlohmann::json::parse(o.out), "", keys);
  }
  BOOST_TEST(keys.size() > 60u);
  for (const std::string& key : keys) BOOST_TEST(doc.find("`" + key + "`") != std::string::npos, "undocumented: " << key);
}
