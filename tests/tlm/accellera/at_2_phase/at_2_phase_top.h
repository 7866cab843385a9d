// Accellera's `at_2_phase` example with creditflow's credit interconnect in place of its
// SimpleBusAT<2, 2> (../at_example_top.hpp): this header stands in for the example's
// at_2_phase_top.h and defines the top its at_2_phase.cpp instantiates.
#pragma once
#include "../at_example_top.hpp"
#include "at_target_2_phase.h"


struct example_system_top : AtExampleTop<at_target_2_phase, at_target_2_phase> {
  explicit example_system_top(sc_core::sc_module_name name)
      : AtExampleTop(name, {"m_at_target_2_phase_1", 201, 10, 50, 30}, {"m_at_target_2_phase_2", 202, 10, 50, 30}) {}
};
