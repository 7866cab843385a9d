#include "report/gnuplot.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "creditflow/core/error.hpp"
#include "creditflow/platform/atomic_file.hpp"

extern char** environ;

namespace creditflow::platform {

namespace {

// Runs gnuplot on `script` without a shell; its stderr is returned in `errors`.
int run_gnuplot(const std::string& script, std::string& errors) {
  char errors_path[] = "/tmp/creditflow-plot-err-XXXXXX";
  const int fd = ::mkstemp(errors_path);
  if (fd < 0) throw Error("--plot: cannot create a temporary file (" + std::string(std::strerror(errno)) + ")");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fd, 2);
  char* argv[] = {const_cast<char*>("gnuplot"), const_cast<char*>(script.c_str()), nullptr};
  pid_t pid = 0;
  const int spawned = ::posix_spawnp(&pid, "gnuplot", &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(fd);
  int status = 0;
  if (spawned == 0)
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  std::ifstream in(errors_path);
  std::stringstream text;
  text << in.rdbuf();
  errors = text.str();
  std::remove(errors_path);
  if (spawned != 0) {
    errors = "cannot start gnuplot (" + std::string(std::strerror(spawned)) + "; is gnuplot installed?)";
    return -1;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

bool ends_with(const std::string& s, const char* tail) {
  const std::size_t n = std::strlen(tail);
  return s.size() > n && s.compare(s.size() - n, n, tail) == 0;
}

// A gnuplot single-quoted string: nothing inside is interpreted but '' for a quote, so no
// text can end it early and become a command. Control characters (a newline would end the
// script line) become '?'.
std::string quoted(const std::string& text) {
  std::string out = "'";
  for (const char c : text) {
    if (c == '\'')
      out += "''";
    else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
      out += '?';
    else
      out += c;
  }
  return out + "'";
}


void draw_with_gnuplot(const std::string& body, const std::string& file, const std::string& option,
                       const std::string& size) {
  // The drawing goes to a temporary file beside the output, renamed into place once
  // gnuplot has succeeded: a failed plot leaves the old file, or none.
  const bool svg = ends_with(file, ".svg");
  const std::string partial = file + ".partial-" + std::to_string(::getpid()) + (svg ? ".svg" : ".png");
  const std::string script_text = "set terminal " + std::string(svg ? "svg" : "pngcairo") + " size " + size +
                                  " noenhanced\nset output " + quoted(partial) + "\n" + body;
  char script_path[] = "/tmp/creditflow-plot-XXXXXX";
  const int fd = ::mkstemp(script_path);
  if (fd < 0) throw Error(option + ": cannot create a temporary file (" + std::string(std::strerror(errno)) + ")");
  ::close(fd);
  {
    std::ofstream out(script_path);
    out << script_text;
    if (!out) {
      std::remove(script_path);
      throw Error(option + ": cannot write a temporary file");
    }
  }
  std::string errors;
  const int status = run_gnuplot(script_path, errors);
  std::remove(script_path);
  if (status != 0) {
    std::remove(partial.c_str());
    throw Error(option + " " + file + ": gnuplot failed: " + (errors.empty() ? "no message" : errors));
  }
  rename_into_place(partial, file, option);
}

}  // namespace creditflow::platform
