#include "creditflow/cycle/run_credit_loop.hpp"

#include <memory>

#include "creditflow/core/error.hpp"
#include "creditflow/cycle/kernel_once.hpp"
#include "creditflow/tl/credit_loop_tl.hpp"

namespace creditflow::cycle {

core::LinkReport run_credit_loop(const CreditLoopParams& params, const RunOptions& options) {
  check_range("run", "cycles", static_cast<std::int64_t>(options.cycles), 1, INT64_MAX);
  check_range("run", "warmup", static_cast<std::int64_t>(options.warmup), 0,
              static_cast<std::int64_t>(options.cycles) - 1);
  if (options.view != "cycle" && options.view != "tl")
    throw ParameterError("run: view = " + options.view + " is not a known view (allowed one of cycle, tl)");
  check_kernel_unused("run_credit_loop");
  if (options.view == "tl") {
    if (!options.vcd_file.empty()) throw ParameterError("run: a VCD trace needs the cycle view (the tl view has no signals)");
    tl::CreditLoopTL<> loop("loop", params, options.cycles, options.warmup, options.link_name);
    sc_core::sc_start();
    return loop.report();
  }
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  CreditLoop<> loop("loop", params);
  loop.clk(clk);
  loop.measure_from(options.warmup);
  const core::LoopObserver& observer = loop.observe(options.link_name, options.cycles, options.warmup);

  sc_core::sc_trace_file* tf = nullptr;
  if (!options.vcd_file.empty()) {
    tf = sc_core::sc_create_vcd_trace_file(options.vcd_file.c_str());
    sc_core::sc_trace(tf, clk, "clk");
    loop.trace(tf);
  }
  sc_core::sc_start();
  if (tf) sc_core::sc_close_vcd_trace_file(tf);
  return loop.report(observer);
}

}  // namespace creditflow::cycle
