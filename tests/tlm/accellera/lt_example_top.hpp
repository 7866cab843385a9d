// The top of Accellera's loosely timed examples (libsystemc-doc, examples/tlm/lt*) with
// creditflow's interconnect (simple_bus_map.hpp: credit links, or a 2x2 mesh) in place of
// their SimpleBusLT<2, 2>: the example's two
// initiators and two targets, with its parameters and address map. Each example's header
// (lt*/) names its initiators, targets and their timings.
#pragma once
#include "simple_bus_map.hpp"
#include "tlm.h"

struct LtTargetSpec {
  const char* name;
  unsigned int id;
  const char* socket;
  int accept_ns, read_ns, write_ns;
};

template <class Initiator1, class Initiator2, class Target1, class Target2>
class LtExampleTop : public sc_core::sc_module {
 public:
  LtExampleTop(sc_core::sc_module_name name, const char* initiator_1, const char* initiator_2, const LtTargetSpec& a,
               const LtTargetSpec& b)
      : sc_core::sc_module(name),
        m_bus(example_bus("m_bus")),
        m_target_1(a.name, a.id, a.socket, 4 * 1024, 4, ns(a.accept_ns), ns(a.read_ns), ns(a.write_ns)),
        m_target_2(b.name, b.id, b.socket, 4 * 1024, 4, ns(b.accept_ns), ns(b.read_ns), ns(b.write_ns)),
        m_initiator_1(initiator_1, 101, 0x0000000000000000, 0x0000000010000000),
        m_initiator_2(initiator_2, 102, 0x0000000000000000, 0x0000000010000000) {
    m_initiator_1.top_initiator_socket(m_bus.target_socket[0]);
    m_initiator_2.top_initiator_socket(m_bus.target_socket[1]);
    m_bus.initiator_socket[0](m_target_1.m_memory_socket);
    m_bus.initiator_socket[1](m_target_2.m_memory_socket);
  }

 private:
  static sc_core::sc_time ns(int n) { return sc_core::sc_time(n, sc_core::SC_NS); }

  ExampleBus m_bus;
  Target1 m_target_1;
  Target2 m_target_2;
  Initiator1 m_initiator_1;
  Initiator2 m_initiator_2;
};
