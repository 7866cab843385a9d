// RTL tests: rtl_tool, a user's tool with verilated kinds, run as a user runs it.
#define BOOST_TEST_MODULE creditflow_rtl
#include <boost/test/unit_test.hpp>
