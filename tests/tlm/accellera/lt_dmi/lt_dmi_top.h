// Accellera's `lt_dmi` example (libsystemc-doc, examples/tlm/lt_dmi) with creditflow's
// credit interconnect in place of its SimpleBusLT<2, 2>: the same DMI initiators and
// targets, built from Accellera's sources unchanged, with the same parameters, map and
// time limit. DMI pointers, their ranges and their invalidations pass through the
// interconnect. This header stands in for the example's lt_dmi_top.h.
#ifndef CREDITFLOW_ACCELLERA_LT_DMI_TOP_H
#define CREDITFLOW_ACCELLERA_LT_DMI_TOP_H

#include "../simple_bus_map.hpp"
#include "initiator_top.h"
#include "lt_dmi_target.h"
#include "tlm.h"

class lt_dmi_top : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(lt_dmi_top);
  explicit lt_dmi_top(sc_core::sc_module_name name)
      : sc_core::sc_module(name),
        m_bus("m_bus", std::vector<creditflow::tlm_bridge::LinkTimingParams>(2), simple_bus_map(2)),
        m_simulation_limit(1000000, sc_core::SC_NS),
        m_lt_dmi_target_1("m_lt_dmi_target_1", 201, "memory_socket_1", 4 * 1024, 4,
                          sc_core::sc_time(20, sc_core::SC_NS), sc_core::sc_time(20, sc_core::SC_NS),
                          sc_core::sc_time(15, sc_core::SC_NS)),
        m_lt_dmi_target_2("m_lt_dmi_target_2", 202, "memory_socket_2", 4 * 1024, 4,
                          sc_core::sc_time(20, sc_core::SC_NS), sc_core::sc_time(50, sc_core::SC_NS),
                          sc_core::sc_time(30, sc_core::SC_NS)),
        m_initiator_1("m_initiator_1", 101, 0x0000000000000000, 0x0000000010000000),
        m_initiator_2("m_initiator_2", 102, 0x0000000000000000, 0x0000000010000000) {
    SC_THREAD(limit_thread);
    m_initiator_1.top_initiator_socket(m_bus.target_socket[0]);
    m_initiator_2.top_initiator_socket(m_bus.target_socket[1]);
    m_bus.initiator_socket[0](m_lt_dmi_target_1.m_memory_socket);
    m_bus.initiator_socket[1](m_lt_dmi_target_2.m_memory_socket);
  }
  // As the example's: stop at its time limit.
  void limit_thread() {
    sc_core::wait(sc_core::SC_ZERO_TIME);
    sc_core::wait(m_simulation_limit);
    sc_core::sc_stop();
  }

 private:
  creditflow::tlm_bridge::CreditInterconnect m_bus;
  sc_core::sc_time m_simulation_limit;
  lt_dmi_target m_lt_dmi_target_1;
  lt_dmi_target m_lt_dmi_target_2;
  initiator_top m_initiator_1;
  initiator_top m_initiator_2;
};

#endif
