#include "report/vcd_file.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "creditflow/core/error.hpp"
#include "creditflow/platform/atomic_file.hpp"
#include "creditflow/platform/units.hpp"

namespace creditflow::platform {

VcdFile::VcdFile(const std::string& file, std::uint64_t limit, sc_core::sc_clock& clock)
    : file_(file), partial_base_(file + ".partial-" + std::to_string(::getpid())), limit_(limit) {
  tf_ = sc_core::sc_create_vcd_trace_file(partial_base_.c_str());  // SystemC adds the ".vcd"
  watch_ = std::make_unique<VcdWatch>("vcd_watch", partial_base_ + ".vcd", limit);
  watch_->clk(clock);
  // The kernel's note of the unit set would land on standard output, in a --json document.
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  tf_->set_time_unit(1, sc_core::SC_PS);
}

void VcdFile::finish(std::int64_t planned) {
  sc_core::sc_close_vcd_trace_file(tf_);
  rename_into_place(partial_base_ + ".vcd", file_, "--vcd");
  if (watch_->stopped_at())
    throw Error("--vcd " + file_ + ": the trace passed its limit of " + format_bytes(static_cast<double>(limit_)) + " at cycle " +
                std::to_string(watch_->stopped_at()) + " of " + std::to_string(planned) +
                ": the run stopped there, and the file holds the cycles up to it; give --vcd-limit SIZE for more, "
                "or fewer --cycles");
}

}  // namespace creditflow::platform
