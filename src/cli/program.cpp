#include "cli/program.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace creditflow::cli {

ProgramOutcome run_program(const std::vector<std::string>& argv) {
  ProgramOutcome outcome;
  int out_pipe[2], err_pipe[2], exec_pipe[2];
  if (::pipe(out_pipe) != 0 || ::pipe(err_pipe) != 0 || ::pipe2(exec_pipe, O_CLOEXEC) != 0) {
    outcome.err = std::string("cannot create a pipe: ") + std::strerror(errno);
    return outcome;
  }
  const pid_t pid = ::fork();
  if (pid < 0) {
    outcome.err = std::string("cannot start ") + argv[0] + ": " + std::strerror(errno);
    for (int fd : {out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1], exec_pipe[0], exec_pipe[1]}) ::close(fd);
    return outcome;
  }
  if (pid == 0) {
    ::dup2(out_pipe[1], 1);
    ::dup2(err_pipe[1], 2);
    for (int fd : {out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1], exec_pipe[0]}) ::close(fd);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    ::execvp(args[0], args.data());
    const int error = errno;  // only reached when exec failed: tell the parent why
    (void)!::write(exec_pipe[1], &error, sizeof error);
    ::_exit(127);
  }
  for (int fd : {out_pipe[1], err_pipe[1], exec_pipe[1]}) ::close(fd);
  // Both pipes are read together, so neither can fill up and block the program.
  pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
  std::string* sinks[2] = {&outcome.out, &outcome.err};
  int open = 2;
  while (open > 0) {
    if (::poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      char buffer[4096];
      const ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
      if (n > 0) {
        sinks[i]->append(buffer, static_cast<std::size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        ::close(fds[i].fd);
        fds[i].fd = -1;
        --open;
      }
    }
  }
  int exec_error = 0;
  const bool exec_failed = ::read(exec_pipe[0], &exec_error, sizeof exec_error) == sizeof exec_error;
  ::close(exec_pipe[0]);
  int raw = 0;
  while (::waitpid(pid, &raw, 0) < 0 && errno == EINTR) {
  }
  if (exec_failed) {
    outcome.err = argv[0] + ": " + std::strerror(exec_error);
    return outcome;
  }
  outcome.started = true;
  outcome.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
  return outcome;
}

}  // namespace creditflow::cli
