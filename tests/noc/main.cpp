// Kernel-free tests of the network of routers (timing.md section 6) against BookSim2's own
// figures (reference/booksim2). No SystemC is linked into this executable.
#define BOOST_TEST_MODULE creditflow_noc
#include <boost/test/unit_test.hpp>
