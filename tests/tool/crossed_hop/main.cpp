// A creditflow tool with two more kinds, each registered from its one definition: both
// views. `crossed_hop` (crossed_hop.hpp) has a loop end at each of its four flit ports;
// `leaky_vc_link` (leaky_vc_link.hpp) is a channel between routers that loses credits.
#include <cstdlib>

#include <creditflow/cli/tool.hpp>
#include <creditflow/platform/define_kind.hpp>

#include "crossed_hop.hpp"
#include "leaky_vc_link.hpp"

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
  registry.add(pf::defined_by<LeakyVcLink>(
      {"leaky_vc_link",
       "a vc_link that loses the first credits it carries back at or after a cycle",
       {pf::ParamSpec::integer("latency", "1", 1, 64, "stages each way"),
        pf::ParamSpec::integer("lose_at", "-1", -1, 1 << 30, "from this cycle, the next credits back are lost (-1: none)"),
        pf::ParamSpec::boolean("counters", "true", "the per-VC check reads the link's counters (else asks its terms)")},
       {},
       pf::LoopRole::none,
       {{"in", "out"}, {"credit_in", "credit_out"}},
       {}},
      [](const pf::ComponentConfig& c) {
        return LeakyVcLink(c.integer("latency"), c.integer("lose_at"), c.boolean("counters"), c.name());
      }));
  return creditflow::cli::run_tool(argc, argv, registry);
}
