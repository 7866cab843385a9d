// Fuzz target: the value parsers behind --set, --vary and the units of `size` and of
// clock periods. The first byte picks the parser; the rest is the text.
#include <cstddef>
#include <cstdint>
#include <string>

#include "creditflow/platform/params.hpp"
#include "creditflow/platform/platform.hpp"
#include "creditflow/platform/sweep.hpp"
#include "creditflow/platform/units.hpp"
#include "fuzz_guard.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  namespace pf = creditflow::platform;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  cffuzz::refuse_only_with_error([&] {
    switch (data[0] % 9) {
      case 0: pf::parse_override(text, "--set"); break;
      case 1: pf::parse_vary(text); break;
      case 2: pf::parse_time_ps(text, "period"); break;
      case 3: pf::parse_bandwidth(text, "--bandwidth"); break;
      case 4: pf::parse_bytes(text, "--unit"); break;
      case 5: pf::parse_param(pf::ParamSpec::integer("n", "", 0, 1 << 20, ""), text, "--set x.n", "x.n"); break;
      case 6: pf::parse_param(pf::ParamSpec::real("r", "", 0.0, 1.0, ""), text, "--set x.r", "x.r"); break;
      case 7:
        pf::parse_param(pf::ParamSpec::list("l", "", pf::ParamSpec::integer("", "", 0, 100, ""), ""), text,
                        "--set x.l", "x.l");
        break;
      default: pf::parse_param(pf::ParamSpec::boolean("b", "", ""), text, "--set x.b", "x.b"); break;
    }
  });
  return 0;
}
