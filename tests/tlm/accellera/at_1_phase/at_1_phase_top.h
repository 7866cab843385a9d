// Accellera's `at_1_phase` example (libsystemc-doc, examples/tlm/at_1_phase) with
// creditflow's credit interconnect in place of its SimpleBusAT<2, 2>: its approximately
// timed initiators (two transactions outstanding each) and its targets, built from
// Accellera's sources unchanged, with the same parameters and map. The interconnect has no
// non-blocking path of its own yet: the initiators' nb_transport calls reach it through
// the simple target socket's conversion to b_transport. This header stands in for the
// example's at_1_phase_top.h.
#ifndef CREDITFLOW_ACCELLERA_AT_1_PHASE_TOP_H
#define CREDITFLOW_ACCELLERA_AT_1_PHASE_TOP_H

#include "../simple_bus_map.hpp"
#include "at_target_1_phase.h"
#include "initiator_top.h"
#include "tlm.h"

class example_system_top : public sc_core::sc_module {
 public:
  explicit example_system_top(sc_core::sc_module_name name)
      : sc_core::sc_module(name),
        m_bus("m_bus", std::vector<creditflow::tlm_bridge::LinkTimingParams>(2), simple_bus_map(2)),
        m_at_target_1_phase_1("m_at_target_1_phase_1", 201, "memory_socket_1", 4 * 1024, 4,
                              sc_core::sc_time(10, sc_core::SC_NS), sc_core::sc_time(50, sc_core::SC_NS),
                              sc_core::sc_time(30, sc_core::SC_NS)),
        m_at_target_1_phase_2("m_at_target_1_phase_2", 202, "memory_socket_1", 4 * 1024, 4,
                              sc_core::sc_time(10, sc_core::SC_NS), sc_core::sc_time(50, sc_core::SC_NS),
                              sc_core::sc_time(30, sc_core::SC_NS)),
        m_initiator_1("m_initiator_1", 101, 0x0000000000000100, 0x0000000010000100, 2),
        m_initiator_2("m_initiator_2", 102, 0x0000000000000200, 0x0000000010000200, 2) {
    m_initiator_1.initiator_socket(m_bus.target_socket[0]);
    m_initiator_2.initiator_socket(m_bus.target_socket[1]);
    m_bus.initiator_socket[0](m_at_target_1_phase_1.m_memory_socket);
    m_bus.initiator_socket[1](m_at_target_1_phase_2.m_memory_socket);
  }

 private:
  creditflow::tlm_bridge::CreditInterconnect m_bus;
  at_target_1_phase m_at_target_1_phase_1;
  at_target_1_phase m_at_target_1_phase_2;
  initiator_top m_initiator_1;
  initiator_top m_initiator_2;
};

#endif
