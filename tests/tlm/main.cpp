// tlm tests. CTest runs each case in its own process: SystemC elaborates once per process.
#define BOOST_TEST_MODULE creditflow_tlm
#define BOOST_TEST_NO_MAIN
#include "../common/systemc_test_main.hpp"
