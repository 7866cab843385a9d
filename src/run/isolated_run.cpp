#include "creditflow/platform/isolated_run.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>

#include "creditflow/core/error.hpp"
#include "creditflow/platform/interrupt.hpp"
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

struct Child {
  pid_t pid = -1;
  int fd = -1;  // read end of the child's result pipe
  std::size_t index = 0;
  std::string message;  // '0' + output, or '1' + error
};

// Why a fork or pipe failed, when waiting may cure it: too many processes or files.
bool transient(int error) { return error == EAGAIN || error == EMFILE || error == ENFILE || error == ENOMEM; }

// Forks a child that runs `work` and writes its outcome to a pipe. On failure returns a
// Child with pid -1 and sets `failure` and `error` (errno).
Child spawn(const Work& work, std::size_t index, IsolatedResult& failure, int& error) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    error = errno;
    failure = {false, "", std::string("pipe: ") + std::strerror(error)};
    return {};
  }
  // Buffered output would otherwise be printed twice, once by each process.
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    error = errno;
    ::close(fds[0]);
    ::close(fds[1]);
    failure = {false, "", std::string("fork: ") + std::strerror(error)};
    return {};
  }
  if (pid == 0) {
    // Ctrl-C reaches the whole process group: the parent alone decides, and kills us.
    std::signal(SIGINT, SIG_IGN);
    std::signal(SIGTERM, SIG_IGN);
    // A parent killed outright (kill -9) takes its children with it...
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(1);  // ...even one that died before the line above
    ::close(fds[0]);
    int code = 0;
    try {
      write_all(fds[1], "0" + work());
    } catch (const std::exception& e) {
      write_all(fds[1], "1" + failure_text(e));
      code = 1;
    } catch (...) {
      write_all(fds[1], "1unknown exception");
      code = 1;
    }
    std::cout.flush();
    std::fflush(nullptr);
    ::_exit(code);  // skip the parent's static destructors and atexit handlers
  }
  ::close(fds[1]);
  return {pid, fds[0], index, ""};
}

IsolatedResult reap(Child& child) {
  ::close(child.fd);
  int status = 0;
  while (::waitpid(child.pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(status))
    return {false, "", "child killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
                           strsignal(WTERMSIG(status)) + ")"};
  if (child.message.empty())
    return {false, "", "child exited with status " + std::to_string(WEXITSTATUS(status)) + " and no result"};
  if (child.message[0] == '0' && WEXITSTATUS(status) == 0) return {true, child.message.substr(1), ""};
  return {false, "", child.message.substr(1)};
}

}  // namespace

std::vector<IsolatedResult> run_isolated_all(const std::vector<Work>& work, int parallel, const OnDone& on_done) {
  std::vector<IsolatedResult> results(work.size());
  std::vector<Child> running;
  std::size_t next = 0, done = 0;
  const std::size_t limit = static_cast<std::size_t>(std::max(1, parallel));
  int pauses = 0;  // in a row, with nothing running to wait for
  constexpr int kPausesAllowed = 100;  // of 50 ms: 5 s without a process to be had
  auto finish = [&](std::size_t index, IsolatedResult r) {
    results[index] = std::move(r);
    ++done;
    if (on_done) on_done(index, results[index], done);
  };
  while (done < work.size()) {
    if (interrupted()) {
      for (Child& c : running) {
        ::kill(c.pid, SIGKILL);
        reap(c);
        results[c.index] = {false, "", kInterruptedRunning, true};
      }
      for (; next < work.size(); ++next) results[next] = {false, "", kInterruptedUnstarted, true};
      return results;
    }
    while (next < work.size() && running.size() < limit) {
      IsolatedResult failure;
      int error = 0;
      Child c = spawn(work[next], next, failure, error);
      if (c.pid >= 0) {
        running.push_back(std::move(c));
        ++next;
        pauses = 0;
        continue;
      }
      if (!transient(error) || (running.empty() && ++pauses > kPausesAllowed)) {
        finish(next++, failure);
        continue;
      }
      if (running.empty()) ::usleep(50000);  // others' processes may end; try again
      break;                                 // else wait for one of ours to end first
    }
    if (running.empty()) continue;
    // Read whatever any child has written, so none blocks on a full pipe. At most 100 ms at
    // a time: a Ctrl-C caught after the check above and before poll() starts would not
    // interrupt it, and the sweep would wait for a child that may run for hours.
    std::vector<pollfd> fds;
    for (const Child& c : running) fds.push_back({c.fd, POLLIN, 0});
    if (::poll(fds.data(), fds.size(), 100) < 0 && errno != EINTR) break;
    for (std::size_t i = fds.size(); i-- > 0;) {
      if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      char buf[65536];
      const ssize_t n = ::read(running[i].fd, buf, sizeof buf);
      if (n > 0) {
        running[i].message.append(buf, static_cast<std::size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        const std::size_t index = running[i].index;
        IsolatedResult r = reap(running[i]);
        running.erase(running.begin() + static_cast<std::ptrdiff_t>(i));
        if (interrupted() && !r.ok) r = {false, "", kInterruptedRunning, true};  // it died of the same stop
        finish(index, std::move(r));
      }
    }
  }
  return results;
}

int parallel_allowed(int wanted) {
  long allowed = wanted;
  rlimit files{};
  // Each starting child holds two ends of a pipe; keep room for the rest of the program.
  if (::getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur != RLIM_INFINITY)
    allowed = std::min<long>(allowed, std::max<long>(1, (static_cast<long>(files.rlim_cur) - 32) / 2));
  rlimit processes{};
  if (::getrlimit(RLIMIT_NPROC, &processes) == 0 && processes.rlim_cur != RLIM_INFINITY)
    allowed = std::min<long>(allowed, std::max<long>(1, static_cast<long>(processes.rlim_cur) / 2));
  return static_cast<int>(std::max<long>(1, allowed));
}

IsolatedResult run_isolated(const Work& work) { return run_isolated_all({work}, 1).front(); }

}  // namespace creditflow::platform
