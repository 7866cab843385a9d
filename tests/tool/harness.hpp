// Runs the creditflow binary from tests/tool (so paths in messages read "bad/x.yaml")
// and captures its exit status, standard output and standard error.
#pragma once
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/test/unit_test.hpp>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace cftool {

struct Outcome {
  int status = -1;
  std::string out, err;
};

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A fresh directory per test case: cases run in parallel processes.
class TempDir {
 public:
  TempDir() {
    char name[] = "/tmp/creditflow-test-XXXXXX";
    path_ = ::mkdtemp(name);
  }
  ~TempDir() { std::system(("rm -rf '" + path_ + "'").c_str()); }
  std::string operator/(const std::string& file) const { return path_ + "/" + file; }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// One shell word for `s`, for arguments that hold quotes, spaces or $(...).
inline std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

inline bool exists(const std::string& path) { return ::access(path.c_str(), F_OK) == 0; }

// Runs `binary args` (creditflow itself, or a user's tool built on it).
inline Outcome run(const std::string& binary, const std::string& args) {
  static int calls = 0;
  const std::string base = "/tmp/creditflow-tool-" + std::to_string(::getpid()) + "-" + std::to_string(calls++);
  const std::string cmd = "cd '" CREDITFLOW_TEST_DIR "' && '" + binary + "' " + args + " > '" +
                          base + ".out' 2> '" + base + ".err'";
  const int raw = std::system(cmd.c_str());
  Outcome o;
  o.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  o.out = read_file(base + ".out");
  o.err = read_file(base + ".err");
  std::remove((base + ".out").c_str());
  std::remove((base + ".err").c_str());
  BOOST_TEST_MESSAGE(binary << " " << args << " -> " << o.status << "\n" << o.err);
  return o;
}

inline Outcome tool(const std::string& args) { return run(CREDITFLOW_TOOL, args); }

// The tool's exit status and the peak memory (KiB) of the largest process the command
// made, its own children included: run in a child of its own, whose wait4() reports the
// largest of the processes it waited for (the test's other commands are not among them).
struct Peak {
  int status = -1;
  long kib = 0;
};
inline Peak peak_memory(const std::string& args) {
  const std::string cmd = "cd '" CREDITFLOW_TEST_DIR "' && '" CREDITFLOW_TOOL "' " + args + " > /dev/null 2>&1";
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  int status = 0;
  struct rusage usage {};
  if (::wait4(pid, &status, 0, &usage) != pid) return {};
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, usage.ru_maxrss};
}

// Runs `binary args --json` in the cycle view and in the TL view: both must succeed with
// the same document but its `view`, which is returned without it.
inline nlohmann::json same_in_both_views(const std::string& binary, const std::string& args) {
  const Outcome cycle = run(binary, args + " --json --view cycle");
  const Outcome tl = run(binary, args + " --json --view tl");
  BOOST_TEST_REQUIRE(cycle.status == 0, cycle.err);
  BOOST_TEST_REQUIRE(tl.status == 0, tl.err);
  nlohmann::json a = nlohmann::json::parse(cycle.out), b = nlohmann::json::parse(tl.out);
  BOOST_TEST(a.at("view") == "cycle");
  BOOST_TEST(b.at("view") == "tl");
  a.erase("view");
  b.erase("view");
  BOOST_TEST(a.dump(1) == b.dump(1));
  return a;
}

// The diagnosis line of a run's document that starts with `start` ("" when none does).
inline std::string diagnosis_line(const nlohmann::json& doc, const std::string& start) {
  for (const nlohmann::json& l : doc.at("diagnosis"))
    if (l.get<std::string>().rfind(start, 0) == 0) return l.get<std::string>();
  return "";
}

inline std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream s(text);
  for (std::string l; std::getline(s, l);) out.push_back(l);
  return out;
}

// A VCD's signals in the order it declares them: each its id and its dotted name (the
// scopes under SystemC's own top one, joined), e.g. {"aaaab", "tx.credits"}.
inline std::vector<std::pair<std::string, std::string>> vcd_signals(const std::string& vcd) {
  std::vector<std::string> scopes;
  std::vector<std::pair<std::string, std::string>> signals;
  std::stringstream in(vcd);
  for (std::string word; in >> word;) {
    if (word == "$scope") {
      std::string kind, name;
      in >> kind >> name;
      scopes.push_back(name);
    } else if (word == "$upscope") {
      scopes.pop_back();
    } else if (word == "$var") {
      std::string kind, width, id, name;
      in >> kind >> width >> id >> name;
      std::string full;
      for (std::size_t i = 1; i < scopes.size(); ++i) full += scopes[i] + ".";  // scopes[0]: SystemC
      signals.push_back({id, full + name});
    } else if (word == "$enddefinitions") {
      break;
    }
  }
  return signals;
}

}  // namespace cftool
