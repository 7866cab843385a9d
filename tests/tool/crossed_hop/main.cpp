// A creditflow tool with one more kind, `crossed_hop` (crossed_hop.hpp), registered from
// its one definition: both views, and a loop end at each of its four flit ports.
#include <cstdlib>

#include <creditflow/cli/tool.hpp>
#include <creditflow/platform/define_kind.hpp>

#include "crossed_hop.hpp"

namespace pf = creditflow::platform;

int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}

int sc_main(int argc, char* argv[]) {
  pf::Registry registry = pf::builtin_registry();
  pf::KindSpec kind{"crossed_hop",
                    "two input loops into buffers, crossed onto two output loops",
                    {pf::ParamSpec::integer("depth", "4", 1, 1 << 20, "slots per input buffer"),
                     pf::ParamSpec::integer("credits", "4", 1, 1 << 20, "credits per output"),
                     pf::ParamSpec::boolean("cross", "true", "input i goes to output 1 - i (else to output i)")},
                    {},
                    pf::LoopRole::none,
                    {},
                    {}};
  using Side = pf::LoopEnd::Side;
  kind.ends = {{Side::receiver, "in0", "credit0", "depth", ""},
               {Side::receiver, "in1", "credit1", "depth", ""},
               {Side::sender, "out0", "credit_in0", "credits", ""},
               {Side::sender, "out1", "credit_in1", "credits", ""}};
  registry.add(pf::defined_by<CrossedHop>(kind, [](const pf::ComponentConfig& c) {
    return CrossedHop(c.integer("depth"), c.integer("credits"), c.boolean("cross"), c.name());
  }));
  return creditflow::cli::run_tool(argc, argv, registry);
}
