#include "creditflow/platform/isolated_run.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>

namespace creditflow::platform {

namespace {

void write_all(int fd, const std::string& data) {
  const char* p = data.data();
  std::size_t left = data.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // the parent is gone; nothing left to tell
    p += n;
    left -= static_cast<std::size_t>(n);
  }
}

std::string read_all(int fd) {
  std::string out;
  char buf[4096];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    out.append(buf, static_cast<std::size_t>(n));
  }
  return out;
}

}  // namespace

IsolatedResult run_isolated(const std::function<std::string()>& work) {
  int fds[2];
  if (::pipe(fds) != 0) return {false, "", std::string("pipe: ") + std::strerror(errno)};
  // Buffered output would otherwise be printed twice, once by each process.
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    return {false, "", std::string("fork: ") + std::strerror(errno)};
  }
  if (pid == 0) {
    ::close(fds[0]);
    int code = 0;
    try {
      write_all(fds[1], "0" + work());
    } catch (const std::exception& e) {
      write_all(fds[1], std::string("1") + e.what());
      code = 1;
    } catch (...) {
      write_all(fds[1], "1unknown exception");
      code = 1;
    }
    std::cout.flush();
    std::fflush(nullptr);
    ::close(fds[1]);
    ::_exit(code);  // skip the parent's static destructors and atexit handlers
  }
  ::close(fds[1]);
  const std::string message = read_all(fds[0]);
  ::close(fds[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(status))
    return {false, "", "child killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
                           strsignal(WTERMSIG(status)) + ")"};
  if (message.empty()) return {false, "", "child exited with status " +
                                              std::to_string(WEXITSTATUS(status)) + " and no result"};
  if (message[0] == '0' && WEXITSTATUS(status) == 0) return {true, message.substr(1), ""};
  return {false, "", message.substr(1)};
}

}  // namespace creditflow::platform
