// Accellera's `lt_temporal_decouple` example with creditflow's credit interconnect in
// place of its SimpleBusLT<2, 2> (../lt_example_top.hpp): a temporally decoupled
// initiator (tlm_quantumkeeper) and a plain one, a target that forces synchronisation and
// a well-behaved one. This header stands in for the example's lt_temporal_decouple_top.h.
#pragma once
#include "../lt_example_top.hpp"
#include "initiator_top.h"
#include "lt_synch_target.h"
#include "lt_target.h"
#include "td_initiator_top.h"

struct lt_temporal_decouple_top : LtExampleTop<td_initiator_top, initiator_top, lt_synch_target, lt_target> {
  explicit lt_temporal_decouple_top(sc_core::sc_module_name name)
      : LtExampleTop(name, "m_td_initiator_1", "m_initiator_2",
                     {"m_lt_synch_target_1", 201, "memory_socket_1", 20, 100, 60},
                     {"m_lt_target_2", 202, "memory_socket_1", 10, 50, 30}) {}
};
