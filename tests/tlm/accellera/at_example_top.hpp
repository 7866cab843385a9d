// The top of Accellera's approximately timed examples (libsystemc-doc, examples/tlm/at_*)
// with creditflow's interconnect (simple_bus_map.hpp: credit links, or a 2x2 mesh) in
// place of their SimpleBusAT<2, 2>: two of the example's initiators (two transactions
// outstanding each) and its two targets, with the example's parameters and address map. Each example's header (at_*/) names its targets
// and their timings; its initiator_top.h comes from the example's own include directory.
#pragma once
#include "initiator_top.h"
#include "simple_bus_map.hpp"
#include "tlm.h"

struct AtTargetSpec {
  const char* name;
  unsigned int id;
  int accept_ns, read_ns, write_ns;
};

template <class Target1, class Target2>
class AtExampleTop : public sc_core::sc_module {
 public:
  AtExampleTop(sc_core::sc_module_name name, const AtTargetSpec& a, const AtTargetSpec& b)
      : sc_core::sc_module(name),
        m_bus(example_bus("m_bus")),
        m_target_1(a.name, a.id, "memory_socket_1", 4 * 1024, 4, ns(a.accept_ns), ns(a.read_ns), ns(a.write_ns)),
        m_target_2(b.name, b.id, "memory_socket_1", 4 * 1024, 4, ns(b.accept_ns), ns(b.read_ns), ns(b.write_ns)),
        m_initiator_1("m_initiator_1", 101, 0x0000000000000100, 0x0000000010000100, 2),
        m_initiator_2("m_initiator_2", 102, 0x0000000000000200, 0x0000000010000200, 2) {
    m_initiator_1.initiator_socket(m_bus.target_socket[0]);
    m_initiator_2.initiator_socket(m_bus.target_socket[1]);
    m_bus.initiator_socket[0](m_target_1.m_memory_socket);
    m_bus.initiator_socket[1](m_target_2.m_memory_socket);
  }

 private:
  static sc_core::sc_time ns(int n) { return sc_core::sc_time(n, sc_core::SC_NS); }

  ExampleBus m_bus;
  Target1 m_target_1;
  Target2 m_target_2;
  initiator_top m_initiator_1;
  initiator_top m_initiator_2;
};
