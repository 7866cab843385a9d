#include "creditflow/platform/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "creditflow/core/error.hpp"

namespace creditflow::platform {

std::string special_file_kind(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode)) return "";
  if (S_ISCHR(st.st_mode)) return "a character device";
  if (S_ISFIFO(st.st_mode)) return "a FIFO";
  if (S_ISSOCK(st.st_mode)) return "a socket";
  if (S_ISBLK(st.st_mode)) return "a block device";
  if (S_ISDIR(st.st_mode)) return "a folder";
  return "not a regular file";
}

void rename_into_place(const std::string& partial, const std::string& path, const std::string& what) {
  const std::string named = (what.empty() ? "" : what + " ") + path;
  const std::string kind = special_file_kind(path);
  if (!kind.empty()) {
    ::unlink(partial.c_str());
    throw Error(named + ": is " + kind + ", not a regular file; creditflow replaces only regular files "
                "and left it as it was");
  }
  if (std::rename(partial.c_str(), path.c_str()) != 0) {
    const int error = errno;
    ::unlink(partial.c_str());
    throw Error(named + ": cannot write (rename: " + std::strerror(error) + "); nothing was written");
  }
}

void write_file_atomically(const std::string& path, const std::string& text) {
  const std::string partial = path + ".partial-" + std::to_string(::getpid());
  const auto fail = [&](const char* step, int fd) {
    const int error = errno;
    if (fd >= 0) ::close(fd);
    ::unlink(partial.c_str());
    throw Error(path + ": cannot write (" + step + ": " + std::strerror(error) + "); nothing was written");
  };
  const int fd = ::open(partial.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) fail("open", -1);
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail("write", fd);
    done += static_cast<std::size_t>(n);
  }
  // A full disk may only show at fsync or close: either is a failed write.
  if (::fsync(fd) != 0) fail("fsync", fd);
  if (::close(fd) != 0) fail("close", -1);
  rename_into_place(partial, path, "");
}

}  // namespace creditflow::platform
