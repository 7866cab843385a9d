// Tests of the creditflow tool, run as a user runs it: the binary, its files and exits.
#define BOOST_TEST_MODULE creditflow_tool
#include <boost/test/unit_test.hpp>
