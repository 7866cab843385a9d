// Cycle-view tests. SystemC's own main calls sc_main, which hands over to Boost.Test.
// CTest runs each case in its own process, because SystemC elaborates once per process.
#define BOOST_TEST_MODULE creditflow_cycle
#define BOOST_TEST_NO_MAIN
#include <boost/test/unit_test.hpp>
#include <systemc>

// A SystemC warning is a test failure, as an error already is.
struct WarningsFail {
  WarningsFail() {
    sc_core::sc_report_handler::set_actions(sc_core::SC_WARNING,
                                            sc_core::SC_DISPLAY | sc_core::SC_THROW);
  }
};
BOOST_TEST_GLOBAL_FIXTURE(WarningsFail);

int sc_main(int argc, char* argv[]) {
  return boost::unit_test::unit_test_main(&init_unit_test, argc, argv);
}
