// platform tests: the cycle view's runs fork a child each, so cases may share a process.
#define BOOST_TEST_MODULE creditflow_platform
#define BOOST_TEST_NO_MAIN
#include "../common/systemc_test_main.hpp"
