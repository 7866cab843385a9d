// Accellera's `lt` example with creditflow's credit interconnect in place of its
// SimpleBusLT<2, 2> (../lt_example_top.hpp): this header stands in for the example's
// lt_top.h, which its lt.cpp includes.
#pragma once
#include "../lt_example_top.hpp"
#include "at_target_1_phase.h"
#include "initiator_top.h"
#include "lt_target.h"

struct lt_top : LtExampleTop<initiator_top, initiator_top, at_target_1_phase, lt_target> {
  explicit lt_top(sc_core::sc_module_name name)
      : LtExampleTop(name, "m_initiator_1", "m_initiator_2",
                     {"m_at_and_lt_target_1", 201, "memory_socket_1", 20, 100, 60},
                     {"m_lt_target_2", 202, "memory_socket_2", 10, 50, 30}) {}
};
