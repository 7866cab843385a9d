// The last step of every write (platform/atomic_file.hpp), below the tool's checks: a result
// replaces a regular file whole, and never a file that is not regular.
#include <sys/stat.h>
#include <unistd.h>

#include <boost/test/unit_test.hpp>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "creditflow/core/error.hpp"
#include "creditflow/platform/atomic_file.hpp"

namespace {
std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

BOOST_AUTO_TEST_CASE(a_write_replaces_a_regular_file_and_refuses_a_fifo) {
  char dir[] = "/tmp/creditflow-atomic-XXXXXX";
  BOOST_TEST_REQUIRE(::mkdtemp(dir) != nullptr);
  const std::string file = std::string(dir) + "/result.csv", fifo = std::string(dir) + "/pipe.csv";
  creditflow::platform::write_file_atomically(file, "old\n");
  creditflow::platform::write_file_atomically(file, "new\n");
  BOOST_TEST(read(file) == "new\n");
  BOOST_TEST(creditflow::platform::special_file_kind(file) == "");
  BOOST_TEST(creditflow::platform::special_file_kind(std::string(dir) + "/none") == "");
  BOOST_TEST(creditflow::platform::special_file_kind(dir) == "a folder");
  BOOST_TEST(creditflow::platform::special_file_kind("/dev/null") == "a character device");
  BOOST_TEST_REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  try {
    creditflow::platform::write_file_atomically(fifo, "text\n");
    BOOST_FAIL("a FIFO was written over");
  } catch (const creditflow::Error& e) {
    BOOST_TEST(std::string(e.what()) == fifo + ": is a FIFO, not a regular file; creditflow replaces only regular "
                                              "files and left it as it was");
  }
  struct stat st {};
  BOOST_TEST_REQUIRE(::stat(fifo.c_str(), &st) == 0);
  BOOST_TEST(S_ISFIFO(st.st_mode));
  BOOST_TEST(std::system(("test -z \"$(ls " + std::string(dir) + " | grep partial)\"").c_str()) == 0);
  BOOST_TEST(std::system(("rm -rf " + std::string(dir)).c_str()) == 0);
}
