// Kernel-free tests of the network of routers (SPEC section 6) against BookSim2's own
// figures (../shared/reference/booksim2). No SystemC is linked into this executable.
#define BOOST_TEST_MODULE creditflow_noc
#include <boost/test/unit_test.hpp>
