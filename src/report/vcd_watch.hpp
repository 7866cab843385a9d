// Keeps a VCD trace within its size limit: a trace of every signal for 10^9 cycles would
// fill the disk before the run ends. Looks at the file's size every 1024 cycles of the
// clock it watches and stops the simulation once the limit is passed.
#pragma once
#include <sys/stat.h>

#include <cstdint>
#include <string>
#include <systemc>

namespace creditflow::platform {

class VcdWatch : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;

  VcdWatch(const sc_core::sc_module_name& name, std::string file, std::uint64_t limit)
      : sc_core::sc_module(name), file_(std::move(file)), limit_(limit) {
    SC_HAS_PROCESS(VcdWatch);
    SC_METHOD(look);
    sensitive << clk.pos();
    dont_initialize();
  }

  // The cycle at which the trace passed its limit, or 0 when it never did.
  std::uint64_t stopped_at() const { return stopped_at_; }

 private:
  void look() {
    ++cycles_;
    if (cycles_ % 1024 != 0) return;
    struct stat st {};
    if (::stat(file_.c_str(), &st) == 0 && static_cast<std::uint64_t>(st.st_size) >= limit_) {
      stopped_at_ = cycles_;
      sc_core::sc_stop();
    }
  }

  std::string file_;
  std::uint64_t limit_;
  std::uint64_t cycles_ = 0, stopped_at_ = 0;
};

}  // namespace creditflow::platform
