#include "creditflow/platform/atomic_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "creditflow/core/error.hpp"

namespace creditflow::platform {

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
  if (std::rename(partial.c_str(), path.c_str()) != 0) fail("rename", -1);
}

}  // namespace creditflow::platform
