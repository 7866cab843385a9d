// A run's VCD trace as the user gets it: written to a partial file beside the target and
// renamed into place once closed, so an existing trace is never replaced by half of one;
// kept within its size limit by a VcdWatch on the first clock. Shared by the platforms of
// links and of networks.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <systemc>

#include "report/vcd_watch.hpp"

namespace creditflow::platform {

class VcdFile {
 public:
  // Opens the partial file (picoseconds) and watches its size on `clock`.
  VcdFile(const std::string& file, std::uint64_t limit, sc_core::sc_clock& clock);
  sc_core::sc_trace_file* trace() const { return tf_; }
  // After the run: closes the trace and puts it in place; throws Error when it cannot be
  // written, or when it passed its limit (the run stopped there) of `planned` cycles.
  void finish(std::int64_t planned);

 private:
  std::string file_, partial_base_;
  std::uint64_t limit_;
  sc_core::sc_trace_file* tf_ = nullptr;
  std::unique_ptr<VcdWatch> watch_;
};

}  // namespace creditflow::platform
