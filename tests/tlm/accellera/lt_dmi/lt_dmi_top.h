// Accellera's `lt_dmi` example with creditflow's credit interconnect in place of its
// SimpleBusLT<2, 2> (../lt_example_top.hpp): DMI initiators and targets, whose pointers,
// ranges and invalidations pass through the interconnect, and the example's time limit.
// This header stands in for the example's lt_dmi_top.h.
#pragma once
#include "../lt_example_top.hpp"
#include "initiator_top.h"
#include "lt_dmi_target.h"

struct lt_dmi_top : LtExampleTop<initiator_top, initiator_top, lt_dmi_target, lt_dmi_target> {
  SC_HAS_PROCESS(lt_dmi_top);
  explicit lt_dmi_top(sc_core::sc_module_name name)
      : LtExampleTop(name, "m_initiator_1", "m_initiator_2",
                     {"m_lt_dmi_target_1", 201, "memory_socket_1", 20, 20, 15},
                     {"m_lt_dmi_target_2", 202, "memory_socket_2", 20, 50, 30}) {
    SC_THREAD(limit_thread);
  }
  // As the example's: stop at its time limit of 1 ms.
  void limit_thread() {
    sc_core::wait(sc_core::SC_ZERO_TIME);
    sc_core::wait(sc_core::sc_time(1000000, sc_core::SC_NS));
    sc_core::sc_stop();
  }
};
