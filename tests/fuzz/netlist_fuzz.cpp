// Fuzz target: a platform file's text through the YAML loader and the resolver, then, if
// it resolves, 64 cycles in the transaction-level view (no SystemC kernel, so one
// process can run many inputs).
#include <cstddef>
#include <cstdint>
#include <string>

#include "creditflow/platform/netlist.hpp"
#include "creditflow/platform/platform.hpp"
#include "creditflow/platform/simulate.hpp"
#include "fuzz_guard.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const creditflow::platform::Registry registry = creditflow::platform::builtin_registry();
  const std::string text(reinterpret_cast<const char*>(data), size);
  cffuzz::refuse_only_with_error([&] {
    namespace pf = creditflow::platform;
    pf::RunOverrides run;
    run.cycles = "64";
    run.warmup = "0";
    const pf::Platform p = pf::resolve(pf::parse_netlist(text, "fuzz.yaml"), registry, {}, run);
    pf::simulate_tl(p);
  });
  return 0;
}
