// Kernel-free tests of creditflow's core: no SystemC is linked into this executable.
#define BOOST_TEST_MODULE creditflow_core
#include <boost/test/unit_test.hpp>
