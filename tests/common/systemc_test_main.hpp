// The main of a Boost.Test executable whose cases use SystemC: SystemC's own main calls
// sc_main, which hands over to Boost.Test; a SystemC warning fails the case as an error
// does. Define BOOST_TEST_MODULE and BOOST_TEST_NO_MAIN, then include this once.
#pragma once
#include <boost/test/unit_test.hpp>
#include <systemc>

struct WarningsFail {
  WarningsFail() {
    sc_core::sc_report_handler::set_actions(sc_core::SC_WARNING, sc_core::SC_DISPLAY | sc_core::SC_THROW);
  }
};
BOOST_TEST_GLOBAL_FIXTURE(WarningsFail);

int sc_main(int argc, char* argv[]) { return boost::unit_test::unit_test_main(&init_unit_test, argc, argv); }
