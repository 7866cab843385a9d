// Accellera's `lt_temporal_decouple` example (libsystemc-doc,
// examples/tlm/lt_temporal_decouple) with creditflow's credit interconnect in place of
// its SimpleBusLT<2, 2>: a temporally decoupled initiator (tlm_quantumkeeper) and a plain
// one, a target that forces synchronisation and a well-behaved one, all built from
// Accellera's sources unchanged, with the same parameters and map. This header stands in
// for the example's lt_temporal_decouple_top.h.
#ifndef CREDITFLOW_ACCELLERA_LT_TEMPORAL_DECOUPLE_TOP_H
#define CREDITFLOW_ACCELLERA_LT_TEMPORAL_DECOUPLE_TOP_H

#include "../simple_bus_map.hpp"
#include "initiator_top.h"
#include "lt_synch_target.h"
#include "lt_target.h"
#include "td_initiator_top.h"
#include "tlm.h"

class lt_temporal_decouple_top : public sc_core::sc_module {
 public:
  explicit lt_temporal_decouple_top(sc_core::sc_module_name name)
      : sc_core::sc_module(name),
        m_bus("m_bus", std::vector<creditflow::tlm_bridge::LinkTimingParams>(2), simple_bus_map(2)),
        m_lt_synch_target_1("m_lt_synch_target_1", 201, "memory_socket_1", 4 * 1024, 4,
                            sc_core::sc_time(20, sc_core::SC_NS), sc_core::sc_time(100, sc_core::SC_NS),
                            sc_core::sc_time(60, sc_core::SC_NS)),
        m_lt_target_2("m_lt_target_2", 202, "memory_socket_1", 4 * 1024, 4, sc_core::sc_time(10, sc_core::SC_NS),
                      sc_core::sc_time(50, sc_core::SC_NS), sc_core::sc_time(30, sc_core::SC_NS)),
        m_td_initiator_1("m_td_initiator_1", 101, 0x0000000000000000, 0x0000000010000000),
        m_initiator_2("m_initiator_2", 102, 0x0000000000000000, 0x0000000010000000) {
    m_td_initiator_1.top_initiator_socket(m_bus.target_socket[0]);
    m_initiator_2.top_initiator_socket(m_bus.target_socket[1]);
    m_bus.initiator_socket[0](m_lt_synch_target_1.m_memory_socket);
    m_bus.initiator_socket[1](m_lt_target_2.m_memory_socket);
  }

 private:
  creditflow::tlm_bridge::CreditInterconnect m_bus;
  lt_synch_target m_lt_synch_target_1;
  lt_target m_lt_target_2;
  td_initiator_top m_td_initiator_1;
  initiator_top m_initiator_2;
};

#endif
